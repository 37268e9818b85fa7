"""The slower-whisper profile of `semantic` scoring: the project's shipped scorer, per sample.

Per sample, on sets: topic labels; risks as ``(type, segment_id)`` keys, severity ignored
overall and one low/medium/high bucket each (``critical`` dropped); both empty → 1.0,
empty gold with predictions → P 0, R 1, F1 0. Actions greedy in prediction order. The
aggregate (in :mod:`goldlint.score.semantic`) is the macro mean over measured samples.
"""

from __future__ import annotations

from typing import Any

from goldlint.score.metrics import PRF, MacroMean, prf_sets_upstream
from goldlint.score.semantic_samples import UPSTREAM_LEVELS, Sample, Totals
from goldlint.score.textmatch import greedy_matches, normalize_text


def upstream_sample(sample: Sample, pred: Sample, t: Totals, macro: dict[str, MacroMean], threshold: float) -> dict[str, Any]:
    row: dict[str, Any] = {}
    if sample.topics is not None:
        p = set(pred.topics or [])
        g = set(sample.topics)
        prf = prf_sets_upstream(p, g)
        macro["topic"].add(prf)
        t.measured["topic"] += 1
        t.pred_labels |= p
        t.gold_labels |= g
        row["topics"] = prf.as_json() | {"missed": sorted(g - p), "extra": sorted(p - g)}
    if sample.risks is not None:
        t.measured["risk"] += 1
        pred_risks = pred.risks or []
        if any(isinstance(r.get("severity"), str) for r in pred_risks):
            t.severity_seen = True

        def keys(items: list[dict[str, Any]], level: str | None = None) -> set[Any]:
            return {(r.get("type"), _hashable(r.get("segment_id"))) for r in items if level is None or r.get("severity") == level}

        overall = prf_sets_upstream(keys(pred_risks), keys(sample.risks))
        macro["risk"].add(overall)
        row["risks"] = overall.as_json()
        for level in UPSTREAM_LEVELS:
            macro[level].add(prf_sets_upstream(keys(pred_risks, level), keys(sample.risks, level)))
    if sample.actions is not None:
        t.measured["action"] += 1
        prf, matched = _upstream_actions(pred.actions or [], sample.actions, threshold)
        macro["action"].add(prf)
        row["actions"] = prf.as_json() | {"matched": matched, "gold": len(sample.actions)}
    return row


def _hashable(value: Any) -> Any:
    return value if isinstance(value, (int, str, float, type(None))) else repr(value)


def _upstream_actions(predicted: list[str], gold: list[str], threshold: float) -> tuple[PRF, int]:
    if not gold:
        return (PRF(1.0, 1.0, 1.0) if not predicted else PRF(0.0, 1.0, 0.0)), 0
    matched = greedy_matches([normalize_text(x) for x in predicted], [normalize_text(x) for x in gold], threshold)
    precision = matched / len(predicted) if predicted else 0.0
    recall = matched / len(gold)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return PRF(precision, recall, f1), matched
