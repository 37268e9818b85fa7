"""SLP101–SLP110: the rules of SLURP's JSONL records, as metadata (the checks are beside).

Their examples are whole files, in ``examples.yaml`` beside this module
(:mod:`goldlint.rules.examples`). ``record`` is a real-shaped record for the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W = Severity.ERROR, Severity.WARNING
F = "slurp"


def record(**change: Any) -> dict[str, Any]:
    """A real-shaped record (`wake me up at five am`), with fields changed."""
    tokens = [{"surface": w, "id": i, "lemma": w, "pos": "NN"} for i, w in enumerate(["wake", "me", "up", "at", "five", "am"])]
    out: dict[str, Any] = {
        "slurp_id": 1, "sentence": "wake me up at five am", "sentence_annotation": "wake me up at [time : five am]",
        "intent": "alarm_set", "action": "set", "tokens": tokens, "scenario": "alarm",
        "recordings": [{"file": "audio-1490287431.flac", "wer": 0.0, "ent_wer": None, "status": "correct"}],
        "entities": [{"span": [4, 5], "type": "time"}],
    }
    out.update(change)
    return out


def _facts() -> Mapping[str, object]:
    """What the docs say of the declared fields (the declaration names these rules: read late)."""
    from goldlint.families.slurp.declaration import facts

    return facts()


def _rule(code: str, name: str, severity: Severity, summary: str, why: str, fix: str = "", facts: Callable[[], Mapping[str, object]] | None = None) -> Rule:
    return Rule(code, name, severity, summary, why,
    fix, family=F, facts=facts)


SLURP_RECORD_SHAPE = _rule("SLP101", "slurp-record-shape", E,
      "A record lacks a field, has a field of the wrong JSON type, or a field no SLURP record has (with a did-you-mean); "
      "likewise the items of {arrays}. {nullable}. The fields are those of "
      "`schemas/slurp-record.schema.json`.",
      "The official evaluator reads `scenario`, `action`, `tokens`, `entities` and `recordings` of every record: one that "
      "lacks them stops it with a KeyError, and a misspelt key is a field no tool reads.",
      "unsafe: a misspelt key is renamed to the field it is a typo of.", _facts)
ENTITY_BRACKET_SYNTAX = _rule("SLP102", "entity-bracket-syntax", E,
      "`sentence_annotation` does not parse as text with entities `[type : words]` (grammars/slurp_annotation.lark): a "
      "`[` never closed, a `]` that closes nothing, a missing `:`, an entity without words, nested brackets. The position "
      "is inside the string.",
      "The annotation is where the entities are written by hand; a broken bracket hides the entity from anything that reads it.")
ANNOTATION_DIFFERS_FROM_SENTENCE = _rule("SLP103", "annotation-differs-from-sentence", W,
      "The annotation with its brackets removed (`[type : words]` → `words`) differs from `sentence`; the position is the "
      "first character where they part, inside the annotation. The message says when they differ only in letter case.",
      "The two fields are one sentence written twice: where they differ, one of them holds a word the other lacks "
      "(SLURP's test split has 42 such records, 12 beyond letter case: `hwood` for `hollywood`, `rihana` for `rihanna`).")
INTENT_NOT_SCENARIO_ACTION = _rule("SLP104", "intent-not-scenario-action", W,
      "`intent` is not `scenario` + `_` + `action`. A warning: the official evaluator never reads `intent`, so its scores "
      "do not change (and `goldlint score` scores the file without --allow-invalid-gold).",
      "The official evaluator builds the intent from scenario and action: a tool that reads `intent` instead scores "
      "another label (37 records of SLURP's test split, 30 of its devel split).",
      "safe: `intent` is rewritten as scenario_action.")
TOKEN_SURFACES_DIFFER_FROM_SENTENCE = _rule("SLP105", "token-surfaces-differ-from-sentence", E,
      "The tokens' surfaces, in order, do not spell the sentence (nor the annotation's text, which the tokens follow "
      "where the two differ); the position is the first character where they part.",
      "The evaluator makes each gold entity's words from the tokens: a token the sentence does not have is a gold "
      "filler no system can produce.")
TOKEN_IDS = _rule("SLP106", "token-ids", E,
      "The tokens' `id`s are not 0, 1, 2, … in order.",
      "An entity's `span` names tokens by position: ids out of step make the span and the tokens disagree.",
      "safe: the tokens are renumbered from 0 in their order.")
ENTITY_SPAN = _rule("SLP107", "entity-span", E,
      "An entity's `span` is empty, not consecutive, or beyond the tokens; or `entities` disagrees with the annotation's "
      "brackets (their number, an entity's type, or its words; compared without spaces and letter case, since the tokens "
      "split `jessica's` into `jessica` `'s`).",
      "The evaluator's gold entities are `entities` with the words of their spans: a wrong span is a gold entity with "
      "the wrong words.")
DUPLICATE_SLURP_ID = _rule("SLP108", "duplicate-slurp-id", E,
      "A `slurp_id` is used twice in the file (both reported). (One id in two files of the dataset, `test.jsonl` and "
      "`devel.jsonl`, is DS105's.)",
      "Predictions on gold text are keyed by `slurp_id`: a repeated id is scored against one gold record only.")
INTENT_OUTSIDE_INVENTORY = _rule("SLP109", "intent-outside-inventory", W,
      "The record's intent (`scenario_action`) is not in the dataset's inventory: config's `slurp: {intents: [...]}`, "
      "or the records of `slurp: {inventory: FOLDER}`, or by default the other SLURP files of the file's folder.",
      "An intent that no training record has can never be predicted: every system scores 0 on it.")
UNKNOWN_ENTITY_TYPE = _rule("SLP110", "unknown-entity-type", W,
      "An entity's type is not in the dataset's inventory (the same sources as SLP109).",
      "A type no training record has is an entity no system can tag.")


register_declared(globals())
