"""What a SLURP record contributes to the dataset checks: its `sentence`, labelled by its
intent (scenario_action, as the evaluator builds it) and its annotated entities — each as
its type and its words, normalised as the text is (`whats` and `what's` do not make two
labellings of one utterance; another type or other words do); its intent and entity types
counted per split; its `slurp_id`, unique across the dataset's files (DS105; within one file,
the family's SLP108): SLURP numbers its utterances once for all its splits."""

from __future__ import annotations

from collections.abc import Iterator, Set
from typing import Any

from goldlint.dataset.collect import Declared
from goldlint.families.slurp.annotation import parse_annotation
from goldlint.findings import At
from goldlint.textnorm import normalize_text


def items(doc: Any, labelled: bool = True, only: Set[int] | None = None) -> Iterator[tuple[int, Declared]]:
    """Each record with a sentence, keyed by its place among the file's records."""
    for n, (path, record) in enumerate(doc.records()):
        if not isinstance(record, dict) or (only is not None and n not in only):
            continue
        sentence = record.get("sentence")
        if not isinstance(sentence, str) or not sentence.strip():
            continue
        labels, categories = _labels(record) if labelled else ("", ())
        ident = record.get("slurp_id")
        yield n, Declared(At((*path, "sentence")), sentence, labels, None, categories,
                          str(ident) if type(ident) is int else None, At((*path, "slurp_id")))


def _labels(record: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """The record's labels as one string, and its categories (its intent, its entity types)."""
    intent = f"{record.get('scenario')}_{record.get('action')}"
    annotation = record.get("sentence_annotation")
    entities = parse_annotation(annotation).entities if isinstance(annotation, str) else []
    named = ", ".join(f"{e.type}: {normalize_text(e.words)}" for e in entities)
    return intent + (f" ({named})" if named else ""), (f"intent {intent}", *sorted({f"entity {e.type}" for e in entities}))
