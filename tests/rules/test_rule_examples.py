"""Every rule's documented examples run as a reader runs them, and report what they say.

A rule's docs (``goldlint rule CODE``) show whole files (``goldlint.rules.examples``): a
failing one, which reports the rule (and any code it cannot help reporting too, listed), and
a passing one, which reports nothing. Each runs through the command line (``goldlint check
PATH`` by default: the bytes route; a dataset checked as a folder; predictions scored), and
must report exactly its ``codes``. A one-file example also goes through every other route a
file takes (``tests/routes.py``), which must agree.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from goldlint.rules.examples import Example, filed
from goldlint.rules.registry import Rule, all_rules
from tests.routes import assert_routes_agree
from tests.rules.example_runner import reported

RULES = all_rules()


def _examples() -> list[Any]:
    return [pytest.param(rule, n, example, id=f"{rule.code}-{'failing' if example.codes else 'passing'}-{n}")
            for rule in RULES for n, example in enumerate(rule.examples)]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_every_rule_has_a_failing_and_a_passing_example(rule: Rule) -> None:
    examples = rule.examples
    assert any(rule.code in e.codes for e in examples), f"{rule.code}: no failing example (one whose codes hold {rule.code})"
    assert any(not e.codes for e in examples), f"{rule.code}: no passing example (one that reports nothing)"
    assert all(list(e.codes) == sorted(set(e.codes)) for e in examples), f"{rule.code}: codes are listed sorted, once each"


@pytest.mark.parametrize(("rule", "n", "example"), _examples())
def test_the_example_reports_exactly_its_codes(rule: Rule, n: int, example: Example, tmp_path: Path) -> None:
    codes, exit_code, output = reported(example, tmp_path)
    assert codes == list(example.codes), f"{rule.code} example {n}: `goldlint {' '.join(example.argv)}` reported {codes}\n{output}"
    if not example.codes:
        assert exit_code == 0, output
    if not example.command and example.encoding == "utf-8":
        assert_routes_agree(tmp_path / example.path, None)


def test_examples_are_only_of_known_rules() -> None:
    """An example filed under a code no rule has (a typo, a rule renamed) would never be shown."""
    known = {rule.code for rule in RULES}
    for family in sorted({rule.family for rule in RULES}):
        codes = set(filed(family))
        assert codes <= known, f"{family}: examples of unknown codes {sorted(codes - known)}"
        assert codes == {rule.code for rule in RULES if rule.family == family}, family


def test_the_rule_command_prints_the_examples() -> None:
    """`goldlint rule --all --format json` gives each rule's examples as data; `goldlint rule CODE` shows them."""
    done = subprocess.run([sys.executable, "-m", "goldlint", "rule", "--all", "--format", "json"], capture_output=True, text=True,
                          encoding="utf-8", check=True, timeout=120)
    rules = json.loads(done.stdout)
    assert len(rules) == len(RULES)
    for shown in rules:
        assert shown["examples"], shown["code"]
        for example in shown["examples"]:
            assert {"kind", "format", "text", "codes"} <= set(example), shown["code"]
            assert example["format"] in ("json", "jsonl", "yaml", "tsv", "conll"), shown["code"]
    slu = next(r for r in rules if r["code"] == "SLU103")
    assert [e["codes"] for e in slu["examples"]] == [["SLU103"], []]
    assert slu["examples"][0]["kind"] == "slu" and slu["examples"][0]["format"] == "jsonl"
    text = subprocess.run([sys.executable, "-m", "goldlint", "rule", "DS101"], capture_output=True, text=True, encoding="utf-8",
                          check=True, timeout=120).stdout
    assert "reports DS101 with `goldlint check .`" in text and "beside it, `en.valid.conll`" in text
    assert "Use instead:" in text and "reports nothing" in text
