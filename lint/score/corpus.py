"""Scoring a Rosetta `corpus` (seed 002 §3–§5): the numbers a run card carries.

Exactly as the public harness (gds-mt-eval-harness ``tester.py``) computes them, checked on
its 24 real reports: exact match after NFC, strip, lower-case and collapsed whitespace (an
empty prediction never matches); corpus chrF++ with sacrebleu ``CHRF(word_order=2)`` over
every non-error entry (empty predictions included), rounded to 2 decimals; each pair's
chrF++ when both sides are non-empty. Entries with an ``error`` or no prediction are not
evaluated. :mod:`goldlint.score.runcard` turns the result into the card.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.runcard.algorithms import composite, quality_tier
from goldlint.findings import At, JsonPath
from goldlint.score.chrf import StreamingChrf
from goldlint.score.corpus_read import USAGE_KEYS, Entry, Pred, dataset_info, entries_of, normalize, read_predictions
from goldlint.score.model import Failure, Issues, Outcome, metric
from goldlint.score.rules import PREDICTION_MISSING_FOR_GOLD_ID, PREDICTION_UNKNOWN_ID

GOLD, PRED = "gold", "predictions"


@dataclass(slots=True)
class CorpusRun:
    """Everything the run card needs besides the method settings."""

    dataset: dict[str, Any]
    scores: dict[str, Any]
    totals: dict[str, Any]
    results: list[dict[str, Any]] = field(default_factory=list)


class _Group:
    def __init__(self, name: str) -> None:
        self.name, self.count, self.exact, self.errors = name, 0, 0, 0
        self.chrf: list[float] = []
        self.latency: list[float] = []
        self.cost = 0.0

    def as_json(self, corpus_chrf: float | None) -> dict[str, Any]:
        evaluated = self.count - self.errors
        return {
            "name": self.name, "count": self.count, "exact_match_count": self.exact, "miss_count": evaluated - self.exact,
            "error_count": self.errors, "exact_match_rate": round(self.exact / evaluated, 4) if evaluated else None,
            "chrf_plus_plus": None if corpus_chrf is None else round(corpus_chrf, 2),
            "avg_chrf": round(sum(self.chrf) / len(self.chrf), 2) if self.chrf else None,
            "avg_latency_s": round(sum(self.latency) / len(self.latency), 3) if self.latency else None,
            "total_cost_usd": round(self.cost, 4),
        }


def score(root: Any, predictions: Iterable[tuple[JsonPath, Any]], issues: Issues,
          tick: Callable[[int], None] = lambda n: None) -> tuple[Outcome, CorpusRun]:
    counts: Counter[str] = Counter()
    preds = read_predictions(predictions, issues, counts)
    entries = entries_of(root)
    classes: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        if entry.variant_class:
            classes[entry.variant_class].add(normalize(entry.reference))
    domains = any(e.domain for e in entries)
    chrf = StreamingChrf()
    rows: list[tuple[int, Entry, Pred | None, str | None, bool, bool]] = []
    seen: set[str] = set()
    for n, entry in enumerate(entries):
        if n and n % 1000 == 0:
            tick(1000)
        if entry.key in seen:
            continue  # a duplicate id (COR107): the first entry is the one scored
        seen.add(entry.key)
        pred = preds.get(entry.key)
        if pred is None:
            counts["missing_predictions"] += 1
            issues.add(GOLD, PREDICTION_MISSING_FOR_GOLD_ID, At(entry.path + ("id",)),
                       f"no prediction for entry {entry.key}: recorded as an error, not evaluated", Severity.WARNING)
        error = "missing prediction" if pred is None else pred.error
        exact = equivalent = False
        if not error and pred is not None:
            norm = normalize(pred.predicted)
            exact = bool(norm) and norm == normalize(entry.reference)
            accepted = {normalize(entry.reference), *map(normalize, entry.variants), *classes.get(entry.variant_class or "", ())}
            equivalent = bool(norm) and norm in accepted
            want = n if pred.predicted and entry.reference else None
            chrf.add(pred.predicted, entry.reference, want, tuple("\0".join(g) for g in _group_names(entry, domains)))
        rows.append((n, entry, pred, error, exact, equivalent))
    for key in preds.keys() - seen:
        counts["unknown_ids"] += 1
        issues.add(PRED, PREDICTION_UNKNOWN_ID, At(preds[key].path), f"prediction for entry {key}, which the corpus does not have")
    has_variants = bool(classes) or any(e.variants for e in entries)
    return _finish(root, rows, chrf, counts, has_variants, domains)


def _group_names(entry: Entry, domains: bool) -> list[tuple[str, str]]:
    """The groups an entry counts in; every entry is in one group of each breakdown, so the
    groups' counts add up to the totals."""
    names = [("by_difficulty", "unknown" if entry.difficulty is None else str(entry.difficulty)),
             ("by_provenance", entry.provenance or "unknown")]
    if domains:
        names.append(("by_domain", entry.domain or "(no domain)"))
    return names


