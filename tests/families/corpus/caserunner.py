"""Rule cases kept as data (YAML), for the `corpus` and `runcard` families.

Each case: ``name`` (its first word is the rule selected unless ``select`` says more),
``text`` (written to ``file``, default ``case.json``), optional ``config`` and ``files``,
``expect`` (every selected diagnostic as ``CODE line:column``), ``contains`` (message
fragments), ``severity`` (the severities in order), and ``fixed`` (the text after every
safe fix — or every fix, with ``unsafe: true`` — proving a second round offers none), and
``alternative`` (the text when every diagnostic's first alternative fix is applied instead).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from goldlint import config as cfg
from goldlint.engine import check_file, check_text
from goldlint.fixes import applicable, apply_fixes, fix_until_stable
from goldlint.rules.registry import rule_matches
from tests.routes import assert_routes_agree


def load_cases(source: Path) -> list[Any]:
    cases = YAML(typ="safe").load(source.read_text(encoding="utf-8"))
    return [pytest.param(case, id=case["name"]) for case in cases]


def run_case(case: dict[str, Any], tmp_path: Path) -> None:
    if "config" in case:
        (tmp_path / "goldlint.yaml").write_text(case["config"], encoding="utf-8")
    for name, content in (case.get("files") or {}).items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    gold = tmp_path / case.get("file", "case.json")
    gold.write_text(case["text"], encoding="utf-8")
    cfg.load.cache_clear()
    result = check_file(gold, kind=case.get("kind"))
    select = case.get("select") or [case["name"].split()[0]]
    chosen = [d for d in result.diagnostics if rule_matches(d.code, select)]
    got = [f"{d.code} {d.span.start.line}:{d.span.start.column}" for d in chosen]
    shown = "\n".join(f"{d.code} {d.span.start.line}:{d.span.start.column}-{d.span.end.line}:{d.span.end.column} {d.message}" for d in result.diagnostics)
    assert got == case["expect"], shown
    if "severity" in case:
        assert [d.severity.value for d in chosen] == case["severity"], shown
    messages = " | ".join(d.message for d in chosen)
    for fragment in case.get("contains", []):
        assert fragment in messages, shown
    assert_routes_agree(gold, case.get("kind"))
    if "covers" in case:  # the exact text each selected diagnostic spans
        text = case["text"]
        assert [text[d.span.start_offset : d.span.end_offset] for d in chosen] == case["covers"], shown
    if "fixed" in case:
        loaded = cfg.for_file(gold)
        unsafe = bool(case.get("unsafe"))

        def recheck(text: str) -> list[Any]:
            return [d for d in check_text(gold, text, loaded).diagnostics if rule_matches(d.code, select)]

        fixed, count, remaining = fix_until_stable(case["text"], recheck, unsafe=unsafe)
        assert count >= 1
        assert fixed == case["fixed"]
        assert applicable(remaining, unsafe=unsafe) == [], "a second --fix would change the file again"
    if "alternative" in case:
        chosen_alternatives = [d.alternatives[0] for d in chosen if d.alternatives]
        assert apply_fixes(case["text"], chosen_alternatives)[0] == case["alternative"]
