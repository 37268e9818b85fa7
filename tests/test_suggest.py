"""Suggestions: a whole number written as a string (:func:`goldlint.suggest.written_integer`),
which a fix writes as the integer."""

from __future__ import annotations

import pytest

from goldlint.suggest import written_integer


@pytest.mark.parametrize(("text", "expected"), [
    ("3", 3), ("0", 0), ("007", 7), ("12345678901234567890", 12345678901234567890),
    ("1" * 4300, int("1" * 4300)),  # (as many digits as the interpreter converts)
    ("1" * 4400, None),  # (more: once an internal error of the corpus check, found by a hostile-input sweep)
    ("²", None), ("٣", None), ("³3", None),  # (digits to ``str.isdigit``; no JSON number)
    (" 3", None), ("3 ", None), ("-3", None), ("+3", None), ("3.0", None), ("1_000", None), ("", None),
])
def test_a_whole_number_is_read_from_ascii_digits_alone(text: str, expected: int | None) -> None:
    assert written_integer(text) == expected
