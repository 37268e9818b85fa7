"""A sentence the record check calls plain (:func:`goldlint.families.slurp.record._plain`, which
spares it GL006–GL008's full check) is one that check finds nothing in: random texts of the
characters those rules look for."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from goldlint.families.slurp.batch import PLAIN_SENTENCE, all_plain
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


# (fewer characters, mostly plain ones: a batch of sentences all plain but for a blank at one end of one)
BATCH_CHARACTERS = st.sampled_from(["a", "a", "~", " ", " ", "\n", "\t", "\x7f", "é"])


@settings(max_examples=500, deadline=None)
@given(st.lists(st.lists(BATCH_CHARACTERS, max_size=4).map("".join), max_size=4))
@example(["a ", "a"])
@example(["a", " a"])
@example([" a", "a"])
@example(["a", "a "])
def test_a_batch_of_sentences_is_plain_when_each_one_is(sentences: list[str]) -> None:
    """The batch's test of its sentences at once (:func:`goldlint.families.slurp.batch.all_plain`) is each one's."""
    assert all_plain(sentences) == all(map(PLAIN_SENTENCE.fullmatch, sentences))
