"""Per-entry results (§3.7): their sums against the card (RUN106), duplicate ids (RUN109),
and, with the corpus at hand, unknown ids (RUN109) and suspiciously perfect variants (RUN110)."""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.base import Report
from goldlint.families.corpus.fields import is_int, is_num
from goldlint.families.runcard.arith import _close, median_ok
from goldlint.families.runcard.declaration import RESULT, USAGE_COUNT, bounded
from goldlint.families.runcard.rules import RUNCARD_ARITHMETIC, SUSPICIOUSLY_PERFECT_VARIANTS, UNKNOWN_OR_DUPLICATE_ENTRY_ID
from goldlint.findings import At
from goldlint.suggest import written_integer

_BOUNDED = bounded(RESULT)  # (a result's bounded numbers: its chrF, its latency)


def check_sums(report: Report, card: dict[str, Any], good: dict[str, set[str]], results: list[Any]) -> None:
    rows = [r for r in results if isinstance(r, dict)]
    n = len(results)
    ds: Any = card.get("dataset")
    scores: Any = card.get("scores")
    totals: Any = card.get("totals")
    if "entry_count" in good["dataset"] and ds["entry_count"] != n:
        RUNCARD_ARITHMETIC.report(report, At(("dataset", "entry_count")), f"`dataset.entry_count` is {ds['entry_count']} but the card has {n} results")
    if "total" in good["scores"] and scores["total"] != n:
        RUNCARD_ARITHMETIC.report(report, At(("scores", "total")), f"`scores.total` is {scores['total']} but the card has {n} results")
    if "exact_matches" in good["scores"]:
        exact = sum(1 for r in rows if r.get("exact_match") is True)
        if scores["exact_matches"] != exact:
            RUNCARD_ARITHMETIC.report(report, At(("scores", "exact_matches")), f"`exact_matches` is {scores['exact_matches']} but {exact} results have `exact_match: true`")
    if "errors" in good["scores"]:
        errors = sum(1 for r in rows if r.get("error") not in (None, ""))
        if scores["errors"] != errors:
            RUNCARD_ARITHMETIC.report(report, At(("scores", "errors")), f"`errors` is {scores['errors']} but {errors} results have an error")
    latencies = [r["latency_seconds"] for r in rows if is_num(r.get("latency_seconds")) and r.get("error") in (None, "")]
    if latencies:
        avg: Any = scores.get("avg_latency_seconds") if "avg_latency_seconds" in good["scores"] else None
        if is_num(avg) and not _close(avg, sum(latencies) / len(latencies), 0.0005 + 1e-9, 1e-6):
            RUNCARD_ARITHMETIC.report(report, At(("scores", "avg_latency_seconds")),
                                      f"`avg_latency_seconds` is {avg} but the results' mean is {sum(latencies) / len(latencies):.3f}")
        median: Any = scores.get("median_latency_seconds") if "median_latency_seconds" in good["scores"] else None
        if is_num(median) and not median_ok(median, latencies):
            RUNCARD_ARITHMETIC.report(report, At(("scores", "median_latency_seconds")), f"`median_latency_seconds` is {median}, not the median of the results' latencies")
    for name in ("prompt_tokens", "completion_tokens"):
        used = [r["usage"].get(name) for r in rows if isinstance(r.get("usage"), dict)]
        if used and all(is_int(u) for u in used) and name in good["totals"] and totals[name] != sum(used):
            RUNCARD_ARITHMETIC.report(report, At(("totals", name)), f"`{name}` is {totals[name]} but the results' usage adds up to {sum(used)}")
    count = USAGE_COUNT
    for i, r in enumerate(results):
        if not isinstance(r, dict):
            continue
        for name, f in _BOUNDED.items():
            value: Any = r.get(name)
            if is_num(value) and f.outside(value):
                RUNCARD_ARITHMETIC.report(report, At(("results", i, name)), f.bounds_message(name, value))
        usage: Any = r.get("usage")
        for name, used in usage.items() if isinstance(usage, dict) else ():
            if is_num(used) and count.outside(used):
                RUNCARD_ARITHMETIC.report(report, At(("results", i, "usage", name)), count.bounds_message(name, used))


def _key(value: Any) -> Any:
    return (type(value).__name__, value) if isinstance(value, (int, str)) and not isinstance(value, bool) else None


def check_ids(report: Report, results: list[Any], corpus: Any | None) -> None:
    """RUN109: duplicates always; unknown ids when the corpus (its id → entry map) is known."""
    seen: dict[Any, int] = {}
    for n, r in enumerate(results):
        if not isinstance(r, dict) or "entry_id" not in r:
            continue
        value = r["entry_id"]
        key = _key(value)
        if key is None:
            continue
        where = At(("results", n, "entry_id"))
        if key in seen:
            UNKNOWN_OR_DUPLICATE_ENTRY_ID.report(report, where, f"entry_id {json.dumps(value, ensure_ascii=False)} appears twice (first in result {seen[key]})")
            continue
        seen[key] = n
        if corpus is not None and value not in corpus.entries:
            other = str(value) if isinstance(value, int) else written_integer(value)
            hint = f" (the corpus has {json.dumps(other)}: a string/integer mix-up)" if other is not None and other in corpus.entries else ""
            UNKNOWN_OR_DUPLICATE_ENTRY_ID.report(report, where, f"entry_id {json.dumps(value, ensure_ascii=False)} is not an entry of the corpus `{corpus.name}`{hint}")


def check_variants(report: Report, results: list[Any], corpus: Any | None, minimum: int) -> None:
    """RUN110: every result of an entry with a variant class is an exact match."""
    judged = 0
    for r in results:
        if not isinstance(r, dict):
            continue
        vc = r.get("variant_class")
        if vc is None and corpus is not None and _key(r.get("entry_id")) is not None:
            entry = corpus.entries.get(r["entry_id"])
            vc = entry.get("variant_class") if isinstance(entry, dict) else None
        if not isinstance(vc, str) or not vc:
            continue
        if r.get("exact_match") is not True:
            return
        judged += 1
    if judged >= minimum:
        SUSPICIOUSLY_PERFECT_VARIANTS.report(report, At(("results",), key=True),
                                             f"all {judged} results of entries with a variant class are exact matches of the reference: suspiciously perfect (§9.3)")
