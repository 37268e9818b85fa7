"""Every COR and RUN rule is registered with its documentation, and has failing and passing tests
(the corpus rules' cases: ``tests/rules/corpus.yaml``, checked by ``tests/rules/test_rule_coverage.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from goldlint.rules.registry import all_rules, get

HERE = Path(__file__).parent
COR = [f"COR{n}" for n in range(101, 120)]
RUN = [f"RUN{n}" for n in range(101, 118)]


def test_every_rule_is_registered_and_documented() -> None:
    for code in COR + RUN:
        rule = get(code)
        assert rule is not None, code
        assert rule.family == ("corpus" if code.startswith("COR") else "runcard"), code
        assert rule.name and rule.summary and rule.why and rule.examples, code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name), rule.name
        assert rule.fix == "" or rule.fix.startswith(("safe:", "unsafe:")), code
        assert f"# {code} {rule.name}" in rule.markdown()
    ours = [r.code for r in all_rules() if r.family in ("corpus", "runcard")]
    assert sorted(ours) == sorted(COR + RUN)
    assert len({r.name for r in all_rules()}) == len(all_rules())



def test_every_run_rule_has_tests() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_runcard_*.py"))
    for code in RUN:
        assert text.count(code) >= 2, code
