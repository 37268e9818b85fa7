"""Every rule has a failing and a passing case in ``tests/rules/*.yaml``.

A failing case has the code in its ``expect``; a passing case selects the code (by its
``select`` or its name's first word, by code or prefix, but not by ``ALL``: a clean file of
another kind passes every rule without saying anything about it) and expects no diagnostic of
it. The scorer's SCO codes are about predictions, not gold files: their cases, in
``score.yaml``, are scored (``goldlint score``). The dataset DS codes' cases are several files
each (``dataset: true``); DS109's threshold-dependent cases are in ``tests/test_near_duplicates.py``.
"""

from __future__ import annotations

from goldlint.rules.registry import all_rules, rule_matches
from tests.rules.test_rule_cases import load_all, load_score, selected

# Codes whose cases are not written yet. The list only shrinks: a code that gains its cases
# must leave it (the second test says so).
KNOWN_MISSING: frozenset[str] = frozenset()


def _codes() -> list[str]:
    return [rule.code for rule in all_rules()]


def _lacking() -> dict[str, list[str]]:
    cases = [case for _, case in load_all()] + load_score()
    lacking: dict[str, list[str]] = {}
    for code in _codes():
        mine = [case for case in cases if rule_matches(code, [s for s in selected(case) if s != "ALL"])]
        failing = any(any(e.split()[0] == code for e in case["expect"]) for case in cases)
        passing = any(not any(e.split()[0] == code for e in case["expect"]) for case in mine)
        missing = [what for what, has in (("failing", failing), ("passing", passing)) if not has]
        if missing:
            lacking[code] = missing
    return lacking


def test_every_rule_has_a_failing_and_a_passing_case() -> None:
    lacking = {code: missing for code, missing in _lacking().items() if code not in KNOWN_MISSING}
    assert not lacking, "rules without cases in tests/rules/*.yaml:\n" + "\n".join(
        f"{code}: no {' and no '.join(missing)} case" for code, missing in sorted(lacking.items()))


def test_the_known_missing_list_only_names_codes_still_missing() -> None:
    stale = sorted(KNOWN_MISSING - set(_lacking()))
    assert not stale, f"these codes have their cases now; remove them from KNOWN_MISSING: {stale}"
    unknown = sorted(KNOWN_MISSING - set(_codes()))
    assert not unknown, f"not rule codes of the families: {unknown}"
