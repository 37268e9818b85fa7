"""`--fix` on a semantic gold file: safe fixes converge, and a second run changes nothing."""

from __future__ import annotations

from semantic_support import DATA, TEMPLATE, loaded

from goldlint.engine import check_text
from goldlint.fixes import applicable, fix_until_stable


def test_safe_fixes_converge() -> None:
    text = TEMPLATE.replace('"meeting_id": "m1"', '"meeting_id": "meeting-1"')
    text = text.replace('"label": "pricing", "segment_ids": [0, 1]', '"label": "Pricing ", "segment_ids": [1, 0, 1]')
    text = text.replace('"type": "escalation"', '"type": "ESCALATION"')
    config = loaded()

    def recheck(t: str) -> list:  # type: ignore[type-arg]
        return check_text(DATA / "m1.json", t, config).diagnostics

    assert {d.code for d in recheck(text)} == {"SEM102", "SEM103", "SEM104", "SEM107", "GL008"}
    fixed, count, remaining = fix_until_stable(text, recheck, unsafe=False)
    assert fixed == TEMPLATE.replace('"meeting_id": "m1"', '"meeting_id": "meeting-1"')  # SEM102's fix is unsafe
    assert [d.code for d in remaining] == ["SEM102"] and applicable(remaining, unsafe=False) == [] and count >= 3
    fixed, _, remaining = fix_until_stable(text, recheck, unsafe=True)
    assert fixed == TEMPLATE and remaining == []


def test_a_fix_that_would_make_a_duplicate_is_not_safe() -> None:
    """`Pricing` → `pricing` next to an existing `pricing` would list it twice (SEM105)."""
    text = TEMPLATE.replace('"topics": [{"label": "pricing", "segment_ids": [0, 1]}]',
                            '"topics": [{"label": "pricing", "segment_ids": [0]}, {"label": "Pricing", "segment_ids": [1]}]')
    config = loaded()

    def recheck(t: str) -> list:  # type: ignore[type-arg]
        return check_text(DATA / "m1.json", t, config).diagnostics

    sem103 = [d for d in recheck(text) if d.code == "SEM103"]
    assert len(sem103) == 1 and sem103[0].fix is not None and sem103[0].fix.applicability == "unsafe"
    assert "listed twice" in sem103[0].fix.message
    assert fix_until_stable(text, recheck, unsafe=False)[1] == 0  # --fix leaves it
    # the same for a risk type on a segment that already has it
    risky = TEMPLATE.replace('"risks": [{"type": "escalation", "severity": "high", "segment_id": 1, "evidence": "I need a manager"}]',
                             '"risks": [{"type": "escalation", "severity": "high", "segment_id": 1}, '
                             '{"type": "Escalation", "severity": "low", "segment_id": 1}]')
    sem104 = [d for d in recheck(risky) if d.code == "SEM104"]
    assert len(sem104) == 1 and sem104[0].fix is not None and sem104[0].fix.applicability == "unsafe"
    # and where the label is not taken, the fix stays safe
    alone = TEMPLATE.replace('"label": "pricing"', '"label": "Pricing"')
    assert [d.fix.applicability for d in recheck(alone) if d.code == "SEM103" and d.fix] == ["safe"]
