"""Scoring `xsid`: intent accuracy, slot span precision / recall / F1, fully-correct sentences.

Profiles:

- ``spec`` (default): sentences paired by ``# id`` when every gold and predicted sentence has
  one, else by position; a sentence's intent is its ``# intent`` comment in either dialect
  (its tokens' intent cell when it has none); spans from the BIO tags as the checker makes
  them (:mod:`goldlint.families.xsid.bio`: conlleval's reading, exact end at the sentence's
  end); a span matches with the same first and last token and label. Precision or recall
  with no denominator is unmeasured (``None``), not 0.
- ``xsid``: xSID's ``scripts/nluEval.py`` number for number (:mod:`goldlint.score.xsid_nlueval`),
  with a note for every way its number differs from the spec profile's on these files.

Predictions are a ``.conll`` file in the gold's format (a model's output: its ``# intent``
comment holds the predicted intent; the token lines' tags the predicted slots). A predicted
sentence that does not fit its gold sentence (another number of token lines, or a token line
without its four cells) is a malformed prediction (SCO105): the spec profile leaves it out;
nluEval.py reads it without a word, and the xsid profile keeps its number and says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from goldlint.diagnostics import Severity
from goldlint.families.xsid import bio
from goldlint.families.xsid.declaration import CELL_NAMES, CELLS
from goldlint.findings import At
from goldlint.formats.conll_doc import ConllDocument, Sentence
from goldlint.score import xsid_nlueval
from goldlint.score.metrics import prf_counts
from goldlint.score.model import Failure, Issues, Outcome, metric
from goldlint.score.rules import PREDICTION_DUPLICATE_ID, PREDICTION_MISSING_FOR_GOLD_ID, PREDICTION_SHAPE, PREDICTION_UNKNOWN_ID

PROFILES = ("spec", "xsid")
GOLD, PRED = "gold", "predictions"


@dataclass(slots=True)
class View:
    """What scoring reads of one sentence."""

    number: int
    key: str  # its `# id`, or its 1-based position
    intent: str | None
    tags: list[str]
    spans: frozenset[bio.Span]
    odd: tuple[int, int] | None  # its first token line without the four cells: (its index, its cells)


Shapes = dict[tuple[str, ...], frozenset[bio.Span]]  # a tag sequence's spans, made once per distinct sequence


def view(s: Sentence, by_id: bool) -> View:
    return _read(s, by_id, {})[0]


def _read(s: Sentence, by_id: bool, shapes: Shapes) -> tuple[View, str | None]:
    """The sentence's view (keyed by id when ``by_id``, else by position) and its `# id`, read
    from its cells (no token objects: their positions are made only to place a finding)."""
    cells = s.cells
    tags = [c[3] if len(c) >= 4 else "O" for c in cells]
    odd = next(((t, len(c)) for t, c in enumerate(cells) if len(c) != CELLS), None)
    intent = s.value("intent")
    if intent is None and cells and len(cells[0]) >= 3:
        intent = cells[0][2]
    ident = s.value("id")
    key = (ident or "") if by_id else str(s.number + 1)
    shape = tuple(tags)
    spans = shapes.get(shape)
    if spans is None:  # (a file's sentences repeat a few hundred tag sequences: most are found here)
        spans = shapes[shape] = frozenset(bio.spans(tags))
    return View(s.number, key, intent, tags, spans, odd), ident


def _views(doc: ConllDocument, shapes: Shapes) -> tuple[list[View], bool]:
    """Every sentence's view, each sentence read once and forgotten again (a 100,000-sentence
    file is not held as cells), and whether every sentence has an `# id`. Views are keyed by
    id; :func:`pair` re-keys them by position when some sentence has none."""
    views: list[View] = []
    every = True
    for s in doc.sentences:
        v, ident = _read(s, True, shapes)
        every = every and bool(ident)
        views.append(v)
        s.forget()
    return views, every


def score(gold: ConllDocument, pred: ConllDocument, profile: str, issues: Issues, tick: Callable[[int], None] = lambda n: None) -> Outcome:
    pairs, counts = pair(gold, pred, issues)
    tick(len(gold.sentences))
    spec = _Spec()
    for g, p in pairs:
        spec.add(g, p)
    if profile == "xsid":
        out = _upstream(gold, pred, spec, counts)
    else:
        out = spec.outcome(counts)
        out.note("spec profile: intents from the `# intent` comment in either dialect (`# intent = x`, `# intent: x`); slot spans "
                 "from the BIO tags as conlleval makes them; a span is right with the same tokens and label")
    out.counts = dict(counts)
    return out


def pair(gold: ConllDocument, pred: ConllDocument, issues: Issues) -> tuple[list[tuple[View, View]], Counter[str]]:
    """Gold and predicted sentences, paired by `# id` when both files give every sentence one, else by position."""
    counts: Counter[str] = Counter(gold_sentences=len(gold.sentences), predictions=len(pred.sentences))
    shapes: Shapes = {}
    golds, gold_ids = _views(gold, shapes)
    preds, pred_ids = _views(pred, shapes)
    by_id = gold_ids and pred_ids
    if not by_id:
        for v in (*golds, *preds):
            v.key = str(v.number + 1)
        for p in preds[len(golds) :]:
            counts["unknown_predictions"] += 1
            issues.add(PRED, PREDICTION_UNKNOWN_ID, At((p.number,)), f"predicted sentence {p.number + 1} has no gold sentence: the gold has {len(golds)}")
        for g in golds[len(preds) :]:
            counts["missing_predictions"] += 1
            issues.add(GOLD, PREDICTION_MISSING_FOR_GOLD_ID, At((g.number,)), f"no prediction for gold sentence {g.number + 1}: the predictions have {len(preds)}",
                       Severity.WARNING)
        return _fitting(list(zip(golds, preds, strict=False)), issues, counts), counts
    found: dict[str, View] = {}
    for p in preds:
        if p.key in found:
            counts["duplicate_ids"] += 1
            issues.add(PRED, PREDICTION_DUPLICATE_ID, _id_at(pred, p.number), f"a second prediction for `# id = {p.key}`: the first is scored")
        else:
            found[p.key] = p
    pairs = []
    for g in golds:
        if g.key in found:
            pairs.append((g, found.pop(g.key)))
            continue
        counts["missing_predictions"] += 1
        issues.add(GOLD, PREDICTION_MISSING_FOR_GOLD_ID, _id_at(gold, g.number), f"no prediction for `# id = {g.key}`: not scored (coverage drops)", Severity.WARNING)
    for p in found.values():
        counts["unknown_predictions"] += 1
        issues.add(PRED, PREDICTION_UNKNOWN_ID, _id_at(pred, p.number), f"prediction for `# id = {p.key}`, which no gold sentence has")
    return _fitting(pairs, issues, counts), counts


def _fitting(pairs: list[tuple[View, View]], issues: Issues, counts: Counter[str]) -> list[tuple[View, View]]:
    """The pairs whose predicted sentence fits its gold one: a tag for each gold token, in its
    own cell. Another is malformed (SCO105) and left out, as its gold sentence had no
    prediction: a token line dropped or added shifts every later span onto other tokens, and a
    line without its tag cell has no tag to read (nluEval.py takes the intent cell for one)."""
    out = []
    for g, p in pairs:
        if len(p.tags) != len(g.tags):
            issues.add(PRED, PREDICTION_SHAPE, At((p.number,)), f"predicted sentence {p.number + 1} has {len(p.tags)} token lines, its gold "
                       f"sentence {len(g.tags)}: its tags cannot be laid on the gold tokens (left out)")
        elif p.odd is not None:
            t, n = p.odd
            issues.add(PRED, PREDICTION_SHAPE, At((p.number, "tokens", t)) if n < CELLS else At((p.number, "tokens", t, CELLS)),
                       f"a token line has {n} tab-separated cell{'s' if n != 1 else ''}, not {CELLS} ({CELL_NAMES}): the sentence's "
                       "tags cannot be read (left out)")
        else:
            out.append((g, p))
            continue
        counts["malformed_predictions"] += 1
        counts["missing_predictions"] += 1
    return out


def _id_at(doc: ConllDocument, s: int) -> At:
    found = doc.sentences[s].comment("id")
    return At((s, "comments", found[0])) if found is not None else At((s,))


class _Spec:
    def __init__(self) -> None:
        self.n = self.intents = self.fully = 0
        self.tp = self.fp = self.fn = 0
        self.per_intent: dict[str, list[int]] = {}  # count, intents right, fully right
        self.per_label: dict[str, list[int]] = {}  # tp, fp, fn
        self.failures: list[Failure] = []

    def add(self, g: View, p: View) -> None:
        self.n += 1
        right = p.intent == g.intent
        common = g.spans & p.spans
        fully = right and g.spans == p.spans
        self.intents += right
        self.fully += fully
        self.tp += len(common)
        self.fp += len(p.spans) - len(common)
        self.fn += len(g.spans) - len(common)
        row = self.per_intent.setdefault(g.intent or "(none)", [0, 0, 0])
        row[0] += 1
        row[1] += right
        row[2] += fully
        for which, spans in ((0, common), (1, p.spans - common), (2, g.spans - common)):
            for _, _, label in spans:
                self.per_label.setdefault(label, [0, 0, 0])[which] += 1
        if not fully:
            detail = [] if right else [f"intent `{p.intent}`"]
            if g.spans != p.spans:
                detail.append(f"slots {len(common)} of {len(g.spans)} right, {len(p.spans) - len(common)} wrong")
            self.failures.append(Failure(g.key, {"intent": g.intent, "tags": g.tags}, {"intent": p.intent, "tags": p.tags},
                                         "; ".join(detail), g.intent or ""))

    def outcome(self, counts: Counter[str]) -> Outcome:
        out = Outcome("xsid", "spec", main_breakdown="per_intent")
        n, skipped = self.n, counts["missing_predictions"]
        none = "no gold sentence has a prediction"
        slots = prf_counts(self.tp, self.fp, self.fn)
        out.metrics["intent_accuracy"] = metric(self.intents / n if n else None, none, n, skipped)
        out.metrics["slot_f1"] = metric(slots.f1, none if not n else "no slot in the gold or the predictions", n, skipped)
        out.metrics["slot_precision"] = metric(slots.precision, none if not n else "no slot predicted", n, skipped)
        out.metrics["slot_recall"] = metric(slots.recall, none if not n else "no slot in the gold", n, skipped)
        out.metrics["fully_correct"] = metric(self.fully / n if n else None, none, n, skipped)
        out.breakdowns["per_intent"] = {intent: {"count": c, "intent_accuracy": right / c, "fully_correct": fully / c}
                                        for intent, (c, right, fully) in sorted(self.per_intent.items())}
        out.breakdowns["per_slot_label"] = {label: {"tp": tp, "fp": fp, "fn": fn} | prf_counts(tp, fp, fn).as_json()
                                            for label, (tp, fp, fn) in sorted(self.per_label.items())}
        out.failures = self.failures
        return out


def _upstream(gold: ConllDocument, pred: ConllDocument, spec: _Spec, counts: Counter[str]) -> Outcome:
    totals, gold_read, pred_read = xsid_nlueval.evaluate(gold.text or "", pred.text or "")
    out = Outcome("xsid", "xsid", main_breakdown="per_intent")
    n, m = totals.gold_sentences, totals.pairs
    reason = None if n else "nluEval.py divides by zero: it read no gold sentence"
    out.metrics["intent_accuracy"] = metric(totals.intents_right / n if n else None, reason, m, n - m)
    out.metrics["slot_f1"] = metric(totals.f1() if n else None, reason, m, n - m)
    out.metrics["slot_precision"] = metric(totals.precision() if n else None, reason, m, n - m)
    out.metrics["slot_recall"] = metric(totals.recall() if n else None, reason, m, n - m)
    out.metrics["fully_correct"] = metric(totals.fully_right / n if n else None, reason, m, n - m)
    out.breakdowns["per_intent"] = {intent: {"count": c, "intent_accuracy": right / c} for intent, (c, right) in sorted(totals.per_intent.items())}
    counts["nlueval_gold_sentences"] = n
    counts["nlueval_gold_intents"] = len(gold_read.intents)
    counts["nlueval_pairs"] = m
    out.note("xsid profile: xSID's scripts/nluEval.py number for number (its reading of the files, its spans, its denominators)")
    if counts["malformed_predictions"]:
        out.note(f"{counts['malformed_predictions']} predicted sentence(s) do not fit their gold sentence (SCO105): nluEval.py scores them "
                 "as they are (a line's last cell its tag, the tags paired by position); the spec profile leaves them out")
    for note in differences(gold, pred, gold_read, pred_read, spec):
        out.note(note)
    return out


def differences(gold: ConllDocument, pred: ConllDocument, gold_read: xsid_nlueval.Read, pred_read: xsid_nlueval.Read, spec: _Spec) -> list[str]:
    """Why nluEval's numbers differ from the spec profile's on these files: each cause found, counted."""
    notes: list[str] = []
    spec_numbers = (f"intent_accuracy {_fmt(spec.intents / spec.n if spec.n else None)}, slot_f1 {_fmt(prf_counts(spec.tp, spec.fp, spec.fn).f1)}, "
                    f"fully_correct {_fmt(spec.fully / spec.n if spec.n else None)}")
    for name, doc, read in (("gold", gold, gold_read), ("predictions", pred, pred_read)):
        new = sum(1 for s in doc.sentences if (k := s.index("intent")) is not None and s.seps[k] == "=")
        if new:
            notes.append(f"the {name} write {new} intent(s) as `# intent = x` (xSID 0.5+): nluEval.py reads only `# intent: x`, so it "
                         f"finds {len(read.intents)} intent(s) for {len(doc.sentences)} sentence(s)"
                         + (" and scores nothing (every metric 0)" if not read.intents else ", paired by position with the wrong sentences"))
        elif len(read.intents) != len(doc.sentences):
            notes.append(f"the {name} have {len(read.intents)} `# intent: ` line(s) for {len(doc.sentences)} sentence(s): nluEval.py pairs "
                         "intents and sentences by position, so every intent after a missing one is another sentence's")
        if len(read.sentences) != len(doc.sentences):
            notes.append(f"nluEval.py reads {len(read.sentences)} sentence(s) in the {name}, which hold {len(doc.sentences)}: it counts one at "
                         "every blank line (an extra one is an empty sentence) and drops a last sentence with no blank line after it")
    quirks = _span_quirks(gold, pred)
    if quirks["end"]:
        notes.append(f"{quirks['end']} predicted span(s) end one token off the gold span at the sentence's end and count as right for "
                     "nluEval.py (its span runs to the index of the last tag when the sentence ends inside it, so `B-x O` equals `B-x I-x` there)")
    if quirks["orphan"]:
        notes.append(f"{quirks['orphan']} `I-` tag(s) start a span without `B-` (gold and predictions): nluEval.py makes no span of them")
    if quirks["switch"]:
        notes.append(f"{quirks['switch']} `I-` tag(s) go on from a span of another label: nluEval.py takes them into that span")
    notes.append(f"the spec profile (--profile spec) scores these files: {spec_numbers}")
    return notes


def _span_quirks(gold: ConllDocument, pred: ConllDocument) -> Counter[str]:
    found: Counter[str] = Counter()
    for doc in (gold, pred):
        for s in doc.sentences:
            before: tuple[str, str] | None = None
            for cells in s.cells:
                shape = bio.split_tag(cells[3]) if len(cells) >= 4 else None
                kind, label = shape if shape is not None else ("O", "")
                if kind == "I" and (before is None or before[0] == "O"):
                    found["orphan"] += 1
                elif kind == "I" and before is not None and before[1] != label:
                    found["switch"] += 1
                before = (kind, label)
    for g, p in zip(gold.sentences, pred.sentences, strict=False):
        size = len(g.cells)
        if size != len(p.cells) or size < 2:
            continue
        gold_spans = set(bio.spans([c[3] if len(c) >= 4 else "O" for c in g.cells]))
        pred_spans = set(bio.spans([c[3] if len(c) >= 4 else "O" for c in p.cells]))
        for start, end, label in pred_spans - gold_spans:
            other = (start, size if end == size - 1 else size - 1, label)
            if end >= size - 1 and other in gold_spans - pred_spans:
                found["end"] += 1
    return found


def _fmt(value: float | None) -> str:
    return "null" if value is None else f"{value:.4f}"


__all__ = ["PROFILES", "score"]
