"""What a SLURP record contributes to the dataset checks: its `sentence`, labelled by its
intent (scenario_action, as the evaluator builds it) and its annotated entities — each as
its type and its words, normalised as the text is (`whats` and `what's` do not make two
labellings of one utterance; another type or other words do)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from goldlint.families.slurp.annotation import parse_annotation
from goldlint.findings import At
from goldlint.textnorm import normalize_text


def items(doc: Any) -> Iterator[tuple[At, str, str, str | None]]:
    for path, record in doc.records():
        if not isinstance(record, dict):
            continue
        sentence = record.get("sentence")
        if not isinstance(sentence, str) or not sentence.strip():
            continue
        labels = f"{record.get('scenario')}_{record.get('action')}"
        annotation = record.get("sentence_annotation")
        if isinstance(annotation, str):
            entities = ", ".join(f"{e.type}: {normalize_text(e.words)}" for e in parse_annotation(annotation).entities)
            labels += f" ({entities})" if entities else ""
        yield At((*path, "sentence")), sentence, labels, None
