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

__all__ = ["MAX_ACTION_PAIRS", "greedy_matches", "matchable", "maximum_matches", "normalize_text", "similarity"]

# A meeting's predicted actions are compared with its gold actions pair by pair, each pair
# at worst a difflib run: 10^7 pairs (about 3,000 actions a side) take seconds; a prediction
# of 60,000 templated actions against as many gold ones took hours. Past the bound the
# prediction's actions are not matched (SCO108 says so).
MAX_ACTION_PAIRS = 10_000_000


def matchable(predicted: int, gold: int) -> bool:
    """Whether ``predicted`` actions can be matched against ``gold`` ones within the bound."""
    return predicted * gold <= MAX_ACTION_PAIRS


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
    edges = _edges(predicted, gold, threshold)
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


def _edges(predicted: list[str], gold: list[str], threshold: float) -> list[list[int]]:
    """For each prediction, the gold texts (ascending) whose ratio reaches ``threshold``:
    exactly the pairs :func:`similarity` passes. rapidfuzz's C loop over the gold texts keeps
    those within the Indel distance any of them could have and pass (a superset: the bound
    depends on each pair's lengths, checked here as :func:`similarity` checks it); of those,
    the pairs a common start or end already puts over the threshold skip difflib."""
    from rapidfuzz import process

    edges: list[list[int]] = [[] for _ in predicted]
    usable = [j for j, text in enumerate(gold) if text]
    texts = [gold[j] for j in usable]
    longest = max(map(len, texts), default=0)
    for i, pred in enumerate(predicted):
        if not pred or not texts:
            continue
        widest = int((1.0 - threshold) * (len(pred) + longest)) + 1  # (+1: float rounding never drops a pair)
        row = edges[i]
        for text, distance, k in process.extract_iter(pred, texts, scorer=Indel.distance, score_cutoff=widest):
            length = len(pred) + len(text)
            if (threshold <= 0.0 or 2.0 * ((length - distance) // 2) / length >= threshold) and _reaches(pred, text, threshold):
                row.append(usable[k])
    return edges


def _reaches(a: str, b: str, threshold: float) -> bool:
    """Whether difflib's ratio of ``a`` to ``b`` reaches ``threshold``. difflib's matching
    blocks hold a longest common substring when it junks nothing (``b`` under 200 characters:
    its "popular" heuristic is off), so a common start or end that alone reaches the threshold
    decides without running it."""
    if a == b:
        return True  # (difflib's ratio of equal texts is 1.0)
    if len(b) < 200:
        size = min(len(a), len(b))
        start = 0
        while start < size and a[start] == b[start]:
            start += 1
        end = 0
        while end < size and a[-1 - end] == b[-1 - end]:
            end += 1
        if 2.0 * max(start, end) / (len(a) + len(b)) >= threshold:
            return True
    return difflib.SequenceMatcher(None, a, b).ratio() >= threshold
