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
    split: str | None
    exact: int  # hash of the text as written
    normal: int  # hash of its normalised form
    labels: str
    span: Span


def collect(kind: str, files: list[Path], splits: list[str | None]) -> Iterator[Item]:
    """Every item of the files (of ``kind``), file by file, in file order."""
    items = KINDS[kind].module("items").items
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
        found = list(items(doc))
        spans = doc.resolve_at([at for at, _, _ in found])
        for (_, text, labels), span in zip(found, spans, strict=True):
            if span is not None:
                yield Item(n, split, hash(text), hash(normalize_text(text)), labels, span)
