"""RUN101–RUN117: the rule catalogue of the `runcard` family (FORMATS.md §3, seed 002 §3–§5, §9).

Metadata only; the checks live in the family's other modules and report by code.
RUN113–RUN117 are the submission-folder checks of :mod:`.submission` (§9.1).
"""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
F = "runcard"


def _facts() -> Mapping[str, object]:
    """What the docs say of the declared vocabularies (the declaration names these rules: read late)."""
    from goldlint.families.runcard.declaration import facts

    return facts()


RUNCARD_FIELD_MISSING_OR_WRONG_TYPE = Rule("RUN101", "runcard-field-missing-or-wrong-type", E,
    "A required run-card field (§3.1–3.7) is missing, or a field holds the wrong type: a number where a string belongs, "
    "NaN, a 64-character hash that is not hexadecimal (the first bad character is pointed at).",
    "The leaderboard, the fingerprint and the tamper seal read these fields: a card missing one cannot be verified or ranked.",
    family=F)
RUN_CARD_HASH_MISMATCH = Rule("RUN102", "run-card-hash-mismatch", E,
    "`run_card_hash` is not the SHA-256 of the card (with `run_card_hash` set to `\"\"`, `json.dumps(card, sort_keys=True, "
    "ensure_ascii=False)`): the card was edited after it was sealed.",
    "The hash is the tamper seal (§3.9): a score edited by hand must not reach the leaderboard.",
    family=F)
FINGERPRINT_MISMATCH = Rule("RUN103", "fingerprint-mismatch", E,
    "The fingerprint does not match its components, or a component disagrees with the card's own field. Both forms are "
    "accepted: the harness's (SHA-256 of the sorted JSON of 8 components: dataset_sha256, model_slug, condition, "
    "system_prompt_sha256, temperature, batch_size, tools_enabled, harness_version) and the seed's (§3.8: SHA-256 of the "
    "concatenated values of the 6 components, in the sorted order of their names). Hover the hash to see which one matched.",
    "Two runs with one fingerprint are taken to share one experimental setup; a wrong fingerprint merges unrelated runs.",
    family=F)
SYSTEM_PROMPT_HASH_MISMATCH = Rule("RUN104", "system-prompt-hash-mismatch", E,
    "`system_prompt_sha256` is not the SHA-256 of `system_prompt_used` (UTF-8).",
    "The prompt hash is part of the fingerprint: with a wrong one, runs with different prompts look identical.",
    family=F)
DATASET_HASH_MISMATCH = Rule("RUN105", "dataset-hash-mismatch", E,
    "`dataset.sha256` is not the SHA-256 of the corpus file. Checked when the corpus is at hand: `runcard: corpus` or "
    "`runcard: corpora` (by dataset id) in config, or a path the card names (`dataset.path`, `corpus_path`) that exists.",
    "The dataset hash pins the result to one version of the data (§3.3): scores on a changed corpus are not comparable.",
    family=F)
RUNCARD_ARITHMETIC = Rule("RUN106", "runcard-arithmetic", E,
    "The card's arithmetic does not add up: rates ≠ counts/total, `dataset.entry_count` ≠ `scores.total` or the number of "
    "results, counts ≠ what the results say, breakdown counts ≠ totals, `cost_per_entry_usd` ≠ total/entries, "
    "`cost_adjusted` ≠ composite / log2(1 + 1000 × cost per entry), a rate outside {unit}, chrF++ outside {chrf}, "
    "a negative count or duration.",
    "A hand-edited score rarely keeps every derived number consistent; arithmetic that does not add up is a tampered or broken card.",
    family=F, facts=_facts)
COMPOSITE_OR_TIER_MISMATCH = Rule("RUN107", "composite-or-tier-mismatch", E,
    "`composite` is not the weighted composite of the card's metrics (Profile A with FST, Profile B without; weights "
    "renormalised over the metrics present; chrF++ ÷ 100; code-switching and hallucination as 1 − x; 4 decimals), or "
    "`quality_tier` is not the tier of the composite ({tiers}).",
    "Rank and tier on the leaderboard come from these two numbers.",
    family=F, facts=_facts)