def _finish(root: Any, rows: list[tuple[int, Entry, Pred | None, str | None, bool, bool]], chrf: StreamingChrf,
            counts: Counter[str], has_variants: bool, domains: bool) -> tuple[Outcome, CorpusRun]:
    sentence = chrf.sentence_scores()
    corpus = chrf.corpus_score()
    groups: dict[tuple[str, str], _Group] = {}
    results: list[dict[str, Any]] = []
    failures: list[Failure] = []
    exact = equivalent = errors = 0
    latencies: list[float] = []
    fst = [p.fst_accepted for _, _, p, err, _, _ in rows if p is not None and not err and p.fst_accepted is not None]
    semantic = [p.semantic_score for _, _, p, err, _, _ in rows if p is not None and not err and p.semantic_score is not None]
    for n, entry, pred, error, is_exact, is_equivalent in rows:
        entry_chrf = sentence.get(n)
        exact += is_exact
        equivalent += is_equivalent
        errors += bool(error)
        if not error and pred is not None and pred.latency is not None:
            latencies.append(pred.latency)
        for name in _group_names(entry, domains):
            group = groups.setdefault(name, _Group(name[1] if name[0] != "by_difficulty" else f"difficulty_{name[1]}"))
            group.count += 1
            if error:
                group.errors += 1
                continue
            group.exact += is_exact
            if entry_chrf is not None:
                group.chrf.append(entry_chrf)
            if pred is not None and pred.latency is not None:
                group.latency.append(pred.latency)
            group.cost += (pred.cost or 0.0) if pred is not None else 0.0
        results.append(_result(entry, pred, error, is_exact, is_equivalent, entry_chrf))
        if error or not is_exact:
            detail = error or ("not an exact match" + (f"; chrF++ {entry_chrf:.2f}" if entry_chrf is not None else ""))
            failures.append(Failure(entry.key, {"source": entry.source, "reference": entry.reference},
                                    None if pred is None else (pred.error and f"[error] {pred.error}") or pred.predicted,
                                    detail, f"difficulty {entry.difficulty}"))
    total = len(rows)
    evaluated = total - errors
    counts["entries"] = total
    scores = _scores(total, evaluated, exact, equivalent, has_variants, fst, corpus, semantic, errors, latencies, groups, chrf)
    totals = _totals(rows, total)
    run = CorpusRun(dataset_info(root) | {"entry_count": total}, scores, totals, results)
    return _outcome(run, counts, failures, evaluated, total - evaluated, has_variants), run


