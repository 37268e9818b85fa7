"""The truth file's fixed names: its columns and the keys of an entity dict.

The one place they are written down: the checks, the completions and
``schemas/truth-annotation.schema.json`` read them (a test proves the schema agrees).
"""

from __future__ import annotations

# The documented layout, in the documented order (seed 004).
COLUMNS: dict[str, str] = {
    "speaker": "the speaker (or channel) of the test case",
    "codedWvnm": "the audio file of the test case; each file once",
    "transcription": "what is said; `literal` references are spans of it",
    "annotation": "JSON object: entity name → reference value",
    "intent": "the expected intent",
}
REQUIRED = ("transcription", "intent")

ENTITY_KEYS: dict[str, str] = {
    "literal": "the words of the transcription the entity was tagged on",
    "canonical": "the entity's canonical value (e.g. `lg` for `large`)",
    "formattedLiteral": "the literal as the engine formats it (calendar canonicals with `format_calendar_canonicals`)",
}

PREDEFINED_PREFIX = "nuance_"
PREDEFINED_SEGMENT = r"nuance_[A-Z][A-Z0-9_]*"  # one part of a predefined key path
CALENDAR_ROOT = "nuance_CALENDAR"
