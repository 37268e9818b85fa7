"""The entries of a large JSON document, followed across edits, for checking only the edited ones.

A 10,000-entry corpus or SLU array takes a full check longer than a keystroke may wait.
But an edit inside one entry changes that entry only, and most rules look at one entry at
a time. So, as for JSON Lines (see :mod:`goldlint.server.checker`), an edit is first
checked *quickly*: the document is checked with the entries nobody edited left out, and
only what is found inside the edited entries is kept; the full check follows when typing
pauses and alone sees the rules across entries.

:class:`ItemMap` knows where every entry of the document's large arrays (the root array,
or an array member of the root object, of at least :data:`MIN_ITEMS` items) starts and
ends; it moves them with each edit and marks the edited ones. An edit outside every
entry (the envelope, between entries, a new entry typed after the last) ends it until the
next full check. :func:`sparse_text` writes the text to check quickly: the envelope as
it is, each edited entry at its own line and column, everything else blank.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from goldlint.formats import json_spans
from goldlint.formats.base import Document
from goldlint.formats.json_scan import locate
from goldlint.server.textbuffer import Change

MIN_ITEMS = 32


@dataclass(frozen=True, slots=True)
class ItemMap:
    starts: array[int]  # every tracked entry's start, in text order (all arrays together)
    ends: array[int]  # and end (just past it)
    arrays: tuple[tuple[int, int, int, int], ...]  # per array: where its entries' region starts and ends, its first and last+1 entry
    separator: str = ","  # what stands between two entries (JSON); a YAML block sequence has none
    dirty: frozenset[int] = frozenset()  # entries edited since the map was made

    @classmethod
    def of(cls, document: Document) -> ItemMap | None:
        """The map of a parsed JSON or YAML document; None when it has no large array."""
        root = document.root
        candidates: list[tuple[Any, ...]]
        if isinstance(root, list):
            candidates = [()] if len(root) >= MIN_ITEMS else []
        elif isinstance(root, dict):
            candidates = [(key,) for key, value in root.items() if isinstance(value, list) and len(value) >= MIN_ITEMS]
        else:
            return None
        if not candidates:
            return None
        if document.format == "yaml":
            return cls._of_yaml(document, candidates)
        return cls._of_json(document.text or "", candidates)

    @classmethod
    def _of_json(cls, text: str, candidates: list[tuple[Any, ...]]) -> ItemMap | None:
        utf8 = json_spans.Utf8Text(text)
        found = locate(text, [(path, False) for path in candidates], utf8=utf8)
        starts: list[int] = []
        ends: list[int] = []
        arrays: list[tuple[int, int, int, int]] = []
        for open_at, _ in sorted(found.values()):
            spans = json_spans.item_spans(utf8, open_at)
            if spans is None:
                continue
            first = len(starts)
            for start, end in zip(spans[0], spans[1], strict=True):  # (ascending: the conversions stay cheap)
                starts.append(utf8.to_char(start))
                ends.append(utf8.to_char(end))
            arrays.append((open_at + 1, utf8.to_char(spans[2]) - 1, first, len(starts)))  # between `[` and `]`
        if not starts:
            return None
        return cls(array("q", starts), array("q", ends), tuple(arrays))

    @classmethod
    def _of_yaml(cls, document: Any, candidates: list[tuple[Any, ...]]) -> ItemMap | None:
        placed = [items for items in map(document.block_items, candidates) if items]
        placed.sort()
        starts: list[int] = []
        ends: list[int] = []
        arrays: list[tuple[int, int, int, int]] = []
        text = document.text or ""
        for items in placed:
            first = len(starts)
            starts.extend(start for start, _ in items)
            ends.extend(end for _, end in items)
            breaks = [at for at in (text.find("\n", items[-1][1]), text.find("\r", items[-1][1])) if at >= 0]
            arrays.append((items[0][0], min(breaks, default=len(text)), first, len(starts)))  # to the end of the last item's line
        if not starts:
            return None
        return cls(array("q", starts), array("q", ends), tuple(arrays), separator="")

    def follow(self, change: Change) -> ItemMap | None:
        """The map after an edit, with the entry it fell in marked; None when it fell outside every entry."""
        k = bisect_right(self.starts, change.start) - 1
        if k < 0 or change.old_end > self.ends[k]:
            return None
        delta = change.delta
        starts, ends = self.starts[: k + 1], self.ends[:k]
        ends.append(self.ends[k] + delta)
        starts.extend(map(delta.__add__, self.starts[k + 1 :]))
        ends.extend(map(delta.__add__, self.ends[k + 1 :]))
        arrays = tuple((lo + delta * (lo > change.start), hi + delta * (hi >= change.old_end), a, b) for lo, hi, a, b in self.arrays)
        return ItemMap(starts, ends, arrays, self.separator, self.dirty | {k})


@dataclass(frozen=True, slots=True)
class Sparse:
    text: str
    shifts: list[tuple[int, int, int]]  # per edited entry: its start and end in ``text``, and how far it moved


def sparse_text(text: str, items: ItemMap) -> Sparse:
    """``text`` with every entry of the tracked arrays blanked but the edited ones, which keep
    their lines and columns (a check of it places them exactly; offsets move: ``shifts``).
    The text must have no lone CR (it counts line breaks at ``\\n``)."""
    out: list[str] = []
    shifts: list[tuple[int, int, int]] = []
    length = 0  # of ``out`` joined
    done = 0  # ``text`` up to here is written

    def put(piece: str) -> None:
        nonlocal length
        out.append(piece)
        length += len(piece)

    def gap(start: int, end: int, separated: bool) -> None:
        """Blank ``text[start:end]``, keeping its line breaks and the column where it ends
        (no spaces before a line break: in YAML they could lengthen a block scalar above)."""
        breaks = text.count("\n", start, end)
        column = end - start if not breaks else end - text.rfind("\n", start, end) - 1
        if text[end : end + 1] in ("\n", "\r", ""):
            column = 0
        separator = items.separator if separated else ""
        put(separator + "\n" * breaks + " " * max(column - (0 if breaks else len(separator)), 0))

    for lo, hi, first, last in items.arrays:
        put(text[done:lo])
        at, separated = lo, False
        for k in sorted(n for n in items.dirty if first <= n < last):
            start, end = items.starts[k], items.ends[k]
            if text[start:end].isspace() or start == end:
                continue  # an entry deleted (its separator stays: the full check will say)
            gap(at, start, separated)
            shifts.append((length, length + end - start, length - start))
            put(text[start:end])
            at, separated = end, True
        gap(at, hi, False)
        done = hi
    put(text[done:])
    return Sparse("".join(out), shifts)

