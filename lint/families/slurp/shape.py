"""SLP101: a SLURP record's shape, from the field tables of :mod:`.fields` (the JSON Schema's
source too): required fields, their JSON types, the items of its arrays, unknown keys."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from types import SimpleNamespace
from typing import Annotated, Any, Union

import msgspec

from goldlint.families.slurp.fields import ENTITY, ITEMS, RECORD, Field
from goldlint.families.slurp.rules import SLURP_RECORD_SHAPE
from goldlint.findings import At, Change, Report, unsafe_fix
from goldlint.suggest import unambiguous

_NAMES = {"integer": "an integer", "number": "a number", "string": "a string", "null": "null", "array": "an array"}


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


# A token position (an item of an entity's `span`): a whole number from 0.
_POSITION = Annotated[int, msgspec.Meta(ge=0)]
_SPAN = list[_POSITION]
_PYTHON: dict[str, Any] = {"integer": int, "number": float, "string": str, "null": None, "array": list}


def _struct(name: str, table: dict[str, Field], items: dict[str, type] | None = None) -> type:
    """A table as a msgspec type, every field required and no other key allowed: what a
    well-formed object is, checked in C without a position built for each of its values (the
    usual object is well formed; one that is not is checked field by field, which says where).
    Its arrays' items are typed by ``items`` (an item type, by field), else left unchecked."""
    fields: list[tuple[str, Any]] = []
    for field, (kinds, _, _) in table.items():
        if items is not None and field in items:
            kind: Any = list[items[field]]  # type: ignore[valid-type]
        elif field == "span":
            kind = _SPAN
        else:
            kind = Union[tuple(_PYTHON[k] for k in kinds)]  # noqa: UP007  (built from the table at run time)
        fields.append((field, kind))
    return msgspec.defstruct(name, fields, forbid_unknown_fields=True, gc=False)


_ITEM_TYPES = {name: _struct(f"{name}_item", table) for name, table in ITEMS.items()}
_RECORD_TYPE = _struct("record", RECORD)  # its own fields (arrays as arrays)
WHOLE_TYPE = _struct("whole_record", RECORD, _ITEM_TYPES)  # and every item of its arrays
EVERY_FIELD = frozenset(RECORD)


def _conforming(value: Any, kind: Any) -> Any:
    """``value`` as ``kind`` (a struct, or a list of them), or None when it is not of that shape."""
    try:
        return msgspec.convert(value, kind)
    except msgspec.ValidationError:
        return None


def check_shape(record: Any, at: At, report: Report) -> tuple[Any, AbstractSet[str]]:
    """Report every shape problem; return the record typed (its well-typed fields as attributes,
    the items of its arrays as structs) and the names of those fields (the other checks read
    only those)."""
    if type(record) is dict and (whole := _conforming(record, WHOLE_TYPE)) is not None:
        return whole, EVERY_FIELD
    if not isinstance(record, dict):
        SLURP_RECORD_SHAPE.report(report, at, f"a SLURP record is a JSON object, not {_shown(record)}")
        return None, set()
    good = set(RECORD) if _conforming(record, _RECORD_TYPE) is not None else _object(record, RECORD, at, report, "record")
    for name, table in ITEMS.items():
        if name not in good:
            continue
        kind = _ITEM_TYPES[name]
        spans = table is ENTITY
        for i, item in enumerate(record[name]):
            if type(item) is dict and _conforming(item, kind) is not None:
                continue
            where = at.child(name, i)
            if not isinstance(item, dict):
                SLURP_RECORD_SHAPE.report(report, where, f"an item of `{name}` is an object, not {_shown(item)}")
                good.discard(name)
            elif _object(item, table, where, report, f"{name} item") != set(table):
                good.discard(name)
            elif spans and not _positions(item["span"]):
                SLURP_RECORD_SHAPE.report(report, where.child("span"), "`span` holds token positions: whole numbers from 0")
                good.discard(name)
    # (the items of its good arrays have their fields well typed: as structs, unknown keys left out)
    typed = SimpleNamespace(**{name: _items(record[name], name) if name in ITEMS else record[name] for name in good})
    return typed, good


def _items(items: list[dict[str, Any]], name: str) -> list[Any]:
    table = ITEMS[name]
    return msgspec.convert([{key: item[key] for key in table} for item in items], list[_ITEM_TYPES[name]])  # type: ignore[valid-type]


def _positions(span: list[Any]) -> bool:
    try:
        msgspec.convert(span, _SPAN)
    except msgspec.ValidationError:
        return False
    return True


def _object(value: dict[str, Any], table: dict[str, Field], at: At, report: Report, what: str) -> set[str]:
    missing = [name for name, (_, required, _) in table.items() if required and name not in value]
    for key in value:
        if key in table:
            continue
        guess = unambiguous(key, missing) if isinstance(key, str) and missing else None
        where = At(at.path + (key,), key=True)
        if guess is None:
            SLURP_RECORD_SHAPE.report(report, where, f"unknown field `{key}` in a {what}")
            continue
        missing.remove(guess)  # (reported here, not as missing)
        SLURP_RECORD_SHAPE.report(report, where, f"unknown field `{key}` in a {what} (did you mean `{guess}`?)",
                   unsafe_fix(f"rename it `{guess}`", Change(where, f'"{guess}"')))
    for name in missing:
        SLURP_RECORD_SHAPE.report(report, at, f"the {what} has no `{name}`")
    good = set()
    for name, (kinds, _, _) in table.items():
        if name not in value:
            continue
        if any(_is(value[name], kind) for kind in kinds):
            good.add(name)
        else:
            wanted = " or ".join(_NAMES[k] for k in kinds)
            SLURP_RECORD_SHAPE.report(report, at.child(name), f"`{name}` must be {wanted}, not {_shown(value[name])}")
    return good
