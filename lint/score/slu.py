"""Scoring `slu` (seed 001): Intent Exact Match, macro and micro Slots F1, per intent, confusion.

Profiles: ``spec`` (default: case, trimming and inner spaces folded on both sides, as the
seed's human baseline was) and ``mera`` (MERA's official ruslun scorer number for number,
its defects included and named in the notes).

Predictions are read first (one dict by id); the gold records are then streamed, so a
100,000-record gold file is never held as a whole.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.base import Report
from goldlint.families.slu.answers import read_answer
from goldlint.families.slu.records import split_records
from goldlint.findings import At, JsonPath
from goldlint.score.metrics import example_f1, multiset_overlap, prf_counts
from goldlint.score.model import Failure, Issues, Metric, Outcome, metric
from goldlint.score.slu_parse import Answer, answer_of, lower_strings, parse_raw

PROFILES = ("spec", "mera")
GOLD, PRED = "gold", "predictions"
OTHER, UNPARSABLE = "(other)", "(unparsable)"


@dataclass(slots=True)
class Prediction:
    path: JsonPath
    answer: Answer | None  # None: unparsable
    problem: str | None
    shown: Any  # what the HTML report shows


def split_predictions(path: JsonPath, value: Any) -> Iterator[tuple[JsonPath, Any]]:
    """Prediction items in one top-level value: a JSONL line, an array, or MERA's submission
    ``{"data": {split: [items]}}``."""
    if isinstance(value, list):
        for n, item in enumerate(value):
            yield path + (n,), item
    elif isinstance(value, dict) and isinstance(value.get("data"), dict) and "id" not in value:
        for split, items in value["data"].items():
            if isinstance(items, list):
                for n, item in enumerate(items):
                    yield path + ("data", split, n), item
    else:
        yield path, value


def _key(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def read_predictions(records: Iterable[tuple[JsonPath, Any]], profile: str, issues: Issues, counts: Counter[str]) -> dict[str, Prediction]:
    out: dict[str, Prediction] = {}
    for top_path, top in records:
        for path, item in split_predictions(top_path, top):
            counts["predictions"] += 1
            pred = _one(path, item, profile, issues, counts)
            if pred is None:
                continue
            key, prediction = pred
            if key in out:
                counts["duplicate_ids"] += 1
                issues.add(PRED, "SCO104", At(path + _id_steps(item)), f"a second prediction for id {key} (the first, at {_where(out[key].path)}, is the one scored)")
                continue
            out[key] = prediction
    return out


def _id_steps(item: dict[str, Any]) -> JsonPath:
    return ("id",) if "id" in item else ("meta", "id")


def _one(path: JsonPath, item: Any, profile: str, issues: Issues, counts: Counter[str]) -> tuple[str, Prediction] | None:
    at = At(path)
    if not isinstance(item, dict):
        counts["malformed_predictions"] += 1
        issues.add(PRED, "SCO105", at, "a prediction must be an object with `id` and `output` (or `intent` and `slots`)")
        return None
    meta = item.get("meta")
    raw_id = item["id"] if "id" in item else meta.get("id") if isinstance(meta, dict) else None
    key = _key(raw_id)
    if key is None:
        counts["malformed_predictions"] += 1
        where = at.child(*_id_steps(item)) if raw_id is not None else at
        issues.add(PRED, "SCO105", where, "a prediction needs an `id` (or `meta.id`): the gold record's `meta.id`")
        return None
    field = "output" if "output" in item else "outputs" if "outputs" in item else None
    if field is None and ("intent" in item or "slots" in item):
        value = lower_strings(item) if profile == "mera" else item
        return key, _decoded(path, value, item, profile, issues, counts)
    if field is None:
        counts["malformed_predictions"] += 1
        issues.add(PRED, "SCO105", at, "a prediction needs `output` (the model's raw text) or `intent` and `slots`")
        return None
    raw = item[field]
    if isinstance(raw, dict):
        value = lower_strings(raw) if profile == "mera" else raw
        return key, _decoded(path + (field,), value, raw, profile, issues, counts)
    if not isinstance(raw, str):
        counts["malformed_predictions"] += 1
        issues.add(PRED, "SCO105", at.child(field), f"`{field}` must be the model's raw text (a string)")
        return None
    parsed = parse_raw(raw.lower() if profile == "mera" else raw)
    if parsed.problem is not None:
        counts["unparsable_predictions"] += 1
        issues.add(PRED, "SCO106", at.child(field), f"answer for id {key} is unparsable: {parsed.problem}; scored 0", Severity.INFO)
        return key, Prediction(path, None, parsed.problem, raw)
    return key, _decoded(path + (field,), parsed.value, raw, profile, issues, counts)


def _decoded(path: JsonPath, value: Any, shown: Any, profile: str, issues: Issues, counts: Counter[str]) -> Prediction:
    answer = answer_of(value, profile)
    if answer is None:
        counts["unparsable_predictions"] += 1
        problem = "the JSON is not an object with `intent` and `slots`"
        issues.add(PRED, "SCO106", At(path), f"{problem}; scored 0", Severity.INFO)
        return Prediction(path, None, problem, shown)
    if answer.crash:
        counts["scorer_crashes"] += 1
        issues.add(PRED, "SCO106", At(path), f"{answer.crash}: MERA's scorer would crash on it; scored 0", Severity.INFO)
    return Prediction(path, answer, None, shown)


def score(gold: Iterable[tuple[JsonPath, Any]], predictions: Iterable[tuple[JsonPath, Any]], profile: str,
          issues: Issues, tick: Callable[[int], None] = lambda n: None) -> Outcome:
    counts: Counter[str] = Counter()
    preds = read_predictions(predictions, profile, issues, counts)
    acc = _Accumulator(profile)
    seen: set[str] = set()
    for top_path, top in gold:
        for path, record in split_records(top_path, top):
            counts["gold_records"] += 1
            if counts["gold_records"] % 1000 == 0:
                tick(1000)
            _gold_record(path, record, profile, preds, seen, acc, issues, counts)
    for key in preds.keys() - seen:
        counts["unknown_ids"] += 1
        pred = preds[key]
        issues.add(PRED, "SCO103", At(pred.path), f"prediction for id {key}, which no gold record has")
    return acc.outcome(counts)


def _gold_record(path: JsonPath, record: Any, profile: str, preds: dict[str, Prediction], seen: set[str],
                 acc: _Accumulator, issues: Issues, counts: Counter[str]) -> None:
    meta = record.get("meta") if isinstance(record, dict) else None
    key = _key(meta.get("id")) if isinstance(meta, dict) else None
    if key is None:
        counts["gold_unusable"] += 1
        return
    seen.add(key)
    outputs = record.get("outputs")
    if outputs is None or outputs == "" or outputs == {}:
        counts["gold_hidden"] += 1
        return
    decoded = read_answer(outputs, At(path + ("outputs",)), Report())
    gold = answer_of(decoded.value, "mera" if profile == "mera" else "spec") if decoded is not None else None
    if gold is None or gold.crash:
        counts["gold_unusable"] += 1
        return
    counts["gold_with_answers"] += 1
    pred = preds.get(key)
    if pred is None:
        counts["missing_predictions"] += 1
        issues.add(GOLD, "SCO102", At(path + ("meta", "id")), f"no prediction for gold id {key}: not scored (coverage drops)", Severity.WARNING)
        return
    acc.add(key, str(decoded.value.get("intent")), gold, pred, decoded.value)


class _Accumulator:
    def __init__(self, profile: str) -> None:
        self.profile = profile
        self.measured = 0
        self.intent_hits = 0
        self.f1_sum = 0.0
        self.common = self.n_pred = self.n_gold = 0
        self.per_intent: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0])  # count, hits, f1 sum
        self.confusion: Counter[tuple[str, str]] = Counter()
        self.gold_forms: dict[str, str] = {}  # comparison form → gold intent as written
        self.failures: list[Failure] = []
        self.capital_intents: set[str] = set()

    def add(self, key: str, shown_intent: str, gold: Answer, pred: Prediction, gold_value: dict[str, Any]) -> None:
        self.measured += 1
        row = self.per_intent[shown_intent]
        row[0] += 1
        if gold.intent is not None:
            self.gold_forms.setdefault(gold.intent, shown_intent)
            if self.profile == "mera" and gold.intent != gold.intent.lower():
                self.capital_intents.add(gold.intent)
        answer = pred.answer
        if answer is None or answer.crash:
            hit, f1 = False, 0.0
            self.n_gold += len(gold.pairs)
            column = UNPARSABLE
        else:
            hit = answer.intent is not None and answer.intent == gold.intent
            common, n_pred, n_gold = multiset_overlap(answer.pairs, gold.pairs)
            f1 = example_f1(common, n_pred, n_gold)
            self.common += common
            self.n_pred += n_pred
            self.n_gold += n_gold
            column = answer.intent if answer.intent is not None else OTHER
        self.intent_hits += hit
        self.f1_sum += f1
        row[1] += hit
        row[2] += f1
        self.confusion[(shown_intent, column)] += 1
        if not hit or f1 < 1.0:
            what = [] if hit else ["intent wrong" if answer is not None else f"unparsable ({pred.problem or answer and answer.crash})"]
            if answer is not None and f1 < 1.0:
                what.append(f"slot F1 {f1:.3f}")
            if answer is not None and answer.crash:
                what = [f"scorer would crash: {answer.crash}"]
            gold_shown = {"intent": gold_value.get("intent"), "slots": gold_value.get("slots")}
            self.failures.append(Failure(key, gold_shown, pred.shown, "; ".join(what), shown_intent))

    def outcome(self, counts: Counter[str]) -> Outcome:
        out = Outcome("slu", self.profile, main_breakdown="per_intent")
        skipped = counts["gold_hidden"] + counts["missing_predictions"] + counts["gold_unusable"]
        n = self.measured
        none = "no gold record with an answer has a prediction"
        out.metrics["intent_exact_match"] = metric(self.intent_hits / n if n else None, none, n, skipped)
        out.metrics["slot_f1"] = metric(self.f1_sum / n if n else None, none, n, skipped)
        micro = prf_counts(self.common, self.n_pred - self.common, self.n_gold - self.common)
        out.metrics["slot_f1_micro"] = metric(micro.f1, none if not n else "no slots in the gold or the predictions", n, skipped)
        out.counts = _counts(counts)
        out.breakdowns["per_intent"] = {
            intent: {"count": int(c), "intent_exact_match": hits / c, "slot_f1": f1 / c}
            for intent, (c, hits, f1) in sorted(self.per_intent.items())
        }
        out.breakdowns["slot_micro"] = micro.as_json()
        out.breakdowns["confusion"] = self._confusion()
        out.failures = self.failures
        self._notes(out, counts)
        return out

    def _confusion(self) -> dict[str, Any]:
        rows = sorted(self.per_intent)
        columns = rows + [OTHER, UNPARSABLE]
        matrix = [[0] * len(columns) for _ in rows]
        index = {name: n for n, name in enumerate(columns)}
        for (gold, predicted), count in self.confusion.items():
            shown = self.gold_forms.get(predicted, predicted if predicted == UNPARSABLE else OTHER)
            matrix[rows.index(gold)][index.get(shown, index[OTHER])] += count
        return {"rows": rows, "columns": columns, "matrix": matrix}

    def _notes(self, out: Outcome, counts: Counter[str]) -> None:
        if self.profile == "spec":
            out.note("spec profile: intents, slot types and slot values compared after case folding, trimming and collapsing inner whitespace on both sides")
        else:
            out.note("mera profile: MERA's official ruslun scorer number for number (prediction text lower-cased, gold as written, values compared as str())")
            if self.capital_intents:
                names = ", ".join(sorted(self.capital_intents)[:5])
                out.note(f"upstream defect reproduced: MERA lower-cases the prediction but not the gold, so gold intents with capitals ({names}) can never match (SLU112)")
            if counts["scorer_crashes"]:
                out.note(f"{counts['scorer_crashes']} prediction(s) would crash MERA's scorer (a JSON list, `slots` as an object, or a slot that is not an object): scored 0")
        if counts["unparsable_predictions"]:
            out.note(f"{counts['unparsable_predictions']} unparsable prediction(s) scored 0 for intent and slots")


_COUNT_KEYS = ("gold_records", "gold_with_answers", "gold_hidden", "gold_unusable", "predictions", "missing_predictions",
               "unknown_ids", "duplicate_ids", "malformed_predictions", "unparsable_predictions", "scorer_crashes")


def _counts(counts: Counter[str]) -> dict[str, int]:
    return {key: int(counts[key]) for key in _COUNT_KEYS}


def _where(path: JsonPath) -> str:
    if len(path) == 1 and isinstance(path[0], int):
        return f"line {path[0] + 1}"
    return "/".join(map(str, path)) or "the root"


__all__ = ["PROFILES", "Metric", "score", "split_predictions"]
