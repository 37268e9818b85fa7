"""A dataset's files read into compact items: per item, hashes of its text (exact, and
normalised as the scorers normalise: :func:`goldlint.textnorm.normalize_text`), its labels,
its split and its place — never the text itself, so a million items stay small."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from goldlint.diagnostics import Position, Span
from goldlint.engine import read_document
from goldlint.families import KINDS
from goldlint.textnorm import normalize_text


class Item(msgspec.Struct, frozen=True, gc=False):
    file: int  # index into the dataset's files
    ordinal: int  # the item's place among its file's items (placed only when a finding names it: :func:`place`)
    group: str  # items are compared within a group only (a corpus's language pair, an xSID file's language)
    split: str | None
    exact: int  # hash of the text as written
    normal: int  # hash of its normalised form
    labels: str


def collect(kind: str, files: list[Path], splits: list[str | None], loaded_for: Callable[[Path], Any],
            texts: Callable[[Item, str], None] | None = None) -> Iterator[Item]:
    """Every item of the files (of ``kind``), file by file, in file order. A kind's ``items(doc)``
    yields ``(At, text, labels, split)`` (the split an item says itself — a corpus entry's
    segment —, else None: the file's); ``NORMALISE = False`` in its module compares texts as
    written only (paths, ids); ``OWN_DUPLICATES = True``, the family reports repeats within a
    file itself; a ``group(path, doc)`` there names the part of the dataset a file's items are
    compared within (the same English sentence in two corpora of other target languages is
    neither a leak nor a conflict). Each file is read the fastest way its format allows
    (:func:`goldlint.engine.read_document`). ``texts(item, normalised)``, when given, sees each
    item's normalised text as it is read (the near-duplicate sketches: :mod:`.near`)."""
    module = KINDS[kind].module("items")
    items, normalise = module.items, getattr(module, "NORMALISE", True)
    group_of = getattr(module, "group", None)
    for n, (path, split) in enumerate(zip(files, splits, strict=True)):
        doc = read_document(path, loaded_for(path))
        if doc is None:
            continue
        group = group_of(path, doc) if group_of is not None else ""
        for ordinal, (_, text, labels, own_split) in enumerate(items(doc)):
            normal = normalize_text(text) if normalise else text
            item = Item(n, ordinal, group, own_split or split, hash(text), hash(normal), labels)
            if texts is not None:
                texts(item, normal)
            yield item


def place(kind: str, files: list[Path], wanted: set[tuple[int, int]], loaded_for: Callable[[Path], Any]) -> dict[tuple[int, int], Span]:
    """The spans of the items ``(file, ordinal)`` that findings name, each file read again for them."""
    return reread(kind, files, wanted, set(), loaded_for)[0]


def reread(kind: str, files: list[Path], places: set[tuple[int, int]], texts: set[tuple[int, int]],
           loaded_for: Callable[[Path], Any]) -> tuple[dict[tuple[int, int], Span], dict[tuple[int, int], str]]:
    """The spans of the items ``places`` and the normalised texts of the items ``texts`` (each
    ``(file, ordinal)``), in one more reading of the files that hold them (the texts: the
    candidate near-duplicates, verified on them: :mod:`.near`)."""
    items = KINDS[kind].module("items").items
    spans: dict[tuple[int, int], Span] = {}
    normal: dict[tuple[int, int], str] = {}
    for n in sorted({file for file, _ in places | texts}):
        doc = read_document(files[n], loaded_for(files[n]))
        if doc is None:
            continue
        found = list(items(doc))
        ordinals = sorted(ordinal for file, ordinal in places if file == n)
        for k, span in zip(ordinals, doc.resolve_at([found[k][0] for k in ordinals]), strict=True):
            spans[n, k] = span or Span(Position(1, 1), Position(1, 1))
        for file, k in texts:
            if file == n:
                normal[n, k] = normalize_text(found[k][1])
    return spans, normal
