"""What a truth row contributes to the dataset checks: its transcription, labelled by its
intent and its annotation (read as JSON and written back with sorted keys, so spacing and
key order do not make two labellings); its intent and entity names counted per split; its
audio file (`codedWvnm`) as its id: one recording in two files of the dataset is DS105 (in
one file, the family's TRU110)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from goldlint.dataset.collect import Declared
from goldlint.findings import At
from goldlint.formats.tsv_doc import TsvDocument


def items(doc: TsvDocument) -> Iterator[Declared]:
    text_k, intent_k, ann_k, audio_k = (doc.column_index(name) for name in ("transcription", "intent", "annotation", "codedWvnm"))
    if text_k is None:
        return
    for i, row in enumerate(doc.rows):
        values = row.values
        if row.bad or text_k >= len(values) or not values[text_k].strip():
            continue
        intent = values[intent_k] if intent_k is not None and intent_k < len(values) else ""
        annotation = values[ann_k] if ann_k is not None and ann_k < len(values) else ""
        entities: list[str] = []
        try:
            parsed = json.loads(annotation)
            annotation = json.dumps(parsed, sort_keys=True, ensure_ascii=False)
            entities = sorted(parsed) if isinstance(parsed, dict) else []
        except (ValueError, RecursionError):
            pass  # (as written: the row's own check says what is wrong with it)
        audio = values[audio_k].strip() if audio_k is not None and audio_k < len(values) else ""
        yield Declared(At((i, "transcription")), values[text_k], f"{intent} {annotation}".strip(), None,
                       (f"intent {intent}", *(f"entity {e}" for e in entities)), audio or None, At((i, "codedWvnm")))
