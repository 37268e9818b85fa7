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
    assert fixed == TEMPLATE
    assert remaining == [] and applicable(remaining, unsafe=False) == [] and count >= 4
