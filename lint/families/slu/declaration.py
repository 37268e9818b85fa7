"""The fields of an SLU record, declared once (FORMATS.md §1; MERA's RuSLUn).

Every path reads this table: the detailed checks (the record's shape, SLU117, in
:mod:`.records`; the answer's in :mod:`.answers`; the speaker, audio type and audio path
in :mod:`.meta`, their messages too), the clean paths (:mod:`.fast` converts a record to
the msgspec types built here from it, :mod:`.lines` decodes a JSONL line into them), the
published JSON Schema (:mod:`.schemagen`), the configured audio types' default
(:mod:`.options`), completion and hover (:mod:`.family`, and the schema's descriptions on
a key) and SLU117's docs. Changing a constraint here (the speaker's form, a private folder,
the audio types) changes it everywhere; a test patches one line and sends records through
every route.

Imported by the options (the audio types' default), so it imports nothing of the checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from goldlint.families.declare import Codes, Field
from goldlint.families.slu.rules import AUDIO_TYPE_VOCABULARY, INTENT_NOT_IN_INVENTORY, LEAKED_AUDIO_PATH, MALFORMED_SLOT, RECORD_SHAPE, SLOT_NOT_ALLOWED_FOR_INTENT, SPEAKER_FORMAT

_REQUIRED = Codes(missing=RECORD_SHAPE, type=RECORD_SHAPE)

# The MERA classification of a recording (SLU108); ``slu.audio-types`` replaces it.
AUDIO_TYPES = {"real": "Recorded from a person.", "generated": "Synthesised (text to speech)."}
AUDIO_TYPE = Field("type", "string", Codes(missing=RECORD_SHAPE, type=RECORD_SHAPE, vocabulary=AUDIO_TYPE_VOCABULARY), values=AUDIO_TYPES, label="audio type",
                   description="Audio type of the MERA classification (configurable: `slu.audio-types`).")

# `<id>_<male|female>_<age>` (SLU107; the age's bounds are configured: `slu.min-speaker-age`, `max-speaker-age`).
GENDERS = ("male", "female")
SPEAKER = Field("speaker", "string", Codes(missing=RECORD_SHAPE, type=RECORD_SHAPE, form=SPEAKER_FORMAT), form=rf"(\d+)_({'|'.join(GENDERS)})_(\d+)",
                description=f"`<id>_<{'|'.join(GENDERS)}>_<age>`.")
SPEAKER_AGE = 3  # the group of the form that holds the age

# Folders whose name in an audio path leaks a private location (SLU109); an absolute path
# and a `..` part leak too (the one pattern: :func:`goldlint.families.slu.meta.audio_leak`).
PRIVATE_FOLDERS = frozenset({"home", "users", "root", "private", "tmp", "mnt", "media"})
AUDIO_PATH = Field("audio", "string", Codes(missing=RECORD_SHAPE, type=RECORD_SHAPE, form=LEAKED_AUDIO_PATH), expected="a string (a relative path)",
                   description="Relative path of the audio file (never absolute, never escaping the dataset root).")

INTENT = Field("intent", "string", Codes(missing=RECORD_SHAPE, type=RECORD_SHAPE, vocabulary=INTENT_NOT_IN_INVENTORY),
               description="One of the intents of the record's annotation inventory.")
SLOTS = Field("slots", "array", Codes(missing=RECORD_SHAPE, type=MALFORMED_SLOT, vocabulary=SLOT_NOT_ALLOWED_FOR_INTENT), expected="an array of one-key objects",
              items={"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": {"type": "string", "minLength": 1}},
              description="One-key objects, slot type → value; each type must be allowed for the intent.")
ANSWER = (INTENT, SLOTS)

# (the task's texts: the same in every record of a file)
INSTRUCTION = Field("instruction", "string", _REQUIRED, recurring=True,
                    description="Prompt template; `{name}` placeholders are filled from `inputs`, `<audio>` marks where the audio goes.")
QUESTION = Field("question", "string", _REQUIRED, recurring=True, description="The question text.")
ANNOTATION = Field("annotation", "string", _REQUIRED, recurring=True,
                   description="The inventory: a preamble line, then one `Intent: [slot, ...]` line per intent, then optional trailing text.")
INPUTS = Field("inputs", "object", _REQUIRED, description="What the model receives.", members=(AUDIO_PATH, QUESTION, ANNOTATION))
# (absent or empty in a hidden-answer split, SLU118; its members are checked with the answer)
OUTPUTS = Field("outputs", "object", Codes(type=RECORD_SHAPE), required=False, also=("string",), members=ANSWER,
                expected="an object with " + " and ".join(f"`{f.name}`" for f in ANSWER),
                description="The gold answer; an empty string in hidden-answer test splits. The published dataset sometimes stores it as a "
                "JSON or Python-quoted string.")
ID = Field("id", "integer", _REQUIRED, description="Record id, unique in the file.")
META = Field("meta", "object", _REQUIRED, description="Metadata hidden from the model.",
             members=(ID, Field("audio", "object", _REQUIRED, members=(AUDIO_TYPE,)), SPEAKER))

RECORD = Field("record", "object", _REQUIRED, members=(INSTRUCTION, INPUTS, OUTPUTS, META),
               description="One record of a spoken-language-understanding gold file: the prompt, its inputs, the gold answer and metadata. "
               "goldlint's `slu` rules check far more than this shape (the answer against the record's own annotation inventory, text "
               "conventions, leaked paths); see `goldlint rule --all`.")

ANSWER_AT = (OUTPUTS.name,)  # where the answer is: its members are checked by :mod:`.answers`, not with the shape
INPUTS_AT = INPUTS.name  # (the record key of the inputs: the placeholders of the instruction name them)

# What detecting SLU gold reads: the keys a record has even when its answer is hidden
# (written into ``detect_names.py`` by :mod:`goldlint.families.detection_names`).
DETECTION_NAMES: dict[str, tuple[str, ...]] = {"RECORD_KEYS": (INSTRUCTION.name, INPUTS.name, META.name)}


def walk(field: Field = RECORD, steps: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Field]]:
    """Every declared field below ``field`` with its path, depth first in declared order."""
    for member in field.members:
        path = (*steps, member.name)
        yield path, member
        yield from walk(member, path)


def at(*steps: str) -> Field:
    """The field at a path (``at("meta", "audio", "type")``)."""
    field = RECORD
    for step in steps:
        field = next(m for m in field.members if m.name == step)
    return field


def shape() -> list[tuple[tuple[str, ...], Field]]:
    """The fields every record must have with their types (SLU117), the answer's aside."""
    return [(path, f) for path, f in walk() if f.required and path[: len(ANSWER_AT)] != ANSWER_AT]


def outline() -> str:
    """The record's fields in one line of SLU117's docs: ``instruction``, ``inputs.{audio,question,annotation}``, ..."""
    def one(path: tuple[str, ...], f: Field) -> str:
        leaves = [".".join(p[len(path):]) for p, m in walk(f, path) if not m.members]
        return f"`{'.'.join(path)}`" if not leaves else f"`{'.'.join(path)}.{{{','.join(leaves)}}}`"

    return ", ".join(one((f.name,), f) for f in RECORD.members)


def describe_kind(value: Any) -> str:
    """A found value's kind in SLU117's messages (``a number``, ``null``)."""
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array", dict: "an object"}.get(
        type(value), type(value).__name__)
