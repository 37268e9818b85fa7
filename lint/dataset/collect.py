"""A dataset's files read into compact items: per item, hashes of its text (exact, and
normalised as the scorers normalise: :func:`goldlint.textnorm.normalize_text`), its labels,
its split and its place — never the text itself, so a million items stay small."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec

from goldlint.diagnostics import Span
from goldlint.engine import format_of, make_document
from goldlint.families import KINDS
from goldlint.source import decode
from goldlint.textnorm import normalize_text


class Item(msgspec.Struct, frozen=True, gc=False):
    file: int  # index into the dataset's files
    group: str  # items are compared within a group only (a corpus's language pair, an xSID file's language)
    split: str | None
    exact: int  # hash of the text as written
    normal: int  # hash of its normalised form
    labels: str
    span: Span


def collect(kind: str, files: list[Path], splits: list[str | None]) -> Iterator[Item]:
    """Every item of the files (of ``kind``), file by file, in file order. A kind's ``items(doc)``
    yields ``(At, text, labels, split)`` (the split an item says itself — a corpus entry's
    segment —, else None: the file's); ``NORMALISE = False`` in its module compares texts as
    written only (paths, ids); ``OWN_DUPLICATES = True``, the family reports repeats within a
    file itself; a ``group(path, doc)`` there names the part of the dataset a
    file's items are compared within (the same English sentence in two corpora of other target
    languages is neither a leak nor a conflict)."""
    module = KINDS[kind].module("items")
    items, normalise = module.items, getattr(module, "NORMALISE", True)
    group_of = getattr(module, "group", None)
    for n, (path, split) in enumerate(zip(files, splits, strict=True)):
        fmt = format_of(path)
        try:
            data = path.read_bytes()
        except OSError:
            continue  # (the file's own check said why it cannot be read)
        if fmt is None:
            continue
        doc = make_document(str(path), decode(data).text, fmt)
        if not doc.ok:
            continue
        group = group_of(path, doc) if group_of is not None else ""
        found = list(items(doc))
        spans = doc.resolve_at([at for at, _, _, _ in found])
        for (_, text, labels, own_split), span in zip(found, spans, strict=True):
            if span is not None:
                exact = hash(text)
                yield Item(n, group, own_split or split, exact, hash(normalize_text(text)) if normalise else exact, labels, span)
