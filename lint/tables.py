"""Config tables, declared once as plain dataclasses and validated by pydantic only when a
config file needs it.

A run without a config file builds its defaults from these classes without importing
pydantic (its import and the validator it builds for every kind's table cost about 0.1 s,
more than the rest of a one-file check). A config file is first read by :func:`plain`, which
takes it only when every value is already exactly of its declared type (a plain
``max-file-size: 2000000000``, a list of codes); anything else — a value to convert or to
refuse, a type it does not know — goes to :func:`validate`, which hands the same classes to
pydantic: it reads their field types, the constraints written as :class:`AtLeast` and the
checks written as :class:`Checked`, and the kebab-case keys of :func:`table`'s config, and
says what is wrong. One declaration serves both; tests/test_config_plain.py holds them equal.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from functools import cache
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

T = TypeVar("T")


def kebab(name: str) -> str:
    return name.replace("_", "-")


# pydantic's config for every table (a plain dict: pydantic's ConfigDict is a TypedDict).
PYDANTIC_CONFIG = {"extra": "forbid", "populate_by_name": True, "alias_generator": kebab}


def table(cls: type[T]) -> type[T]:
    """A config table: a dataclass whose keys are written in kebab-case; unknown keys are refused."""
    cls.__pydantic_config__ = PYDANTIC_CONFIG  # type: ignore[attr-defined]
    return dataclass(cls)


# (plain classes: a dataclass costs half a millisecond of start-up to define)


class _Bound:
    """A bound on a whole number, written into the int schema pydantic builds (it checks it,
    and its JSON Schema says it); ``key`` is the schema's name for it."""

    __slots__ = ("value",)
    key = ""

    def __init__(self, value: int) -> None:
        self.value = value

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        schema[self.key] = self.value
        return schema


class AtLeast(_Bound):
    """``Annotated[int, AtLeast(0)]``: a whole number of at least 0."""

    __slots__ = ()
    key = "ge"


class AtMost(_Bound):
    """``Annotated[int, AtMost(1024)]``: a whole number of at most 1024."""

    __slots__ = ()
    key = "le"


class Checked:
    """``Annotated[T, Checked(fn)]``: ``fn`` sees the value once its type is valid; it returns it
    (possibly normalised) or raises ``ValueError`` with the message the config's author reads."""

    __slots__ = ("check",)

    def __init__(self, check: Callable[[Any], Any]) -> None:
        self.check = check

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.check, handler(source))


@cache
def _adapter(cls: Any) -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(cls)


@cache
def _validator(cls: Any) -> Any:
    """pydantic's validator of ``cls``, with every whole number refusing a boolean. pydantic's lax
    mode, which takes `'100'` for 100, takes `true` for 1 too: `max-depth: true` was a depth of 1,
    `max-file-size: true` a limit of one byte. (Its strict mode would refuse `'100'` as well.)"""
    from pydantic_core import SchemaValidator

    return SchemaValidator(_no_bool_ints(_adapter(cls).core_schema))


