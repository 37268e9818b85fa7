"""TRU101–TRU110: the rules of NLU truth files, as metadata (the checks are beside)."""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W = Severity.ERROR, Severity.WARNING
F = "truth"


def _facts() -> Mapping[str, object]:
    """What the docs say of the declared fields (the declaration names these rules: read late)."""
    from goldlint.families.truth.declaration import facts

    return facts()

HEADER = "speaker\tcodedWvnm\ttranscription\tannotation\tintent"
ROW = '1\t1-1.wav\tI would like a large coffee\t{"COFFEE_SIZE": {"canonical": "lg", "literal": "large"}}\tORDER_COFFEE'

TRUTH_HEADER = Rule("TRU101", "truth-header", E,
    "The header row is missing, a required column ({required_columns}) is absent, a column name is written in "
    "another case or with spaces instead of tabs, or a column repeats; an unknown column is a warning.",
    "The test tool finds columns by their exact names: a file without a header, or with `Intent` for `intent`, "
    "loses its first test case or every intent.",
    "safe: a column name in another case is rewritten to the documented name; a header written with spaces is "
    "rewritten with tabs.", F, facts=_facts)
WRONG_CELL_COUNT = Rule("TRU102", "wrong-cell-count", E,
    "A row has more or fewer cells than the header (cells separated by spaces instead of one tab is the classic cause).",
    "The tool reads cells by position: a missing tab shifts the annotation into the intent column, and the test case "
    "is scored against garbage.",
    "", F)
ANNOTATION_NOT_OBJECT = Rule("TRU103", "annotation-not-object", E,
    "The `annotation` cell is not a JSON object: it does not parse (the position of the error inside the cell is "
    "given), it is empty, or it is a list, string or number.",
    "The tool json-loads every annotation: one broken cell stops the run or drops the test case.",
    "unsafe: an empty cell becomes `{}` (a test case without entities).", F)
ENTITY_VALUE_SHAPE = Rule("TRU104", "entity-value-shape", E,
    "An entity's reference value has a shape the tool does not know. Allowed: a {value_types}; an object with one "
    "or more of {entity_keys} ({value_types} values, no other keys); a list of those; "
    "`{{}}` (the entity must be absent); an object of flattened predefined values (`{calendar}.…` keys).",
    "A misspelt key such as `canonicle` is not compared at all, so the entity is scored on the remaining keys only "
    "(or counts as correct when no key is left).",
    "safe: a misspelt entity-dict key is renamed to the key it is an unambiguous typo of.", F, facts=_facts)
LITERAL_NOT_IN_TRANSCRIPTION = Rule("TRU105", "literal-not-in-transcription", W,
    "A `literal` reference does not occur in the row's transcription (case and spacing ignored).",
    "The literal is the span of the transcription the engine tags; a literal that is not there can never be returned, "
    "so the test case always fails. (With `use_asr_results` the recognised text may differ: hence a warning.)",
    "", F)
INTENT_UNKNOWN = Rule("TRU106", "intent-unknown", E,
    "The intent cell is empty, or (with an `ontology` in config) the intent is not in the ontology, with a did-you-mean. "
    "An ontology file that cannot be read is reported here too.",
    "An empty or misspelt intent makes the test case a guaranteed intent error, whatever the engine returns.",
    "", F)
ENTITY_NOT_IN_ONTOLOGY = Rule("TRU107", "entity-not-in-ontology", E,
    "(With an `ontology` in config.) An annotated entity is not in the ontology, or is not one the row's intent may carry.",
    "The engine never returns an entity its model does not have for that intent: the reference can never be matched.",
    "", F)
CALENDAR_FORMAT = Rule("TRU108", "calendar-format", E,
    "The `formattedLiteral` of a calendar entity does not follow the calendar canonical format of "
    "`format_calendar_canonicals` (`yyyy/7/21`, `2017/7/21`, `day/0`, `tuesday/+1`, `week/-1`, `5:00`, `5:00 PM`, "
    "`hour/+3`, `minute/-10`, ranges `A - B`, `MORNING`, `AFTERNOON`, `EVENING`, `TONIGHT`); the position is where the "
    "value stops following grammars/calendar.lark. Calendar entities: `isA nuance_CALENDARX` in the ontology, the "
    "family's `calendar-entities`, and entities whose reference elsewhere in the file has `nuance_CALENDAR.` keys.",
    "The tool compares the formatted string exactly: `2017-07-21` never equals the tool's `2017/7/21`.",
    "", F)
PREDEFINED_KEY_PATH = Rule("TRU109", "predefined-key-path", E,
    "A flattened predefined key path is malformed (every dot-separated part is a `nuance_NAME`), its leaf is not a "
    "number, or a predefined value is nested while the tool flattens it (config `flattened-predefined`, default true, "
    "as the tool's `flattened_predefined_output`).",
    "The tool compares the flattened keys of the engine's struct_value with the reference: a malformed path or a "
    "string leaf `\"7\"` never matches the engine's `7.0`.",
    "", F)
DUPLICATE_AUDIO = Rule("TRU110", "duplicate-audio", E,
    "The same audio file (`codedWvnm`) is the audio of two rows.",
    "Each audio file is one test case; a repeated file is either a copy-paste slip (the second row's audio is wrong) or "
    "a test case counted twice.",
    "", F)

register_declared(globals())
