"""What a truth row contributes to the dataset checks: its transcription, labelled by its
intent and its annotation (read as JSON and written back with sorted keys, so spacing and
key order do not make two labellings)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from goldlint.findings import At
from goldlint.formats.tsv_doc import TsvDocument


def items(doc: TsvDocument) -> Iterator[tuple[At, str, str, str | None]]:
    text_k, intent_k, ann_k = (doc.column_index(name) for name in ("transcription", "intent", "annotation"))
    if text_k is None:
        return
    for i, row in enumerate(doc.rows):
        values = row.values
        if row.bad or text_k >= len(values) or not values[text_k].strip():
            continue
        intent = values[intent_k] if intent_k is not None and intent_k < len(values) else ""
        annotation = values[ann_k] if ann_k is not None and ann_k < len(values) else ""
        try:
            annotation = json.dumps(json.loads(annotation), sort_keys=True, ensure_ascii=False)
        except (ValueError, RecursionError):
            pass  # (as written: the row's own check says what is wrong with it)
        yield At((i, "transcription")), values[text_k], f"{intent} {annotation}".strip(), None
