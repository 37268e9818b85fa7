"""The fields of an NLU truth file, declared once (seed 004): its columns, and the keys of an
entity dict in the ``annotation`` cell with the values they take.

Every path reads this table: TRU101's header check (:mod:`.table`: the columns, the required
ones), TRU104's entity-dict check and its messages (:mod:`.annotation`: the keys, the JSON
types of a value, the predefined key paths of TRU109), the published JSON Schema of the cell
(:mod:`.schema`), completion and hover (:mod:`.family`, through :mod:`.vocab`'s tables) and the
rules' docs. Changing a constraint here (a key, a column, a value's types) changes it
everywhere; a test patches one line and sends files through every route.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from goldlint.families.declare import JSON_TYPES, Codes, Field
from goldlint.families.truth.rules import ENTITY_VALUE_SHAPE, PREDEFINED_KEY_PATH, TRUTH_HEADER

# The JSON types of a reference value and of an entity dict's value (a bool is no number).
VALUE_TYPES: tuple[str, ...] = ("string", "number")
_PLAIN: tuple[type, ...] = tuple(t for kind in VALUE_TYPES for t in JSON_TYPES[kind])


def is_value(value: Any) -> bool:
    """Whether ``value`` is of :data:`VALUE_TYPES` (a JSON boolean is not a number here)."""
    return isinstance(value, _PLAIN) and not isinstance(value, bool)


def _key(name: str, doc: str) -> Field:
    return Field(name, VALUE_TYPES[0], Codes(type=ENTITY_VALUE_SHAPE, vocabulary=ENTITY_VALUE_SHAPE), required=False, also=VALUE_TYPES[1:],
                 description=doc)


# The keys of an entity dict, in the documented order; each compared with the returned value (keys left out are not).
LITERAL = _key("literal", "the words of the transcription the entity was tagged on")
CANONICAL = _key("canonical", "the entity's canonical value (e.g. `lg` for `large`)")
FORMATTED_LITERAL = _key("formattedLiteral", "the literal as the engine formats it (calendar canonicals with `format_calendar_canonicals`)")
ENTITY_DICT: tuple[Field, ...] = (LITERAL, CANONICAL, FORMATTED_LITERAL)


def _column(name: str, doc: str, required: bool = False) -> Field:
    return Field(name, "string", Codes(missing=TRUTH_HEADER, vocabulary=TRUTH_HEADER), required=required, description=doc)


# The documented layout, in the documented order (seed 004).
SPEAKER = _column("speaker", "the speaker (or channel) of the test case")
AUDIO = _column("codedWvnm", "the audio file of the test case; each file once")
TRANSCRIPTION = _column("transcription", "what is said; `literal` references are spans of it", required=True)
ANNOTATION = _column("annotation", "JSON object: entity name → reference value")
INTENT = _column("intent", "the expected intent", required=True)
COLUMNS: tuple[Field, ...] = (SPEAKER, AUDIO, TRANSCRIPTION, ANNOTATION, INTENT)
# what detection reads (written into detect_names.py by goldlint.families.detection_names)
DETECTION_NAMES: dict[str, tuple[str, ...]] = {"COLUMN_NAMES": tuple(c.name for c in COLUMNS)}

# A predefined (struct) value's key path: dotted parts, each the prefix and capitals (TRU109).
PREDEFINED_PREFIX = "nuance_"
PREDEFINED_SEGMENT = rf"{PREDEFINED_PREFIX}[A-Z][A-Z0-9_]*"  # one part of a predefined key path
PREDEFINED_EXAMPLE = f"{PREDEFINED_PREFIX}MONTH"
CALENDAR_ROOT = f"{PREDEFINED_PREFIX}CALENDAR"
PREDEFINED = Field("predefined", "object", Codes(form=PREDEFINED_KEY_PATH), form=PREDEFINED_SEGMENT)


def facts() -> Mapping[str, object]:
    """What the rules' docs say of the declaration."""
    return {"required_columns": ", ".join(f"`{c.name}`" for c in COLUMNS if c.required),
            "entity_keys": ", ".join(f"`{k.name}`" for k in ENTITY_DICT), "value_types": " or ".join(VALUE_TYPES),
            "calendar": CALENDAR_ROOT, "prefix": PREDEFINED_PREFIX}