def _scores(total: int, evaluated: int, exact: int, equivalent: int, has_variants: bool, fst: list[bool], corpus: float | None,
            semantic: list[float], errors: int, latencies: list[float], groups: dict[tuple[str, str], _Group],
            chrf: StreamingChrf) -> dict[str, Any]:
    def rate(count: int) -> float | None:
        return round(count / evaluated, 4) if evaluated else None

    ordered = sorted(latencies)
    k = len(ordered)
    scores: dict[str, Any] = {
        "total": total, "evaluated": evaluated,
        # The card requires a number; with nothing evaluated it is the harness's 0.0 (its
        # `exact_match_rate` property), while the report's metric stays null with a reason.
        "exact_matches": exact, "exact_match_rate": rate(exact) if evaluated else 0.0,
        "equivalent_matches": equivalent if has_variants else None,
        "equivalent_match_rate": rate(equivalent) if has_variants else None,
        "fst_accepted": sum(fst) if fst else None,
        "fst_acceptance_rate": round(sum(fst) / len(fst), 4) if fst else None,
        "morphological_accuracy": None,
        "chrf_plus_plus": None if corpus is None else round(corpus, 2),
        "semantic_score": round(sum(semantic) / len(semantic), 4) if semantic else None,
        "errors": errors,
    }
    scores["composite"] = composite(scores)
    scores["quality_tier"] = quality_tier(scores["composite"])
    for family in ("by_difficulty", "by_provenance", "by_domain"):
        block = {name: group.as_json(chrf.group_score(f"{fam}\0{name}"))
                 for (fam, name), group in sorted(groups.items(), key=lambda kv: _order(kv[0][1])) if fam == family}
        if block or family != "by_domain":
            scores[family] = block
    scores["avg_latency_seconds"] = round(sum(ordered) / k, 3) if k else None
    scores["median_latency_seconds"] = round(ordered[k // 2], 3) if k else None
    scores["p95_latency_seconds"] = round(ordered[min(int(k * 0.95), k - 1)], 3) if k else None
    return scores


def _order(name: str) -> tuple[int, float, str]:
    try:
        return (0, float(name), name)
    except ValueError:
        return (1, 0.0, name)


def _totals(rows: list[tuple[int, Entry, Pred | None, str | None, bool, bool]], total: int) -> dict[str, Any]:
    usages = [p.usage for _, _, p, _, _, _ in rows if p is not None and p.usage is not None]
    costs = [p.cost for _, _, p, _, _, _ in rows if p is not None and p.cost is not None]
    # The card's schema wants integers here (RUN101): with no usage reported they are 0, and
    # ``cost_per_entry_usd`` — the one nullable total — is null when no cost was reported.
    out: dict[str, Any] = {key: sum(u.get(key, 0) for u in usages) for key in USAGE_KEYS}
    cost = round(sum(costs), 6) if costs else None
    out["total_cost_usd"] = cost or 0.0
    out["cost_per_entry_usd"] = round(cost / total, 6) if cost is not None and total else None
    return out


def _result(entry: Entry, pred: Pred | None, error: str | None, exact: bool, equivalent: bool, entry_chrf: float | None) -> dict[str, Any]:
    return {
        "entry_id": entry.id, "source": entry.source, "reference": entry.reference,
        "predicted": pred.predicted if pred is not None else "", "exact_match": exact, "equivalent_match": equivalent,
        "entry_chrf": entry_chrf, "fst_accepted": pred.fst_accepted if pred is not None else None,
        "difficulty": entry.difficulty, "provenance": entry.provenance, "variant_class": entry.variant_class,
        "latency_seconds": pred.latency if pred is not None else None,
        "usage": pred.usage if pred is not None else None, "error": error,
    }


def _outcome(run: CorpusRun, counts: Counter[str], failures: list[Failure], measured: int, skipped: int, has_variants: bool) -> Outcome:
    s = run.scores
    out = Outcome("corpus", "spec", main_breakdown="by_difficulty")
    none = "no entry was evaluated (every entry has an error or no prediction)"
    out.metrics["exact_match_rate"] = metric(s["exact_match_rate"] if s["evaluated"] else None, none, measured, skipped)
    out.metrics["chrf_plus_plus"] = metric(s["chrf_plus_plus"], none, measured, skipped)
    out.metrics["equivalent_match_rate"] = metric(s["equivalent_match_rate"], none if has_variants else "the corpus defines no `variant_class` or `variants`", measured, skipped)
    fst_n = sum(1 for r in run.results if r["fst_accepted"] is not None)
    out.metrics["fst_acceptance_rate"] = metric(s["fst_acceptance_rate"], "no prediction carries `fst_accepted` (no FST configured)", fst_n, len(run.results) - fst_n)
    out.metrics["morphological_accuracy"] = metric(None, "planned in the seed (§4.1); no implementation measures it", 0, len(run.results))
    out.metrics["semantic_score"] = metric(s["semantic_score"], "no prediction carries `semantic_score`", measured if s["semantic_score"] is not None else 0, skipped)
    out.metrics["composite"] = metric(s["composite"], "no weighted metric was measured", measured, skipped)
    out.counts = {key: int(counts[key]) for key in ("entries", "predictions", "missing_predictions", "unknown_ids", "duplicate_ids", "malformed_predictions")}
    out.counts["errors"] = s["errors"]
    for family in ("by_difficulty", "by_provenance", "by_domain"):
        if family in s:
            out.breakdowns[family] = s[family]
    out.failures = failures
    out.note("exact match and chrF++ as the public harness computes them (NFC, strip, lower-case, collapsed whitespace; sacrebleu CHRF(word_order=2) over every evaluated entry)")
    if not any(r["usage"] for r in run.results):
        out.note("no prediction reports `usage`: the card's token totals are 0 (the run card requires integers)")
    if run.totals["cost_per_entry_usd"] is None:
        out.note("no prediction reports `cost_usd`: total cost 0, cost per entry null")
    if counts["missing_predictions"]:
        out.note(f"{counts['missing_predictions']} entr{'y has' if counts['missing_predictions'] == 1 else 'ies have'} no prediction: recorded as errors and not evaluated")
    return out
