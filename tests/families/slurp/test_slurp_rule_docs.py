"""Each SLP rule's documented examples are whole files: the failing one reports the rule, the
passing one does not (as ``test.jsonl`` in a folder of its own; an example whose first line
says ``# devel.jsonl beside it ...`` gets a devel.jsonl of the passing record beside it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from goldlint import config as cfg
from goldlint.engine import check_file
from goldlint.families.slurp.rules import line
from goldlint.rules.registry import Rule, all_rules

RULES = [r for r in all_rules() if r.family == "slurp"]


def _codes(example: str, folder: Path) -> list[str]:
    folder.mkdir()
    if example.startswith("# devel.jsonl beside it"):
        example = example.split("\n", 1)[1]
        (folder / "devel.jsonl").write_text(line(slurp_id=99), encoding="utf-8")
    (folder / "test.jsonl").write_text(example, encoding="utf-8")
    cfg.load.cache_clear()
    return [d.code for d in check_file(folder / "test.jsonl").diagnostics]


def test_every_slp_code_is_documented() -> None:
    assert [r.code for r in RULES] == [f"SLP{n}" for n in range(101, 111)]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_failing_example_reports_the_rule(rule: Rule, tmp_path: Path) -> None:
    assert rule.code in _codes(rule.bad, tmp_path / "bad")


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_passing_example_does_not(rule: Rule, tmp_path: Path) -> None:
    assert _codes(rule.good, tmp_path / "good") == []
