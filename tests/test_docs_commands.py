"""Every command the README and the scoring guide show, run as a reader runs it.

Each line of a fenced ``sh`` block is a command; a trailing ``# exit N`` gives its documented
exit code (0 when none is given). They run in a copy of the repository's ``examples/`` (so
``--fix`` and ``--output`` write nothing into the checkout), with ``goldlint`` being this
source tree's. The README's Set-up commands install things: ``tests/test_setup.py`` runs
those for real, in a brand-new virtual environment. The tables under the guide's commands
are the numbers those commands print: each is compared with the command's own report; a
``text`` block right under a command block is what its commands print, each of its lines
found in their output.

And the help and the terminal report at 80 columns: no option name or header cut short.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "docs" / "scoring.md"]
SETUP = "## Set-up"


def _blocks(doc: Path) -> list[tuple[list[str], str]]:
    """Each ``sh`` block's commands, and the text that follows the block (up to the next one)."""
    text = doc.read_text(encoding="utf-8")
    if doc.name == "README.md":  # (its Set-up commands are test_setup.py's)
        start = text.index(SETUP)
        text = text[:start] + text[text.index("\n## ", start + 1):]
    found = list(re.finditer(r"```sh\n(.*?)```", text, re.DOTALL))
    out = []
    for n, block in enumerate(found):
        after = text[block.end(): found[n + 1].start() if n + 1 < len(found) else len(text)]
        commands = [line for line in block.group(1).splitlines() if line.strip() and not line.lstrip().startswith("#")]
        out.append((commands, after))
    return out


def _commands() -> list[Any]:
    """Each block's commands, in order (a later one may read what an earlier one wrote), and the
    lines of a ``text`` block right after it: what the commands print."""
    params = []
    for doc in DOCS:
        for commands, after in _blocks(doc):
            shown = re.match(r"\s*```text\n(.*?)```", after, re.DOTALL)
            printed = shown.group(1).splitlines() if shown else []
            params.append(pytest.param(commands, printed, id=f"{doc.name}: {commands[0][:70]}"))
    return params


def _split(command: str) -> tuple[list[str], int]:
    """The argv of a documented command (``goldlint`` = this tree's) and its documented exit code."""
    body, _, comment = command.partition("  #")
    expected = re.search(r"exit (\d)", comment)
    argv = shlex.split(body)
    assert argv[0] == "goldlint", f"a documented command that is not goldlint's: {command}"
    return [sys.executable, "-m", "goldlint", *argv[1:]], int(expected.group(1)) if expected else 0


