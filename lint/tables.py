"""Config tables, declared once as plain dataclasses and validated by pydantic only when a
config file is read.

A run without a config file builds its defaults from these classes without importing
pydantic (its import costs more than the rest of a one-file check). When a file is read,
:func:`validate` hands the same classes to pydantic, which reads their field types, the
constraints written as :class:`AtLeast` and the checks written as :class:`Checked`, and the
kebab-case keys of :func:`table`'s config. One declaration serves both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, TypeVar

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


def validate(cls: Any, data: Any) -> Any:
    """``data`` (decoded from a config file) as a ``cls``; raises pydantic's ``ValidationError``."""
    return _adapter(cls).validate_python(data)  # type: ignore[no-any-return]


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
