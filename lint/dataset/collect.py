"""A dataset's files read into compact items: per item, hashes of its text (exact, and
normalised as the scorers normalise: :func:`goldlint.textnorm.normalize_text`), of its labels
and of its id, its split and its place — never a text, so a million items stay small (the
labels a DS104 message quotes are read again with the places: :func:`place`).
The labels' categories (an item's intent, its slot types: :class:`Declared`) are counted per
split as the items go by (:class:`Tally`), not kept."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from goldlint.diagnostics import Position, Span
from goldlint.engine import read_document
from goldlint.families import KINDS
from goldlint.findings import At
from goldlint.textnorm import normalize_text


class Declared(NamedTuple):
    """What a kind's ``items(doc)`` yields for each item (its family's ``items.py``)."""

    at: At  # where the item's text is (where its findings are placed)
    text: str | None  # the text compared across splits (None: the item has none, e.g. a meeting)
    labels: str  # its labels as one string: two items of one text with other labels conflict (DS104)
    split: str | None = None  # the split the item says itself (a corpus entry's segment), else None: the file's
    categories: tuple[str, ...] = ()  # `type value` of each label counted per split (`intent weather/find`): DS106, DS107
    id: str | None = None  # its id, unique across the dataset's files (DS105)
    id_at: At | None = None  # where its id is


class Item(msgspec.Struct, frozen=True, gc=False):
    file: int  # index into the dataset's files
    ordinal: int  # the item's place among its file's items (placed only when a finding names it: :func:`place`)
    group: str  # items are compared within a group only (a corpus's language pair, an xSID file's language)
    split: str | None
    exact: int  # hash of the text as written (0: no text)
    normal: int  # hash of its normalised form
    labels: int  # hash of its labels
    ident: int = 0  # hash of its id (0: none)


class Tally:
    """Per (group, split): how many items, how many carry each category, and the first that does."""

    def __init__(self) -> None:
        self.items: Counter[tuple[str, str]] = Counter()
        self.counts: dict[tuple[str, str], Counter[str]] = {}
        self.first: dict[tuple[str, str, str], Item] = {}
        self.first_item: dict[tuple[str, str], Item] = {}

    def add(self, item: Item, categories: tuple[str, ...]) -> None:
        assert item.split is not None
        key = (item.group, item.split)
        if key not in self.first_item:
            self.first_item[key] = item
        self.items[key] += 1
        counts = self.counts.get(key)
        if counts is None:
            counts = self.counts[key] = Counter()
        for category in categories:
            if category not in counts:
                self.first[(*key, category)] = item
            counts[category] += 1


def collect(kind: str, files: list[Path], splits: list[str | None], loaded_for: Callable[[Path], Any],
            tally: Tally | None = None) -> Iterator[Item]:
    """Every item of the files (of ``kind``), file by file, in file order. A kind's ``items(doc)``
    yields a :class:`Declared` per item; ``NORMALISE = False`` in its module compares texts as
    written only (paths); ``OWN_DUPLICATES = True``, the family reports repeats within a file
    itself; ``IDS_PER_SPLIT = True``, its ids are numbered per split (compared only across the
    files of one split); a ``group(path, doc)`` there names the part of the dataset a file's
    items are compared within (the same English sentence in two corpora of other target
    languages is neither a leak nor a conflict). Each file is read the fastest way its format
    allows (:func:`goldlint.engine.read_document`)."""
    module = KINDS[kind].module("items")
    items, normalise = module.items, getattr(module, "NORMALISE", True)
    group_of = getattr(module, "group", None)
    for n, (path, split) in enumerate(zip(files, splits, strict=True)):
        doc = read_document(path, loaded_for(path))
        if doc is None:
            continue
        group = group_of(path, doc) if group_of is not None else ""
        for ordinal, declared in enumerate(items(doc)):
            text = declared.text
            exact = (hash(text) or 1) if text else 0
            normal = (hash(normalize_text(text)) or 1) if text and normalise else exact
            ident = (hash(declared.id) or 1) if declared.id else 0
            item = Item(n, ordinal, group, declared.split or split, exact, normal, hash(declared.labels), ident)
            if tally is not None and item.split is not None:
                tally.add(item, declared.categories)
            yield item


def place(kind: str, files: list[Path], wanted: set[tuple[int, int, bool]], loaded_for: Callable[[Path], Any]
          ) -> tuple[dict[tuple[int, int, bool], Span], dict[tuple[int, int], str]]:
    """The spans of the items ``(file, ordinal, at its id)`` that findings name, and their
    labels, each file read again for them."""
    items = KINDS[kind].module("items").items
    spans: dict[tuple[int, int, bool], Span] = {}
    labels: dict[tuple[int, int], str] = {}
    for n in sorted({file for file, _, _ in wanted}):
        doc = read_document(files[n], loaded_for(files[n]))
        if doc is None:
            continue
        keys = sorted(key for key in wanted if key[0] == n)
        ordinals = {k for _, k, _ in keys}
        found = {k: declared for k, declared in enumerate(items(doc)) if k in ordinals}  # (only the named: a file may hold a million)
        resolved = doc.resolve_at([(found[k].id_at or found[k].at) if at_id else found[k].at for _, k, at_id in keys])
        for key, span in zip(keys, resolved, strict=True):
            spans[key] = span or Span(Position(1, 1), Position(1, 1))
        labels.update(((n, k), declared.labels) for k, declared in found.items())
    return spans, labels
