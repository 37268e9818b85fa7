"""TRU108's calendar grammar: every example of the seed's formatting table parses; near-misses
do not, and the error points at the character where the value stops being a canonical."""

from __future__ import annotations

import pytest

from goldlint.families.truth.calendar import calendar_error

SEED_TABLE = [  # seed 004, "CALENDARX Formatting": the Formatted Output column
    "yyyy/7/21", "2017/7/21", "day/0", "tuesday/+1", "week/-1", "yyyy/5/1 - yyyy/5/31", "yyyy/mm/8 - yyyy/mm/10",
    "5:00", "5:00 PM", "hour/+3", "minute/-10", "5:00 - 6:00", "9:00 AM - 12:00 PM",
    "MORNING", "AFTERNOON", "EVENING", "TONIGHT",
]


@pytest.mark.parametrize("value", SEED_TABLE)
def test_every_seed_example_parses(value: str) -> None:
    assert calendar_error(value) is None


@pytest.mark.parametrize(
    ("value", "start", "end"),
    [
        ("2017-07-21", 4, 5),  # dashes: the tool writes slashes
        ("tuesday/1", 8, 9),  # an offset needs a sign
        ("5:00PM", 4, 6),  # AM/PM after a space
        ("2017/07/21", 5, 6),  # no leading zeros: the `0`
        ("yyyy/13/1", 6, 7),  # month 13: `1` is read, then `3` is not `/`
        ("13:00 PM", 0, 2),  # a 12-hour time has hours 1–12
        ("morning", 0, 1),  # parts of the day are capitals
        ("5:00 - yyyy/5/1", 7, 11),  # a range joins two of the same kind
        ("2017/7/21 ", 9, 10),  # a trailing space
        ("", 0, 0),
    ],
)
def test_near_misses_fail_at_the_offending_character(value: str, start: int, end: int) -> None:
    found = calendar_error(value)
    assert found is not None
    assert found[:2] == (start, end), found
    assert value in found[2] or not value


def test_message_says_what_was_expected() -> None:
    found = calendar_error("2017-07-21")
    assert found is not None and "expected `/`" in found[2]
    found = calendar_error("tuesday/1")
    assert found is not None and "signed offset" in found[2]