UNKNOWN_METHOD_CLASS = Rule("RUN108", "unknown-method-class", E,
    "The method class (`method_card.class` or `method_class`) is not one of {method_classes} (§9.6).",
    "The leaderboard filters by class: a method with an unknown class disappears from every filter.",
    "safe: an unambiguous typo is replaced by the class it misspells (unsafe on a sealed card, one with a `run_card_hash`: "
    "every edit of it breaks the seal, and the card must be sealed again).", family=F, facts=_facts)
UNKNOWN_OR_DUPLICATE_ENTRY_ID = Rule("RUN109", "unknown-or-duplicate-entry-id", E,
    "A result's `entry_id` appears twice, or (with the corpus at hand) names no entry of the corpus.",
    "Per-entry results are joined to the corpus by id: a duplicate counts one entry twice, an unknown id scores nothing.",
    family=F)
SUSPICIOUSLY_PERFECT_VARIANTS = Rule("RUN110", "suspiciously-perfect-variants", W,
    "Anti-gaming (§9.3): every result whose entry has a `variant_class` (in the result or in the corpus) is an exact match "
    "of its reference — at least two such entries.",
    "Entries with known variants are where honest methods produce an acceptable variant instead of the reference string: "
    "matching them all exactly suggests the references were seen.",
    family=F)
TIER_WITHOUT_HUMAN_VALIDATION = Rule("RUN111", "tier-without-human-validation", E,
    "A {validated} tier is claimed (`scores.quality_tier`, `method_config.qualityTier`) without a human-validation "
    "record: a non-empty `human_validation`, or `verification_tier: community_validated` (§5, §7.2).",
    "No method may claim Deployable or above on automated metrics alone: bilingual speakers must confirm the output is usable.",
    family=F, facts=_facts)
BAD_RUN_ID_OR_TIMESTAMP = Rule("RUN112", "bad-run-id-or-timestamp", W,
    "`run_id` is not a UUID v4 (the spec) or a harness id `run_YYYYMMDD_HHMMSS_…` (accepted; hover says which), or "
    "`timestamp` is not an ISO 8601 date-time in UTC (`Z` or `+00:00`).",
    "Run ids key the leaderboard; a timestamp without a zone cannot be ordered against runs from other machines.",
    family=F)
SUBMISSION_README = Rule("RUN113", "submission-readme", E,
    "Submission folder (§9.1): no README, or a README that does not describe the method's approach, its limitations "
    "and how to install and run it.",
    "Reviewers and the governance organisation must be able to understand and re-run a submitted method.",
    family=F)
SUBMISSION_METHOD_CODE = Rule("RUN114", "submission-method-code", E,
    "Submission folder (§9.1): no method code (no source file such as `*.py`, and no `method/` or `src/` folder).",
    "The submission *is* the method: the governance organisation runs it in its sandbox (§8.2).",
    family=F)
SUBMISSION_COST_REPORT = Rule("RUN115", "submission-cost-report", E,
    "Submission folder (§9.1): no cost report (a file whose name contains `cost`, or a `Cost` section in the README).",
    "Cost is one of the three dimensions of every result (§3); the leaderboard ranks by cost-adjusted score too.",
    family=F)
SUBMISSION_RUN_CARD_DOES_NOT_VERIFY = Rule("RUN116", "submission-run-card-does-not-verify", E,
    "Submission folder (§9.1): the run card has errors (missing fields, a broken seal or fingerprint, wrong arithmetic).",
    "A submission is judged by its run card; one that does not verify is refused.",
    family=F)
SUBMISSION_DEPENDENCY_MISSING = Rule("RUN117", "submission-dependency-missing", W,
    "Submission folder (§9.1): the card pins coaching data (`coaching_data_sha256`) but no file in the folder has that SHA-256.",
    "All dependencies — coaching data, dictionaries, prompts — must ship with the method, or it cannot be re-run.",
    family=F)

register_declared(globals())
