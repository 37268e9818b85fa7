"""Scoring `slurp`: scenario, action and intent accuracy, entity span F1, the word- and
char-distance entity F1 and the SLU-F1 of the SLURP paper, micro (default) or macro.

Predictions: SLURP's JSONL, one line per prediction, ``{"slurp_id" | "file", "scenario",
"action", "entities": [{"type", "filler"}]}`` — keyed by ``slurp_id`` for predictions made
from the gold text (the evaluator's ``--load-gold``), by the recording's ``file`` for
predictions made from audio (each recording of an utterance is then scored on its own).
The gold side is built as the evaluator builds it: the intent from scenario and action,
each entity's filler from its tokens' surfaces, lower-cased and joined by spaces.

Profiles:

- ``slurp``: ``scripts/evaluation/evaluate.py`` number for number (:mod:`.slurp_upstream`);
  the notes name what it does that the spec profile does not.
- ``spec`` (default): the same metrics, with ids compared as text (a ``slurp_id`` written as
  a number matches the gold's), predicted entities compared on type and filler alone (an
  extra key does not make a right entity wrong), and a metric with nothing to measure
  ``null`` with a reason instead of 0.

Malformed predictions (not an object, no key, no scenario or action, an entity without a
string type and filler) are positioned diagnostics (SCO105) and left out: the evaluator
stops on them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import msgspec

from goldlint.diagnostics import Severity
from goldlint.findings import At, JsonPath
from goldlint.formats.base import Document
from goldlint.formats.jsonl_doc import JsonlDocument
from goldlint.score import slurp_upstream as up
from goldlint.score.model import Failure, Issues, Outcome, metric
from goldlint.score.rules import PREDICTION_DUPLICATE_ID, PREDICTION_MISSING_FOR_GOLD_ID, PREDICTION_SHAPE, PREDICTION_UNKNOWN_ID

PROFILES = ("spec", "slurp")
AVERAGES = ("micro", "macro")
GOLD, PRED = "gold", "predictions"
METRICS = {"scenario_accuracy": "scenario", "action_accuracy": "action", "intent_accuracy": "intent",
           "entity_span_f1": "span", "entity_word_f1": "word", "entity_char_f1": "char", "slu_f1": "slu"}


@dataclass(slots=True)
class Example:
    key: Any
    path: JsonPath  # gold: its key (`slurp_id`, or the recording's `file`); a prediction: the prediction
    scenario: Any
    action: Any
    entities: list[dict[str, Any]]


def gold_examples(records: Document | Iterable[tuple[JsonPath, Any]], by_id: bool) -> tuple[dict[Any, Example], Counter[str]]:
    """Gold as the evaluator reads it: per ``slurp_id`` (as text) or per recording file. A
    streamed JSONL document is read narrowly (:class:`_GoldLines`): of each line, only what
    the evaluator takes is built."""
    out: dict[Any, Example] = {}
    counts: Counter[str] = Counter()

    def take(path: JsonPath, record: Any) -> None:
        counts["gold_records"] += 1
        try:
            tokens = record["tokens"]
            entities = [{"type": e["type"], "filler": " ".join(tokens[i]["surface"].lower() for i in e["span"])} for e in record["entities"]]
            keys = ([(str(record["slurp_id"]), path + ("slurp_id",))] if by_id
                    else [(r["file"], path + ("recordings", i, "file")) for i, r in enumerate(record["recordings"])])
            scenario, action = record["scenario"], record["action"]
            for key, _ in keys:
                hash(key)  # (a recording's `file` that is a list or an object names no recording)
            for label in (scenario, action, *(e["type"] for e in entities)):
                hash(label)  # (a scenario, an action or an entity type that is a list or an object is no label the evaluator counts)
        except (KeyError, TypeError, IndexError, AttributeError):
            counts["gold_unusable"] += 1
            return
        for key, where in keys:
            out[key] = Example(key, where, scenario, action, entities)

    def take_narrow(path: JsonPath, line: _GoldLine) -> None:
        counts["gold_records"] += 1
        tokens = line.tokens
        try:
            entities = [{"type": e.type, "filler": " ".join(tokens[i].surface.lower() for i in e.span)} for e in line.entities]
        except IndexError:
            counts["gold_unusable"] += 1
            return
        keys = ([(str(line.slurp_id), path + ("slurp_id",))] if by_id
                else [(r.file, path + ("recordings", i, "file")) for i, r in enumerate(line.recordings or ())])
        for key, where in keys:
            out[key] = Example(key, where, line.scenario, line.action, entities)

    if isinstance(records, JsonlDocument):
        records = records.records(_GoldLines(take_narrow, by_id))
    elif isinstance(records, Document):
        records = records.records()
    for path, record in records:
        take(path, record)
    return out, counts


class _Token(msgspec.Struct, gc=False):
    surface: str


class _Entity(msgspec.Struct, gc=False):
    type: Any
    span: list[int]


class _Recording(msgspec.Struct, gc=False):
    file: str


class _GoldLine(msgspec.Struct, gc=False):
    slurp_id: Any
    scenario: Any
    action: Any
    tokens: list[_Token]
    entities: list[_Entity]
    recordings: list[_Recording] | msgspec.UnsetType = msgspec.UNSET  # (keyed by id, the evaluator never reads them)


_GOLD_LINE = msgspec.json.Decoder(_GoldLine)


class _GoldLines:
    """The gold's JSONL lines as the evaluator reads them (a :class:`~goldlint.formats.jsonl_doc.LineClaims`):
    ``slurp_id``, scenario, action, the tokens' surfaces, the entities' types and spans, the
    recordings' files — the lemmas, tags, sentences and distances stepped over in C. A line of
    any other shape (a surface that is not text, a span of no integers, no ``recordings`` when
    keyed by file) is read the ordinary way, and :func:`gold_examples` treats it as it always did."""

    def __init__(self, take: Callable[[JsonPath, _GoldLine], None], by_id: bool) -> None:
        self.take = take
        self.by_id = by_id

    def clean(self, data: bytes, start: int, end: int) -> _GoldLine | None:
        try:
            line = _GOLD_LINE.decode(memoryview(data)[start:end])
        except (msgspec.DecodeError, RecursionError):  # (a ValidationError is a DecodeError)
            return None
        if not self.by_id and line.recordings is msgspec.UNSET:
            return None  # (the ordinary reading counts the line unusable)
        return line

    def record(self, path: JsonPath, clean: _GoldLine) -> None:
        self.take(path, clean)


def read_predictions(records: Iterable[tuple[JsonPath, Any]], issues: Issues, counts: Counter[str]) -> tuple[list[Example], bool]:
    """The predictions that can be scored, in file order, and whether they are keyed by ``slurp_id``."""
    out: list[Example] = []
    by_id: bool | None = None
    for path, value in records:
        counts["predictions"] += 1
        at = At(path)
        if not isinstance(value, dict):
            issues.add(PRED, PREDICTION_SHAPE, at, "a prediction is an object: {slurp_id or file, scenario, action, entities}")
            continue
        if by_id is None:
            by_id = "slurp_id" in value and "file" not in value
        key_name = "slurp_id" if by_id else "file"
        if key_name not in value:
            issues.add(PRED, PREDICTION_SHAPE, at, f"a prediction needs `{key_name}`, as the file's first prediction has")
            continue
        missing = [k for k in ("scenario", "action", "entities") if k not in value]
        if missing:
            issues.add(PRED, PREDICTION_SHAPE, at, f"a prediction needs `{'`, `'.join(missing)}`: the official evaluator stops on it (KeyError)")
            continue
        odd = next((k for k in (key_name, "scenario", "action") if isinstance(value[k], (list, dict))), None)
        if odd is not None:  # (an array or an object is no label: it cannot be counted or paired)
            issues.add(PRED, PREDICTION_SHAPE, at.child(odd), f"`{odd}` is {'an array' if isinstance(value[odd], list) else 'an object'}: "
                       "a string is wanted (as a label or a key, it cannot be counted or paired)")
            continue
        entities = value["entities"]
        if not isinstance(entities, list) or not all(_entity_ok(e) for e in entities):
            bad = next((i for i, e in enumerate(entities) if not _entity_ok(e)), None) if isinstance(entities, list) else None
            where = at.child("entities", bad) if bad is not None else at.child("entities")
            issues.add(PRED, PREDICTION_SHAPE, where, "an entity is an object with a string `type` and `filler`: the official evaluator stops on this one")
            continue
        out.append(Example(value[key_name], path, value["scenario"], value["action"], entities))
    return out, bool(by_id)


def _entity_ok(entity: Any) -> bool:
    return isinstance(entity, dict) and isinstance(entity.get("type"), str) and isinstance(entity.get("filler"), str)


class _Run:
    def __init__(self) -> None:
        self.counts = {name: up.Counts() for name in ("scenario", "action", "intent", "span", "word", "char")}
        self.pairs = 0
        self.failures: list[Failure] = []
        self.empty_gold_fillers = 0

    def add(self, gold: Example, pred: Example, entities: list[dict[str, Any]]) -> None:
        self.pairs += 1
        c = self.counts
        up.label(c["scenario"], gold.scenario, pred.scenario)
        up.label(c["action"], gold.action, pred.action)
        up.label(c["intent"], f"{gold.scenario}_{gold.action}", f"{pred.scenario}_{pred.action}")
        up.spans(c["span"], gold.entities, entities)
        try:
            up.distances(c["word"], gold.entities, entities, char=False)
        except up.EmptyGold:
            self.empty_gold_fillers += 1
        up.distances(c["char"], gold.entities, entities, char=True)
        if (gold.scenario, gold.action) != (pred.scenario, pred.action) or Counter(map(_pair, gold.entities)) != Counter(map(_pair, entities)):
            self.failures.append(Failure(str(gold.key), {"intent": f"{gold.scenario}_{gold.action}", "entities": gold.entities},
                                         {"intent": f"{pred.scenario}_{pred.action}", "entities": entities},
                                         "intent" if (gold.scenario, gold.action) != (pred.scenario, pred.action) else "entities",
                                         f"{gold.scenario}_{gold.action}"))

    def slu(self) -> up.Counts:
        out = up.Counts()
        out.absorb(self.counts["word"])
        out.absorb(self.counts["char"])
        return out


def _pair(entity: dict[str, Any]) -> tuple[Any, str]:
    """An entity as the failures compare it, counted, not sorted: a gold type that is a number
    (SLP101, scored with --allow-invalid-gold) has no order beside a string."""
    return entity["type"], entity["filler"]


def score(gold: Document | Iterable[tuple[JsonPath, Any]], predictions: Iterable[tuple[JsonPath, Any]], profile: str, average: str,
          issues: Issues, tick: Callable[[int], None] = lambda n: None) -> Outcome:
    counts: Counter[str] = Counter()
    preds, by_id = read_predictions(predictions, issues, counts)
    golds, gold_counts = gold_examples(gold, by_id)
    counts.update(gold_counts)
    counts["gold_examples"] = len(golds)  # (what a prediction pairs with: a record, or a recording when keyed by `file`)
    spec = profile == "spec"
    by_key: dict[Any, Example] = {}
    for p in preds:
        key = str(p.key) if spec and by_id else p.key
        if key in by_key:
            counts["duplicate_predictions"] += 1
            issues.add(PRED, PREDICTION_DUPLICATE_ID, At(p.path + (("slurp_id",) if by_id else ("file",))),
                       f"a second prediction for {key!r}: the official evaluator keeps this later one", Severity.WARNING)
        by_key[key] = p  # (the evaluator's dict: the last one wins)
    run = _Run()
    extra_keys = 0
    for key, g in golds.items():
        if key not in by_key:
            counts["missing_predictions"] += 1
            what = f"gold record {key}" if by_id else f"gold recording `{key}`"
            issues.add(GOLD, PREDICTION_MISSING_FOR_GOLD_ID, At(g.path), f"no prediction for {what}: left out of every metric (coverage drops; the official "
                       "evaluator only logs how many)", Severity.WARNING)
            continue
        p = by_key.pop(key)
        entities = p.entities
        if any(set(e) != {"type", "filler"} for e in entities):
            extra_keys += 1
            if spec:
                entities = [{"type": e["type"], "filler": e["filler"]} for e in entities]
        run.add(g, p, entities)
        if run.pairs % 1000 == 0:
            tick(1000)
    for key, p in by_key.items():
        counts["unknown_predictions"] += 1
        issues.add(PRED, PREDICTION_UNKNOWN_ID, At(p.path), f"prediction for {key!r}, which no gold {'record' if by_id else 'recording'} has")
    out = _outcome(run, profile, average, counts)
    _notes(out, run, profile, by_id, preds, extra_keys, counts)
    return out


def _outcome(run: _Run, profile: str, average: str, counts: Counter[str]) -> Outcome:
    out = Outcome("slurp", profile, main_breakdown="per_scenario", options={"average": average})
    n, skipped = run.pairs, counts["missing_predictions"]
    everything = {**run.counts, "slu": run.slu()}
    overall: dict[str, Any] = {}
    for name, source in METRICS.items():
        values = everything[source].overall(average)
        reason = None
        if not n:
            values, reason = None, "no gold example has a prediction"
        elif values is None:
            reason = "the official evaluator divides by zero here (macro average over no label)"
        elif profile == "spec" and source in ("span", "word", "char", "slu") and not everything[source].labels():
            values, reason = None, "no entity in the gold or the predictions"
        out.metrics[name] = metric(values[2] if values is not None else None, reason, n, skipped)
        if values is not None:
            overall[source] = {"precision": values[0], "recall": values[1], "f1": values[2]}
    out.counts = {k: int(counts[k]) for k in ("gold_records", "gold_examples", "gold_unusable", "predictions", "missing_predictions", "unknown_predictions",
                                              "duplicate_predictions")} | {"scored": n}
    out.breakdowns["overall"] = overall
    out.breakdowns["per_scenario"] = _table(run.counts["scenario"])
    out.breakdowns["per_entity_type"] = _table(everything["span"])
    out.failures = run.failures
    return out


def _table(counts: up.Counts) -> dict[str, dict[str, float]]:
    return {label: {"precision": p, "recall": r, "f1": f, "tp": _count(tp), "fp": _count(fp), "fn": _count(fn)}
            for label, (p, r, f, tp, fp, fn) in sorted(counts.per_label().items(), key=_label_order)}


def _label_order(item: tuple[Any, Any]) -> tuple[bool, str]:
    """Text labels in their order, then any other (a number in gold scored with --allow-invalid-gold) by its text."""
    return not isinstance(item[0], str), str(item[0])


def _count(value: float) -> float | int:
    """A count as a whole number where it is one (the evaluator keeps floats: distances add fractions)."""
    return int(value) if value.is_integer() else value


def _notes(out: Outcome, run: _Run, profile: str, by_id: bool, preds: list[Example], extra_keys: int, counts: Counter[str]) -> None:
    keyed = "`slurp_id` (predictions from the gold text: the evaluator's --load-gold)" if by_id else "the recording's `file` (each recording scored on its own)"
    out.note(f"predictions keyed by {keyed}")
    numbers = sum(1 for p in preds if by_id and not isinstance(p.key, str))
    if profile == "slurp":
        out.note("slurp profile: SLURP's scripts/evaluation/evaluate.py number for number")
        if numbers:
            out.note(f"{numbers} prediction(s) write `slurp_id` as a number: the evaluator's gold ids are text, so it never pairs them "
                     "(the spec profile compares them as text)")
        if extra_keys:
            out.note(f"{extra_keys} prediction(s) have entities with keys besides `type` and `filler`: the evaluator's span F1 counts such "
                     "an entity wrong even when type and filler are right (the spec profile compares type and filler)")
    else:
        out.note("spec profile: the evaluator's metrics, with ids compared as text, entities compared on type and filler alone, and "
                 "null (not 0) for a metric with nothing to measure")
    if run.empty_gold_fillers:
        out.note(f"{run.empty_gold_fillers} gold entities have an empty filler: the evaluator's word distance (jiwer) raises on them; "
                 "goldlint leaves them out of entity_word_f1")
    if counts["missing_predictions"]:
        out.note(f"{counts['missing_predictions']} gold example(s) have no prediction and are left out, as the evaluator leaves them out (SCO102)")


__all__ = ["AVERAGES", "PROFILES", "score"]
