"""Scoring `truth` files (seed 004): intent accuracy and entity P/R/F1 over instances.

Counted over the whole file (``useEntityF1``): every reference instance is one gold
instance (a list of n items is n, ``{}`` none); every returned instance of a non-ignored
entity is one predicted instance; a predicted instance is a true positive when it matches
the reference instance of the same entity at the same position. Ignored entities
(``predicted_entities_to_ignore``: the ``_GLOBAL_`` pattern combined with the row's intent's
own) vanish from scoring and from the report. The ignore patterns are keyed by the truth
row's intent, so that a wrong predicted intent never changes what is scored.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.corpus.fields import describe
from goldlint.findings import At, JsonPath
from goldlint.score.metrics import confusion_block, prf_counts
from goldlint.score.model import Failure, Issues, Outcome, metric
from goldlint.score.rules import PREDICTION_DUPLICATE_ID, PREDICTION_MISSING_FOR_GOLD_ID, PREDICTION_UNKNOWN_ID
from goldlint.score.truth_match import MatchOptions, matches, ref_items, ref_kind

GLOBAL = "_GLOBAL_"
OTHER = "(other)"


@dataclass(slots=True)
class TruthOptions:
    match: MatchOptions = field(default_factory=MatchOptions)
    ignore: dict[str, Callable[[str], Any]] = field(default_factory=dict)  # intent or _GLOBAL_ → search
    use_entity_f1: bool = True

    def ignored(self, entity: str, intent: str) -> bool:
        for key in (GLOBAL, intent):
            search = self.ignore.get(key)
            if search is not None and search(entity):
                return True
        return False


@dataclass(slots=True)
class GoldRow:
    index: int  # 0-based data row
    key: str | None  # codedWvnm
    intent: str
    transcription: str
    annotation: dict[str, Any]


@dataclass(slots=True)
class PredRow:
    key: str  # "row:N" (1-based data row of the truth file) or "audio:<codedWvnm>"
    path: JsonPath
    file: str
    intent: str | None
    entities: dict[str, list[Any]] | None  # None: unreadable (reported)


INSTANCE = "{literal, canonical, formattedLiteral, struct_value}"


class NotEntities(ValueError):
    """Why a prediction's `entities` is not the engine's ``{ENTITY: [instances]}``, and where
    below `entities` (``()``, an entity, or an entity's instance)."""

    def __init__(self, where: JsonPath, message: str) -> None:
        super().__init__(message)
        self.where = where


def read_entities(value: Any) -> dict[str, list[Any]]:
    """The engine's ``{ENTITY: [instances]}`` (a lone instance object counts as a list of one).
    Every instance must be an object: another one would be scored as a returned instance that
    matches nothing, a false positive the engine never returned (:class:`NotEntities`)."""
    if value is None or value == "":
        return {}
    if not isinstance(value, dict):
        raise NotEntities((), f"`entities` must be an object: entity → list of {INSTANCE}; found {describe(value)}")
    out: dict[str, list[Any]] = {}
    for entity, instances in value.items():
        if isinstance(instances, dict):
            instances = [instances]
        if not isinstance(instances, list):
            raise NotEntities((entity,), f"`{entity}` must be a list of instances or one instance object {INSTANCE}, found {describe(instances)}")
        for k, instance in enumerate(instances):
            if not isinstance(instance, dict):
                raise NotEntities((entity, k), f"an instance of `{entity}` must be an object {INSTANCE}, found {describe(instance)}")
        out[str(entity)] = instances
    return out


class _Tally:
    def __init__(self) -> None:
        self.rows = self.intent_hits = self.all_correct = 0
        self.tp = self.pred = self.gold = 0

    def add(self, intent_ok: bool, tp: int, n_pred: int, n_gold: int, all_ok: bool) -> None:
        self.rows += 1
        self.intent_hits += intent_ok
        self.all_correct += all_ok
        self.tp += tp
        self.pred += n_pred
        self.gold += n_gold

    def as_json(self) -> dict[str, Any]:
        prf = prf_counts(self.tp, self.pred - self.tp, self.gold - self.tp)
        return {"count": self.rows, "intent_accuracy": self.intent_hits / self.rows if self.rows else None,
                "entity_precision": prf.precision, "entity_recall": prf.recall, "entity_f1": prf.f1,
                "rows_all_entities_correct": self.all_correct / self.rows if self.rows else None}


def score_row(gold: GoldRow, pred: PredRow, options: TruthOptions) -> tuple[bool, int, int, int, bool, dict[str, Any], dict[str, Any]]:
    """(intent ok, TP, predicted instances, gold instances, all entities correct, the kept
    reference, the kept prediction)."""
    if options.ignore:
        ref = {e: v for e, v in gold.annotation.items() if not options.ignored(e, gold.intent)}
        got = {e: v for e, v in (pred.entities or {}).items() if not options.ignored(e, gold.intent)}
    else:  # (nothing to ignore: the usual run, without a call an entity)
        ref, got = dict(gold.annotation), dict(pred.entities or {})
    tp = n_gold = n_pred = 0
    all_ok = not (set(got) - set(ref))
    for entity, value in ref.items():
        items = ref_items(value)
        returned = got.get(entity, [])
        n_gold += len(items)
        hits = sum(1 for i, inst in enumerate(returned) if i < len(items) and matches(items[i], inst, options.match))
        tp += hits
        if ref_kind(value) == "absent":
            all_ok &= not returned
        else:
            all_ok &= hits == len(items) == len(returned)
    n_pred = sum(len(v) for v in got.values())
    return pred.intent == gold.intent, tp, n_pred, n_gold, all_ok, ref, got


def score(gold: list[GoldRow], predictions: list[PredRow], options: TruthOptions, issues: Issues,
          gold_file: str = "gold", tick: Callable[[int], None] = lambda n: None) -> Outcome:
    counts: Counter[str] = Counter(gold_rows=len(gold), predictions=len(predictions))
    keys = _keys(predictions, issues, counts)
    total = _Tally()
    per_intent: defaultdict[str, _Tally] = defaultdict(_Tally)
    confusion: Counter[tuple[str, str]] = Counter()
    out = Outcome("truth", "spec", main_breakdown="per_intent")
    seen: set[str] = set()
    for n, row in enumerate(gold, 1):
        if n % 1000 == 0:
            tick(1000)
        pred = keys.get(f"row:{row.index + 1}") or (keys.get(f"audio:{row.key}") if row.key else None)
        if pred is None:
            counts["missing_predictions"] += 1
            issues.add(gold_file, PREDICTION_MISSING_FOR_GOLD_ID, At((row.index, "codedWvnm")), f"no prediction for row {row.index + 1}"
                       + (f" (`{row.key}`)" if row.key else "") + ": not scored (coverage drops)", Severity.WARNING)
            continue
        seen.add(pred.key)
        if pred.entities is None:
            counts["unreadable_predictions"] += 1
        intent_ok, tp, n_pred, n_gold, all_ok, ref, got = score_row(row, pred, options)
        total.add(intent_ok, tp, n_pred, n_gold, all_ok)
        per_intent[row.intent].add(intent_ok, tp, n_pred, n_gold, all_ok)
        confusion[(row.intent, pred.intent if pred.intent is not None else OTHER)] += 1
        if not intent_ok or not all_ok:
            what = ([] if intent_ok else [f"intent `{pred.intent}` is wrong"]) + ([] if all_ok else [f"entities: {tp} of {n_gold} reference instances matched, {n_pred} returned"])
            out.failures.append(Failure(row.key or f"row {row.index + 1}", {"transcription": row.transcription, "intent": row.intent, "entities": ref},
                                        {"intent": pred.intent, "entities": got}, "; ".join(what), row.intent))
    for key, pred in keys.items():
        if key not in seen:
            counts["unknown_ids"] += 1
            issues.add(pred.file, PREDICTION_UNKNOWN_ID, At(pred.path), f"prediction for {_shown(key)}, which the truth file does not have")
    _finish(out, total, per_intent, confusion, counts, options, len(gold))
    return out


def _keys(predictions: list[PredRow], issues: Issues, counts: Counter[str]) -> dict[str, PredRow]:
    keys: dict[str, PredRow] = {}
    for pred in predictions:
        if pred.key in keys:
            counts["duplicate_ids"] += 1
            issues.add(pred.file, PREDICTION_DUPLICATE_ID, At(pred.path), f"a second prediction for {_shown(pred.key)}: the first one is scored")
            continue
        keys[pred.key] = pred
    return keys


def _shown(key: str) -> str:
    kind, _, name = key.partition(":")
    return f"row {name}" if kind == "row" else f"`{name}`"


def _finish(out: Outcome, total: _Tally, per_intent: dict[str, _Tally], confusion: Counter[tuple[str, str]],
            counts: Counter[str], options: TruthOptions, n_gold: int) -> None:
    measured, skipped = total.rows, n_gold - total.rows
    none = "no truth row has a prediction"
    t = total.as_json()
    out.metrics["intent_accuracy"] = metric(t["intent_accuracy"], none, measured, skipped)
    no_entities = "no entity instance in the references or the predictions"
    out.metrics["entity_precision"] = metric(t["entity_precision"], none if not measured else "no entity instance was returned", measured, skipped)
    out.metrics["entity_recall"] = metric(t["entity_recall"], none if not measured else "the references hold no entity instance", measured, skipped)
    out.metrics["entity_f1"] = metric(t["entity_f1"], none if not measured else no_entities, measured, skipped)
    out.metrics["rows_all_entities_correct"] = metric(t["rows_all_entities_correct"], none, measured, skipped)
    out.counts = {k: int(counts[k]) for k in ("gold_rows", "predictions", "missing_predictions", "unknown_ids", "duplicate_ids",
                                              "malformed_predictions", "unreadable_predictions")}
    out.counts.update({"gold_instances": total.gold, "predicted_instances": total.pred, "true_positives": total.tp})
    out.breakdowns["per_intent"] = {intent: tally.as_json() for intent, tally in sorted(per_intent.items())}
    out.breakdowns["confusion"] = confusion_block(confusion, {intent: tally.rows for intent, tally in per_intent.items()}, (OTHER,))
    out.breakdowns["options"] = {"flattened_predefined_output": options.match.flattened,
                                 "format_calendar_canonicals": options.match.format_calendar,
                                 "predicted_entities_to_ignore": sorted(options.ignore), "useEntityF1": options.use_entity_f1}
    if not options.use_entity_f1:
        out.note("useEntityF1 is false in the mix config: the test tool would not report entity F1; goldlint reports it anyway")
    if options.ignore:
        out.note("ignored entities (predicted_entities_to_ignore) are left out of scoring and of the report, keyed by the truth row's intent")


def parse_cell(text: str) -> tuple[Any, str | None]:
    try:
        return json.loads(text), None
    except (ValueError, RecursionError) as exc:  # (not JSON; nested past what the reader reads)
        return None, str(exc)
