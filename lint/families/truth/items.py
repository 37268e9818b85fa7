"""What a truth row contributes to the dataset checks: its transcription, labelled by its
intent and its annotation (read as JSON and written back with sorted keys, so spacing and
key order do not make two labellings); its intent and entity names counted per split; its
audio file (`codedWvnm`) as its id: one recording in two files of the dataset is DS105 (in
one file, the family's TRU110)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Set

from goldlint.dataset.collect import Declared
from goldlint.families.truth import declaration
from goldlint.findings import At
from goldlint.formats.tsv_doc import TsvDocument


def items(doc: TsvDocument, labelled: bool = True, only: Set[int] | None = None) -> Iterator[tuple[int, Declared]]:
    """Each row with a transcription, keyed by its number."""
    text_k, intent_k, ann_k, audio_k = (doc.column_index(c.name) for c in (declaration.TRANSCRIPTION, declaration.INTENT, declaration.ANNOTATION, declaration.AUDIO))
    if text_k is None:
        return
    rows = doc.rows
    for i in range(len(rows)) if only is None else sorted(only):
        row = rows[i]
        values = row.values
        if row.bad or text_k >= len(values) or not values[text_k].strip():
            continue
        labels, categories = _labels(values, intent_k, ann_k) if labelled else ("", ())
        audio = values[audio_k].strip() if audio_k is not None and audio_k < len(values) else ""
        yield i, Declared(At((i, "transcription")), values[text_k], labels, None, categories, audio or None, At((i, "codedWvnm")))


def _labels(values: list[str], intent_k: int | None, ann_k: int | None) -> tuple[str, tuple[str, ...]]:
    """The row's labels as one string, and its categories (its intent, its entity names)."""
    intent = values[intent_k] if intent_k is not None and intent_k < len(values) else ""
    annotation = values[ann_k] if ann_k is not None and ann_k < len(values) else ""
    entities: list[str] = []
    try:
        parsed = json.loads(annotation)
        annotation = json.dumps(parsed, sort_keys=True, ensure_ascii=False)
        entities = sorted(parsed) if isinstance(parsed, dict) else []
    except (ValueError, RecursionError):
        pass  # (as written: the row's own check says what is wrong with it)
    return f"{intent} {annotation}".strip(), (f"intent {intent}", *(f"entity {e}" for e in entities))
