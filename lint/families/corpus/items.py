"""What a corpus entry contributes to the dataset checks: its source sentence, labelled by its
reference translation, in its segment (an entry's own, else the file's): a `gold_standard`
or `held_out` source that also stands in a `development` file is published, and one source
with two references is a label conflict."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from goldlint.findings import At

# A source twice in one file is the corpus's own rule (COR112): DS103 says only what it
# cannot, a source twice across the files of a segment.
OWN_DUPLICATES = True


def items(doc: Any) -> Iterator[tuple[At, str, str, str | None]]:
    root = doc.root
    entries = root.get("entries") if isinstance(root, dict) else root if isinstance(root, list) else None
    if not isinstance(entries, list):
        return
    prefix: tuple[str | int, ...] = ("entries",) if isinstance(root, dict) else ()
    file_segment = root.get("segment") if isinstance(root, dict) and isinstance(root.get("segment"), str) else None
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("source"), str) or not entry["source"].strip():
            continue
        segment = entry.get("segment") if isinstance(entry.get("segment"), str) else file_segment
        reference = entry.get("reference")
        yield At((*prefix, i, "source")), entry["source"], reference if isinstance(reference, str) else "", segment


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
