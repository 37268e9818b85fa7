"""Where the records of an SLU file are, and the shape each must have (SLU117)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from goldlint.families.base import Report
from goldlint.families.slu import declaration
from goldlint.families.slu.declaration import describe_kind
from goldlint.families.slu.detect import is_record
from goldlint.families.slu.rules import RECORD_SHAPE
from goldlint.findings import At, JsonPath


def split_records(path: JsonPath, value: Any) -> Iterator[tuple[JsonPath, Any]]:
    """The records inside one decoded top-level value."""
    if isinstance(value, list):
        for n, item in enumerate(value):
            yield path + (n,), item
    elif isinstance(value, dict) and "data" in value and not is_record(value):
        data = value["data"]
        if isinstance(data, dict):
            for split, items in data.items():
                if isinstance(items, list):
                    for n, item in enumerate(items):
                        yield path + ("data", split, n), item
    else:
        yield path, value


# (steps, type of a good value, how a message names it): from the declaration, built once
_SHAPE = tuple((steps, f.python, f.wanted) for steps, f in declaration.shape())


def check_shape(record: Any, at: At, report: Report) -> bool:
    """SLU117 for every field but ``outputs`` (checked with the answers). False: not a record at all."""
    if not isinstance(record, dict):
        RECORD_SHAPE.report(report, at, f"a record must be an object, found {describe_kind(record)}")
        return False
    for steps, types, expected in _SHAPE:
        value: Any = record
        parent_ok = True
        for n, step in enumerate(steps):
            if not isinstance(value, dict):
                parent_ok = False
                break
            if step not in value:
                if n == len(steps) - 1:
                    RECORD_SHAPE.report(report, at.child(*steps[:-1]), f"missing field `{'.'.join(steps)}` ({expected})")
                parent_ok = False
                break
            value = value[step]
        if not parent_ok:
            continue
        if not isinstance(value, types) or (types is int and isinstance(value, bool)):
            RECORD_SHAPE.report(report, at.child(*steps), f"`{'.'.join(steps)}` must be {expected}, found {describe_kind(value)}")
    return True
