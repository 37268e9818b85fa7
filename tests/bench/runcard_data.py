"""Deterministic `runcard` files (FORMATS.md §3) with N per-entry results.

A run card's per-entry data is its ``results`` array (§3.7: RUN106 sums, RUN109 ids), so a
card "of N entries" is one with N results; its every aggregate (counts, rates, mean
latency, token totals, composite, tier) is computed from those results, and the card is
sealed (fingerprint, ``run_card_hash``) with goldlint's own algorithms — the ones the
harness uses (a test reproduces the harness's real card with them). With
``defective=True`` every 100th result carries one defect, cycling through ``DEFECTS``;
the aggregates are computed after the defects and the card is sealed again, so only the
per-result defects are findings (not a broken seal or a wrong sum).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from goldlint.families.runcard import algorithms as alg

DEFECTS = (
    "duplicate-entry-id",     # RUN109
    "chrf-over-100",          # RUN106
    "missing-reference",      # RUN101
    "exact-match-as-string",  # RUN101
    "latency-as-string",      # RUN101
)
SEED = 20261122
PROMPT = "Translate from English to Plains Cree. Answer with the translation only."
WORDS = ["atim", "nipiy", "maskwa", "sīsīp", "wāpos", "mistik", "asiniy", "kīsikāw", "pimātisiwin", "wīkiwin"]
ENGLISH = ["dog", "water", "bear", "duck", "rabbit", "tree", "stone", "day", "life", "home"]


def _result(n: int, rng: random.Random) -> dict[str, Any]:
    words = [rng.randrange(len(WORDS)) for _ in range(rng.randint(2, 5))]
    reference = " ".join(WORDS[w] for w in words) + f" {n}"
    exact = rng.random() < 0.3
    predicted = reference if exact else " ".join(WORDS[rng.randrange(len(WORDS))] for _ in words) + f" {n}"
    return {
        "entry_id": n, "source": " ".join(ENGLISH[w] for w in words) + f" {n}", "reference": reference, "predicted": predicted,
        "exact_match": exact, "entry_chrf": 100.0 if exact else round(rng.uniform(5, 90), 2), "fst_accepted": None,
        "fst_analysis": None, "difficulty": n % 5 + 1, "provenance": ("textbook", "elicited", "corpus")[n % 3],
        "latency_seconds": round(rng.uniform(0.2, 3.0), 3), "error": None,
        "usage": {"prompt_tokens": rng.randint(80, 160), "completion_tokens": rng.randint(5, 40), "reasoning_tokens": 0},
    }


def _defect(kind: str, result: dict[str, Any], previous: dict[str, Any]) -> None:
    if kind == "duplicate-entry-id":
        result["entry_id"] = previous["entry_id"]
    elif kind == "chrf-over-100":
        result["entry_chrf"] = 150.0
    elif kind == "missing-reference":
        del result["reference"]
    elif kind == "exact-match-as-string":
        result["exact_match"] = "yes"
    elif kind == "latency-as-string":
        result["latency_seconds"] = str(result["latency_seconds"])


def _num(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def card(records: int, defective: bool = False, seed: int = SEED) -> dict[str, Any]:
    rng = random.Random(seed)
    results: list[dict[str, Any]] = []
    for n in range(1, records + 1):
        r = _result(n, rng)
        if defective and n % 100 == 0:
            _defect(DEFECTS[(n // 100 - 1) % len(DEFECTS)], r, results[-1])
        results.append(r)
    exact = sum(1 for r in results if r.get("exact_match") is True)
    latencies = [r["latency_seconds"] for r in results if _num(r.get("latency_seconds"))]
    usage = {k: sum(r["usage"][k] for r in results) for k in ("prompt_tokens", "completion_tokens")}
    chrf = [r["entry_chrf"] for r in results if _num(r.get("entry_chrf")) and 0 <= r["entry_chrf"] <= 100]
    scores: dict[str, Any] = {
        "total": records, "evaluated": records, "exact_matches": exact, "exact_match_rate": round(exact / records, 4),
        "equivalent_matches": None, "equivalent_match_rate": None, "fst_accepted": None, "fst_acceptance_rate": None,
        "morphological_accuracy": None, "chrf_plus_plus": round(sum(chrf) / len(chrf), 2), "semantic_score": 0.2,
        "composite": None, "quality_tier": None, "errors": 0, "by_difficulty": {}, "by_provenance": {},
        "avg_latency_seconds": round(sum(latencies) / len(latencies), 3),
    }
    scores["composite"] = alg.composite(scores)
    scores["quality_tier"] = alg.quality_tier(scores["composite"])
    cost = round(0.0004 * records, 4)
    out: dict[str, Any] = {
        "run_id": "1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b", "harness_version": "3.0.0", "timestamp": "2026-11-22T10:00:00Z",
        "elapsed_seconds": round(sum(latencies), 1), "model_slug": "bench/model-small", "condition": "naive", "temperature": 0.0,
        "system_prompt_sha256": alg.sha256_text(PROMPT), "system_prompt_used": PROMPT, "tools_enabled": False, "batch_size": 25,
        "dataset": {"id": "bench-eng-crk", "version": "1.0.0", "language_pair": "EN→CRK", "sha256": "a" * 64, "entry_count": records},
        "scores": scores,
        "totals": {**usage, "reasoning_tokens": 0, "cached_tokens": 0, "total_cost_usd": cost,
                   "cost_per_entry_usd": round(cost / records, 6)},
        "results": results,
        "method_card": {"class": "raw-llm"},
        "fingerprint": {}, "run_card_hash": "",
    }
    comps = alg.fingerprint_components(out)
    out["fingerprint"] = {"hash": alg.fingerprint(comps), "components": comps}
    out["run_card_hash"] = alg.run_card_hash(out)
    return out


def write(path: Path, records: int, defective: bool = False) -> None:
    tmp = path.with_suffix(".partial")
    tmp.write_text(json.dumps(card(records, defective), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
