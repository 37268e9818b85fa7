"""A run card's fields, declared once (FORMATS.md §3; seed 002 §3–§5, §9; the harness's
``assemble_run_card``).

Every path reads these tables: RUN101's type and presence check (:mod:`.shape`, its clean
test of plain values too), RUN106's bounds (:mod:`.arith` for the card, :mod:`.results` for
each result, their messages from :meth:`Field.bounds_message`), RUN108's method classes and
the tiers (:mod:`.policy`, :mod:`.algorithms`), the published JSON Schema
(:mod:`.schemagen`), completion and hover (:mod:`.editor`) and the rules' docs. Changing a
constraint here (a bound, a vocabulary, whether a field is required) changes it everywhere;
a test patches one line and sends cards through every route.

A field's JSON types are written as the spec writes them (``integer|null``; ``sha256``: a
string of 64 hexadecimal digits): :func:`_f` turns them into a :class:`Field`'s type, other
types and form, and :func:`kinds` back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from msgspec.structs import replace

from goldlint.families.declare import Codes, Field
from goldlint.families.runcard.rules import COMPOSITE_OR_TIER_MISMATCH, RUNCARD_ARITHMETIC, RUNCARD_FIELD_MISSING_OR_WRONG_TYPE, UNKNOWN_METHOD_CLASS

HEX_DIGIT, SHA256_LENGTH = "0-9a-fA-F", 64  # (RUN101 names the first character that is not a hex digit, or the wrong length)
SHA256 = f"[{HEX_DIGIT}]{{{SHA256_LENGTH}}}"
SHA256_TEXT = "SHA-256, 64 hexadecimal digits."

_CODES = Codes(missing=RUNCARD_FIELD_MISSING_OR_WRONG_TYPE, type=RUNCARD_FIELD_MISSING_OR_WRONG_TYPE, form=RUNCARD_FIELD_MISSING_OR_WRONG_TYPE,
               range=RUNCARD_ARITHMETIC)


def _f(name: str, kinds: str, required: bool = True, **more: Any) -> Field:
    """A field from its kinds as the spec writes them (``sha256|null``)."""
    types = ["string" if k == "sha256" else k for k in kinds.split("|")]
    return Field(name, types[0], more.pop("codes", _CODES), required=required, also=tuple(types[1:]), form=SHA256 if "sha256" in kinds else None, **more)


def kinds(f: Field) -> str:
    """A field's JSON types as the spec writes them (``object|sha256``)."""
    return "|".join("sha256" if t == "string" and f.form == SHA256 else t for t in (f.type, *f.also))


def _nonnegative(fields: Iterable[Field], but: tuple[str, ...] = ()) -> tuple[Field, ...]:
    """Every number of a block is a count, a rate, a score or a cost: none is negative (RUN106)."""
    out = []
    for f in fields:
        numeric = {"number", "integer"} & {f.type, *f.also}
        if numeric and f.name not in but and f.minimum is None:
            f = replace(f, minimum=0)
        out.append(f)
    return tuple(out)


# The method classes of §9.6 (RUN108; ``runcard.extra-method-classes`` extends them).
METHOD_CLASSES: dict[str, str] = {
    "raw-llm": "Direct LLM call with no language-specific engineering.",
    "coached-llm": "LLM with coaching data (examples, grammar notes, dictionary entries).",
    "pipeline": "Multi-step pipeline (e.g. translate → FST validate → retry).",
    "custom-plugin": "Custom TranslationProcess plugin.",
    "api": "External translation API (Google Translate, DeepL, etc.).",
    "human": "Human translator baseline.",
}

# The quality tiers (§5), top down: the composite each needs, and whether claiming it needs a
# human-validation record (§5, §7.2; RUN111). The composite's tier is the first it reaches (RUN107).
QUALITY_TIERS: tuple[tuple[str, float, bool], ...] = (
    ("fluent", 0.85, True),
    ("deployable", 0.70, True),
    ("functional", 0.50, False),
    ("emerging", 0.30, False),
    ("baseline", 0.00, False),
)
UNSCORED = "unscored"  # the tier of a card without a composite


def _tier_docs() -> dict[str, str]:
    docs = {}
    for name, least, validated in QUALITY_TIERS:
        need = " (needs human validation to be claimed)" if validated else ""
        docs[name] = f"Composite ≥ {least:.2f}{need}." if least > 0 else f"Composite below {QUALITY_TIERS[-2][1]:.2f}."
    docs[UNSCORED] = "No metric available: no composite."
    return docs


