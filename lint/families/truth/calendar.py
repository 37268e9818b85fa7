"""TRU108: calendar canonicals (``formattedLiteral``) parsed with ``grammars/calendar.lark``.

The grammar decides the shape; one thing it cannot say cheaply is checked after a
successful parse: a time with AM/PM has an hour from 1 to 12.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from goldlint.families.base import Report
from goldlint.families.truth.rules import CALENDAR_FORMAT
from goldlint.findings import At

_NAMES = {
    "SLASH": "`/`",
    "COLON": "`:`",
    "YEAR": "a 4-digit year",
    "YYYY": "`yyyy`",
    "MONTH": "a month 1–12 without a leading zero",
    "MM": "`mm`",
    "DAY": "a day 1–31 without a leading zero",
    "DD": "`dd`",
    "UNIT": "a unit or weekday (`day`, `week`, `hour`, `tuesday`, …)",
    "OFFSET": "a signed offset (`+1`, `-10`) or `0`",
    "HOUR": "an hour",
    "MINUTE": "two-digit minutes",
    "MERIDIEM": "`AM` or `PM`",
    "PERIOD": "`MORNING`, `AFTERNOON`, `EVENING` or `TONIGHT`",
    "_RANGE": "` - ` (a range)",
    "SPACE": "a space",
    "$END": "the end of the value",
}
EXAMPLES = "`yyyy/7/21`, `2017/7/21`, `day/0`, `tuesday/+1`, `5:00 PM`, `hour/+3`, `9:00 AM - 12:00 PM`, `MORNING`"


@lru_cache(maxsize=1)
def calendar_parser() -> Any:
    from lark import Lark

    from goldlint.resources import grammar_text

    return Lark(grammar_text("calendar.lark"), parser="lalr")


@lru_cache(maxsize=1 << 14)  # truth files repeat the same few canonicals (`day/0`, `5:00 PM`) many times
def calendar_error(value: str) -> tuple[int, int, str] | None:
    """``None`` when ``value`` is a calendar canonical; else ``(start, end, message)`` in the value."""
    from lark import Token, Tree, UnexpectedInput

    try:
        tree = calendar_parser().parse(value)
    except UnexpectedInput as exc:
        pos = exc.pos_in_stream if exc.pos_in_stream is not None else len(value)
        expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
        wanted = " or ".join(_NAMES.get(e, f"`{e}`") for e in expected) or "nothing more"
        token = getattr(exc, "token", None)
        if pos >= len(value) or (isinstance(token, Token) and token.type == "$END"):
            start = max(len(value) - 1, 0)
            return start, len(value), f"`{value}` is not a calendar canonical: it ends where {wanted} should follow (e.g. {EXAMPLES})"
        end = token.end_pos if isinstance(token, Token) and token.end_pos and token.end_pos > pos else pos + 1
        return pos, end, f"`{value}` is not a calendar canonical: expected {wanted} at `{value[pos:end]}` (e.g. {EXAMPLES})"
    for node in tree.iter_subtrees():
        if isinstance(node, Tree) and node.data == "time":
            hour, *_, last = node.children
            if isinstance(last, Token) and last.type == "MERIDIEM" and isinstance(hour, Token) and not 1 <= int(hour) <= 12:
                return hour.start_pos or 0, hour.end_pos or 0, f"`{value}`: a time with {last} has an hour from 1 to 12"
    return None


def check_calendar(report: Report, formatted: list[tuple[At, str, str]], calendar: set[str]) -> None:
    """TRU108 on every ``formattedLiteral`` of a calendar entity."""
    for where, entity, value in formatted:
        if entity not in calendar:
            continue
        found = calendar_error(value)
        if found is not None:
            start, end, message = found
            CALENDAR_FORMAT.report(report, where.inside(start, end), message)
