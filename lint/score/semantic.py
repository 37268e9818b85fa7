"""Scoring `semantic` gold labels (seed 003): topics, risks (overall, by severity, weighted), actions.

Profiles:
- ``spec`` (default): counts summed over all samples first (micro), as the seed prescribes
  for topics and applied to risks and actions too; risks type-only overall, type+severity
  by level and for the severity-weighted F1; actions by a maximum one-to-one matching.
- ``slower-whisper``: the project's shipped scorer number for number (per-sample values on
  sets, greedy actions, macro mean over measured samples).

A sample is measured for an aspect when its gold file and its prediction both have that
list; a missing prediction skips the sample (coverage drops), never scores it 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.findings import At
from goldlint.score.metrics import PRF, MacroMean, multiset_overlap, prf_counts
from goldlint.score.model import Failure, Issues, Metric, Outcome, metric
from goldlint.score.rules import (
    PREDICTION_DUPLICATE_ID,
    PREDICTION_MISSING_FOR_GOLD_ID,
    PREDICTION_SHAPE,
    PREDICTION_UNKNOWN_ID,
    PREDICTION_VALUE_OUT_OF_RANGE,
)
from goldlint.score.semantic_samples import PROFILES, SPEC_LEVELS, UNKNOWN_WEIGHT, UPSTREAM_LEVELS, WEIGHTS, Sample, Totals, labels, sample_of, texts
from goldlint.score.semantic_upstream import flag_items, upstream_sample
from goldlint.score.textmatch import MAX_ACTION_PAIRS, matchable, maximum_matches, normalize_text


def score(gold: list[Sample], predictions: list[Sample], profile: str, issues: Issues, threshold: float = 0.8,
          tick: Callable[[int], None] = lambda n: None) -> Outcome:
    preds: dict[str, Sample] = {}
    for pred in predictions:
        if pred.key in preds:
            issues.add(pred.file, PREDICTION_DUPLICATE_ID, At(pred.path), f"a second prediction for meeting `{pred.key}`: the first one is scored")
            continue
        preds[pred.key] = pred
    out = Outcome("semantic", profile, main_breakdown="by_severity")
    totals, macro = Totals(), {name: MacroMean() for name in ("topic", "risk", "action", *UPSTREAM_LEVELS)}
    per_sample: dict[str, Any] = {}
    counts: Counter[str] = Counter(gold_samples=len(gold), predictions=len(predictions))
    for n, sample in enumerate(gold, 1):
        if n % 100 == 0:
            tick(100)
        found = preds.pop(sample.key) if sample.key in preds else None
        if found is None:
            counts["missing_predictions"] += 1
            issues.add(sample.file, PREDICTION_MISSING_FOR_GOLD_ID, At(sample.path + ("meeting_id",)),
                       f"no prediction for meeting `{sample.key}`: not scored (coverage drops)", Severity.WARNING)
            continue
        found = _within_bound(sample, found, issues)
        if profile == "spec":
            flag_items(found, issues)
            row = _spec_sample(sample, found, totals, threshold)
        else:
            row = upstream_sample(sample, found, totals, macro, threshold, issues)
        per_sample[sample.key] = row
        detail = _detail(row)
        if detail:
            out.failures.append(Failure(sample.key, _shown(sample), _shown(found), detail))
    for key, pred in preds.items():
        counts["unknown_ids"] += 1
        issues.add(pred.file, PREDICTION_UNKNOWN_ID, At(pred.path), f"prediction for meeting `{key}`, which no gold file has")
    raising = sum(1 for issue in issues.items if issue.code == PREDICTION_SHAPE.code and "official scorer raises" in issue.message)
    if raising:
        out.note(f"{raising} predicted item(s) would make slower-whisper's scorer raise (an unhashable topic or risk key, a risk "
                 "that is not an object, an action text that is not a string): each counted as a prediction that matches nothing (SCO105)")
    _metrics(out, profile, totals, macro, len(gold))
    out.counts = {k: int(counts[k]) for k in ("gold_samples", "predictions", "missing_predictions", "unknown_ids")}
    out.breakdowns["coverage"] = _coverage(gold)
    out.breakdowns["per_sample"] = per_sample
    _notes(out, profile, totals)
    return out


def _within_bound(sample: Sample, pred: Sample, issues: Issues) -> Sample:
    """The prediction, or, when its actions and the gold's are too many to compare pair by pair
    (:data:`~goldlint.score.textmatch.MAX_ACTION_PAIRS`), the prediction as if it had predicted
    no action (SCO108 at its actions)."""
    predicted, gold = len(pred.actions or ()), len(sample.actions or ())
    if matchable(predicted, gold):
        return pred
    issues.add(pred.file, PREDICTION_VALUE_OUT_OF_RANGE, At(pred.path + ("actions",)),
               f"{predicted:,} predicted actions against {gold:,} gold ones of meeting `{pred.key}`: more than {MAX_ACTION_PAIRS:,} pairs "
               "to compare; scored as if the meeting predicted no action")
    return replace(pred, actions=[], raw=pred.raw | {"actions": []} if isinstance(pred.raw, dict) else pred.raw)


def _spec_sample(sample: Sample, pred: Sample, t: Totals, threshold: float) -> dict[str, Any]:
    row: dict[str, Any] = {}
    if sample.topics is not None and pred.topics is not None:
        g, p = set(sample.topics), set(pred.topics)
        tp = len(g & p)
        for n, v in enumerate((tp, len(p) - tp, len(g) - tp)):
            t.topic[n] += v
        t.measured["topic"] += 1
        t.pred_labels |= p
        t.gold_labels |= g
        row["topics"] = {"matched": tp, "predicted": len(p), "gold": len(g), "missed": sorted(g - p), "extra": sorted(p - g)}
        if g and p and not g & p:
            row["topic_note"] = "vocabulary_mismatch"
    if sample.risks is not None and pred.risks is not None:
        t.measured["risk"] += 1
        common, n_pred, n_gold = multiset_overlap((r.get("type") for r in pred.risks), (r.get("type") for r in sample.risks))
        for n, v in enumerate((common, n_pred - common, n_gold - common)):
            t.risk[n] += v
        row["risks"] = {"matched": common, "predicted": n_pred, "gold": n_gold}
        if any(isinstance(r.get("severity"), str) for r in pred.risks):
            t.severity_seen = True
        for level in SPEC_LEVELS:
            c, np_, ng = multiset_overlap((r.get("type") for r in pred.risks if r.get("severity") == level),
                                          (r.get("type") for r in sample.risks if r.get("severity") == level))
            for n, v in enumerate((c, np_ - c, ng - c)):
                t.level[level][n] += v
        gold_pairs = Counter((r.get("type"), r.get("severity")) for r in sample.risks)
        pred_pairs = Counter((r.get("type"), r.get("severity")) for r in pred.risks)
        for pair, count in gold_pairs.items():
            hit = min(count, pred_pairs.get(pair, 0))
            t.weighted[0] += hit * _weight(pair[1])
            t.weighted[2] += (count - hit) * _weight(pair[1])
        for pair, count in pred_pairs.items():
            t.weighted[1] += (count - min(count, gold_pairs.get(pair, 0))) * _weight(pair[1])
    if sample.actions is not None and pred.actions is not None:
        t.measured["action"] += 1
        g_norm, p_norm = [normalize_text(x) for x in sample.actions], [normalize_text(x) for x in pred.actions]
        pairs = maximum_matches(p_norm, g_norm, threshold)
        for n, v in enumerate((len(pairs), len(p_norm), len(g_norm))):
            t.action[n] += v
        row["actions"] = {"matched": len(pairs), "predicted": len(p_norm), "gold": len(g_norm),
                          "missed": [sample.actions[j] for j in range(len(g_norm)) if j not in {b for _, b in pairs}]}
    return row


def _weight(severity: Any) -> float:
    return WEIGHTS.get(severity, UNKNOWN_WEIGHT) if isinstance(severity, str) else UNKNOWN_WEIGHT


def _metrics(out: Outcome, profile: str, t: Totals, macro: dict[str, MacroMean], total: int) -> None:
    def put(prefix: str, prf: PRF, measured: int, none: str) -> None:
        skipped = total - measured
        out.metrics[f"{prefix}_precision"] = metric(prf.precision, none if not measured else f"no {prefix} was predicted", measured, skipped)
        out.metrics[f"{prefix}_recall"] = metric(prf.recall, none if not measured else f"no gold {prefix}", measured, skipped)
        out.metrics[f"{prefix}_f1"] = metric(prf.f1, none if not measured else f"no {prefix} in the gold or the predictions", measured, skipped)

    none = "no sample has both gold labels and a prediction"
    if profile == "spec":
        put("topic", prf_counts(*t.topic), t.measured["topic"], none)
        put("risk", prf_counts(*t.risk), t.measured["risk"], none)
        weighted = prf_counts(*t.weighted)
        measured = t.measured["risk"]
        if not measured:
            value, reason = None, none
        elif not t.severity_seen:
            value, reason = None, "severity_not_measured: no predicted risk carries a severity"
        else:
            value, reason = weighted.f1, "no risk in the gold or the predictions"
        out.metrics["risk_f1_weighted"] = metric(value, reason, measured, total - measured)
        put("action", prf_counts(t.action[0], t.action[1] - t.action[0], t.action[2] - t.action[0]), t.measured["action"], none)
        if t.severity_seen:
            out.breakdowns["by_severity"] = {level: prf_counts(*t.level[level]).as_json() | {"matched": t.level[level][0]} for level in SPEC_LEVELS}
        else:
            out.breakdowns["by_severity"] = {level: {"precision": None, "recall": None, "f1": None, "reason": "severity_not_measured"} for level in SPEC_LEVELS}
        out.breakdowns["risk_weighted"] = weighted.as_json() if t.severity_seen else None
        action = out.metrics["action_f1"].value
        out.breakdowns["actions"] = {"matched": t.action[0], "predicted": t.action[1], "gold": t.action[2], "action_accuracy": action}
    else:
        put("topic", macro["topic"].result(), t.measured["topic"], none)
        put("risk", macro["risk"].result(), t.measured["risk"], none)
        out.metrics["risk_f1_weighted"] = Metric(None, "the slower-whisper scorer computes no severity-weighted F1", t.measured["risk"], total - t.measured["risk"])
        put("action", macro["action"].result(), t.measured["action"], none)
        out.breakdowns["by_severity"] = {level: macro[level].result().as_json() for level in UPSTREAM_LEVELS}
        out.breakdowns["actions"] = {"action_accuracy": out.metrics["action_f1"].value}
        out.breakdowns["measured"] = {name: t.measured[name] for name in ("topic", "risk", "action")}
        out.breakdowns["not_measured"] = {name: total - t.measured[name] for name in ("topic", "risk", "action")}


def _coverage(gold: list[Sample]) -> dict[str, Any]:
    with_topics = sum(1 for s in gold if s.topics)
    with_risks = sum(1 for s in gold if s.risks)
    with_actions = sum(1 for s in gold if s.actions)
    labelled = sum(1 for s in gold if s.topics or s.risks or s.actions)
    return {"samples_total": len(gold), "samples_with_gold_labels": labelled, "samples_with_topics": with_topics,
            "samples_with_risks": with_risks, "samples_with_actions": with_actions,
            "gold_label_coverage": labelled / len(gold) if gold else None}


def _notes(out: Outcome, profile: str, t: Totals) -> None:
    if profile == "spec":
        out.note("spec profile: counts summed over all samples (micro) for topics, risks and actions; actions matched one-to-one (maximum matching)")
    else:
        out.note("slower-whisper profile: the shipped scorer number for number (per-sample sets, greedy actions in prediction order, macro mean over measured samples)")
        out.note("upstream behaviour reproduced: the greedy action matcher's result depends on the order of the predictions")
    if t.pred_labels and t.gold_labels and not t.pred_labels & t.gold_labels:
        out.note("topic_note: vocabulary_mismatch (predicted and gold topic labels are disjoint)")
    if t.measured["risk"] and not t.severity_seen:
        out.note("risk_note: severity_not_measured (the predictions carry no severity)")


def _shown(sample: Sample) -> dict[str, Any]:
    return {"topics": sample.topics, "risks": [{k: r.get(k) for k in ("type", "severity", "segment_id") if k in r} for r in sample.risks or []],
            "actions": sample.actions}


def _detail(row: dict[str, Any]) -> str:
    parts = []
    topics = row.get("topics", {})
    wrong = [f"missed {', '.join(topics['missed'])}"] if topics.get("missed") else []
    wrong += [f"extra {', '.join(topics['extra'])}"] if topics.get("extra") else []
    if wrong:
        parts.append("topics: " + "; ".join(wrong))
    risks = row.get("risks", {})
    if "matched" in risks and risks["matched"] < max(risks["gold"], risks["predicted"]):
        parts.append(f"risks: {risks['matched']} of {risks['gold']} gold matched, {risks['predicted']} predicted")
    elif "f1" in risks and risks["f1"] != 1.0:
        parts.append(f"risks: F1 {risks['f1']:.3f}")
    actions = row.get("actions", {})
    if actions:
        if "predicted" in actions:
            failed = actions["matched"] < max(actions["gold"], actions["predicted"])
        else:
            failed = actions.get("f1") != 1.0
        if failed:
            parts.append(f"actions: {actions['matched']} of {actions['gold']} gold matched")
    return "; ".join(parts)


__all__ = ["PROFILES", "Sample", "labels", "sample_of", "score", "texts"]
