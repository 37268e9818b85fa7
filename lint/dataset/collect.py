"""A dataset's files read into compact items: per item, hashes of its text (exact, and
normalised as the scorers normalise: :func:`goldlint.textnorm.normalize_text`), its labels,
its split and its place — never the text itself, so a million items stay small."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec

from goldlint.dataset.buffers import read_document
from goldlint.diagnostics import Position, Span
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


def collect(kind: str, files: list[Path], splits: list[str | None], loaded_for: Callable[[Path], Any]) -> Iterator[Item]:
    """Every item of the files (of ``kind``), file by file, in file order. A kind's ``items(doc)``
    yields ``(At, text, labels, split)`` (the split an item says itself — a corpus entry's
    segment —, else None: the file's); ``NORMALISE = False`` in its module compares texts as
    written only (paths, ids); ``OWN_DUPLICATES = True``, the family reports repeats within a
    file itself; a ``group(path, doc)`` there names the part of the dataset a file's items are
    compared within (the same English sentence in two corpora of other target languages is
    neither a leak nor a conflict). Each file is read the fastest way its format allows
    (:func:`goldlint.engine.read_document`)."""
    module = KINDS[kind].module("items")
    items, normalise = module.items, getattr(module, "NORMALISE", True)
    group_of = getattr(module, "group", None)
    for n, (path, split) in enumerate(zip(files, splits, strict=True)):
        doc = read_document(path, loaded_for(path))
        if doc is None:
            continue
        group = group_of(path, doc) if group_of is not None else ""
        for ordinal, (_, text, labels, own_split) in enumerate(items(doc)):
            exact = hash(text)
            yield Item(n, ordinal, group, own_split or split, exact, hash(normalize_text(text)) if normalise else exact, labels)


def place(kind: str, files: list[Path], wanted: set[tuple[int, int]], loaded_for: Callable[[Path], Any]) -> dict[tuple[int, int], Span]:
    """The spans of the items ``(file, ordinal)`` that findings name, each file read again for them."""
    items = KINDS[kind].module("items").items
    out: dict[tuple[int, int], Span] = {}
    for n in sorted({file for file, _ in wanted}):
        doc = read_document(files[n], loaded_for(files[n]))
        if doc is None:
            continue
        ordinals = sorted(ordinal for file, ordinal in wanted if file == n)
        found = list(items(doc))
        spans = doc.resolve_at([found[k][0] for k in ordinals])
        for k, span in zip(ordinals, spans, strict=True):
            out[n, k] = span or Span(Position(1, 1), Position(1, 1))
    return out