TIERS: dict[str, str] = _tier_docs()

#: Tiers that may only be claimed with a human-validation record (§5, §7.2).
VALIDATED_TIERS: frozenset[str] = frozenset(name for name, _, validated in QUALITY_TIERS if validated)

#: Verification tiers (§9.4) that are a human-validation record by themselves.
VALIDATING_VERIFICATION: frozenset[str] = frozenset({"community_validated", "community validated", "community-validated"})

METHOD_CLASS = Codes(type=RUNCARD_FIELD_MISSING_OR_WRONG_TYPE, vocabulary=UNKNOWN_METHOD_CLASS)
TIER = Codes(vocabulary=COMPOSITE_OR_TIER_MISMATCH)

TOP: tuple[Field, ...] = (
    _f("run_id", "string"),
    _f("harness_version", "string"),
    _f("timestamp", "string"),
    _f("elapsed_seconds", "number", minimum=0),
    _f("model_slug", "string"),
    _f("model_id", "string|null", False),
    _f("condition", "string"),
    _f("temperature", "number"),
    _f("max_tokens", "integer|null", False),
    _f("system_prompt_sha256", "sha256"),
    _f("system_prompt_used", "string"),
    _f("coaching_data_sha256", "sha256|null", False),
    _f("fst_version", "string|null", False),
    _f("tools_enabled", "boolean|array|null", False),
    _f("batch_size", "integer|null", False),
    _f("concurrency", "integer|null", False),
    _f("max_retries", "integer|null", False),
    _f("dataset", "object"),
    _f("scores", "object"),
    _f("totals", "object"),
    _f("results", "array", False),
    _f("cache_hits", "integer", False),
    _f("by_segment", "object", False),
    _f("provenance", "object|null", False),
    _f("method_card", "object|null", False, members=(Field("class", "string", METHOD_CLASS, required=False, values=METHOD_CLASSES, label="method class"),)),
    _f("method_class", "string", False, codes=METHOD_CLASS, values=METHOD_CLASSES, label="method class"),
    _f("method_config", "object|null", False, members=(Field("qualityTier", "string", TIER, required=False, values=TIERS, label="quality tier"),)),
    _f("corpus_bleu", "number|null", False),
    _f("corpus_license", "string|null", False),
    _f("corpus_attribution", "string|null", False),
    _f("human_validation", "object|array|null", False),
    _f("verification_tier", "string|null", False),
    _f("fingerprint", "object|sha256"),
    _f("run_card_hash", "sha256"),
)

DATASET: tuple[Field, ...] = _nonnegative((
    _f("id", "string"),
    _f("version", "string|null"),
    _f("language_pair", "string"),
    _f("source_lang", "string", False),
    _f("target_lang", "string", False),
    _f("sha256", "sha256"),
    _f("entry_count", "integer"),
    _f("path", "string", False),
))



UNIT = (0, 1)  # the bounds of a rate or a score


def _unit(name: str, kinds: str, required: bool = True) -> Field:
    return _f(name, kinds, required, minimum=UNIT[0], maximum=UNIT[1])


SCORES: tuple[Field, ...] = _nonnegative((
    _f("total", "integer"),
    _f("evaluated", "integer", False),
    _f("exact_matches", "integer"),
    _unit("exact_match_rate", "number"),
    _f("equivalent_matches", "integer|null", False),
    _unit("equivalent_match_rate", "number|null", False),
    _f("fst_accepted", "integer|null", False),
    _unit("fst_acceptance_rate", "number|null", False),
    _unit("morphological_accuracy", "number|null", False),
    _f("chrf_plus_plus", "number|null", minimum=0, maximum=100, note="chrF++ is on sacrebleu's 0–100 scale"),
    _f("ter", "number|null", False),
    _f("length_ratio", "number|null", False),
    _unit("semantic_score", "number|null", False),
    _unit("code_switching_rate", "number|null", False),
    _unit("hallucination_rate", "number|null", False),
    _unit("terminology_adherence", "number|null", False),
    _unit("orthographic_accuracy", "number|null", False),
    _unit("style_consistency_rate", "number|null", False),
    _unit("composite", "number|null"),
    _f("cost_adjusted", "number|null", False),
    _f("quality_tier", "string", False, values=TIERS, label="quality tier", codes=Codes(type=RUNCARD_FIELD_MISSING_OR_WRONG_TYPE,
                                                                                       vocabulary=COMPOSITE_OR_TIER_MISMATCH)),
    _f("errors", "integer"),
    _f("by_difficulty", "object"),
    _f("by_domain", "object", False),
    _f("by_provenance", "object"),
    _f("avg_latency_seconds", "number|null", False),
    _f("median_latency_seconds", "number|null", False),
    _f("p95_latency_seconds", "number|null", False),
    _f("tokens_per_second", "number|null", False),
    _f("entries_per_minute", "number|null", False),
    _f("comet_score", "number|null", False),
    _f("confidence_intervals", "object", False),
), but=("ter",))  # (TER may exceed 1 and is never negative in practice, but the harness does not bound it)

