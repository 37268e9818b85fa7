"""The run-card algorithms of the Rosetta harness, as pure functions.

These reproduce what the public harness (gds-mt-eval-harness ``publish.assemble_run_card``
and ``scoring.py``) computes, verified against its cards. The ``runcard`` checks recompute
with them, and the ``score`` command imports them to produce cards: keep the names and
signatures stable.

- :func:`fingerprint` — the harness form: SHA-256 of ``json.dumps(components,
  sort_keys=True, ensure_ascii=False)`` over 8 components.
- :func:`fingerprint_seed_form` — the seed's (BENCHMARK_SPEC §3.8) 6-component "sorted
  concatenation".
- :func:`run_card_hash` — SHA-256 of the card with ``run_card_hash`` set to ``""``.
- :func:`composite` / :func:`quality_tier` — SCORING_SPEC §4 and §5.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from goldlint.families.runcard import declaration

#: The harness's fingerprint components (publish.py), in the order it writes them.
FINGERPRINT_COMPONENTS: tuple[str, ...] = (
    "dataset_sha256",
    "model_slug",
    "condition",
    "system_prompt_sha256",
    "temperature",
    "batch_size",
    "tools_enabled",
    "harness_version",
)

#: The seed's six components (§3.8): the harness form without batch size and tools.
SEED_FINGERPRINT_COMPONENTS: tuple[str, ...] = (
    "dataset_sha256",
    "model_slug",
    "condition",
    "system_prompt_sha256",
    "temperature",
    "harness_version",
)

#: Profile A: languages with FST coverage (9 metrics).
WEIGHTS_PROFILE_A: dict[str, float] = {
    "fst_acceptance_rate": 0.25,
    "morphological_accuracy": 0.15,
    "chrf_plus_plus": 0.15,
    "semantic_score": 0.15,
    "equivalent_match_rate": 0.10,
    "code_switching_rate": 0.05,
    "terminology_adherence": 0.05,
    "hallucination_rate": 0.05,
    "exact_match_rate": 0.05,
}

#: Profile B: languages without FST coverage (8 metrics).
WEIGHTS_PROFILE_B: dict[str, float] = {
    "chrf_plus_plus": 0.25,
    "semantic_score": 0.25,
    "equivalent_match_rate": 0.15,
    "code_switching_rate": 0.10,
    "exact_match_rate": 0.10,
    "terminology_adherence": 0.05,
    "hallucination_rate": 0.05,
    "orthographic_accuracy": 0.05,
}

#: Metrics that enter the composite as ``1 - x`` (lower is better).
INVERTED_METRICS: frozenset[str] = frozenset({"code_switching_rate", "hallucination_rate"})

#: Quality tiers, evaluated top down: the first threshold the composite reaches wins (declared with the card's fields).
QUALITY_TIERS: tuple[tuple[float, str], ...] = tuple((least, name) for name, least, _ in declaration.QUALITY_TIERS)
UNSCORED = declaration.UNSCORED


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _utf8(text: str) -> bytes:
    # A lone surrogate (from a ``\ud800`` escape) cannot be UTF-8: hash its code units
    # the way CPython's surrogatepass writes them instead of failing.
    return text.encode("utf-8", "surrogatepass")


def sha256_text(s: str) -> str:
    """SHA-256 (hex) of a text's UTF-8 bytes, e.g. ``system_prompt_sha256`` of ``system_prompt_used``."""
    return _sha256(_utf8(s))


def sha256_file(path: str | Path) -> str:
    """SHA-256 (hex) of a file's bytes, read in chunks (``dataset.sha256`` of a corpus file)."""
    digest = hashlib.sha256()
    with Path(path).open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def fingerprint(components: Mapping[str, Any]) -> str:
    """The harness fingerprint: SHA-256 of ``json.dumps(components, sort_keys=True,
    ensure_ascii=False)`` (default separators ``", "`` and ``": "``).

    ``components`` is hashed as given (normally the 8 :data:`FINGERPRINT_COMPONENTS`); the
    harness stores them under ``fingerprint.components``.
    """
    return sha256_text(_dumps(dict(components)))


