"""The annotation's two readings agree (the pattern for well-formed ones, the Lark grammar for
the rest), and a long broken annotation is read in linear time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.families.slurp.annotation import _parser, _problem, _problem_at, _read, _where_it_fails, parse_annotation, read_with_grammar

PIECES = ["[", "]", ":", " ", "\t", "time", "five am", " : ", "[time : five am]", "x", "'s", "\n"]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join))
def test_the_pattern_accepts_exactly_what_the_grammar_accepts_and_reads_it_alike(value: str) -> None:
    try:
        by_grammar = read_with_grammar(value)
    except Exception:
        assert _read(value) is None
        assert parse_annotation(value).problem is not None
        return
    assert _read(value) is not None
    assert parse_annotation(value) == by_grammar


# (more of what an entity's parts may stop on: other blanks, a colon glued to either side, brackets doubled)
STOPS = [*PIECES, "\xa0", "\r", "x:", ":x", "[[", "]]", "[t", "[t:", "[t :", "[t : w", "\t:\t"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(STOPS), max_size=10).map("".join))
def test_where_the_parser_stops_without_lark_is_where_lark_stops(value: str) -> None:
    """SLP102 said from the annotation alone (:func:`_where_it_fails`) is what Lark's parser says."""
    from lark import UnexpectedInput

    failure = _where_it_fails(value)
    try:
        _parser().parse(value)
    except UnexpectedInput as exc:
        assert failure is not None and _problem_at(value, *failure) == _problem(value, exc)
    else:
        assert failure is None


def test_text_offsets_map_back_into_the_annotation() -> None:
    value = "wake me up at [time : five am] on [date : friday]"
    read = parse_annotation(value)
    assert read.text == "wake me up at five am on friday"
    assert all(value[read.to_annotation(i)] == ch for i, ch in enumerate(read.text))


def test_a_long_broken_annotation_is_reported_not_backtracked_over() -> None:
    # (With nested repeats over the same characters, the pattern took a minute for 30 characters.)
    for value in ("a" * 200_000 + "]", "[t : " + "a" * 200_000, "[t : a] " * 20_000 + "]"):
        assert parse_annotation(value).problem is not None
