"""SLU101–SLU118: the rules of MERA-style SLU records (FORMATS.md §1)."""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO


def _facts() -> Mapping[str, object]:
    """What the docs say of the declared fields (the declaration names these rules: read late)."""
    from goldlint.families.slu.declaration import AUDIO_TYPES, GENDERS, outline

    return {"genders": "|".join(GENDERS), "audio_types": ", ".join(f"`{t}`" for t in AUDIO_TYPES), "record": outline()}


def _rule(code: str, name: str, severity: Severity, summary: str, why: str, fix: str = "", *, declared: bool = False) -> Rule:
    return Rule(code, name, severity, summary, why, fix, family="slu", facts=_facts if declared else None)


ANNOTATION_SYNTAX = _rule("SLU101", "annotation-syntax", E,
          "The record's `annotation` inventory does not parse as `Intent: [slot, ...]` lines (the position is inside the JSON string).",
          "The inventory is what the model is told it may answer, and what goldlint checks the answer against: a broken line hides an intent from both.")
INTENT_NOT_IN_INVENTORY = _rule("SLU102", "intent-not-in-inventory", E,
          "`outputs.intent` is not one of the intents the record's own annotation offers.",
          "A gold intent the model was never offered can never be predicted: the record scores 0 for every system.",
          "safe when exactly one inventory intent is a close match (did-you-mean).")
SLOT_NOT_ALLOWED_FOR_INTENT = _rule("SLU103", "slot-not-allowed-for-intent", E,
          "A slot type is not allowed for the record's intent by the inventory; the message names the allowed ones.",
          "The model is told only the listed slots exist for this intent; a gold slot outside the list is unreachable.",
          "safe when exactly one allowed slot is a close match of a typo.")
MALFORMED_SLOT = _rule("SLU104", "malformed-slot", E,
          "A slot item is not a one-key object, or its value is not a non-empty string; `slots` is not a list.",
          "The official scorer reads each slot as one (type, value) pair: anything else crashes it or is silently dropped.")
DUPLICATE_RECORD_ID = _rule("SLU105", "duplicate-record-id", E,
          "Two records share one `meta.id`; both occurrences are reported.",
          "Predictions are joined to gold by id: one of the two answers is silently scored against the other's gold.")
INSTRUCTION_PLACEHOLDER = _rule("SLU106", "instruction-placeholder", E,
          "The `instruction` uses a `{placeholder}` that `inputs` does not have (error); an `inputs` key the instruction never uses is "
          "reported as info. `<audio>` in the instruction counts as using `inputs.audio`.",
          "MERA fills the prompt with str.format: a missing key crashes prompt building, an unused one never reaches the model.")
SPEAKER_FORMAT = _rule("SLU107", "speaker-format", W,
          "`meta.speaker` is not `<int>_<{genders}>_<age>` with a plausible age.",
          "Speaker metadata drives per-speaker and per-gender breakdowns; a malformed value silently drops the record from them.", declared=True)
AUDIO_TYPE_VOCABULARY = _rule("SLU108", "audio-type-vocabulary", E,
          "`meta.audio.type` is not in the configured audio-type vocabulary (default {audio_types}).",
          "MERA's audio breakdowns group by this field; a typo creates a group of one.",
          "safe when the typo has exactly one close match.", declared=True)
LEAKED_AUDIO_PATH = _rule("SLU109", "leaked-audio-path", E,
          "`inputs.audio` is absolute, escapes the dataset root with `..`, or names a private location (a home folder, a `private` folder).",
          "Real case: MERA's own test split shipped `/home/<user>/.../private/...` paths, leaking a local layout and breaking every other machine.")
AUDIO_MISSING = _rule("SLU110", "audio-missing", E,
          "The audio file is missing, empty, or not WAV/FLAC/MP3. Checked when `audio-root` is configured or the path's folder exists next to the gold file.",
          "A record whose audio cannot be read is scored as a model failure.")
SLOT_TEXT_CONVENTION = _rule("SLU111", "slot-text-convention", W,
          "A slot value breaks the dataset's text conventions (RuSLUn post-processing: lower case, digits written as words, no punctuation). "
          "Each convention can be switched off in config (`slu.text-conventions`).",
          "Models are asked to answer in the convention; a gold value outside it cannot be matched exactly.")
INTENT_CASE_UNSCORABLE = _rule("SLU112", "intent-case-unscorable", W,
          "The gold intent has upper-case letters while the official scorer lower-cases predictions only.",
          "MERA's ruslun scorer lower-cases the model output but not the gold, so an intent like `RateBook` can never be matched: every system scores 0 on it.")
OUTPUTS_AS_STRING = _rule("SLU113", "outputs-as-string", W,
          "`outputs` is stored as a string (the published dataset does this); its content is parsed and linted. Python-style single quotes are a warning; a JSON string is info.",
          "With Python quoting, any value with an apostrophe breaks the official scorer's JSON parsing.")
INVENTORIES_DIFFER = _rule("SLU114", "inventories-differ", I,
          "Records of one file carry different inventories (annotation strings differ); reported once with the count.",
          "A benchmark usually offers every record the same inventory; a differing one is often an editing accident.")
INVENTORY_VS_ONTOLOGY = _rule("SLU115", "inventory-vs-ontology", W,
          "The record inventory differs from the configured ontology (`slu.ontology`, intent → slots): intents or slots added or missing. Reported once per distinct inventory.",
          "RuSLUn follows the xSID ontology; a drift means the benchmark no longer measures what its card says.")
DUPLICATE_SLOT = _rule("SLU116", "duplicate-slot", W,
          "The same (type, value) slot appears twice in one record.",
          "The official scorer counts slots as a multiset: a duplicate needs a duplicate prediction to score full marks.")
RECORD_SHAPE = _rule("SLU117", "record-shape", E,
          "A record field is missing or has the wrong type ({record}).",
          "Scorers and prompt builders index these fields directly: a missing one crashes them or drops the record.", declared=True)
HIDDEN_ANSWERS = _rule("SLU118", "hidden-answers", I,
          "Records whose `outputs` is empty or absent (a hidden-answer test split); reported once per file, and the output rules are skipped for them.",
          "Valid for a test split; visible so that a dev split that lost its answers is noticed.")


register_declared(globals())
