"""SLP101: a SLURP record's shape, from the field tables of :mod:`.fields` (the JSON Schema's
source too): required fields, their JSON types, the items of its arrays, unknown keys."""

from __future__ import annotations

from typing import Any

from goldlint.families.slurp.fields import ENTITY, ITEMS, RECORD, Field
from goldlint.findings import At, Change, Report, unsafe_fix
from goldlint.suggest import unambiguous

_NAMES = {"integer": "an integer", "number": "a number", "string": "a string", "null": "null", "array": "an array"}
# The Python types of each JSON type, matched by `type(value) in ...` (a bool is no integer).
_TYPES: dict[str, tuple[type, ...]] = {"integer": (int,), "number": (int, float), "string": (str,), "null": (type(None),), "array": (list,)}


def _is(value: Any, kind: str) -> bool:
    if kind == "integer":
        return type(value) is int
    if kind == "number":
        return type(value) is int or type(value) is float
    if kind == "string":
        return type(value) is str
    if kind == "array":
        return type(value) is list
    return value is None


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    return {dict: "an object", list: "an array", str: "a string", int: "an integer", float: "a number", type(None): "null"}.get(type(value), "a value")


def _shape_of(table: dict[str, Field]) -> tuple[frozenset[str], tuple[tuple[str, frozenset[type]], ...]]:
    """A table's keys and each field's Python types: what a well-formed object is, checked
    without building a position for each of its values (the usual object is well formed)."""
    return frozenset(table), tuple((name, frozenset(t for kind in kinds for t in _TYPES[kind])) for name, (kinds, _, _) in table.items())


_RECORD_SHAPE = _shape_of(RECORD)
_ITEM_SHAPES = {name: _shape_of(table) for name, table in ITEMS.items()}


def _well_formed(value: dict[str, Any], shape: tuple[frozenset[str], tuple[tuple[str, frozenset[type]], ...]]) -> bool:
    keys, fields = shape
    if value.keys() != keys:
        return False
    for name, types in fields:
        if type(value[name]) not in types:
            return False
    return True


def check_shape(record: Any, at: At, report: Report) -> set[str]:
    """Report every shape problem; return the record's fields that have their declared type
    (the other checks read only those)."""
    if not isinstance(record, dict):
        report.add("SLP101", at, f"a SLURP record is a JSON object, not {_shown(record)}")
        return set()
    good = set(RECORD) if _well_formed(record, _RECORD_SHAPE) else _object(record, RECORD, at, report, "record")
    for name, table in ITEMS.items():
        if name not in good:
            continue
        shape = _ITEM_SHAPES[name]
        spans = table is ENTITY
        for i, item in enumerate(record[name]):
            if type(item) is dict and _well_formed(item, shape) and not (spans and not _positions(item["span"])):
                continue
            where = at.child(name, i)
            if not isinstance(item, dict):
                report.add("SLP101", where, f"an item of `{name}` is an object, not {_shown(item)}")
                good.discard(name)
            elif _object(item, table, where, report, f"{name} item") != set(table):
                good.discard(name)
            elif spans and not _positions(item["span"]):
                report.add("SLP101", where.child("span"), "`span` holds token positions: whole numbers from 0")
                good.discard(name)
    return good


def _positions(span: list[Any]) -> bool:
    return all(type(n) is int and n >= 0 for n in span)


def _object(value: dict[str, Any], table: dict[str, Field], at: At, report: Report, what: str) -> set[str]:
    missing = [name for name, (_, required, _) in table.items() if required and name not in value]
    for key in value:
        if key in table:
            continue
        guess = unambiguous(key, missing) if isinstance(key, str) and missing else None
        where = At(at.path + (key,), key=True)
        if guess is None:
            report.add("SLP101", where, f"unknown field `{key}` in a {what}")
            continue
        missing.remove(guess)  # (reported here, not as missing)
        report.add("SLP101", where, f"unknown field `{key}` in a {what} (did you mean `{guess}`?)",
                   unsafe_fix(f"rename it `{guess}`", Change(where, f'"{guess}"')))
    for name in missing:
        report.add("SLP101", at, f"the {what} has no `{name}`")
    good = set()
    for name, (kinds, _, _) in table.items():
        if name not in value:
            continue
        if any(_is(value[name], kind) for kind in kinds):
            good.add(name)
        else:
            wanted = " or ".join(_NAMES[k] for k in kinds)
            report.add("SLP101", at.child(name), f"`{name}` must be {wanted}, not {_shown(value[name])}")
    return good
