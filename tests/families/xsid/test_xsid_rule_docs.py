"""Each XSD rule's documented examples are whole files: the failing one reports the rule, the
passing one does not (as ``en.test.conll``, or the file its first line names: ``# de.test.conll``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from goldlint.engine import check_text
from goldlint.rules.registry import Rule, all_rules

RULES = [r for r in all_rules() if r.family == "xsid"]


def _codes(example: str, tmp_path: Path) -> list[str]:
    name = "en.test.conll"
    named = re.match(r"# (\S+\.conll)\n", example)
    if named:
        name, example = named.group(1), example[named.end() :]
    return [d.code for d in check_text(tmp_path / name, example).diagnostics]


def test_every_xsd_code_is_documented() -> None:
    assert [r.code for r in RULES] == [f"XSD{n}" for n in range(101, 115)]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_failing_example_reports_the_rule(rule: Rule, tmp_path: Path) -> None:
    assert rule.code in _codes(rule.bad, tmp_path)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_passing_example_does_not(rule: Rule, tmp_path: Path) -> None:
    assert rule.code not in _codes(rule.good, tmp_path)
