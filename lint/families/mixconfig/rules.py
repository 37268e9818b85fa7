"""MXC101–MXC105: the rules of the NLU test tool's JSON config, as metadata."""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W = Severity.ERROR, Severity.WARNING
F = "mix-config"


def _facts() -> Mapping[str, object]:
    """What the docs say of the declared keys (the declaration names these rules: read late)."""
    from goldlint.families.mixconfig.declaration import facts

    return facts()


NLU_CONFIG_KEY = Rule("MXC101", "nlu-config-key", E,
    "In the `nlu` section: a key of the wrong type among {booleans} (booleans), {bounded} and "
    "`{ignore}` (an object of regex strings); or an unknown key — an error when it is a typo of a "
    "known key (did-you-mean), a warning otherwise (add keys the tool knows with the family's `extend-nlu-keys`).",
    "The tool ignores a key it does not know: `useEntityf1: true` silently produces a report without entity F1, and "
    "`\"use_asr_results\": \"false\"` is a true value in Python.",
    "unsafe: a misspelt key is renamed to the key it is an unambiguous typo of.", F, facts=_facts)
IGNORE_PATTERN_SYNTAX = Rule("MXC102", "ignore-pattern-syntax", E,
    "A pattern of `predicted_entities_to_ignore` does not compile as a Python regular expression; the position of the "
    "error inside the string is given.",
    "The tool compiles the patterns when it starts scoring: one bad pattern stops the whole run.",
    "", F)
IGNORE_PATTERN_BACKTRACKING = Rule("MXC103", "ignore-pattern-backtracking", E,
    "A pattern of `predicted_entities_to_ignore` can take exponential time in a backtracking engine: a repeat inside a "
    "repeat that can split the same text in many ways (`(a+)+`, `(\\w+\\s?)*`, `(a*b*)*`), or a repeated group whose "
    "alternatives can match the same text (`(a|aa)*`, `(\\w|\\d)+`). Possessive repeats and atomic groups are exempt; "
    "the analysis is conservative. goldlint itself matches patterns with RE2 (linear time) when `google-re2` is "
    "installed, and otherwise refuses to run the patterns this rule reports. A pattern RE2 cannot run at all — a "
    "back-reference, a look-around, a possessive repeat, an atomic group, a repeat count over 1,000 — is a warning at "
    "that construct: `goldlint score` leaves it out, so its numbers may differ from the tool's.",
    "The tool matches every predicted entity name against the patterns with Python's backtracking `re`: one such pattern "
    "can hang the run on a single entity name.",
    "", F)
GLOBAL_KEY_MISSPELLED = Rule("MXC104", "global-key-misspelled", E,
    "A key of `{ignore}` is a misspelling of the reserved `{global}` ({misspelt}).",
    "The tool treats any other key as an intent name: the pattern then applies to an intent that does not exist, and "
    "nothing is ignored.",
    "unsafe: the key is renamed to `{global}` (this changes which entities are scored).", F, facts=_facts)
IGNORE_INTENT_UNKNOWN = Rule("MXC105", "ignore-intent-unknown", E,
    "(With an `ontology` in config.) A per-intent key of `predicted_entities_to_ignore` names an intent the ontology "
    "does not have (did-you-mean).",
    "A pattern under a misspelt intent is never applied: the entities meant to be ignored are scored.",
    "", F)

register_declared(globals())
