"""Runs the rule cases kept as data in ``tests/rules/*.yaml`` (one file per family).

A case file is a YAML list of cases. Each case is a mapping:

- ``name``: its first word is the rule selected unless ``select`` says more;
- ``select``: the rule codes or prefixes compared (``[ALL]`` for every code);
- ``text``: the gold file's text, written to ``file`` (default ``case.jsonl``; its name picks
  the format and, unless ``kind`` says, the kind), ``repeat`` times (default once), in
  ``encoding`` (default UTF-8);
- ``kind``: the kind the file is checked as, when its name does not say;
- ``config``: the text of a ``goldlint.yaml`` beside the file;
- ``files``: other files beside it, by relative path (a transcript, an ontology, the corpus a
  run card names), each given as its text;
- ``expect``: every diagnostic of the selected codes as ``CODE line:column``, in order;
- ``severity``: their severities, in the same order;
- ``contains``: fragments the messages of all diagnostics must contain;
- ``covers``: the exact text each selected diagnostic spans;
- ``fixed``: the text after ``--fix`` (every safe fix; every fix with ``unsafe: true``),
  which a second ``--fix`` must leave alone (the ``text`` itself: no fix applies);
- ``alternative``: the text when each selected diagnostic's first alternative fix is applied
  instead of its fix.

Every case goes through every route a user's file can take (``tests/routes.py``), which must
agree.

A case with ``dataset: true`` is a dataset (the DS rules, several files): ``file`` and
``files`` are checked together as ``goldlint check <folder>`` checks them (the CLI's own run,
``--format json``, with ``-j 1`` and ``-j 2``, which must agree); ``expect`` lists the selected
diagnostics of every file, each ``CODE line:column`` in ``file`` or ``CODE other-file:line:column``
in another, in the report's order; ``related``, for each, the places it names as
``file:line:column``.

The scorer's cases (the SCO rules: what ``goldlint score`` finds in predictions) are in
``score.yaml``, in the same shape: ``gold`` is the gold file's text, written to ``gold_file``;
``text`` the predictions, written to ``file``; ``files`` other files beside them (a config, an
ontology); ``options`` the command's other arguments; ``expect`` every selected diagnostic, as
``CODE line:column`` in the predictions or ``CODE other-file:line:column`` in another file (the
gold's missing predictions are placed in the gold), in the order printed. Each runs ``goldlint
score [options] GOLD PREDICTIONS`` in the files' folder, through the command line's own
entry (``goldlint.cli.app``), and ``exit`` is the exit code it must give.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from typer.testing import CliRunner

from goldlint import config as cfg
from goldlint.cli import app
from goldlint.engine import check_file, check_text
from goldlint.fixes import applicable, apply_fixes, fix_until_stable
from goldlint.rules.registry import rule_matches
from tests.routes import assert_routes_agree

HERE = Path(__file__).parent
SCORE_CASES = HERE / "score.yaml"


def load_all() -> list[tuple[str, dict[str, Any]]]:
    """(family file stem, case) of every gold-file case in ``tests/rules/*.yaml`` (not the scorer's)."""
    found = []
    for source in sorted(HERE.glob("*.yaml")):
        if source != SCORE_CASES:
            for case in YAML(typ="safe").load(source.read_text(encoding="utf-8")):
                found.append((source.stem, case))
    return found


def load_score() -> list[dict[str, Any]]:
    """Every case of ``score.yaml``."""
    return list(YAML(typ="safe").load(SCORE_CASES.read_text(encoding="utf-8")))


def _cases() -> list[Any]:
    return [pytest.param(case, id=f"{stem}: {case['name']}") for stem, case in load_all()]


def selected(case: dict[str, Any]) -> list[str]:
    if "select" in case:
        return case["select"]
    return [case["name"].split()[0]]


def _text(case: dict[str, Any]) -> str:
    return case["text"] * case.get("repeat", 1)


def _setup(case: dict[str, Any], tmp_path: Path) -> Path:
    if "config" in case:
        (tmp_path / "goldlint.yaml").write_text(case["config"], encoding="utf-8")
    for name, content in (case.get("files") or {}).items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    gold = tmp_path / case.get("file", "case.jsonl")
    gold.parent.mkdir(parents=True, exist_ok=True)
    gold.write_bytes(_text(case).encode(case.get("encoding", "utf-8")))
    cfg.load.cache_clear()
    return gold


@pytest.mark.parametrize("case", _cases())
def test_rule_case(case: dict[str, Any], tmp_path: Path) -> None:
    if case.get("dataset"):  # (in a folder of its own: pytest's is named `test_...`, which names a split)
        folder = tmp_path / "dataset"
        folder.mkdir()
        _dataset_case(case, _setup(case, folder), folder)
        return
    gold = _setup(case, tmp_path)
    result = check_file(gold, kind=case.get("kind"))
    select = selected(case)
    chosen = [d for d in result.diagnostics if rule_matches(d.code, select)]
    got = [f"{d.code} {d.span.start.line}:{d.span.start.column}" for d in chosen]
    shown = "\n".join(f"{d.code} {d.span.start.line}:{d.span.start.column}-{d.span.end.line}:{d.span.end.column} {d.message}"
                      for d in result.diagnostics)
    assert got == case["expect"], shown
    if "severity" in case:
        assert [d.severity.value for d in chosen] == case["severity"], shown
    messages = " | ".join(d.message for d in result.diagnostics)
    for fragment in case.get("contains", []):
        assert fragment in messages, shown
    if "covers" in case:
        text = _text(case)
        assert [text[d.span.start_offset : d.span.end_offset] for d in chosen] == case["covers"], shown
    assert_routes_agree(gold, case.get("kind"))
    if "fixed" in case:
        loaded = cfg.for_file(gold)
        unsafe = bool(case.get("unsafe"))

        def recheck(text: str) -> list[Any]:
            return check_text(gold, text, loaded, case.get("kind")).diagnostics

        fixed, count, remaining = fix_until_stable(_text(case), recheck, unsafe=unsafe)
        assert count >= 1 or case["fixed"] == _text(case)
        assert fixed == case["fixed"]
        assert applicable(remaining, unsafe=unsafe) == [], "a second --fix would change the file again"
    if "alternative" in case:
        alternatives = [d.alternatives[0] for d in chosen if d.alternatives]
        assert apply_fixes(_text(case), alternatives)[0] == case["alternative"]


def _dataset_case(case: dict[str, Any], gold: Path, folder: Path) -> None:
    """A dataset case, checked as a folder by the CLI's run (in this process: a case a second)."""
    import json

    from goldlint.check_command import run_check

    reports = []
    for jobs in (1, 2):
        out = folder / f"report-{jobs}.json"
        run_check([folder], select=selected(case), ignore=[], kind=None, fmt="json", output_file=out, fix=False, unsafe=False,
                  diff=False, strict=False, statistics=False, exit_zero=True, quiet=True, config_file=None, jobs=jobs)
        reports.append(json.loads(out.read_text(encoding="utf-8")))
        out.unlink()
    assert reports[0] == reports[1], "-j 1 and -j 2 disagree"

    def place(path: str, where: dict[str, Any]) -> str:
        name = Path(path).relative_to(folder).as_posix()
        return f"{'' if name == gold.relative_to(folder).as_posix() else name + ':'}{where['start']['line']}:{where['start']['column']}"

    chosen = [d for d in reports[0] if rule_matches(d["code"], selected(case))]
    shown = "\n".join(f"{d['code']} {place(d['path'], d['range'])} {d['message']} {d['related']}" for d in reports[0])
    assert [f"{d['code']} {place(d['path'], d['range'])}" for d in chosen] == case["expect"], shown
    if "related" in case:
        assert [[f"{Path(r['path']).relative_to(folder).as_posix()}:{r['range']['start']['line']}:{r['range']['start']['column']}"
                 for r in d["related"]] for d in chosen] == case["related"], shown
    if "severity" in case:
        assert [d["severity"] for d in chosen] == case["severity"], shown
    messages = " | ".join(d["message"] for d in reports[0])
    for fragment in case.get("contains", []):
        assert fragment in messages, shown


# "path:line:column: CODE message", as the scorer prints a diagnostic
_PRINTED = re.compile(r"^(.+?):(\d+):(\d+): ([A-Z]+\d{3}) ", re.MULTILINE)


@pytest.mark.parametrize("case", [pytest.param(case, id=f"score: {case['name']}") for case in load_score()])
def test_score_case(case: dict[str, Any], tmp_path: Path) -> None:
    for name, content in {**(case.get("files") or {}), case["gold_file"]: case["gold"], case["file"]: case["text"]}.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    argv = ["score", *case.get("options", []), case["gold_file"], case["file"]]
    cfg.load.cache_clear()
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        done = CliRunner().invoke(app, argv, env={"COLUMNS": "1000"})
    finally:
        os.chdir(before)
    shown = done.stdout + done.stderr  # (the diagnostics go to stdout when no report is written)
    assert done.exception is None or isinstance(done.exception, SystemExit), shown
    assert done.exit_code in (0, 1), shown  # (2: a usage error or a goldlint bug)
    printed = [(m.group(1), m.group(2), m.group(3), m.group(4)) for m in _PRINTED.finditer(shown)]
    got = [f"{code} {'' if path == case['file'] else path + ':'}{line}:{column}" for path, line, column, code in printed
           if rule_matches(code, selected(case))]
    assert got == case["expect"], shown
    assert done.exit_code == case["exit"], shown
