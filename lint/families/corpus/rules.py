"""COR101–COR119: the rule catalogue of the `corpus` family (FORMATS.md §2).

Each rule's row; the checks live in the family's other modules and report through these objects.
The entry fields (:mod:`.declaration`) name the rules their violations are reported under, and
some rules' docs describe those fields: such docs say ``{spec_entry}``, ``{first_tier}``, ...,
filled in from the declaration when the rule is first looked up (:func:`_facts`).
"""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.diagnostics import Severity
from goldlint.families.declare import Field, outline
from goldlint.rules.registry import Rule, register_declared

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
F = "corpus"


def _vocabularies(fields: tuple[Field, ...]) -> str:
    return ", ".join(f.name for f in fields if f.values is not None)


def _facts() -> Mapping[str, object]:
    """What the docs say of the declared fields."""
    from goldlint.families.corpus.declaration import HARNESS_ENTRY, SPEC_ENTRY, TIERS

    return {"spec_entry": outline(SPEC_ENTRY), "harness_entry": outline(HARNESS_ENTRY), "spec_vocabularies": _vocabularies(SPEC_ENTRY),
            "harness_vocabularies": _vocabularies(HARNESS_ENTRY), "first_tier": min(TIERS), "last_tier": max(TIERS), "tiers": len(TIERS)}


CORPUS_FIELD_MISSING_OR_WRONG_TYPE = Rule("COR101", "corpus-field-missing-or-wrong-type", E,
    "A required field of the envelope or of an entry is missing, or a field holds a value of the wrong type "
    "(a number where a string belongs, NaN, a list where an object belongs). "
    "A spec entry: {spec_entry}. A harness v3 entry: {harness_entry}.",
    "Scorers index entries by these fields: a missing `reference` or a numeric `source` crashes the harness or silently scores the entry as empty.",
    family=F, facts=_facts)
INVALID_LANGUAGE_TAG = Rule("COR102", "invalid-language-tag", E,
    "A language code is not a valid BCP 47 tag, checked subtag by subtag against the IANA Language Subtag Registry "
    "(spec dialect); in the harness v3 dialect the codes are ISO 639-3 and must name a known language.",
    "Run cards, leaderboards and language-specific metrics key on the code: `en_US`, `eng` (not a BCP 47 subtag; `en` is) or `xx` "
    "break lookups and split one language into several.",
    "safe: `_` separators become `-`, and a code with one canonical BCP 47 form (`eng` → `en`, deprecated `iw` → `he`) is rewritten.",
    family=F)
LANGUAGE_PAIR_MISMATCH = Rule("COR103", "language-pair-mismatch", W,
    "The `language_pair` label (spec: `EN→CRK`) or its names (harness: `source_name`) disagree with the language codes, "
    "or the entries' own `metadata.source_lang`/`target_lang` disagree with the envelope.",
    "Leaderboards group runs by the label; a label that names another language files results under the wrong language.",
    family=F)
BAD_DATE_OR_VERSION = Rule("COR104", "bad-date-or-version", E,
    "`created` is not an ISO 8601 date or date-time, or `version` is not MAJOR.MINOR[.PATCH].",
    "Version comparison decides which run cards are comparable (§2.1): `v1` or `1.0-final` cannot be ordered.",
    family=F)
INVALID_SPDX_LICENSE = Rule("COR105", "invalid-spdx-license", E,
    "`license` is not a valid SPDX licence identifier or expression (checked against the SPDX licence list). "
    "Entry-level placeholders such as `unknown` are summarised once per file as info.",
    "Every published run carries the corpus licence: a misspelt or invented id cannot be honoured or audited.",
    "safe: a case-only difference is rewritten to the SPDX spelling.", family=F)
UNDECLARED_PROVENANCE = Rule("COR106", "undeclared-provenance", E,
    "An entry's `provenance` is not declared in `dataset.provenance` (error); a declared tag no entry uses is info.",
    "The envelope's list is what readers and filters trust; an undeclared tag hides entries from provenance breakdowns.",
    family=F)
DUPLICATE_ENTRY_ID = Rule("COR107", "duplicate-entry-id", E,
    "Two entries have the same `id`.",
    "Run cards refer to entries by id: a duplicate makes a result ambiguous and one of the two entries unscorable.",
    family=F)
VALUE_NOT_IN_VOCABULARY = Rule("COR108", "value-not-in-vocabulary", E,
    "A value outside its controlled vocabulary: {spec_vocabularies} (spec); {harness_vocabularies} (harness v3). "
    "Values added in config are accepted and reported once per file as info.",
    "Segment decides who may see an entry; register and context drive breakdowns. A typo silently creates a new category.",
    "safe: a value that is an unambiguous typo of one vocabulary value is replaced by it.", family=F, facts=_facts)
