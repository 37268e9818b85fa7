"""Runs the rule cases kept as data in ``tests/rules/*.yaml`` (one file per family).

Each case gives a file's text and every expected diagnostic as ``CODE line:column``;
a case with ``fixed`` also proves the fix and that a second ``--fix`` changes nothing. Every
case goes through every route a user's file can take (``tests/routes.py``), which must agree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from goldlint import config as cfg
from goldlint.engine import check_file, check_text
from goldlint.fixes import applicable, fix_until_stable
from goldlint.rules.registry import rule_matches
from tests.routes import assert_routes_agree

HERE = Path(__file__).parent


def _cases() -> list[Any]:
    params = []
    for source in sorted(HERE.glob("*.yaml")):
        for case in YAML(typ="safe").load(source.read_text(encoding="utf-8")):
            params.append(pytest.param(case, id=f"{source.stem}: {case['name']}"))
    return params


def _select(case: dict[str, Any]) -> list[str]:
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
    gold.write_bytes(_text(case).encode(case.get("encoding", "utf-8")))
    cfg.load.cache_clear()
    return gold


@pytest.mark.parametrize("case", _cases())
def test_rule_case(case: dict[str, Any], tmp_path: Path) -> None:
    gold = _setup(case, tmp_path)
    result = check_file(gold, kind=case.get("kind"))
    select = _select(case)
    got = [f"{d.code} {d.span.start.line}:{d.span.start.column}" for d in result.diagnostics if rule_matches(d.code, select)]
    assert got == case["expect"], "\n".join(f"{d.code} {d.span.start.line}:{d.span.start.column} {d.message}" for d in result.diagnostics)
    messages = " | ".join(d.message for d in result.diagnostics)
    for fragment in case.get("contains", []):
        assert fragment in messages
    assert_routes_agree(gold, case.get("kind"))
    if "fixed" in case:
        loaded = cfg.for_file(gold)

        def recheck(text: str) -> list[Any]:
            return check_text(gold, text, loaded).diagnostics

        fixed, count, remaining = fix_until_stable(_text(case), recheck, unsafe=False)
        assert count >= 1
        assert fixed == case["fixed"]
        assert applicable(remaining, unsafe=False) == [], "a second --fix would change the file again"