def _seed_value(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    return json.dumps(value)  # numbers and booleans as JSON writes them: 0.0, 0.7, true


def fingerprint_seed_form(components: Mapping[str, Any]) -> str:
    """The seed's fingerprint (BENCHMARK_SPEC §3.8): SHA-256 of the "sorted concatenation"
    of the 6 :data:`SEED_FINGERPRINT_COMPONENTS`.

    Read as: the components' values, taken in the sorted order of their names, written as
    text (strings as they are, numbers and booleans as JSON writes them, null as nothing)
    and concatenated without separator. Components beyond the six are ignored.
    """
    text = "".join(_seed_value(components.get(name)) for name in sorted(SEED_FINGERPRINT_COMPONENTS))
    return sha256_text(text)


def run_card_hash(card: Mapping[str, Any]) -> str:
    """The tamper seal: ``run_card_hash`` set to ``""``, then SHA-256 of
    ``json.dumps(card, sort_keys=True, ensure_ascii=False)``.

    Raises ``TypeError``/``ValueError`` only for values JSON cannot write (a non-string
    key from YAML, a set); a card read from JSON always hashes.
    """
    sealed = dict(card)
    sealed["run_card_hash"] = ""
    return sha256_text(_dumps(sealed))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def normalise_metric(name: str, value: float) -> float:
    """A metric on the composite's 0–1 scale: chrF++ ÷ 100, code-switching and
    hallucination rates inverted (``1 - x``), every other metric as it is."""
    if name == "chrf_plus_plus":
        return value / 100.0
    if name in INVERTED_METRICS:
        return 1.0 - value
    return value


def profile(metrics: Mapping[str, Any]) -> str:
    """``"A"`` when ``fst_acceptance_rate`` is a number (FST coverage), else ``"B"``."""
    return "A" if _number(metrics.get("fst_acceptance_rate")) is not None else "B"


def composite(metrics: Mapping[str, Any]) -> float | None:
    """The weighted composite (SCORING_SPEC §4): the mean of the metrics present, weighted
    by the profile's table with the weights of the present metrics renormalised to 1,
    rounded to 4 decimals. Profile A when ``fst_acceptance_rate`` is present, else B.
    ``None`` when no weighted metric is present. Non-numbers (null, strings, booleans,
    NaN) count as absent.
    """
    weights = WEIGHTS_PROFILE_A if profile(metrics) == "A" else WEIGHTS_PROFILE_B
    present = [(w, normalise_metric(name, v)) for name, w in weights.items() if (v := _number(metrics.get(name))) is not None]
    total = sum(w for w, _ in present)
    if not present or total == 0:
        return None
    return round(sum((w / total) * v for w, v in present), 4)


def quality_tier(composite: float | None) -> str:
    """The tier of a composite: the first of :data:`QUALITY_TIERS` whose threshold it reaches
    (top down), else the last; ``None`` is ``"unscored"``."""
    if composite is None:
        return UNSCORED
    for threshold, name in QUALITY_TIERS:
        if composite >= threshold:
            return name
    return QUALITY_TIERS[-1][1]


def cost_adjusted(composite: float | None, cost_per_entry_usd: float | None) -> float | None:
    """SCORING_SPEC §6.3: ``composite / log2(1 + cost_per_entry_usd × 1000)``, rounded to 4
    decimals; the composite itself when the cost is zero; ``None`` when either is missing."""
    if composite is None or cost_per_entry_usd is None:
        return None
    if cost_per_entry_usd <= 0:
        return round(composite, 4)
    denominator = math.log2(1.0 + cost_per_entry_usd * 1000.0)
    return round(composite / denominator, 4) if denominator else round(composite, 4)


def fingerprint_components(card: Mapping[str, Any]) -> dict[str, Any]:
    """The 8 harness components as the harness takes them from a card's own fields."""
    dataset = card.get("dataset")
    return {
        "dataset_sha256": dataset.get("sha256") if isinstance(dataset, Mapping) else None,
        "model_slug": card.get("model_slug"),
        "condition": card.get("condition"),
        "system_prompt_sha256": card.get("system_prompt_sha256"),
        "temperature": card.get("temperature"),
        "batch_size": card.get("batch_size"),
        "tools_enabled": card.get("tools_enabled"),
        "harness_version": card.get("harness_version"),
    }