def _no_bool_ints(schema: Any) -> Any:
    """A copy of a core schema, each ``int`` schema in it behind a check that refuses a boolean."""
    if isinstance(schema, list):
        return [_no_bool_ints(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _no_bool_ints(value) for key, value in schema.items()}
    if out.get("type") == "int":
        from pydantic_core import core_schema

        return core_schema.no_info_before_validator_function(_not_bool, out)
    return out


def _not_bool(value: Any) -> Any:
    if isinstance(value, bool):
        from pydantic_core import PydanticCustomError

        raise PydanticCustomError("int_type", "Input should be a valid integer")  # (the error pydantic gives any other non-number)
    return value


def validate(cls: Any, data: Any) -> Any:
    """``data`` (decoded from a config file) as a ``cls``; raises pydantic's ``ValidationError``."""
    return _validator(cls).validate_python(data)


_DECLINED = object()  # (what :func:`plain` cannot take as it is: pydantic decides)
_EXACT = (bool, int, float, str)


def plain(cls: Any, data: Any) -> Any | None:
    """``data`` as a ``cls`` when every value in it is exactly of its declared type and within
    its declared bounds and checks, so that pydantic would take it unchanged; else None
    (:func:`validate` then converts it, or says what is wrong)."""
    value = _plain_table(cls, data)
    return None if value is _DECLINED else value


def _plain_table(cls: Any, data: Any) -> Any:
    if type(data) is not dict:
        return _DECLINED
    names, hints = _table_fields(cls)
    values: dict[str, Any] = {}
    for key, raw in data.items():
        name = names.get(key) if type(key) is str else None
        if name is None or name in values:  # an unknown key, or one written both ways
            return _DECLINED
        value = _plain_value(hints[name], raw)
        if value is _DECLINED:
            return _DECLINED
        values[name] = value
    try:
        return cls(**values)
    except (ValueError, AssertionError):  # (a table's own __post_init__ refusing: pydantic says why, as it does for these two)
        return _DECLINED


@cache
def _table_fields(cls: Any) -> tuple[dict[str, str], dict[str, Any]]:
    """A table's keys (kebab-case and, as pydantic's ``populate_by_name`` takes them, the
    attribute names) -> attribute, and each attribute's type."""
    hints = get_type_hints(cls, include_extras=True)
    names: dict[str, str] = {}
    for f in fields(cls):
        if f.init and (f.default is not MISSING or f.default_factory is not MISSING):
            names[f.name] = names[kebab(f.name)] = f.name
    return names, hints


def _plain_value(tp: Any, value: Any) -> Any:
    """``value`` as a ``tp`` if it already is one exactly (a list or dict rebuilt, a check's
    normalised value taken), else ``_DECLINED``."""
    if tp in _EXACT:
        return value if type(value) is tp else _DECLINED
    origin = get_origin(tp)
    if origin is Annotated:
        inner, *marks = get_args(tp)
        value = _plain_value(inner, value)
        for mark in marks:
            if value is _DECLINED:
                break
            value = _marked(mark, value)
        return value
    if origin is Union or origin is types.UnionType:
        args = get_args(tp)
        if len(args) != 2 or type(None) not in args:
            return _DECLINED
        return None if value is None else _plain_value(args[0] if args[1] is type(None) else args[1], value)
    if origin is list:
        if type(value) is not list:
            return _DECLINED
        (item,) = get_args(tp)
        out = [_plain_value(item, v) for v in value]
        return _DECLINED if any(v is _DECLINED for v in out) else out
    if origin is dict:
        if type(value) is not dict:
            return _DECLINED
        key_type, item = get_args(tp)
        pairs = {_plain_value(key_type, k): _plain_value(item, v) for k, v in value.items()}
        return _DECLINED if _DECLINED in pairs or any(v is _DECLINED for v in pairs.values()) else pairs
    if origin is Literal:
        return value if any(type(value) is type(a) and value == a for a in get_args(tp)) else _DECLINED
    if isinstance(tp, type) and hasattr(tp, "__pydantic_config__"):  # a table inside a table
        return _plain_table(tp, value)
    return _DECLINED  # (Any, a class, a form not listed here: pydantic's to read)


def _marked(mark: Any, value: Any) -> Any:
    """``value`` through one ``Annotated`` mark: a bound, a check; any other mark declines."""
    if isinstance(mark, AtLeast | AtMost):
        if type(value) is not int:
            return _DECLINED  # (a bound on something else, None say: pydantic's to read)
        return value if (value >= mark.value if isinstance(mark, AtLeast) else value <= mark.value) else _DECLINED
    if isinstance(mark, Checked):
        try:
            return mark.check(value)
        except (ValueError, AssertionError):  # (refused: pydantic reports it with its position, as it does for these two)
            return _DECLINED
    return _DECLINED


def json_schema(cls: type) -> dict[str, Any]:
    """The JSON Schema of a table, its keys in kebab-case."""
    return _adapter(cls).json_schema(by_alias=True)  # type: ignore[no-any-return]


def keys(cls: type) -> list[str]:
    """A table's keys as a config file writes them."""
    return [kebab(f.name) for f in fields(cls)]  # type: ignore[arg-type]


def subtable(cls: type, key: str) -> type | None:
    """The table under ``key`` of ``cls`` (its default is built by the table's class), if any."""
    for f in fields(cls):  # type: ignore[arg-type]
        if kebab(f.name) == key or f.name == key:
            factory = f.default_factory
            return factory if isinstance(factory, type) and hasattr(factory, "__pydantic_config__") else None
    return None
