"""The msgspec types of a clean SLU record, built from :mod:`.declaration`.

A record converts (a decoded dict, :mod:`.fast`) or decodes (a JSONL line's bytes,
:mod:`.lines`) into :func:`record_type` only when every declared field is there with its
type, its answer is an object (not a string, not hidden), and its audio type is one of the
configured ones: msgspec checks all of that in C. Whatever fails is left to the detailed
checks, which say what is wrong and where; so for SLU117, SLU104's types and SLU108 a typed
record is clean, and the rest is judged by :class:`.fast.CleanCheck`.
"""

from __future__ import annotations

from functools import cache
from operator import attrgetter
from typing import Annotated, Any, Literal

import msgspec

from goldlint.families.declare import Field
from goldlint.families.slu import declaration
from goldlint.families.slu.declaration import AUDIO_TYPE, RECORD

_SCALARS: dict[str, Any] = {"string": str, "integer": int}
_NOTHING = Annotated[str, msgspec.Meta(pattern="(?!)")]  # (no audio type configured: no value is one)


def _items(schema: Any) -> Any:
    """The msgspec type of a declared array's items (a JSON Schema: a string, or an object of
    them), with its bounds (an object's number of members, a string's length) checked in C."""
    if schema.get("type") == "object":
        members = dict[str, _items(schema.get("additionalProperties", {"type": "string"}))]  # type: ignore[misc, valid-type]
        return Annotated[members, msgspec.Meta(min_length=schema.get("minProperties"), max_length=schema.get("maxProperties"))]
    if "minLength" in schema:
        return Annotated[_SCALARS[schema["type"]], msgspec.Meta(min_length=schema["minLength"])]
    return _SCALARS[schema["type"]]


def _type(field: Field, path: tuple[str, ...], audio_types: tuple[str, ...], raw: bool, closed: bool) -> Any:
    if field is AUDIO_TYPE:
        return Literal[audio_types] if audio_types else _NOTHING  # type: ignore[valid-type]
    if field.recurring and raw:
        return msgspec.Raw  # (left undecoded: a line's bytes equal to the line before's are its string)
    if field.type == "array":
        return list[_items(field.items or {"type": "string"})]  # type: ignore[misc]
    if field.type == "object":
        members = [(m.name, _type(m, (*path, m.name), audio_types, raw, closed)) for m in field.members]
        return msgspec.defstruct("_" + "_".join(("Record", *path)), members, forbid_unknown_fields=closed, gc=False)
    return _SCALARS[field.type]


@cache
def record_type(audio_types: tuple[str, ...], raw: bool = False) -> Any:
    """A clean record's type: every declared field required (the answer an object), the audio
    type one of ``audio_types``. ``raw``: the strings every record repeats left as
    :class:`msgspec.Raw`, and no member beyond the declared ones (the JSONL line path, which
    counts a line's members)."""
    return _type(RECORD, (), audio_types, raw, raw)


def path_of(field: Field) -> tuple[str, ...]:
    return next(path for path, f in declaration.walk() if f is field)


def getter(*fields: Field) -> Any:
    """The values of ``fields`` from a typed record, in one call."""
    return attrgetter(*(".".join(path_of(f)) for f in fields))


MEMBERS = sum(1 for _ in declaration.walk())  # the keys of a clean record, its slots' aside (each slot one more)
