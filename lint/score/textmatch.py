"""Fuzzy action matching: difflib's ratio, with rapidfuzz as a cheap upper bound first.

``difflib.SequenceMatcher(None, a, b).ratio()`` is ``2·M / (|a| + |b|)`` where ``M`` is the
size of the matching blocks it finds — a common subsequence, so ``M ≤ LCS``. rapidfuzz's
Indel distance gives ``LCS`` exactly (``|a| + |b| − 2·LCS``) about 80× faster. Written with
the same formula, ``2·LCS / (|a| + |b|)`` is never below difflib's ratio, so every pair it
puts below the threshold is skipped before difflib runs: same result, a fraction of the time.
"""

from __future__ import annotations

import difflib

from rapidfuzz.distance import Indel

from goldlint.textnorm import normalize_text

__all__ = ["greedy_matches", "maximum_matches", "normalize_text", "similarity"]


def similarity(a: str, b: str, threshold: float = 0.0) -> float:
    """difflib's ratio of ``a`` to ``b``; ``0.0`` for pairs that provably cannot reach ``threshold``."""
    length = len(a) + len(b)
    if not length:
        return 1.0  # difflib's ratio of two empty strings
    if threshold > 0.0:
        lcs = (length - Indel.distance(a, b)) // 2
        if 2.0 * lcs / length < threshold:
            return 0.0
    return difflib.SequenceMatcher(None, a, b).ratio()


def greedy_matches(predicted: list[str], gold: list[str], threshold: float) -> int:
    """The slower-whisper matcher: predictions in order, each takes the best still-unmatched
    gold by ratio (first index on ties) if it reaches ``threshold``. Texts are normalised;
    empty ones never match."""
    taken = [False] * len(gold)
    matched = 0
    for pred in predicted:
        if not pred:
            continue
        best, best_index = 0.0, -1
        for index, text in enumerate(gold):
            if taken[index] or not text:
                continue
            score = similarity(pred, text, threshold)
            if score > best:
                best, best_index = score, index
        if best_index >= 0 and best >= threshold:
            taken[best_index] = True
            matched += 1
    return matched


def maximum_matches(predicted: list[str], gold: list[str], threshold: float) -> list[tuple[int, int]]:
    """A maximum one-to-one matching of predictions to gold texts whose ratio reaches
    ``threshold`` (augmenting paths): the order of predictions never changes its size."""
    edges: list[list[int]] = []
    for pred in predicted:
        row = [j for j, text in enumerate(gold) if pred and text and similarity(pred, text, threshold) >= threshold]
        edges.append(row)
    owner: dict[int, int] = {}  # gold index → prediction index

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(predicted)):
        if edges[i]:
            augment(i, set())
    return sorted((i, j) for j, i in owner.items())
