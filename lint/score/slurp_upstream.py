"""The arithmetic of SLURP's evaluator (``scripts/evaluation`` of pswietojanski/slurp @ 8eb1654),
number for number: its counters, its F-measures, its span distances, its SLU-F1.

Written from a reading of ``metrics/metrics.py`` and ``metrics/distance.py`` (none of it is
copied); ``tests/score/test_slurp_parity.py`` holds it to the numbers the evaluator's own code
gave on real and generated predictions.

- Every metric counts true positives, false positives and false negatives per label, as
  floats, in the order the labels first come.
- Scenario, action and intent: a right label is a TP of it; a wrong one a FP of the
  predicted label and a FN of the gold one (micro F1 is then the accuracy).
- Entities: a predicted entity is a TP when an equal one (the same object: type and filler,
  and no other key) is left in the gold list, which it then takes; else a FP. Gold entities
  left are FNs.
- Word and char distance: a predicted entity whose type is among the gold entities left is
  a TP, and adds its distance to the closest of them (the first, on a tie; that one is then
  taken) to both FP and FN; one of another type is a FP; gold entities left are FNs. Word
  distance is jiwer 2.0.0's WER of the predicted filler against the gold one (both split at
  spaces after runs of whitespace become one space; an empty gold raises), char distance
  textdistance 4.1.5's normalised Levenshtein distance (1 for two empty strings).
- SLU-F1: the word and char counts of every label, added.
- Overall, micro: P, R, F1 from the summed counts; macro: the mean of the labels' P, R, F1
  (the evaluator divides by zero when there is no label). P = TP/(TP+FP), 0 when both are
  0; R likewise; F1 0 when P and R are 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz.distance import Levenshtein

_RUNS = re.compile(r"\s\s+")


def prf(tp: float, fp: float, fn: float) -> tuple[float, float, float]:
    precision = 0.0 if tp == 0 and fp == 0 else tp / (tp + fp)
    recall = 0.0 if tp == 0 and fn == 0 else tp / (tp + fn)
    f1 = 0.0 if precision == 0 and recall == 0 else 2 * (precision * recall / (precision + recall))
    return precision, recall, f1


@dataclass(slots=True)
class Counts:
    tp: dict[str, float] = field(default_factory=dict)
    fp: dict[str, float] = field(default_factory=dict)
    fn: dict[str, float] = field(default_factory=dict)

    def add(self, which: dict[str, float], label: str, amount: float) -> None:
        which[label] = which.get(label, 0.0) + amount

    def labels(self) -> list[str]:
        return list(dict.fromkeys([*self.tp, *self.fp, *self.fn]))

    def per_label(self) -> dict[str, tuple[float, float, float, float, float, float]]:
        return {label: (*prf(self.tp.get(label, 0.0), self.fp.get(label, 0.0), self.fn.get(label, 0.0)),
                        self.tp.get(label, 0.0), self.fp.get(label, 0.0), self.fn.get(label, 0.0)) for label in self.labels()}

    def overall(self, average: str) -> tuple[float, float, float] | None:
        """P, R, F1; None where the evaluator divides by zero (macro, no label)."""
        if average == "macro":
            labels = self.labels()
            if not labels:
                return None
            rows = [prf(self.tp.get(label, 0.0), self.fp.get(label, 0.0), self.fn.get(label, 0.0)) for label in labels]
            return sum(r[0] for r in rows) / len(rows), sum(r[1] for r in rows) / len(rows), sum(r[2] for r in rows) / len(rows)
        return prf(sum(self.tp.values()), sum(self.fp.values()), sum(self.fn.values()))

    def absorb(self, other: Counts) -> None:
        """SLU-F1: another metric's counts, label by label."""
        for label, (_, _, _, tp, fp, fn) in other.per_label().items():
            self.add(self.tp, label, tp)
            self.add(self.fp, label, fp)
            self.add(self.fn, label, fn)


def label(counts: Counts, gold: Any, predicted: Any) -> None:
    if predicted == gold:
        counts.add(counts.tp, predicted, 1)
    else:
        counts.add(counts.fp, predicted, 1)
        counts.add(counts.fn, gold, 1)


def spans(counts: Counts, gold: list[dict[str, Any]], predicted: list[dict[str, Any]]) -> None:
    left = list(gold)
    for entity in predicted:
        if entity in left:
            counts.add(counts.tp, entity["type"], 1)
            left.remove(entity)
        else:
            counts.add(counts.fp, entity["type"], 1)
    for entity in left:
        counts.add(counts.fn, entity["type"], 1)


class EmptyGold(ValueError):
    """jiwer's WER of an empty gold filler: the evaluator raises."""


def word_distance(truth: str, hypothesis: str) -> float:
    gold, said = _words(truth), _words(hypothesis)
    if not gold:
        raise EmptyGold(truth)
    return Levenshtein.distance(gold, said) / len(gold)


def _words(text: str) -> list[str]:
    return [w for w in _RUNS.sub(" ", text).strip().split(" ") if w.strip() != ""]


def char_distance(truth: str, hypothesis: str) -> float:
    longest = max(len(truth), len(hypothesis))
    return 1.0 if longest == 0 else float(Levenshtein.distance(truth, hypothesis)) / longest


def distances(counts: Counts, gold: list[dict[str, Any]], predicted: list[dict[str, Any]], char: bool) -> None:
    measure = char_distance if char else word_distance
    labels = [e["type"] for e in gold]
    fillers = [e["filler"] for e in gold]
    for entity in predicted:
        kind = entity["type"]
        if kind not in labels:
            counts.add(counts.fp, kind, 1)
            continue
        best, lowest = 0, float("inf")
        for j, other in enumerate(labels):
            if other == kind:
                distance = measure(fillers[j], entity["filler"])
                if distance < lowest:
                    best, lowest = j, distance
        counts.add(counts.tp, kind, 1)
        counts.add(counts.fp, kind, lowest)
        counts.add(counts.fn, kind, lowest)
        labels.pop(best)
        fillers.pop(best)
    for kind in labels:
        counts.add(counts.fn, kind, 1)
