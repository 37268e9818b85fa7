"""What an xSID sentence contributes to the dataset checks: its `# text`, labelled by its
intent and its slots — each span the BIO tags give, as its label and its words, normalised
as the text is (so `Show all alarms.` and `Show all alarms`, tokenised apart by the final
period, carry the same labels; a conflict is another intent or another slot); its intent and
slot types counted per split; its `# id`, numbered per split (the same id pairs a sentence with
its translations in the other languages' files, which are other groups). An item's key is its
sentence's number: the sentences named are found again without the others being read."""

from __future__ import annotations

from collections.abc import Iterator, Set
from pathlib import Path

from goldlint.dataset.collect import Declared
from goldlint.families.xsid.bio import spans
from goldlint.findings import At
from goldlint.formats.conll_doc import ConllDocument, Sentence
from goldlint.textnorm import normalize_text

IDS_PER_SPLIT = True


def items(doc: ConllDocument, labelled: bool = True, only: Set[int] | None = None) -> Iterator[tuple[int, Declared]]:
    sentences = doc.sentences
    for n in range(len(sentences)) if only is None else sorted(only):
        sentence = sentences[n]
        heads = sentence.heads if labelled else sentence.comment_heads()  # (without labels, no token line is read)
        k, i = _first(heads, "text"), _first(heads, "id")
        text = heads[k][2] if k is not None else ""
        if text.strip():
            labels, categories = _labels(sentence) if labelled else ("", ())
            ident = heads[i][2] if i is not None else ""
            yield n, Declared(At((n, "comments", k)), text, labels, None, categories,
                              ident if ident.strip() else None, At((n, "comments", i)) if i is not None else None)
        sentence.forget()  # (a dataset's files are read a sentence at a time)


def _first(heads: list[tuple[str, str, str]], key: str) -> int | None:
    """The first comment with this key (as :meth:`~goldlint.formats.conll_doc.Sentence.index`)."""
    return next((k for k, head in enumerate(heads) if head[0] == key), None)


def _labels(sentence: Sentence) -> tuple[str, tuple[str, ...]]:
    """The sentence's labels as one string, and its categories (its intent, its slot types)."""
    rows = [cells for cells in sentence.cells if len(cells) > 3]
    slots = [(label, normalize_text(" ".join(r[1] for r in rows[a:b]))) for a, b, label in spans([r[3] for r in rows])]
    intent = sentence.value("intent") or ""
    labels = intent + (f" ({', '.join(f'{label}: {words}' for label, words in slots)})" if slots else "")
    return labels, (f"intent {intent}", *sorted({f"slot {label}" for label, _ in slots}))


def group(path: Path, doc: ConllDocument) -> str:
    """The file's language, from its name (`de-ba.test.conll`: `de-ba`): xSID keeps one language a file."""
    return path.name.split(".", 1)[0]
