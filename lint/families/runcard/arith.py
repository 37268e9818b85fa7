"""RUN106 (the card's arithmetic, §3–§4.3) and RUN107 (composite and quality tier).

Stored numbers are rounded (rates to 4 decimals, costs to 6), so every comparison allows
the rounding of the number it checks and nothing more.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from goldlint.families.base import Report
from goldlint.families.corpus.fields import is_int, is_num
from goldlint.families.runcard import algorithms as alg
from goldlint.families.runcard import declaration
from goldlint.families.runcard.rules import COMPOSITE_OR_TIER_MISMATCH, RUNCARD_ARITHMETIC
from goldlint.findings import At

RATE_TOLERANCE = 0.5e-4 + 1e-9  # a rate rounded to 4 decimals
COMPOSITE_TOLERANCE = 1e-4  # the composite of rounded metrics, rounded again


def _rate_ok(rate: float, count: int, n: int) -> bool:
    scaled = rate * n
    return abs(rate - count / n) <= RATE_TOLERANCE or (math.isfinite(scaled) and round(scaled) == count)


def _close(a: float, b: float, absolute: float, relative: float = 0.0) -> bool:
    return abs(a - b) <= max(absolute, relative * abs(b))


def check(report: Report, card: dict[str, Any], good: dict[str, set[str]]) -> None:
    scores: Any = card.get("scores") if good["scores"] else None
    s_ok = good["scores"]
    _ranges(report, card, good)
    ds_ok = good["dataset"]
    total = scores["total"] if scores is not None and "total" in s_ok else None
    if "entry_count" in ds_ok and total is not None and card["dataset"]["entry_count"] != total:
        RUNCARD_ARITHMETIC.report(report, At(("dataset", "entry_count")), f"`dataset.entry_count` is {card['dataset']['entry_count']} but `scores.total` is {total}")
    if scores is not None:
        _rates(report, scores, s_ok)
        _breakdowns(report, scores, s_ok)
    _costs(report, card, good)
    results = card.get("results") if "results" in good[""] else None
    if results is not None:
        from goldlint.families.runcard.results import check_sums

        check_sums(report, card, good, results)


_BOUNDED = {block: declaration.bounded(declaration.BLOCKS[block]) for block in ("scores", "totals", "dataset", "")}


def _ranges(report: Report, card: dict[str, Any], good: dict[str, set[str]]) -> None:
    """Every number of the card outside its declared bounds (a rate above one, a negative count)."""
    for block, bounded in _BOUNDED.items():
        obj: Any = card.get(block) if block else card
        for name in good[block]:
            f = bounded.get(name)
            v = obj[name]
            if f is not None and is_num(v) and f.outside(v):
                RUNCARD_ARITHMETIC.report(report, At((block, name) if block else (name,)), f.bounds_message(name, v))


def _rates(report: Report, scores: dict[str, Any], ok: set[str]) -> None:
    total: Any = scores["total"] if "total" in ok else None
    evaluated: Any = scores["evaluated"] if "evaluated" in ok else None
    errors: Any = scores["errors"] if "errors" in ok else None
    if total is not None and evaluated is not None and errors is not None and evaluated != total - errors:
        RUNCARD_ARITHMETIC.report(report, At(("scores", "evaluated")), f"`evaluated` is {evaluated} but total − errors is {total - errors}")
    for count_name, rate_name in (("exact_matches", "exact_match_rate"), ("equivalent_matches", "equivalent_match_rate")):
        if count_name not in ok or rate_name not in ok:
            continue
        count, rate = scores[count_name], scores[rate_name]
        if not is_int(count) or not is_num(rate):
            continue
        bases: list[int] = [n for n in (evaluated, total) if is_int(n) and n > 0]
        if bases and not any(_rate_ok(rate, count, n) for n in bases):
            RUNCARD_ARITHMETIC.report(report, At(("scores", rate_name)),
                                      f"`{rate_name}` is {rate} but {count_name}/total is {count}/{bases[-1]} = {count / bases[-1]:.4f}")
        if bases and count > max(bases):
            RUNCARD_ARITHMETIC.report(report, At(("scores", count_name)), f"`{count_name}` ({count}) exceeds the number of entries ({max(bases)})")


def _breakdowns(report: Report, scores: dict[str, Any], ok: set[str]) -> None:
    """by_difficulty / by_domain / by_provenance: counts sum to the totals, count = exact + miss + error."""
    wanted = {"count": scores.get("total") if "total" in ok else None,
              "exact_match_count": scores.get("exact_matches") if "exact_matches" in ok else None,
              "error_count": scores.get("errors") if "errors" in ok else None}
    for block in ("by_difficulty", "by_domain", "by_provenance"):
        groups = scores.get(block) if block in ok else None
        if not groups:
            continue
        sums = {k: 0 for k in wanted}
        complete = True
        for key, g in groups.items():
            if not isinstance(g, dict) or not all(is_int(g.get(k)) for k in wanted):
                complete = False
                continue
            for k in wanted:
                sums[k] += g[k]
            if is_int(g.get("miss_count")) and g["count"] != g["exact_match_count"] + g["miss_count"] + g["error_count"]:
                RUNCARD_ARITHMETIC.report(report, At(("scores", block, key, "count")),
                                          f"`count` is {g['count']} but exact + miss + error is {g['exact_match_count'] + g['miss_count'] + g['error_count']}")
        if not complete:
            continue
        for k, want in wanted.items():
            if is_int(want) and sums[k] != want:
                RUNCARD_ARITHMETIC.report(report, At(("scores", block), key=True), f"the `{k}` values of `{block}` add up to {sums[k]}, not {want}")


def _costs(report: Report, card: dict[str, Any], good: dict[str, set[str]]) -> None:
    t_ok = good["totals"]
    totals: Any = card.get("totals")
    # The entries a run covered: scores.total (what the harness divides by), else dataset.entry_count;
    # a disagreement between the two is reported once, not again in every derived number.
    n: Any = card["scores"]["total"] if "total" in good["scores"] else None
    if not n and "entry_count" in good["dataset"]:
        n = card["dataset"]["entry_count"]
    if {"total_cost_usd", "cost_per_entry_usd"} <= t_ok and is_int(n) and n > 0 and is_num(totals["cost_per_entry_usd"]):
        expected = totals["total_cost_usd"] / n
        if not _close(totals["cost_per_entry_usd"], expected, 5e-7, 5e-3):
            RUNCARD_ARITHMETIC.report(report, At(("totals", "cost_per_entry_usd")),
                                      f"`cost_per_entry_usd` is {totals['cost_per_entry_usd']} but total_cost_usd / entries is {expected:.6g}")
    if "tokens_per_entry" in t_ok and is_num(totals["tokens_per_entry"]) and is_int(n) and n > 0 and {"prompt_tokens", "completion_tokens"} <= t_ok:
        expected = (totals["prompt_tokens"] + totals["completion_tokens"]) / n
        if not _close(totals["tokens_per_entry"], expected, 0.005 + 1e-9):
            RUNCARD_ARITHMETIC.report(report, At(("totals", "tokens_per_entry")), f"`tokens_per_entry` is {totals['tokens_per_entry']} but tokens / entries is {expected:.2f}")
    s_ok = good["scores"]
    scores: Any = card.get("scores")
    if "entries_per_minute" in s_ok and is_num(scores["entries_per_minute"]) and "elapsed_seconds" in good[""] and card["elapsed_seconds"] > 0 and is_int(n):
        expected = n / (card["elapsed_seconds"] / 60)
        if not _close(scores["entries_per_minute"], expected, 0.005 + 1e-9, 1e-6):
            RUNCARD_ARITHMETIC.report(report, At(("scores", "entries_per_minute")),
                                      f"`entries_per_minute` is {scores['entries_per_minute']} but entries / minutes is {expected:.2f}")
    if "cost_adjusted" in s_ok and is_num(scores["cost_adjusted"]) and "composite" in s_ok and is_num(scores["composite"]) \
            and "cost_per_entry_usd" in t_ok and is_num(totals["cost_per_entry_usd"]):
        expected = alg.cost_adjusted(scores["composite"], totals["cost_per_entry_usd"])
        if expected is not None and not _close(scores["cost_adjusted"], expected, 1e-4, 1e-3):
            RUNCARD_ARITHMETIC.report(report, At(("scores", "cost_adjusted")),
                                      f"`cost_adjusted` is {scores['cost_adjusted']} but composite / log2(1 + 1000 × cost per entry) is {expected}")


def check_composite(report: Report, card: dict[str, Any], good: dict[str, set[str]]) -> str | None:
    """RUN107; returns the tier the card should have (``None`` when it cannot be said)."""
    s_ok = good["scores"]
    if not s_ok:
        return None
    scores = card["scores"]
    recomputed = alg.composite({k: scores[k] for k in s_ok})
    stored: Any = scores.get("composite") if "composite" in s_ok else _ABSENT
    if stored is not _ABSENT:
        if stored is None and recomputed is not None:
            COMPOSITE_OR_TIER_MISMATCH.report(report, At(("scores", "composite")), f"`composite` is null but the card's metrics give {recomputed} (profile {alg.profile(scores)})")
        elif is_num(stored) and (recomputed is None or abs(stored - recomputed) > COMPOSITE_TOLERANCE):
            shown = "no composite (no weighted metric)" if recomputed is None else f"{recomputed} (profile {alg.profile(scores)})"
            COMPOSITE_OR_TIER_MISMATCH.report(report, At(("scores", "composite")), f"`composite` is {stored} but the card's metrics give {shown}")
    basis = stored if stored is not _ABSENT and (stored is None or is_num(stored)) else recomputed
    tier = alg.quality_tier(basis if basis is None or is_num(basis) else None)
    for block, name in (("scores", "quality_tier"), ("method_config", "qualityTier")):
        obj = card.get(block)
        value = obj.get(name) if isinstance(obj, dict) else None
        if isinstance(value, str) and value != tier:
            COMPOSITE_OR_TIER_MISMATCH.report(report, At((block, name)), f"`{name}` is `{value}` but a composite of {basis} is `{tier}`")
    return tier


_ABSENT = object()


def median_ok(value: float, latencies: list[float]) -> bool:
    """The median as statistics computes it, or the harness's upper-middle element."""
    ordered = sorted(latencies)
    candidates = (statistics.median(ordered), ordered[len(ordered) // 2])
    return any(_close(value, c, 0.0005 + 1e-9) for c in candidates)
