"""What a corpus entry contributes to the dataset checks: its source sentence, labelled by its
reference translation, in its segment (an entry's own, else the file's): a `gold_standard`
or `held_out` source that also stands in a `development` file is published (DS108), and one
source with two references is a label conflict; its `id`, unique across the corpus's files."""

from __future__ import annotations

from collections.abc import Iterator, Set
from pathlib import Path
from typing import Any

from goldlint.dataset.collect import Declared
from goldlint.findings import At

# A source twice in one file is the corpus's own rule (COR112): DS103 says only what it
# cannot, a source twice across the files of a segment.
OWN_DUPLICATES = True


def secret_splits(loaded: Any) -> frozenset[str]:
    """The segments a public file must share no source with (the corpus table's, with its extras)."""
    return frozenset(loaded.family_options("corpus").secret_segments())


def items(doc: Any, labelled: bool = True, only: Set[int] | None = None) -> Iterator[tuple[int, Declared]]:
    """Each entry with a source, keyed by its index in `entries`."""
    root = doc.root
    entries = root.get("entries") if isinstance(root, dict) else root if isinstance(root, list) else None
    if not isinstance(entries, list):
        return
    prefix: tuple[str | int, ...] = ("entries",) if isinstance(root, dict) else ()
    file_segment = root.get("segment") if isinstance(root, dict) and isinstance(root.get("segment"), str) else None
    for i in range(len(entries)) if only is None else sorted(only):
        entry = entries[i]
        if not isinstance(entry, dict) or not isinstance(entry.get("source"), str) or not entry["source"].strip():
            continue
        segment = entry.get("segment") if isinstance(entry.get("segment"), str) else file_segment
        reference = entry.get("reference")
        ident = entry.get("id")
        yield i, Declared(At((*prefix, i, "source")), entry["source"], reference if isinstance(reference, str) and labelled else "", segment, (),
                          str(ident) if isinstance(ident, (str, int)) and not isinstance(ident, bool) and str(ident).strip() else None,
                          At((*prefix, i, "id")))


def group(path: Path, doc: Any) -> str:
    """The corpus's language pair (harness: `language_pair`; spec: `dataset.language_pair`)."""
    root = doc.root
    if not isinstance(root, dict):
        return ""
    pair = root.get("language_pair")
    if pair is None and isinstance(root.get("dataset"), dict):
        pair = root["dataset"].get("language_pair")
    if isinstance(pair, dict):
        return f"{pair.get('source')}-{pair.get('target')}"
    return str(pair) if pair is not None else ""
