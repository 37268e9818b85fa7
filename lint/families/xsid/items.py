"""What an xSID sentence contributes to the dataset checks: its `# text`, labelled by its
intent and its slots — each span the BIO tags give, as its label and its words, normalised
as the text is (so `Show all alarms.` and `Show all alarms`, tokenised apart by the final
period, carry the same labels; a conflict is another intent or another slot)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from goldlint.families.xsid.bio import spans
from goldlint.findings import At
from goldlint.formats.conll_doc import ConllDocument
from goldlint.textnorm import normalize_text


def items(doc: ConllDocument) -> Iterator[tuple[At, str, str, str | None]]:
    for n, sentence in enumerate(doc.sentences):
        k = sentence.index("text")
        text = sentence.heads[k][2] if k is not None else ""
        if text.strip():
            rows = [cells for cells in sentence.cells if len(cells) > 3]
            slots = ", ".join(f"{label}: {normalize_text(' '.join(r[1] for r in rows[a:b]))}" for a, b, label in spans([r[3] for r in rows]))
            yield At((n, "comments", k)), text, f"{sentence.value('intent') or ''}" + (f" ({slots})" if slots else ""), None
        sentence.forget()  # (a dataset's files are read a sentence at a time)


def group(path: Path, doc: ConllDocument) -> str:
    """The file's language, from its name (`de-ba.test.conll`: `de-ba`): xSID keeps one language a file."""
    return path.name.split(".", 1)[0]
