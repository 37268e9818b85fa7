"""A sentence the record check calls plain (:func:`goldlint.families.slurp.record._plain`, which
spares it GL006–GL008's full check) is one that check finds nothing in: random texts of the
characters those rules look for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.families.slurp.record import _plain
from goldlint.findings import At, Report
from goldlint.rules.file_rules import check_gold_text

CHARACTERS = st.sampled_from(["a", "b", " ", "\t", "\n", "\x00", "\x1f", "\x7f", "\x85", "\u00a0", "\u200b", "\u200d", "e\u0301", "é",
                              "д", "A", "\u2028", "\x0b", "[", ":"])


@settings(max_examples=500, deadline=None)
@given(st.lists(CHARACTERS, max_size=8).map("".join))
def test_a_plain_sentence_has_nothing_for_the_text_rules(text: str) -> None:
    report = Report()
    check_gold_text(report, At(("sentence",)), text)
    if _plain(text):
        assert report.added == 0
    if text.isascii() and report.added == 0:
        assert _plain(text)  # (every clean ASCII sentence takes the short way)
