"""What an SLU record contributes to the dataset checks. Its text is its recording
(`inputs.audio`, resolved against the file's folder and compared as written, not normalised:
MERA numbers each split's recordings from `samples/audio_0.wav` in the split's own folder, so
the path as written names no recording across folders): the `question` and
`instruction` are the task's, the same for every record, and the `annotation` is the
inventory, so the audio is what tells one utterance from another — one recording in two
splits is a leak, and labelled two ways a conflict. Its labels are the intent and the slots
(values normalised); its intent and slot types are counted per split; its `meta.id` is
numbered per split (MERA numbers each split from 0). A MERA task file names each record's
split itself (`{"data": {"train": [...], "test": [...]}}`)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Set
from typing import Any

from goldlint.dataset.collect import Declared
from goldlint.dataset.splits import split_of_name
from goldlint.families.slu.records import split_records
from goldlint.findings import At
from goldlint.textnorm import normalize_text

NORMALISE = False
IDS_PER_SPLIT = True


def items(doc: Any, labelled: bool = True, only: Set[int] | None = None) -> Iterator[tuple[int, Declared]]:
    """Each record with a recording, keyed by its place among the file's records (those of a
    MERA task file's splits counted one after another)."""
    folder = os.path.dirname(os.path.abspath(doc.path))
    n = -1
    for top_path, top in doc.records():
        for path, record in split_records(top_path, top):
            n += 1
            if not isinstance(record, dict) or (only is not None and n not in only):
                continue
            inputs, outputs, meta = (_object(record.get(key)) for key in ("inputs", "outputs", "meta"))
            audio = inputs.get("audio")
            if not isinstance(audio, str) or not audio.strip():
                continue
            labels, categories = _labels(outputs) if labelled else ("", ())
            ident = meta.get("id")
            own_split = split_of_name(str(path[-2])) if len(path) >= 3 and path[-3] == "data" else None
            recording = os.path.normpath(os.path.join(folder, audio))  # (an absolute path stays itself)
            yield n, Declared(At((*path, "inputs", "audio")), recording, labels, own_split, categories,
                              str(ident) if isinstance(ident, (int, str)) and not isinstance(ident, bool) else None, At((*path, "meta", "id")))


def _labels(outputs: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """The record's labels as one string, and its categories (its intent, its slot types)."""
    intent = str(outputs.get("intent") or "")
    slots = sorted((str(k), normalize_text(str(v))) for s in outputs.get("slots") or [] if isinstance(s, dict) for k, v in s.items())
    labels = intent + (f" ({', '.join(f'{k}: {v}' for k, v in slots)})" if slots else "")
    return labels, (f"intent {intent}", *sorted({f"slot {k}" for k, _ in slots})) if intent else ()


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}
