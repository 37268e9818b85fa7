"""A SLURP record's fields, declared once (pswietojanski/slurp, ``dataset/slurp/*.jsonl``).

Every path reads these tables: SLP101's detailed check and its messages (:mod:`.shape`), the
clean paths' msgspec types (built from them in :mod:`.shape`: the shape test of a record given
as a dict, and the decoder of a JSONL line in :mod:`.lines`), the published JSON Schema
(``schemas/slurp-record.schema.json``, :mod:`.schemagen`), completion of keys (:mod:`.family`)
and SLP101's docs (:func:`facts`). Changing a field here (its types, whether it is required,
the least token position) changes it everywhere; a test patches one line and sends records
through every route.

A field's JSON types are its :attr:`~Field.type` and :attr:`~Field.also` (``ent_wer``:
``number`` or ``null``); an array of objects names its items' fields in ``ITEMS``; an array
of plain values its items' schema in :attr:`~Field.items`.
"""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.families.declare import Codes, Field
from goldlint.families.slurp.rules import SLURP_RECORD_SHAPE

_SHAPE = Codes(missing=SLURP_RECORD_SHAPE, type=SLURP_RECORD_SHAPE, range=SLURP_RECORD_SHAPE)
FIRST_POSITION = 0  # a token's position in the sentence: an entity's `span` holds them (SLP101; beyond the tokens: SLP107)


def _f(name: str, kinds: str, description: str, **more: object) -> Field:
    """A field from its JSON types as the schema writes them (``number|null``)."""
    first, *also = kinds.split("|")
    return Field(name, first, _SHAPE, also=tuple(also), description=description, **more)  # type: ignore[arg-type]


TOKEN = (
    _f("surface", "string", "The token as it stands in the annotation (the evaluator lower-cases it for an entity's filler)."),
    _f("id", "integer", "The token's position in the sentence, from 0."),
    _f("lemma", "string", "The token's lemma."),
    _f("pos", "string", "The token's part-of-speech tag (Penn Treebank)."),
)
RECORDING = (
    _f("file", "string", "The audio file's name (predictions from audio are keyed by it)."),
    _f("wer", "number", "Word error rate of a reference ASR transcript of this recording."),
    _f("ent_wer", "number|null", "Word error rate on the entities' words; `null` when the utterance has no entity."),
    _f("status", "string", "The recording's validation status (`correct` in the released splits)."),
)
ENTITY = (
    _f("span", "array", "The positions (`tokens[i].id`) of the entity's tokens: consecutive, in order.",
       items={"type": "integer", "minimum": FIRST_POSITION}),  # (empty, or beyond the tokens: SLP107)
    _f("type", "string", "The entity type (`date`, `place_name`, ...)."),
)
RECORD = (
    _f("slurp_id", "integer", "The utterance's id, unique in the dataset (every split): predictions made on gold text are keyed by it."),
    _f("sentence", "string", "The utterance as read, normalised (lower case)."),
    _f("sentence_annotation", "string", "The sentence with each entity in brackets, `[type : words]`; without the brackets it is the sentence."),
    _f("intent", "string", "`scenario` + `_` + `action` (the official evaluator builds the intent from those two, not from this field)."),
    _f("action", "string", "The action of the intent (`set` in `alarm_set`)."),
    _f("tokens", "array", "The sentence's tokens, in order; an entity's `span` counts them."),
    _f("scenario", "string", "The scenario of the intent (`alarm` in `alarm_set`)."),
    _f("recordings", "array", "The audio recordings of the utterance; predictions made from audio are keyed by their `file`."),
    _f("entities", "array", "The entities, in the order of the annotation's brackets: a type and the tokens it spans."),
)
# The arrays of objects, by field: their items' fields.
ITEMS: dict[str, tuple[Field, ...]] = {"tokens": TOKEN, "recordings": RECORDING, "entities": ENTITY}


def kinds(f: Field) -> tuple[str, ...]:
    """A field's JSON types (``("number", "null")``)."""
    return (f.type, *f.also)


def names(fields: tuple[Field, ...]) -> tuple[str, ...]:
    return tuple(f.name for f in fields)


def facts() -> Mapping[str, object]:
    """What SLP101's docs say of the declaration: its arrays of objects, the fields that may be null."""
    arrays = [f"`{name}`" for name in ITEMS]
    nullable = [f"`{f.name}`" for fields in (RECORD, *ITEMS.values()) for f in fields if "null" in f.also]
    return {"arrays": ", ".join(arrays[:-1]) + f" and {arrays[-1]}",
            "nullable": f"{', '.join(nullable)} may be null" if nullable else "No field may be null"}
