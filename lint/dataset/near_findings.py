"""DS109's findings: the distinct texts of a dataset's items sketched as they are read, the
candidate pairs verified on their texts (:mod:`.near`), and each held-out item with a
near-duplicate in a less held-out split reported there (:mod:`.check` places them)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from itertools import islice
from math import floor

from goldlint.dataset import near  # (its bound and similarity read at each call: tests count and lower them)
from goldlint.dataset.check import MAX_RELATED, _Found  # (the shape every dataset finding takes)
from goldlint.dataset.collect import Columns, Item
from goldlint.dataset.rules import NEAR_DUPLICATE_IN_TWO_SPLITS


class NearTexts:
    """The distinct texts of the items in a split (normalised, per group), each sketched once
    as it is read (:class:`~goldlint.dataset.near.Sketcher`): what DS109 compares. ``ranks``:
    how held-out a split is (:func:`goldlint.dataset.splits.rank`, with the config's order)."""

    def __init__(self, threshold: float, ranks: Callable[[str | None], int]) -> None:
        self.sketcher = near.Sketcher(threshold)
        self.ranks = ranks
        self.number: dict[int, int] = {}  # normal hash (of group and text) -> the text's number
        self.first: list[tuple[int, int]] = []  # number -> (file, ordinal) of an item of the text
        self.group: list[int] = []  # number -> its group's number
        self._groups: dict[str, int] = {}
        self.pairs: list[tuple[int, int]] = []  # the candidate pairs, once :meth:`candidates` is called
        self.stopped = False  # whether there were more than near.MAX_CANDIDATES of them
        self.equals: dict[int, list[Item]] = {}  # normal hash -> the items of a candidate's text
        self.columns: Columns | None = None  # every item, once :meth:`candidates` is called
        self.keys: list[int] = []  # the text's number -> its normal hash, once :meth:`candidates` is called

    def add(self, file: int, ordinal: int, group: str, normal: int, text: str) -> None:
        """An item of a split and its normalised text, as :func:`~goldlint.dataset.collect.collect` reads it."""
        if text and normal not in self.number:
            self.number[normal] = self.sketcher.add(text)
            self.first.append((file, ordinal))
            self.group.append(self._groups.setdefault(group, len(self._groups)))

    def candidates(self, columns: Columns) -> set[tuple[int, int]]:
        """Find the candidate pairs that could be a leak (one text in a split above one of the
        other's); the items ``(file, ordinal)`` whose texts verify them."""
        self.keys = keys = list(self.number)
        bound = near.MAX_CANDIDATES
        pairs = list(islice(near.candidates(self.sketcher.keys(), self.group), bound + 1))
        self.stopped = len(pairs) > bound
        pairs = pairs[:bound]
        self.columns = columns
        self.equals = columns.having(columns.normal, {keys[t] for pair in pairs for t in pair})
        ranks: dict[int, tuple[int, int]] = {}  # text -> the lowest and highest rank of its splits

        def of(t: int) -> tuple[int, int]:
            if t not in ranks:
                found = [self.ranks(i.split) for i in self.equals[keys[t]] if i.split is not None]
                ranks[t] = (min(found), max(found))
            return ranks[t]

        self.pairs = [(x, y) for x, y in pairs if of(x)[1] > of(y)[0] or of(y)[1] > of(x)[0]]
        return {self.first[t] for pair in self.pairs for t in pair}

    def items(self) -> set[tuple[int, int]]:
        """Every item ``(file, ordinal)`` of the candidates' texts: those a DS109 finding can name."""
        return {(i.file, i.ordinal) for t in {t for pair in self.pairs for t in pair} for i in self.equals[self.keys[t]]}


def near_findings(texts: NearTexts, thresholds: dict[int, float], normal: dict[tuple[int, int], str]) -> list[_Found]:
    """DS109: each candidate pair verified on its texts (the exact similarity, see :mod:`.near`);
    reported at each item of a held-out split that has a near-duplicate in a less held-out one
    and no equal there (that is DS101/DS102's)."""
    keys = texts.keys
    sets: dict[int, set[str]] = {}

    def shingled(t: int) -> set[str]:
        if t not in sets:
            sets[t] = near.shingles(normal.get(texts.first[t], ""))
        return sets[t]

    lowest = min(thresholds.values())
    close_to: defaultdict[int, list[tuple[float, int]]] = defaultdict(list)
    for x, y in texts.pairs:
        s = near.similarity(shingled(x), shingled(y))
        if s >= lowest:
            close_to[x].append((s, y))
            close_to[y].append((s, x))
    out: list[_Found] = []
    for x, close in close_to.items():
        equals = texts.equals[keys[x]]
        rank = texts.ranks
        for item in equals:
            threshold = thresholds.get(item.file)
            if item.split is None or threshold is None:
                continue
            here = rank(item.split)
            if any(rank(e.split) < here for e in equals if e.split is not None):
                continue  # (a leak letter for letter or normalised: DS101/DS102)
            others = sorted(((s, o) for s, y in close if s >= threshold for o in texts.equals[keys[y]]
                             if o.split is not None and rank(o.split) < here),
                            key=lambda so: (-so[0], so[1].file, so[1].ordinal))
            if others:
                out.append(_near_found(item, others, threshold))
    if texts.stopped and (said := _stopped(texts, thresholds)) is not None:
        out.append(said)
    return out


def _stopped(texts: NearTexts, thresholds: dict[int, float]) -> _Found | None:
    """Said once, at the first item of the most held-out split DS109 looks at: the search was
    cut short (the texts are so alike that most of their pairs are candidates)."""
    columns = texts.columns
    assert columns is not None
    firsts: dict[int, int] = {}  # split number -> its first item (of a file DS109 looks at)
    for k, (file, split) in enumerate(zip(columns.file, columns.split, strict=True)):
        if split and split not in firsts and file in thresholds:
            firsts[split] = k
    if not firsts:
        return None
    first = min((columns.item(k) for k in firsts.values()), key=lambda i: (-texts.ranks(i.split), i.file, i.ordinal))
    message = (f"near-duplicates: the search stopped after {near.MAX_CANDIDATES:,} candidate pairs; the other DS109 findings are those "
               f"among them (the texts are much alike for a threshold of {min(thresholds.values()):g}: a template? a higher "
               "threshold looks at fewer pairs)")
    return _Found(NEAR_DUPLICATE_IN_TWO_SPLITS.code, first, message, [], 0, "")


def _near_found(item: Item, others: list[tuple[float, Item]], threshold: float) -> _Found:
    names = sorted({o.split for _, o in others if o.split is not None})
    where = f"the {' and '.join(names)} split{'s' if len(names) > 1 else ''}"
    best = _similar(others[0][0])
    how = f"a near-duplicate stands in {where} (similarity {best}" if len(others) == 1 else \
        f"{len(others)} near-duplicates stand in {where} (similarity up to {best}"
    shown = others[:MAX_RELATED]
    return _Found(NEAR_DUPLICATE_IN_TWO_SPLITS.code, item, f"{how}, at least {threshold:g} asked): this {item.split} item nearly leaks", [o for _, o in shown],
                  len(others), "a near-duplicate", notes=tuple(f"a near-duplicate, similarity {_similar(s)}" for s, _ in shown))


def _similar(s: float) -> str:
    """A similarity to two decimals, rounded down (0.996 is no 1.00: that would be an equal)."""
    return f"{floor(s * 100 + 1e-9) / 100:.2f}"  # (1e-9: 0.29 * 100 is 28.999999999999996)
