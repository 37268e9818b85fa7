"""Shared metric arithmetic: precision / recall / F1 from counts, multiset overlaps, means.

Two conventions live side by side and are named for what they are:
- :func:`prf_counts` — from summed counts, with ``None`` where a ratio has no denominator
  (the measurement-integrity reading: nothing predicted means precision is unmeasured);
- :func:`prf_sets_upstream` — the per-sample convention of the slower-whisper scorer
  (both empty → 1.0; empty gold with predictions → P 0, R 1, F1 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class PRF:
    precision: float | None
    recall: float | None
    f1: float | None

    def as_json(self) -> dict[str, float | None]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1}


def ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


def f1_of(precision: float | None, recall: float | None) -> float | None:
    if precision is None or recall is None:
        return None
    total = precision + recall
    return 2 * precision * recall / total if total else 0.0


def prf_counts(tp: float, fp: float, fn: float) -> PRF:
    """P = TP/(TP+FP), R = TP/(TP+FN), F1 = 2TP/(2TP+FP+FN); ``None`` with no denominator.

    F1 is written from the counts so that it stays defined when only one of P and R is
    (nothing predicted against some gold: P unmeasured, R 0, F1 0).
    """
    return PRF(ratio(tp, tp + fp), ratio(tp, tp + fn), ratio(2 * tp, 2 * tp + fp + fn))


def multiset_overlap(predicted: Iterable[Hashable], gold: Iterable[Hashable]) -> tuple[int, int, int]:
    """(|pred ∩ gold| as multisets, |pred|, |gold|)."""
    p, g = Counter(predicted), Counter(gold)
    common = sum(min(n, g[k]) for k, n in p.items() if k in g)
    return common, sum(p.values()), sum(g.values())


def example_f1(common: int, n_pred: int, n_gold: int) -> float:
    """Per-example F1 of the SLU seed: both empty → 1.0; otherwise from P and R (0 when either is 0)."""
    if n_pred == 0 and n_gold == 0:
        return 1.0
    if common == 0:
        return 0.0
    precision, recall = common / n_pred, common / n_gold
    return 2 * precision * recall / (precision + recall)


def prf_sets_upstream(predicted: set[Any], gold: set[Any]) -> PRF:
    """The slower-whisper per-sample convention on sets."""
    if not gold and not predicted:
        return PRF(1.0, 1.0, 1.0)
    if not gold:
        return PRF(0.0, 1.0, 0.0)
    tp = len(predicted & gold)
    precision = tp / len(predicted) if predicted else 0.0
    recall = tp / len(gold)
    return PRF(precision, recall, f1_of(precision, recall))


class MacroMean:
    """A running mean of per-sample P/R/F1 (the upstream aggregate)."""

    def __init__(self) -> None:
        self.n = 0
        self.p = self.r = self.f = 0.0

    def add(self, prf: PRF) -> None:
        self.n += 1
        self.p += prf.precision or 0.0
        self.r += prf.recall or 0.0
        self.f += prf.f1 or 0.0

    def result(self) -> PRF:
        if not self.n:
            return PRF(None, None, None)
        return PRF(self.p / self.n, self.r / self.n, self.f / self.n)


MAX_CONFUSION = 100  # gold intents a confusion matrix shows; a run with thousands would write millions of cells
FOLDED = "(other intents)"


def confusion_block(cells: Counter[tuple[str, str]], frequency: dict[str, int], tail: tuple[str, ...]) -> dict[str, Any]:
    """The intent confusion matrix: rows are gold intents (sorted), columns the same then ``tail``
    (``tail[0]`` takes any predicted name that is not a gold intent). Over :data:`MAX_CONFUSION`
    gold intents, the most frequent are kept and the others fold into one ``(other intents)``
    row and column, so its size never grows with the square of the vocabulary."""
    names = sorted(frequency)
    folded = len(names) > MAX_CONFUSION
    kept = set(sorted(names, key=lambda n: (-frequency[n], n))[:MAX_CONFUSION]) if folded else set(names)
    rows = sorted(kept) + ([FOLDED] if folded else [])
    columns = rows + list(tail)
    row_at = {name: n for n, name in enumerate(rows)}
    column_at = {name: n for n, name in enumerate(columns)}
    matrix = [[0] * len(columns) for _ in rows]
    for (gold, predicted), count in cells.items():
        row = row_at[gold if gold in kept else FOLDED]
        if predicted in kept or predicted in tail:
            column = column_at[predicted]
        else:
            column = column_at[FOLDED] if predicted in frequency else column_at[tail[0]]
        matrix[row][column] += count
    block: dict[str, Any] = {"rows": rows, "columns": columns, "matrix": matrix}
    if folded:
        block["folded_intents"] = len(names) - MAX_CONFUSION
    return block
