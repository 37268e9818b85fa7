"""Scoring `slu` (seed 001): Intent Exact Match, macro and micro Slots F1, per intent, confusion.

Profiles: ``spec`` (default: case, trimming and inner spaces folded on both sides, as the
seed's human baseline was) and ``mera`` (MERA's official ruslun scorer number for number,
its defects included and named in the notes).

Predictions are read first (one dict by id); the gold records are then streamed, so a
100,000-record gold file is never held as a whole. A streamed JSONL gold is read a second
time (the lint was the first), and of each line only ``meta.id`` and ``outputs`` are built:
msgspec steps over the rest (a RuSLUn line's 3 KB of instruction, question and inventory)
in C. Anything else on a line (``data``, an id that is not an integer or a string, no
``meta`` object) sends that line the ordinary way.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from goldlint.diagnostics import Severity
from goldlint.families.slu.answers import read_answer
from goldlint.families.slu.records import split_records
from goldlint.findings import At, JsonPath, Report
from goldlint.formats.base import Document
from goldlint.formats.jsonl_doc import JsonlDocument
from goldlint.score.metrics import confusion_block, example_f1, multiset_overlap, prf_counts
from goldlint.score.model import Failure, Issues, Outcome, metric
from goldlint.score.rules import GOLD_OFFICIAL_SCORER_CANNOT_SCORE, PREDICTION_MISSING_FOR_GOLD_ID, PREDICTION_UNKNOWN_ID
from goldlint.score.slu_parse import Answer, answer_of, intents_equal
from goldlint.score.slu_read import Prediction, read_predictions, record_key, split_predictions

PROFILES = ("spec", "mera")
GOLD, PRED = "gold", "predictions"
OTHER, UNPARSABLE = "(other)", "(unparsable)"


def score(gold: Document | Iterable[tuple[JsonPath, Any]], predictions: Iterable[tuple[JsonPath, Any]], profile: str,
          issues: Issues, tick: Callable[[int], None] = lambda n: None) -> Outcome:
    """Score ``predictions`` against ``gold``: a document (a streamed JSONL one is read by
    :class:`_GoldLines`), or its records."""
    counts: Counter[str] = Counter()
    preds = read_predictions(predictions, profile, issues, counts)
    acc = _Accumulator(profile)
    seen: set[str] = set()

    def take(path: JsonPath, record: Any, quoted: bool = True) -> None:
        counts["gold_records"] += 1
        if counts["gold_records"] % 1000 == 0:
            tick(1000)
        _gold_record(path, record, profile, preds, seen, acc, issues, counts, quoted)

    if isinstance(gold, JsonlDocument):
        records = gold.records(_GoldLines(take))
    else:
        records = gold.records() if isinstance(gold, Document) else iter(gold)
    for top_path, top in records:
        for path, record in split_records(top_path, top):
            take(path, record)
    for key in preds.keys() - seen:
        counts["unknown_ids"] += 1
        pred = preds[key]
        issues.add(PRED, PREDICTION_UNKNOWN_ID, At(pred.path), f"prediction for id {key}, which no gold record has")
    return acc.outcome(counts)


def _gold_record(path: JsonPath, record: Any, profile: str, preds: dict[str, Prediction], seen: set[str],
                 acc: _Accumulator, issues: Issues, counts: Counter[str], quoted: bool = True) -> None:
    """Score one gold record (``quoted``: its line may hold an apostrophe; False when its bytes hold none)."""
    meta = record.get("meta") if isinstance(record, dict) else None
    key = record_key(meta.get("id")) if isinstance(meta, dict) else None
    if key is None:
        counts["gold_unusable"] += 1
        return
    seen.add(key)
    outputs = record.get("outputs")
    if outputs is None or outputs == "" or outputs == {}:
        counts["gold_hidden"] += 1
        return
    if isinstance(outputs, dict):  # (the usual answer: the object itself, as read_answer would give it)
        value: Any = outputs
    else:
        decoded = read_answer(outputs, At(path + ("outputs",)), Report())
        value = decoded.value if decoded is not None else None
    gold = answer_of(value, profile) if value is not None else None
    if value is None or gold is None or gold.crash:
        counts["gold_unusable"] += 1
        return
    counts["gold_with_answers"] += 1
    apostrophe = _apostrophe(outputs) if quoted else None
    if apostrophe is not None:
        counts["gold_official_crashes"] += 1
        steps, offset = apostrophe
        where = At(path + ("outputs", *steps)).inside(offset, offset + 1) if offset >= 0 else At(path + ("outputs", *steps), True)
        issues.add(GOLD, GOLD_OFFICIAL_SCORER_CANNOT_SCORE, where, f"gold id {key} has an apostrophe: MERA's scorer turns every `'` into `\"` before decoding the "
                   "gold, so the official leaderboard cannot score this record (it raises JSONDecodeError); goldlint scores it", Severity.WARNING)
    pred = preds.get(key)
    if pred is None:
        counts["missing_predictions"] += 1
        issues.add(GOLD, PREDICTION_MISSING_FOR_GOLD_ID, At(path + ("meta", "id")), f"no prediction for gold id {key}: not scored (coverage drops)", Severity.WARNING)
        return
    acc.add(key, _label(value.get("intent")), gold, pred, value)


class _GoldMeta(msgspec.Struct, gc=False):
    id: int | str


class _GoldLine(msgspec.Struct, gc=False):
    meta: _GoldMeta
    outputs: Any = None
    data: Any = msgspec.UNSET


_GOLD_LINE = msgspec.json.Decoder(_GoldLine)


class _GoldLines:
    """The gold's JSONL lines as scoring needs them (a :class:`~goldlint.formats.jsonl_doc.LineClaims`):
    ``{"meta": {"id"}, "outputs"}``, the rest of the line stepped over, and whether the line's
    bytes hold an apostrophe at all (most do not: their answers need no walk for one); ``take``
    scores each, in file order."""

    def __init__(self, take: Callable[[JsonPath, Any, bool], None]) -> None:
        self.take = take

    def clean(self, data: bytes, start: int, end: int) -> tuple[dict[str, Any], bool] | None:
        try:
            line = _GOLD_LINE.decode(memoryview(data)[start:end])
        except (msgspec.DecodeError, RecursionError):  # (a ValidationError is a DecodeError)
            return None
        if line.data is not msgspec.UNSET:
            return None  # a MERA file on one line: its records are split the ordinary way
        quoted = data.find(b"'", start, end) >= 0 or data.find(b"\\u0027", start, end) >= 0  # (JSON may escape it)
        return {"meta": {"id": line.meta.id}, "outputs": line.outputs}, quoted

    def record(self, path: JsonPath, clean: tuple[dict[str, Any], bool]) -> None:
        self.take(path, *clean)


def _label(intent: Any) -> str:
    return intent if isinstance(intent, str) else Answer(intent, []).label or "null"


def _apostrophe(outputs: Any) -> tuple[JsonPath, int] | None:
    """Where the first apostrophe of a gold answer is: the steps to the string and the offset in
    it (``-1``: in a key). Walked without recursion; gold is linted, but never trusted for depth.
    A first walk that keeps no paths answers the usual case (no apostrophe) at a fraction of the cost."""
    if not _holds_apostrophe(outputs):
        return None
    stack: list[tuple[JsonPath, Any]] = [((), outputs)]
    while stack:
        steps, value = stack.pop()
        if isinstance(value, str):
            if "'" in value:
                return steps, value.index("'")
        elif isinstance(value, dict):
            for k, v in reversed(list(value.items())):
                if isinstance(k, str) and "'" in k:
                    return steps + (k,), -1
                stack.append((steps + (k,), v))
        elif isinstance(value, list):
            stack.extend((steps + (n,), v) for n, v in reversed(list(enumerate(value))))
    return None


def _overlap(predicted: list[tuple[str, str]], gold: list[tuple[str, str]]) -> tuple[int, int, int]:
    """:func:`~goldlint.score.metrics.multiset_overlap` of two answers' (type, value) pairs (text
    pairs: equal by value either way), without building two counters for the usual few slots."""
    if len(predicted) > 8 or len(gold) > 8:
        return multiset_overlap(predicted, gold)
    rest = list(gold)
    common = 0
    for pair in predicted:
        if pair in rest:
            rest.remove(pair)
            common += 1
    return common, len(predicted), len(gold)


def _holds_apostrophe(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "'" in item:
                return True
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and "'" in k:
                    return True
                stack.append(v)
        elif isinstance(item, list):
            stack.extend(item)
    return False


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
        if gold.label is not None:
            self.gold_forms.setdefault(gold.label, shown_intent)
            if self.profile == "mera" and gold.label != gold.label.lower():
                self.capital_intents.add(gold.label)
        answer = pred.answer
        if answer is None or answer.crash:
            hit, f1 = False, 0.0
            self.n_gold += len(gold.pairs)
            column = UNPARSABLE
        else:
            hit = intents_equal(answer, gold, self.profile)
            common, n_pred, n_gold = _overlap(answer.pairs, gold.pairs)
            f1 = example_f1(common, n_pred, n_gold)
            self.common += common
            self.n_pred += n_pred
            self.n_gold += n_gold
            column = answer.label if answer.label is not None else OTHER
        self.intent_hits += hit
        self.f1_sum += f1
        row[1] += hit
        row[2] += f1
        self.confusion[(shown_intent, column)] += 1
        if not hit or f1 < 1.0:
            gold_shown = {"intent": gold_value.get("intent"), "slots": gold_value.get("slots")}
            self.failures.append(Failure(key, gold_shown, pred.shown, _detail(pred, hit, f1), shown_intent))

    def outcome(self, counts: Counter[str]) -> Outcome:
        out = Outcome("slu", self.profile, main_breakdown="per_intent")
        skipped = counts["gold_hidden"] + counts["missing_predictions"] + counts["gold_unusable"]
        n = self.measured
        none = "no gold record with an answer has a prediction"
        out.metrics["intent_exact_match"] = metric(self.intent_hits / n if n else None, none, n, skipped)
        out.metrics["slot_f1"] = metric(self.f1_sum / n if n else None, none, n, skipped)
        if self.profile == "mera":
            # MERA scores a missing answer as an unparsable one (0 and 0): its mean runs over
            # every gold record with an answer, goldlint's over the measured ones only.
            official_n = n + counts["missing_predictions"]
            if official_n:
                out.metrics["intent_exact_match"].official = self.intent_hits / official_n
                out.metrics["slot_f1"].official = self.f1_sum / official_n
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
        cells: Counter[tuple[str, str]] = Counter()
        for (gold, predicted), count in self.confusion.items():
            cells[(gold, self.gold_forms.get(predicted, predicted if predicted == UNPARSABLE else OTHER))] += count
        return confusion_block(cells, {intent: int(row[0]) for intent, row in self.per_intent.items()}, (OTHER, UNPARSABLE))

    def _notes(self, out: Outcome, counts: Counter[str]) -> None:
        if self.profile == "spec":
            out.note("spec profile: intents, slot types and slot values compared after case folding, trimming and collapsing inner whitespace on both sides")
        else:
            out.note("mera profile: MERA's official ruslun scorer number for number (prediction text lower-cased, gold as written, values compared as str())")
            if self.capital_intents:
                names = ", ".join(sorted(self.capital_intents)[:5])
                out.note(f"upstream defect reproduced: MERA lower-cases the prediction but not the gold, so gold intents with capitals ({names}) can never match (SLU112)")
            if counts["scorer_crashes"]:
                out.note(f"{counts['scorer_crashes']} prediction(s) would crash MERA's scorer (not an object, `slots` neither a list nor "
                         "falsy, a slot that is not an object, or JSON too deep or with too many digits to decode): scored 0 (SCO106)")
            if counts["missing_predictions"]:
                out.note(f"official aggregate: MERA scores the {counts['missing_predictions']} missing prediction(s) 0, so its means "
                         "(`official_aggregate`) are lower than goldlint's, which leave them out (SCO102)")
        if counts["gold_official_crashes"]:
            out.note(f"{counts['gold_official_crashes']} gold record(s) hold an apostrophe: MERA's scorer raises JSONDecodeError on them, "
                     "so the official leaderboard cannot score this gold; goldlint scores them (SCO107)")
        if counts["unparsable_predictions"]:
            out.note(f"{counts['unparsable_predictions']} unparsable prediction(s) scored 0 for intent and slots")


_COUNT_KEYS = ("gold_records", "gold_with_answers", "gold_hidden", "gold_unusable", "predictions", "missing_predictions",
               "unknown_ids", "duplicate_ids", "malformed_predictions", "unparsable_predictions", "scorer_crashes")


def _counts(counts: Counter[str]) -> dict[str, int]:
    return {key: int(counts[key]) for key in _COUNT_KEYS}


def _detail(pred: Prediction, hit: bool, f1: float) -> str:
    answer = pred.answer
    if answer is None:
        return f"unparsable: {pred.problem}"
    if answer.crash:
        return f"MERA's scorer would crash: {answer.crash}"
    parts = [] if hit else [f"intent `{answer.label}` is wrong"]
    if f1 < 1.0:
        parts.append(f"slot F1 {f1:.3f}")
    return "; ".join(parts)


__all__ = ["PROFILES", "score", "split_predictions"]
