"""A kind's fields declared once, as data: every path that judges, lists or documents a field
reads its :class:`Field`.

A field says its JSON type, whether it is required, its controlled vocabulary or integer
range, its pattern, the names other dialects give it, the code of each violation and the
words of its messages. From a table of fields come, in each family: the detailed check
and its messages, the clean-path predicates (built once, at import: tuples of a type and a
set, or the msgspec types of a byte path), the JSON Schema, completion and hover. So a
constraint changes in one line of a declaration, and every path follows.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from goldlint.rules.registry import Rule

_PYTHON = {"string": str, "integer": int, "object": dict, "array": list}
# The exact Python types of a decoded JSON value of each type (a JSON boolean is no number).
JSON_TYPES: dict[str, tuple[builtins.type[Any], ...]] = {"string": (str,), "integer": (int,), "number": (int, float), "object": (dict,), "array": (list,),
                                                         "boolean": (bool,), "null": (type(None),)}
_EXPECTED = {"string": "a string", "integer": "an integer", "object": "an object", "array": "an array"}


class Codes(msgspec.Struct, frozen=True):
    """The rule each violation of a field is reported under (the rule objects of the kind's ``rules.py``).
    (Structs, here and below: a dataclass costs every run a millisecond and more to define.)"""

    missing: Rule | None = None  # a required field absent (None: a corpus-level rule counts it)
    type: Rule | None = None  # a value of the wrong JSON type
    vocabulary: Rule | None = None  # a string outside the vocabulary
    range: Rule | None = None  # an integer outside the range
    blank: Rule | None = None  # an empty or blank string
    form: Rule | None = None  # a string that does not have the field's form


def declared(rule: Rule | None) -> Rule:
    """The rule of a violation that a field's constraint implies (a range implies ``Codes.range``)."""
    if rule is None:
        raise ValueError("a field's constraint has no rule declared for its violation")
    return rule


class Field(msgspec.Struct, frozen=True):
    name: str
    type: str  # the JSON type: "string", "integer", "object" or "array"
    codes: Codes
    required: bool = True
    values: Mapping[str, str] | None = None  # a controlled vocabulary: value -> one-line documentation
    label: str = ""  # how a message names a value of the vocabulary ("provenance tag"); default: the name
    range: tuple[int, int] | None = None  # an integer range, both ends included
    docs: Mapping[Any, str] | None = None  # documentation of the range's values (completion, hover)
    pattern: str | None = None  # what the schema says of the text (the check may say more)
    nonblank: bool = False  # a string with something other than whitespace
    nullable: bool = False  # null stands for absent
    legacy: str | None = None  # the field's name in the legacy dialect
    legacy_values: Mapping[str, tuple[int, ...]] | None = None  # the legacy dialect's words for values
    guesses: tuple[str, ...] = ()  # names people write for it (a hint, and an unsafe rename)
    members: tuple[Field, ...] = ()  # an object's declared members
    form: str | None = None  # a regular expression the whole text must match (the check's and the schema's)
    expected: str = ""  # how a message names a good value ("a string (a relative path)"); default: by its type
    also: tuple[str, ...] = ()  # other JSON types a value may have, each read on its own way (the schema's ``oneOf``)
    items: Mapping[str, Any] | None = None  # the JSON Schema of an array's items
    recurring: bool = False  # the same text in (nearly) every record: a clean path keeps its verdict from record to record
    description: str = ""  # the schema's and hover's description; ``{first}``/``{last}`` name a range's ends
    minimum: float | None = None  # a number's least value (included); unlike ``range``, not a list of values
    maximum: float | None = None  # a number's greatest value (included)
    note: str = ""  # what a message on a value outside ``minimum``/``maximum`` adds ("chrF++ is on a 0–100 scale")
    allowed: frozenset[Any] | None = None  # the accepted values, if they are listed (derived: never given)

    def __post_init__(self) -> None:
        allowed: frozenset[Any] | None = None
        if self.values is not None:
            allowed = frozenset(self.values)
        elif self.range is not None:
            allowed = frozenset(range(self.range[0], self.range[1] + 1))
        msgspec.structs.force_setattr(self, "allowed", allowed)

    @property
    def python(self) -> builtins.type[Any]:
        """The Python type of a good value, as a JSON reader decodes it."""
        return _PYTHON[self.type]

    @property
    def noun(self) -> str:
        return self.label or self.name

    def outside(self, value: float) -> bool:
        """Whether a number is below ``minimum`` or above ``maximum``."""
        return (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum)

    def bounds_message(self, key: str, value: float) -> str:
        """A number outside the bounds, in a message: ``is negative`` when only the least is 0."""
        if self.maximum is None and self.minimum == 0:
            return f"`{key}` is negative ({value})"
        note = f" ({self.note})" if self.note else ""
        return f"`{key}` is {value}, outside [{self.minimum}, {self.maximum}]{note}"

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` breaks none of the field's own constraints (of its vocabulary as
        declared, without a configured extension)."""
        if type(value) is not self.python:
            return value is None and self.nullable
        if self.allowed is not None and value not in self.allowed:
            return False
        return not (self.nonblank and not value.strip())

    @property
    def wanted(self) -> str:
        """A good value in a message: ``a string``, or the field's own words."""
        return self.expected or _EXPECTED[self.type]

    def range_message(self, value: Any) -> str:
        from goldlint.families.corpus.fields import describe

        first, last = self.range or (0, 0)
        return f"`{self.name}` must be an integer from {first} to {last}, found {describe(value)}"

    def type_message(self, key: str, value: Any) -> str:
        from goldlint.families.corpus.fields import describe, expected_text

        return f"`{key}` must be {expected_text(self.type)}, found {describe(value)}"

    def text(self) -> str:
        """The description, with a range's ends filled in."""
        if self.range is None:
            return self.description  # (which may hold braces of its own: `{name}` placeholders)
        first, last = self.range
        return self.description.format(first=first, last=last)

    def choices(self) -> list[tuple[str, str]]:
        """What completion offers: each allowed value with its documentation."""
        if self.values is not None:
            return list(self.values.items())
        if self.allowed is not None:
            docs = self.docs or {}
            return [(str(v), docs.get(v, "")) for v in sorted(self.allowed)]
        return []

    def schema(self) -> dict[str, Any]:
        """The field's JSON Schema (draft 2020-12)."""
        description = self.text()
        null = self.nullable and not self.required  # (null stands for absent: where absent is no finding, neither is null)
        if self.values is not None:
            return {"description": description, "enum": list(self.values) + [None] * null}
        out: dict[str, Any] = {"type": [self.type, "null"] if null else self.type}
        if self.nonblank:
            out.update(minLength=1, pattern=r"\S")
        if self.pattern is not None:
            out["pattern"] = self.pattern
        if self.form is not None:
            out["pattern"] = f"^(?:{self.form})$"
        if self.range is not None:
            out.update(minimum=self.range[0], maximum=self.range[1])
        out.update(bounds(self))
        if self.items is not None:
            out["items"] = dict(self.items)
        if self.members:
            required = [m.name for m in self.members if m.required]
            if required:
                out["required"] = required
            out["properties"] = {m.name: m.schema() for m in self.members}
        if self.also:
            out = {"oneOf": [out, *({"type": t} for t in self.also)]}
        if description:
            out["description"] = description
        return out


def bounds(f: Field) -> dict[str, float]:
    """A number's bounds in a JSON Schema (``minimum``, ``maximum``: only on numbers, as in the check)."""
    out: dict[str, float] = {}
    if f.minimum is not None:
        out["minimum"] = f.minimum
    if f.maximum is not None:
        out["maximum"] = f.maximum
    return out


def outline(fields: tuple[Field, ...]) -> str:
    """The fields in one line of a rule's docs: ``id`` (integer), ``segment`` (one of 4), ...,
    the optional ones last."""
    def one(f: Field) -> str:
        if f.range is not None:
            what = f"integer {f.range[0]}–{f.range[1]}"
        elif f.values is not None:
            what = f"one of {len(f.values)} {f.noun} values"
        else:
            what = "non-blank string" if f.nonblank else f.type
        return f"`{f.name}` ({what})"

    required = ", ".join(one(f) for f in fields if f.required)
    optional = ", ".join(one(f) for f in fields if not f.required)
    return f"{required}; optional: {optional}" if optional else required


def compile_tests(tests: tuple[tuple[str, builtins.type[Any], frozenset[Any] | None], ...]) -> Callable[[dict[str, Any]], bool]:
    """``tests`` (a field's name, the type of a good value, the values it may take or None)
    as one function of an object: whether every field is there with a good value. Built
    once, at import; a clean path calls it for every entry."""

    def passes(e: dict[str, Any]) -> bool:
        get = e.get
        for name, kind, allowed in tests:
            v = get(name)
            if type(v) is not kind or (allowed is not None and v not in allowed):  # (the type first: a value looked up is hashable)
                return False
        return True

    return passes


def by_name(fields: tuple[Field, ...]) -> dict[str, Field]:
    return {f.name: f for f in fields}


def object_schema(fields: tuple[Field, ...]) -> dict[str, Any]:
    """The schema of an object with exactly these fields."""
    return {
        "type": "object",
        "required": [f.name for f in fields if f.required],
        "additionalProperties": False,
        "properties": {f.name: f.schema() for f in fields},
    }