TOTALS: tuple[Field, ...] = _nonnegative((
    _f("prompt_tokens", "integer"),
    _f("completion_tokens", "integer"),
    _f("reasoning_tokens", "integer"),
    _f("cached_tokens", "integer"),
    _f("total_cost_usd", "number"),
    _f("cached_cost_usd", "number", False),
    _f("cost_per_entry_usd", "number|null"),
    _f("cost_per_source_char", "number|null", False),
    _f("tokens_per_entry", "number|null", False),
    _f("cost_per_1k_tokens", "number|null", False),
))

# A member of a result's ``usage`` (a token count): never negative.
USAGE_COUNT = Field("usage", "number", _CODES, minimum=0)

RESULT: tuple[Field, ...] = (
    _f("entry_id", "integer|string"),
    _f("source", "string"),
    _f("reference", "string"),
    _f("predicted", "string|null"),
    _f("exact_match", "boolean"),
    _f("entry_chrf", "number|null", False, minimum=0, maximum=100),
    _f("fst_accepted", "boolean|null", False),
    _f("fst_analysis", "array|null", False),
    _f("difficulty", "integer|null", False),
    _f("provenance", "string|null", False),
    _f("variant_class", "string|null", False),
    _f("latency_seconds", "number|null", False, minimum=0),
    _f("usage", "object|null", False),
    _f("error", "string|null", False),
)

FINGERPRINT: tuple[Field, ...] = (
    _f("hash", "sha256"),
    _f("components", "object"),
)

#: Each object of a card with its fields: the card itself (``""``), its blocks, a result.
BLOCKS: dict[str, tuple[Field, ...]] = {"": TOP, "dataset": DATASET, "scores": SCORES, "totals": TOTALS, "fingerprint": FINGERPRINT, "result": RESULT}

#: Where a card may name its corpus file (RUN105, RUN109), tried in this order.
CORPUS_PATH_FIELDS: tuple[tuple[str, ...], ...] = (("dataset", "path"), ("dataset", "corpus_path"), ("corpus_path",), ("config", "corpus_path"))


def table(fields: tuple[Field, ...]) -> dict[str, tuple[str, bool]]:
    """A block's fields as RUN101 reads them: name → (kinds, required)."""
    return {f.name: (kinds(f), f.required) for f in fields}


def bounded(fields: tuple[Field, ...]) -> dict[str, Field]:
    """The fields of a block that have bounds (RUN106), by name."""
    return {f.name: f for f in fields if f.minimum is not None or f.maximum is not None}


_INSIDE: dict[str, tuple[Field, ...]] = {"dataset": DATASET, "scores": SCORES, "totals": TOTALS, "fingerprint": FINGERPRINT}


def at(path: tuple[str | int, ...]) -> Field | None:
    """The declared field at a path of the card (``("method_card", "class")``), or None."""
    fields, found = TOP, None
    for step in path:
        found = next((f for f in fields if f.name == step), None)
        if found is None:
            return None
        fields = _INSIDE.get(found.name, found.members) if fields is TOP else found.members
    return found


def facts() -> Mapping[str, object]:
    """What the rules' docs say of the declaration: the method classes, the tiers' thresholds."""
    tiers = ", ".join(f"{least:.2f} {name}" for name, least, _ in QUALITY_TIERS[:-1])
    chrf = next(f for f in SCORES if f.name == "chrf_plus_plus")
    return {"method_classes": ", ".join(METHOD_CLASSES), "tiers": f"{tiers}, else {QUALITY_TIERS[-1][0]}",
            "unit": f"[{UNIT[0]}, {UNIT[1]}]", "chrf": f"[{chrf.minimum}, {chrf.maximum}]",
            "validated": " or ".join(name.capitalize() for name, _, v in reversed(QUALITY_TIERS) if v)}
