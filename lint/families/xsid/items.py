"""What an xSID sentence contributes to the dataset checks: its `# text`, labelled by its
intent and its slots — each span the BIO tags give, as its label and its words, normalised
as the text is (so `Show all alarms.` and `Show all alarms`, tokenised apart by the final
period, carry the same labels; a conflict is another intent or another slot); its intent and
slot types counted per split; its `# id`, numbered per split (the same id pairs a sentence with
its translations in the other languages' files, which are other groups)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from goldlint.dataset.collect import Declared
from goldlint.families.xsid.bio import spans
from goldlint.findings import At
from goldlint.formats.conll_doc import ConllDocument
from goldlint.textnorm import normalize_text

IDS_PER_SPLIT = True


def items(doc: ConllDocument) -> Iterator[Declared]:
    for n, sentence in enumerate(doc.sentences):
        k = sentence.index("text")
        text = sentence.heads[k][2] if k is not None else ""
        if text.strip():
            rows = [cells for cells in sentence.cells if len(cells) > 3]
            slots = [(label, normalize_text(" ".join(r[1] for r in rows[a:b]))) for a, b, label in spans([r[3] for r in rows])]
            intent = sentence.value("intent") or ""
            labels = intent + (f" ({', '.join(f'{label}: {words}' for label, words in slots)})" if slots else "")
            categories = (f"intent {intent}", *sorted({f"slot {label}" for label, _ in slots}))
            i = sentence.index("id")
            ident = sentence.heads[i][2] if i is not None else ""
            yield Declared(At((n, "comments", k)), text, labels, None, categories,
                           ident if ident.strip() else None, At((n, "comments", i)) if i is not None else None)
        sentence.forget()  # (a dataset's files are read a sentence at a time)


def group(path: Path, doc: ConllDocument) -> str:
    """The file's language, from its name (`de-ba.test.conll`: `de-ba`): xSID keeps one language a file."""
    return path.name.split(".", 1)[0]
