"""Seed 004's entity rules: does a returned entity instance match a truth-file reference?

- a string or number reference (*simplified scoring*) is compared with the returned
  ``canonical`` if non-empty, else ``struct_value``, else ``literal``;
- a dict of ``literal`` / ``canonical`` / ``formattedLiteral``: every key it names must equal
  the returned value of that key; keys it does not name are ignored;
- a predefined value (keys of truth's declared ``PREDEFINED_PREFIX``): the returned
  ``struct_value`` flattened to dotted paths (default) or kept nested
  (``flattened_predefined_output: false``) must equal it;
- with ``format_calendar_canonicals``, a calendar ``struct_value`` is first written in the
  tool's canonical format (absolute dates and times: ``yyyy/7/21``, ``2017/7/21``, ``5:00 PM``).

Numbers compare by value (``7`` = ``7.0`` = ``"7"``); strings exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from goldlint.families.truth.vocab import CALENDAR_ROOT, ENTITY_KEYS, PREDEFINED_PREFIX

# The predefined keys of a calendar struct_value the tool formats (the prefix is the declaration's).
_DATE, _DATE_ABS, _TIME, _TIME_ABS = (PREDEFINED_PREFIX + part for part in ("DATE", "DATE_ABS", "TIME", "TIME_ABS"))
_HOUR, _MINUTE, _AMPM = (PREDEFINED_PREFIX + part for part in ("HOUR", "MINUTE", "AMPM"))


@dataclass(frozen=True, slots=True)
class MatchOptions:
    flattened: bool = True  # flattened_predefined_output
    format_calendar: bool = False  # format_calendar_canonicals


def ref_kind(ref: Any) -> str:
    """``simple``, ``keys`` (literal/canonical/formattedLiteral), ``absent`` (``{}``),
    ``predefined``, ``list`` or ``bad``."""
    if isinstance(ref, bool) or ref is None:
        return "bad"
    if isinstance(ref, (str, int, float)):
        return "simple"
    if isinstance(ref, list):
        return "list"
    if isinstance(ref, dict):
        if not ref:
            return "absent"
        if all(k in ENTITY_KEYS for k in ref):
            return "keys"
        return "predefined"
    return "bad"


def ref_items(ref: Any) -> list[Any]:
    """The reference instances: a list's items, one for any other value, none for ``{}``."""
    kind = ref_kind(ref)
    if kind == "list":
        return list(ref)
    if kind == "absent":
        return []
    return [ref]


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(value, dict):
        return {prefix: value} if prefix else {}
    out: dict[str, Any] = {}
    for key, sub in value.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(sub, dict) and sub:
            out.update(flatten(sub, path))
        else:
            out[path] = sub
    return out


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return value
    if isinstance(value, int):
        try:
            return float(value)
        except OverflowError:  # (an integer no double holds, 10**400: compared exactly, as a string of digits is not)
            return None
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def equal(a: Any, b: Any) -> bool:
    """Values equal as the tool compares them: numbers by value, dicts key by key, else exactly."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    x, y = _number(a), _number(b)
    if x is not None and y is not None and not (isinstance(a, str) and isinstance(b, str)):
        return x == y
    return bool(a == b) and type(a) is type(b)


def structured(instance: dict[str, Any], options: MatchOptions) -> Any:
    """The instance's ``struct_value`` as the tool outputs it under these options."""
    value = instance.get("struct_value")
    if value is None:
        return None
    if options.format_calendar:
        formatted = format_calendar(value)
        if formatted is not None:
            return formatted
    return flatten(value) if options.flattened and isinstance(value, dict) else value


def matches(ref: Any, instance: Any, options: MatchOptions) -> bool:
    if not isinstance(instance, dict):
        return False
    kind = ref_kind(ref)
    if kind == "simple":
        canonical = instance.get("canonical")
        if canonical not in (None, ""):
            got = canonical
        elif instance.get("struct_value") is not None:
            got = structured(instance, options)
        else:
            got = instance.get("literal")
        return equal(ref, got)
    if kind == "keys":
        return all(k in instance and equal(v, instance[k]) for k, v in ref.items())
    if kind == "predefined":
        got = structured(instance, options)
        return isinstance(got, dict) and equal(ref, got)
    return False


# -- format_calendar_canonicals ------------------------------------------------------------

def format_calendar(value: Any) -> str | None:
    """The tool's canonical text of a calendar (``CALENDAR_ROOT``) struct_value (absolute
    dates and times), or ``None`` when it is not one goldlint can write."""
    calendar = value.get(CALENDAR_ROOT) if isinstance(value, dict) else None
    if not isinstance(calendar, dict):
        return None
    parts = []
    date = calendar.get(_DATE)
    if isinstance(date, dict):
        written = _date(date.get(_DATE_ABS))
        if written is None:
            return None
        parts.append(written)
    time = calendar.get(_TIME)
    if isinstance(time, dict):
        written = _time(time.get(_TIME_ABS))
        if written is None:
            return None
        parts.append(written)
    return " ".join(parts) or None


def _int(value: Any) -> int | None:
    number = _number(value)
    return int(number) if number is not None and number.is_integer() else None


def _date(value: Any) -> str | None:
    if not isinstance(value, dict):
        return None
    year, month, day = (_int(value.get(PREDEFINED_PREFIX + k)) for k in ("YEAR", "MONTH", "DAY"))
    if month is None and day is None:
        return None
    return f"{year if year is not None else 'yyyy'}/{month if month is not None else 'mm'}/{day if day is not None else 'dd'}"


def _time(value: Any) -> str | None:
    if not isinstance(value, dict):
        return None
    hour, minute = _int(value.get(_HOUR)), _int(value.get(_MINUTE))
    if hour is None:
        return None
    text = f"{hour}:{minute or 0:02d}"
    ampm = value.get(_AMPM)
    return f"{text} {ampm.upper()}" if isinstance(ampm, str) and ampm.upper() in ("AM", "PM") else text