BAD_DIFFICULTY = Rule("COR109", "bad-difficulty", E,
    "`difficulty` is not an integer from {first_tier} to {last_tier}.",
    "Per-tier breakdowns (§2.4) put a `6`, `2.5` or `\"3\"` in a tier of its own or drop the entry.",
    "safe: a whole number written as a string or a float (`\"3\"`, `3.0`) becomes the integer.",
    family=F, facts=_facts)
LEGACY_HARNESS_FIELDS = Rule("COR110", "legacy-harness-fields", E,
    "Legacy harness names (`index`, `source_text`, `target_expected`) or string difficulty tiers (`easy`, `medium`, `hard`).",
    "The spec (§2.2) uses `id`, `source`, `reference` and integer tiers {first_tier}–{last_tier}; tools written against the spec read legacy files as empty.",
    "safe: the one-to-one renames and `medium` → 3 (one fix per entry). unsafe: `easy` (→ 1 or 2) and `hard` (→ 4 or 5): "
    "the mapping is one-to-two, so a human decides. goldlint offers one choice and names the other in the message: `easy` → 1 when "
    "the source is a single word (tier 1 is single words), else 2; `hard` → 5 when the source has more than one sentence "
    "(tier 5 is multi-clause text), else 4. (One finding with one fix, as every goldlint finding; the alternative is in the message.)",
    family=F, facts=_facts)
EMPTY_SOURCE_OR_REFERENCE = Rule("COR111", "empty-source-or-reference", E,
    "`source` or `reference` is empty or only whitespace.",
    "An empty reference scores every prediction wrong (or right, for an empty output).",
    family=F)
DUPLICATE_SOURCE = Rule("COR112", "duplicate-source", W,
    "The same source text (compared after NFC, case folding and whitespace collapsing) appears twice (warning); "
    "the same source in a public segment (development, diagnostic) and a secret one (gold_standard, held_out) is an error: "
    "test-set leakage (§9.2). Found in one pass with a dictionary, never by comparing pairs.",
    "A secret entry whose source is public can be memorised; a duplicate weighs one sentence twice.",
    family=F)
SECRET_SEGMENT_IN_PUBLIC_REPO = Rule("COR113", "secret-segment-in-public-repo", E,
    "An entry of a secret segment (gold_standard, held_out) in a repository not configured as the governance organisation's "
    "(`corpus: governance-repo: true`).",
    "§2.3 and §8: the gold-standard and held-out sources and references never leave governance-controlled infrastructure. "
    "Once pushed to a public repository they cannot be un-published.",
    family=F)
SEGMENT_TOO_SMALL = Rule("COR114", "segment-too-small", W,
    "A segment has fewer entries than its minimum (development 30, diagnostic 10, gold_standard 50, held_out 10; "
    "configurable with `segment-minimums`).",
    "Scores on a handful of entries are noise: the confidence interval is wider than the differences between methods.",
    family=F)
CORPUS_MINIMUMS = Rule("COR115", "corpus-minimums", W,
    "The corpus misses a minimum of §11.1: at least 3 of the {tiers} difficulty tiers, at least 2 registers, provenance on every entry.",
    "A corpus without spread cannot tell methods apart where it matters; entries without provenance cannot be audited.",
    family=F, facts=_facts)
GLOSS_MISMATCH = Rule("COR116", "gloss-mismatch", E,
    "`morphological_analysis` does not follow `segmented words | glosses` with as many words on both sides and, word by word, "
    "as many morphemes (separated by `-` or `=`, Leipzig glossing rule 2). Parsed with the Lark grammar `grammars/gloss.lark`; "
    "the diagnostic points at the word whose morpheme count disagrees.",
    "Morphological accuracy is computed morpheme by morpheme against this analysis; a misaligned gloss scores right answers wrong.",
    family=F)
LONELY_VARIANT_CLASS = Rule("COR117", "lonely-variant-class", I,
    "A `variant_class` is used by only one entry.",
    "A variant class groups acceptable variants: with one member it defines nothing, and is most often a typo of another class.",
    family=F)
HARNESS_COUNT_OR_DOMAIN = Rule("COR118", "harness-count-or-domain", E,
    "Harness v3: `entry_count` disagrees with the number of entries, or an entry's `domain` is not listed in `domains` "
    "(a listed domain no entry uses is info).",
    "The harness trusts these headers for progress, sampling and per-domain reports.",
    "safe: `entry_count` is set to the number of entries.", family=F)
UNKNOWN_FIELD = Rule("COR119", "unknown-field", W,
    "A field the dialect does not define, in the envelope or in an entry (a typo guard, with did-you-mean). "
    "Add deliberate extra fields to `corpus: extra-fields`.",
    "A misspelt `refrence` is silently ignored by every reader: the entry then has no reference at all.",
    "safe: the key is renamed when it is an unambiguous typo of a field the object lacks, and no other key would be renamed to that field.", family=F)

register_declared(globals())
