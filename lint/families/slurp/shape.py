"""SLP101: a SLURP record's shape, from its declaration (:mod:`.declaration`, the JSON Schema's
source too): required fields, their JSON types, the items of its arrays, unknown keys. The
msgspec types of the clean paths are built here from the same fields."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from types import SimpleNamespace
from typing import Annotated, Any, Union

import msgspec

from goldlint.families.declare import JSON_TYPES, Field
from goldlint.families.slurp.declaration import ITEMS, RECORD, kinds, names
from goldlint.families.slurp.rules import SLURP_RECORD_SHAPE
from goldlint.findings import At, Change, Report, unsafe_fix
from goldlint.suggest import unambiguous

_NAMES = {"integer": "an integer", "number": "a number", "string": "a string", "null": "null", "array": "an array"}


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    return {dict: "an object", list: "an array", str: "a string", int: "an integer", float: "a number", type(None): "null"}.get(type(value), "a value")


def _plain_items(f: Field) -> Any:
    """The msgspec type of an array of plain values (an entity's `span`: whole numbers from its least)."""
    assert f.items is not None and f.items["type"] == "integer"
    return list[Annotated[int, msgspec.Meta(ge=f.items["minimum"])]]  # type: ignore[misc]


def _struct(name: str, fields: tuple[Field, ...], items: dict[str, type] | None = None) -> type:
    """Fields as a msgspec type, the required ones required and no other key allowed: what a
    well-formed object is, checked in C without a position built for each of its values (the
    usual object is well formed; one that is not is checked field by field, which says where).
    Its arrays' items are typed by ``items`` (an item type, by field), else left unchecked."""
    out: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for f in fields:
        if items is not None and f.name in items:
            kind: Any = list[items[f.name]]  # type: ignore[valid-type,name-defined]
        elif f.items is not None:
            kind = _plain_items(f)
        else:
            # (the Python types of each JSON type: a number is an integer or a float, and an integer
            # no double holds, 400 digits say, is still one: the reader keeps it whole)
            kind = Union[tuple(t for k in kinds(f) for t in JSON_TYPES[k])]  # noqa: UP007  (built from the declaration at run time)
        out.append((f.name, kind) if f.required else (f.name, Union[kind, msgspec.UnsetType], msgspec.UNSET))  # noqa: UP007
    return msgspec.defstruct(name, out, forbid_unknown_fields=True, gc=False, kw_only=True)  # (kw_only: an optional field may come before a required one)


_ITEM_TYPES = {name: _struct(f"{name}_item", fields) for name, fields in ITEMS.items()}
_RECORD_TYPE = _struct("record", RECORD)  # its own fields (arrays as arrays)
WHOLE_TYPE = _struct("whole_record", RECORD, _ITEM_TYPES)  # and every item of its arrays
EVERY_FIELD = frozenset(names(RECORD))
# The arrays of plain values among the items' fields (an entity's `span`), by array: their msgspec types.
_PLAIN = {name: tuple((f, _plain_items(f)) for f in fields if f.items is not None) for name, fields in ITEMS.items()}


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
    good = set(EVERY_FIELD) if _conforming(record, _RECORD_TYPE) is not None else _object(record, RECORD, at, report, "record")
    for name, fields in ITEMS.items():
        if name not in good:
            continue
        kind = _ITEM_TYPES[name]
        for i, item in enumerate(record[name]):
            if type(item) is dict and _conforming(item, kind) is not None:
                continue
            where = at.child(name, i)
            if not isinstance(item, dict):
                SLURP_RECORD_SHAPE.report(report, where, f"an item of `{name}` is an object, not {_shown(item)}")
                good.discard(name)
            elif _object(item, fields, where, report, f"{name} item") != {f.name for f in fields if f.required or f.name in item}:
                good.discard(name)
            else:
                for f, plain in _PLAIN[name]:
                    if f.name in item and not _holds(item[f.name], plain):
                        SLURP_RECORD_SHAPE.report(report, where.child(f.name), f"`{f.name}` holds token positions: whole numbers from {f.items['minimum']}")  # type: ignore[index]
                        good.discard(name)
                        break
    # (the items of its good arrays have their fields well typed: as structs, unknown keys left out)
    typed = SimpleNamespace(**{name: _items(record[name], name) if name in ITEMS else record[name] for name in good})
    return typed, good


def _items(items: list[dict[str, Any]], name: str) -> list[Any]:
    keys = names(ITEMS[name])
    return msgspec.convert([{key: item[key] for key in keys if key in item} for item in items], list[_ITEM_TYPES[name]])  # type: ignore[valid-type]


def _holds(values: list[Any], plain: Any) -> bool:
    """Whether an array of plain values is of its declared type (an entity's `span`: token positions)."""
    try:
        msgspec.convert(values, plain)
    except msgspec.ValidationError:
        return False
    return True


def _object(value: dict[str, Any], fields: tuple[Field, ...], at: At, report: Report, what: str) -> set[str]:
    declared = names(fields)
    missing = [f.name for f in fields if f.required and f.name not in value]
    for key in value:
        if key in declared:
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
    for f in fields:
        if f.name not in value:
            continue
        found = type(value[f.name])
        if any(found in JSON_TYPES[k] for k in kinds(f)):
            good.add(f.name)
        else:
            wanted = " or ".join(_NAMES[k] for k in kinds(f))
            SLURP_RECORD_SHAPE.report(report, at.child(f.name), f"`{f.name}` must be {wanted}, not {_shown(value[f.name])}")
    return good
