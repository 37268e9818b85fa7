"""The fields of a semantic gold label file, declared once (FORMATS.md §4; slower-whisper's
``schema.json``).

Every path reads this table: SEM101's shape check and its messages (:mod:`.shape`: presence,
types, non-empty texts, ``schema_version``), SEM107's bound of a segment id (:mod:`.segments`),
the published JSON Schemas (:mod:`.schema`, one per profile), completion and hover
(:mod:`.family`, which fields offer which vocabulary) and SEM101's docs. The vocabularies
themselves (topics, risk types, severities) depend on the profile and are written in
:mod:`.vocab`; a field names which one it takes (:data:`VOCABULARY`).

Changing a constraint here (a required field, the version, a segment id's least value)
changes it everywhere; a test patches one line and sends files through every route.
"""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.families.declare import Codes, Field
from goldlint.families.semantic.rules import SEGMENT_IDS, SEMANTIC_SCHEMA, UNKNOWN_RISK, UNKNOWN_TOPIC

_SHAPE = Codes(missing=SEMANTIC_SCHEMA, type=SEMANTIC_SCHEMA, blank=SEMANTIC_SCHEMA, range=SEMANTIC_SCHEMA)

# A segment's id in the meeting's transcript (SEM107: never negative; with the transcript, one of its segments).
SEGMENT_ID = Field("segment_id", "integer", Codes(missing=SEMANTIC_SCHEMA, type=SEMANTIC_SCHEMA, range=SEGMENT_IDS), minimum=0,
                   description="Segment id (in the meeting's transcript) where the risk was identified.")
SEGMENT_IDS_FIELD = Field("segment_ids", "array", Codes(type=SEMANTIC_SCHEMA), required=False, items={"type": "integer", "minimum": SEGMENT_ID.minimum},
                          description="Segment ids in the meeting's transcript.")

TOPIC: tuple[Field, ...] = (
    Field("label", "string", Codes(missing=SEMANTIC_SCHEMA, type=SEMANTIC_SCHEMA, blank=SEMANTIC_SCHEMA, vocabulary=UNKNOWN_TOPIC), nonblank=True),
    SEGMENT_IDS_FIELD,
)
RISK: tuple[Field, ...] = (
    Field("type", "string", Codes(missing=SEMANTIC_SCHEMA, type=SEMANTIC_SCHEMA, vocabulary=UNKNOWN_RISK)),
    Field("severity", "string", Codes(missing=SEMANTIC_SCHEMA, type=SEMANTIC_SCHEMA, vocabulary=UNKNOWN_RISK),
          description="Risk severity; the values allowed depend on the risk type."),
    SEGMENT_ID,
    Field("evidence", "string", _SHAPE, required=False,
          description="Quote supporting the risk label; found in the segment (SEM108, with a transcript)."),
)
ACTION: tuple[Field, ...] = (
    Field("text", "string", _SHAPE, nonblank=True, description="Description of the action item."),
    Field("speaker_id", "string", _SHAPE, required=False, description="Speaker who committed to or is assigned the action."),
    SEGMENT_IDS_FIELD,
)

# Each list of the file, with the fields of its items, and what one item is called (the schema's definitions are named so).
ITEMS: dict[str, tuple[Field, ...]] = {"topics": TOPIC, "risks": RISK, "actions": ACTION}
ITEM: dict[str, str] = {"topics": "topic", "risks": "risk", "actions": "action"}

SCHEMA_VERSION = Field("schema_version", "integer", _SHAPE, range=(1, 1), description="Always {first} for this version of the format.")
TOP: tuple[Field, ...] = (
    SCHEMA_VERSION,
    Field("meeting_id", "string", _SHAPE, nonblank=True, description="The meeting's id; equals the file name stem (SEM102)."),
    *(Field(name, "array", _SHAPE) for name in ITEMS),
    Field("summary", "string", _SHAPE, required=False, description="Optional human-written summary for Track A evaluation."),
)

# Which of a profile's vocabularies each field takes (:class:`goldlint.families.semantic.vocab.Profile`'s attributes).
VOCABULARY: dict[tuple[str, str], str] = {("topics", "label"): "topics", ("risks", "type"): "risk_types", ("risks", "severity"): "severities"}


def table(fields: tuple[Field, ...]) -> dict[str, tuple[str, bool]]:
    """Fields as SEM101 reads them: name → (JSON type, required)."""
    return {f.name: (f.type, f.required) for f in fields}


def nonblank() -> set[tuple[str, ...]]:
    """The texts that must not be blank, by section and name (``("topics", "label")``; a top-level one: ``("meeting_id",)``)."""
    return {(f.name,) for f in TOP if f.nonblank} | {(section, f.name) for section, fields in ITEMS.items() for f in fields if f.nonblank}


def facts() -> Mapping[str, object]:
    """What SEM101's docs say of the declaration: the required fields, the version."""
    from goldlint.families.semantic.vocab import SLOWER_WHISPER, SPEC

    def a(word: str) -> str:
        return ("an " if word[0] in "aeiou" else "a ") + word

    top = ", ".join(f"`{f.name}`" for f in TOP if f.required)
    items = "; ".join(f"{', '.join(f'`{f.name}`' for f in fields if f.required)} of {a(ITEM[section])}" for section, fields in ITEMS.items())
    first, last = (SPEC.risk_types[k].severities for k in ("compliance", "competitor_mention"))
    return {"required": f"{top}; {items}", "version": SCHEMA_VERSION.range[0] if SCHEMA_VERSION.range else "",
            "spec_narrowed": f"`compliance` starts at {first[0]} and `competitor_mention` stops at {last[-1]}",
            "spec_count": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")[len(SPEC.risk_types)],
            "slower_whisper": f"{', '.join(SLOWER_WHISPER.risk_types)}; {', '.join(SLOWER_WHISPER.severities)}"}