@pytest.fixture
def reader(tmp_path: Path) -> Path:
    """Where a reader stands: a folder holding the repository's examples."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    return tmp_path


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "80", "CI": "true"}
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300, check=False)


def test_the_docs_show_commands() -> None:
    assert sum(len(block.values[0]) for block in _commands()) >= 16  # type: ignore[attr-defined]


@pytest.mark.parametrize("commands,printed", _commands())
def test_documented_commands_run_as_documented(commands: list[str], printed: list[str], reader: Path) -> None:
    output = []
    for command in commands:
        argv, expected = _split(command)
        done = _run(argv, reader)
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
        assert done.returncode == expected, f"{command}\nexit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        output += [*done.stdout.splitlines(), *done.stderr.splitlines()]
    assert not [line for line in printed if line not in output], output


def test_the_docs_say_what_a_failing_command_prints() -> None:
    """The exit-code comment and the printed lines are read (a guide whose every command exits 0
    would leave both untested)."""
    params = [p.values for p in _commands()]  # type: ignore[attr-defined]
    assert any(_split(c)[1] == 1 for commands, _ in params for c in commands)
    assert any(printed for _, printed in params)


def _tables(after: str) -> list[list[dict[str, str]]]:
    """The markdown tables in a text, each as a list of rows {header: cell}."""
    tables = []
    for block in re.findall(r"((?:^\|.*\|\n)+)", after, re.MULTILINE):
        lines = [line.strip().strip("|").split("|") for line in block.strip().splitlines()]
        header = [h.strip() for h in lines[0]]
        tables.append([{h: c.strip() for h, c in zip(header, row, strict=True)} for row in lines[2:]])
    return tables


def _guide_numbers() -> list[Any]:
    params = []
    for commands, after in _blocks(ROOT / "docs" / "scoring.md"):
        tables = _tables(after)
        scores = [c for c in commands if c.startswith("goldlint score")]
        if not tables or not scores:
            continue
        assert len(tables[0]) == len(scores), f"one table row per score command: {scores}"
        for command, row in zip(scores, tables[0], strict=True):
            params.append(pytest.param(command, row, id=command[:80]))
    return params


@pytest.mark.parametrize("command,row", _guide_numbers())
def test_the_guide_shows_the_numbers_its_commands_print(command: str, row: dict[str, str], reader: Path) -> None:
    argv, _ = _split(command)
    if "--output" in argv:
        report_path = reader / argv[argv.index("--output") + 1]
    else:
        report_path = reader / "report.json"
        argv += ["--output", str(report_path)]
    done = _run(argv, reader)
    assert done.returncode == 0, done.stderr
    report = json.loads(report_path.read_text(encoding="utf-8"))
    for name, shown in row.items():
        if name == "profile":
            assert report.get("profile", "spec") == shown
            continue
        if name in report.get("options", {}):  # (slurp's `average`)
            assert report["options"][name] == shown, name
            continue
        value = report["scores"][name] if "scores" in report else report["metrics"][name]["value"]
        if shown == "null":
            assert value is None, name
        elif isinstance(value, str):
            assert value == shown, name
        else:
            assert value == pytest.approx(float(shown), abs=5e-5), (name, value, shown)


def test_no_option_name_is_cut_at_80_columns() -> None:
    for command in (["score", "--help"], ["check", "--help"], ["rule", "--help"], ["--help"]):
        done = _run([sys.executable, "-m", "goldlint", *command], ROOT)
        assert done.returncode == 0 and "…" not in done.stdout, done.stdout
        assert all(len(line) <= 80 for line in done.stdout.splitlines()), done.stdout
    help_text = _run([sys.executable, "-m", "goldlint", "score", "--help"], ROOT).stdout
    for option in ("--allow-invalid-gold", "--format-calendar-canonicals / --no-format-calendar-canonicals",
                   "--flattened-predefined / --nested-predefined", "--ignore-entities", "--action-threshold"):
        assert option in help_text, option
    assert "docs/scoring.md" in help_text and "SCORING.md" not in help_text.replace("docs/scoring.md", "")


def _table_names(text: str) -> set[str]:
    """Every header and row key of the rich tables in a terminal report, each read whole: a
    header broken over lines is put together from the pieces that end at the same column (the
    headers are right-justified), so a header that was cut short or dropped is not found."""
    lines = text.splitlines()
    names: set[str] = set()
    for n, line in enumerate(lines):
        if "─" not in line:
            continue
        top = n
        while top > 0 and lines[top - 1].strip():
            top -= 1
        pieces: dict[int, list[str]] = {}
        for header_line in lines[top:n]:
            for piece in re.finditer(r"\S+", header_line):
                pieces.setdefault(piece.end(), []).append(piece.group())
        names.update("".join(p) for p in pieces.values())
        for row in lines[n + 1:]:
            if not row.strip():
                break
            names.add(row.split()[0])
    return names


def _fits_80(text: str) -> None:
    assert "…" not in text and all(len(line) <= 80 for line in text.splitlines()), text


@pytest.mark.parametrize("example,names", [
    (["examples/score/corpus/eng-sna-dev-v1.json", "examples/score/corpus/predictions.jsonl", "--model-slug", "m", "--condition", "c",
      "--temperature", "0"],
     ["metric", "coverage", "measured", "skipped", "exact_match_rate", "chrf_plus_plus", "exact_match_count", "avg_latency_s", "total_cost_usd"]),
    (["examples/score/truth/truth.tsv", "examples/score/truth/results.tsv", "--mix-config", "examples/score/truth/mix.json"],
     ["rows_all_entities_correct", "count", "intent_accuracy", "entity_precision", "entity_recall", "entity_f1", "ORDER_COFFEE"]),
    (["examples/score/semantic/gold", "examples/score/semantic/predictions.json"],
     ["risk_f1_weighted", "precision", "recall", "f1", "matched", "critical"]),
    (["examples/score/slu/gold.jsonl", "examples/score/slu/predictions.jsonl"],
     ["intent_exact_match", "slot_f1", "count", "alarm/time_left_on_alarm"]),
    (["examples/score/slurp/test.jsonl", "examples/score/slurp/google_hermit.pred.jsonl", "--kind", "slurp", "--average", "macro"],
     ["scenario_accuracy", "entity_word_f1", "slu_f1", "precision", "recall", "f1", "tp", "fp", "fn", "calendar"]),
], ids=["corpus", "truth", "semantic", "slu", "slurp"])
def test_no_table_header_is_cut_at_80_columns(example: list[str], names: list[str], reader: Path) -> None:
    done = _run([sys.executable, "-m", "goldlint", "score", *example], reader)
    report = done.stdout[: done.stdout.index("\nnote:")] if "\nnote:" in done.stdout else done.stdout
    _fits_80(report)
    shown = _table_names(report)
    assert not set(names) - shown, (set(names) - shown, report)


def test_a_breakdown_too_wide_either_way_is_split_not_cut() -> None:
    """Twelve keys by nine long measures fit 80 columns neither way round, nor with every
    header broken at its underscores: the measures go to a second table, none left out (rich
    itself would crop the line, and with it the last columns, without a sign)."""
    from rich.console import Console

    from goldlint.score import terminal

    measures = ["count", "exact_match_count", "miss_count", "error_count", "exact_match_rate", "chrf_plus_plus", "avg_chrf",
                "avg_latency_s", "total_cost_usd"]
    block = {f"difficulty_{n}": {m: 0.1234 + n for m in measures} for n in range(12)}
    report = {"kind": "corpus", "profile": "spec", "gold": {}, "metrics": {}, "breakdowns": {"by_difficulty": block}}
    console = Console(width=80, record=True, file=io.StringIO())
    terminal.render(report, "by_difficulty", console)
    text = console.export_text()
    _fits_80(text)
    assert not {*measures, *block} - _table_names(text), text
    assert text.count("11.1234") == len(measures), text  # every cell of the last key, each once
    assert sum("─" in line for line in text.splitlines()) == 3, text  # the (empty) metrics table and the breakdown's two
