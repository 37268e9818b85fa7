"""SLP101's shortcut (a well-formed record or item is recognised by its keys and value types,
without a position built for each value) reports exactly what the field-by-field check
reports, and is taken on a well-formed record."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.families.slurp import shape
from goldlint.families.slurp.rules import record
from goldlint.findings import At, Report

VALUES = [None, True, 0, -1, 1.5, "x", "", [], [0], {}, {"surface": "x"}]
PLACES = [(), ("tokens", 0), ("tokens", 5), ("recordings", 0), ("entities", 0)]


def _spoiled(place: int, key: str, value: Any, drop: bool) -> dict[str, Any]:
    out = copy.deepcopy(record())
    target: Any = out
    for step in PLACES[place]:
        target = target[step]
    keys = list(target)
    name = keys[len(key) % len(keys)] if key != "new" else "new_field"
    if drop and name in target:
        del target[name]
    else:
        target[name] = value
    return out


def _report(value: Any) -> list[tuple[str, str]]:
    report = Report()
    _, good = shape.check_shape(value, At((0,)), report)
    return sorted(good) + sorted(f"{f.code} {f.where.path} {f.message}" for f in report.findings)  # type: ignore[union-attr]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(PLACES) - 1), st.sampled_from(["a", "ab", "abc", "abcd", "new"]), st.sampled_from(VALUES), st.booleans())
def test_the_shortcut_reports_what_the_full_check_reports(place: int, key: str, value: Any, drop: bool) -> None:
    spoiled = _spoiled(place, key, value, drop)
    fast = _report(spoiled)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shape, "_conforming", lambda value, kind: None)
        assert _report(spoiled) == fast


def test_a_well_formed_record_builds_no_position(monkeypatch: pytest.MonkeyPatch) -> None:
    built = []
    real = At.child
    monkeypatch.setattr(At, "child", lambda self, *steps: built.append(steps) or real(self, *steps))
    assert shape.check_shape(record(), At((0,)), Report())[1] == set(record())
    assert built == []
    shape.check_shape(record(entities=[{"span": [4, -5], "type": "time"}]), At((0,)), Report())
    assert built  # (the item that is not well formed is checked field by field, with positions)
