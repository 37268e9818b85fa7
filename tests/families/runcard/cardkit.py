"""Helpers for the run-card tests: the real card, a small consistent card, and positions.

Positions are found in the written text independently of goldlint (by searching the
token), so a test asserting ``(code, line, column)`` checks the resolver too.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from goldlint import config as cfg
from goldlint.diagnostics import Diagnostic
from goldlint.engine import check_file
from goldlint.families.runcard import algorithms as alg

DATA = Path(__file__).resolve().parents[2] / "data" / "rosetta"
REAL_CARD = DATA / "run_card_example.json"
REAL_CORPUS = DATA / "curated" / "eng-sna-dev-v1.json"


def real_card() -> dict[str, Any]:
    return json.loads(REAL_CARD.read_text(encoding="utf-8"))


def reseal(card: dict[str, Any], fingerprint: bool = True) -> dict[str, Any]:
    """Recompute the fingerprint (from the card's fields) and the run-card hash."""
    if fingerprint and isinstance(card.get("fingerprint"), dict):
        comps = alg.fingerprint_components(card)
        card["fingerprint"] = {"hash": alg.fingerprint(comps), "components": comps}
    card["run_card_hash"] = alg.run_card_hash(card)
    return card


def small_card(n: int = 4, exact: int = 2, variant: bool = False) -> dict[str, Any]:
    """A spec-style card with ``n`` per-entry results whose every number is consistent."""
    prompt = "Translate from English to Plains Cree."
    results = []
    for i in range(n):
        ok = i < exact
        results.append({
            "entry_id": i + 1, "source": f"sentence {i}", "reference": f"ref {i}", "predicted": f"ref {i}" if ok else "x",
            "exact_match": ok, "entry_chrf": 100.0 if ok else 10.0, "fst_accepted": None, "fst_analysis": None,
            "difficulty": 2, "provenance": "textbook", "latency_seconds": 0.5 + i, "error": None,
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "reasoning_tokens": 0},
            **({"variant_class": "vc"} if variant else {}),
        })
    scores = {
        "total": n, "evaluated": n, "exact_matches": exact, "exact_match_rate": round(exact / n, 4),
        "equivalent_matches": None, "equivalent_match_rate": None, "fst_accepted": None, "fst_acceptance_rate": None,
        "morphological_accuracy": None, "chrf_plus_plus": 55.0, "semantic_score": 0.6,
        "composite": None, "quality_tier": None, "errors": 0, "by_difficulty": {}, "by_provenance": {},
        "avg_latency_seconds": round(sum(r["latency_seconds"] for r in results) / n, 3),
    }
    scores["composite"] = alg.composite(scores)
    scores["quality_tier"] = alg.quality_tier(scores["composite"])
    card: dict[str, Any] = {
        "run_id": "1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b", "harness_version": "2.0", "timestamp": "2026-05-26T10:00:00Z",
        "elapsed_seconds": 30.0, "model_slug": "google/gemini-2.5-flash", "condition": "coached-v3", "temperature": 0.3,
        "system_prompt_sha256": alg.sha256_text(prompt), "system_prompt_used": prompt, "tools_enabled": ["fst"], "batch_size": 1,
        "dataset": {"id": "edtekla-dev-v1", "version": "1.0", "language_pair": "EN→CRK", "sha256": "a" * 64, "entry_count": n},
        "scores": scores,
        "totals": {"prompt_tokens": 10 * n, "completion_tokens": 5 * n, "reasoning_tokens": 0, "cached_tokens": 0,
                   "total_cost_usd": 0.01 * n, "cost_per_entry_usd": 0.01},
        "results": results,
        "method_card": {"class": "coached-llm"},
        "fingerprint": {}, "run_card_hash": "",
    }
    return reseal(card)


def write(card: dict[str, Any] | str, folder: Path, name: str = "card.json", config: str | None = None) -> tuple[Path, str]:
    text = card if isinstance(card, str) else json.dumps(card, indent=2, ensure_ascii=False) + "\n"
    path = folder / name
    path.write_text(text, encoding="utf-8")
    if config is not None:
        (folder / "goldlint.yaml").write_text(config, encoding="utf-8")
    cfg.load.cache_clear()
    return path, text


def check(card: dict[str, Any] | str, folder: Path, name: str = "card.json", config: str | None = None) -> tuple[str, list[Diagnostic]]:
    path, text = write(card, folder, name, config)
    return text, check_file(path).diagnostics


def codes(diags: list[Diagnostic], prefix: str = "RUN") -> list[tuple[str, int, int]]:
    return [(d.code, d.span.start.line, d.span.start.column) for d in diags if d.code.startswith(prefix)]


def pos(text: str, needle: str, nth: int = 1, skip: int = 0) -> tuple[int, int]:
    """Line and column (1-based, code points) of the ``nth`` ``needle`` in ``text``, plus ``skip`` characters."""
    at = -1
    for _ in range(nth):
        at = text.index(needle, at + 1)
    at += skip
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, col


def value_pos(text: str, key: str, nth: int = 1) -> tuple[int, int]:
    """Where the value of ``"key": `` starts (the pretty-printed form ``json.dumps(indent=2)`` writes)."""
    needle = f'"{key}": '
    return pos(text, needle, nth, len(needle))


def mutated(card: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(card)
    node = out
    for step in path[:-1]:
        node = node[step]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


_DELETE = object()
DELETE = _DELETE
