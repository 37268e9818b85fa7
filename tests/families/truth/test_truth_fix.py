"""`--fix` on a truth file: the safe fixes of several defects converge, and a second run changes nothing."""

from __future__ import annotations

from truth_support import CLEAN, DATA, WITH_ONTOLOGY, loaded, replace_in_line

from goldlint.engine import check_text
from goldlint.fixes import applicable, fix_until_stable


def test_safe_fixes_restore_the_clean_file() -> None:
    text = CLEAN.replace("\tintent\n", "\tINTENT\n", 1)
    text = replace_in_line(text, 3, '"canonical": "latte"', '"Canonical": "latte"')
    text = replace_in_line(text, 5, '"sm"', '" sm"')
    text = text.replace("\n", "\r\n")
    config = loaded(WITH_ONTOLOGY)

    def recheck(t: str) -> list:  # type: ignore[type-arg]
        return check_text(DATA / "truth.tsv", t, config).diagnostics

    assert {d.code for d in recheck(text)} == {"TRU101", "TRU104", "GL008", "GL009"}
    fixed, count, remaining = fix_until_stable(text, recheck, unsafe=False)
    assert fixed == CLEAN and count >= 4
    assert remaining == [] and applicable(remaining, unsafe=False) == []
