"""What an xSID sentence contributes to the dataset checks: its `# text`, labelled by its
intent and its slots — each span the BIO tags give, as its label and its words, normalised
as the text is (so `Show all alarms.` and `Show all alarms`, tokenised apart by the final
period, carry the same labels; a conflict is another intent or another slot); its intent and
slot types counted per split; its `# id`, numbered per split (the same id pairs a sentence with
its translations in the other languages' files, which are other groups). An item's key is its
sentence's number: the sentences named are found again without the others being read."""

from __future__ import annotations

import re
from collections.abc import Iterator, Set
from pathlib import Path

from goldlint.dataset.collect import Declared
from goldlint.families.xsid.bio import spans
from goldlint.findings import At
from goldlint.formats.conll_doc import Comment, ConllDocument, Sentence, sentence_spans
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


# What the dataset checks read of a whole file at once (:func:`texts`): each run of blank
# lines before a sentence (counted: a sentence starts after each), and each `# text` and
# `# id` comment — its key and value read as conll_doc's `_COMMENT` reads a comment's (the
# value stops before trailing spaces or a CR); with the categories, each `# intent` comment
# and each token line whose tag (its fourth cell) is `B-X` or `I-X` — X, the label of a
# slot (bio.spans makes a slot of each such tag or joins it to one of its label), without the
# one CR that ends a CRLF line (as the document reads a line). Every match starts at a line break, so the expression steps from one to
# the next in C.
_BLANKS = r"(?:[^\S\n]*\n)*[^\S\n]*(?=\n[^\S\n]*\S)"
_VALUE = r"[ \t]*[=:][ \t]*(\S*(?:[^\S\n]+\S+)*)"
_TAG = r"(?!#)[^\t\n]*\t[^\t\n]*\t[^\t\n]*\t([BI])-([^\t\n]*?)(?:(?=\t)|\r?(?=\n|\Z))"
_MARKS = re.compile(rf"\n(?:{_BLANKS}|#[ \t]*(text|id){_VALUE})")
_LABELLED_MARKS = re.compile(rf"\n(?:{_BLANKS}|#[ \t]*(text|id|intent){_VALUE}|{_TAG})")

Whole = tuple[list[int], list[str], list[str | None], list[tuple[str, ...]] | None]


def texts(text: str, categories: bool = False) -> Whole | None:
    """The keys, texts and ids :func:`items` yields, and with ``categories`` their categories
    (else None), read from the file's text by one expression, without its document (a
    sentence is a run of lines that are not blank, its comments are its lines that start with
    `#`, wherever they stand, its first `text`, `id` and `intent` count). None for a text that
    starts with a BOM (read by :func:`items`)."""
    if text.startswith("\ufeff"):
        return None
    n = -1  # (the two line breaks put before the text make a blank run before its first sentence)
    found: dict[int, str] = {}
    idents: dict[int, str] = {}
    intents: dict[int, str] = {}
    slots: dict[int, set[str]] = {}
    if not categories:
        for key, value in _MARKS.findall("\n\n" + text):
            if not key:
                n += 1
            elif key == "text":
                if n not in found:
                    found[n] = value
            elif n not in idents:
                idents[n] = value
        keys = [n for n, value in found.items() if value]
        return keys, [found[n] for n in keys], [idents.get(n) or None for n in keys], None
    for key, value, tag, label in _LABELLED_MARKS.findall("\n\n" + text):
        if key == "text":
            if n not in found:
                found[n] = value
        elif key == "id":
            if n not in idents:
                idents[n] = value
        elif key:
            if n not in intents:
                intents[n] = value
        elif tag:
            if label:  # (`B-` alone is no tag of BIO shape)
                slots.setdefault(n, set()).add(label)
        else:
            n += 1
    keys = [n for n, value in found.items() if value]
    kinds = [(f"intent {intents.get(n, '')}", *sorted(f"slot {label}" for label in slots.get(n, ()))) for n in keys]
    return keys, [found[n] for n in keys], [idents.get(n) or None for n in keys], kinds


def labels(text: str, keys: Set[int]) -> dict[int, str] | None:
    """The labels (:func:`items`'s) of the sentences ``keys`` names, each read alone from the
    text (the others only stepped over): DS104 compares the labels of the items that share a
    text, a few of a million. None for a text that starts with a BOM."""
    if text.startswith("\ufeff"):
        return None
    out: dict[int, str] = {}
    for n, (start, end) in enumerate(sentence_spans(text)):
        if n in keys:
            out[n] = _labels(Sentence(n, 0, text, start, end))[0]
    return out


def places(text: str, keys: Set[int]) -> dict[int, tuple[tuple[int, int], tuple[int, int] | None]] | None:
    """The offsets of the `# text` value and of the `# id` value (None without one) of each
    sentence ``keys`` names that has a text: each of those sentences read alone from the text,
    its comments placed as the document places them. None for a text that starts with a BOM."""
    if text.startswith("\ufeff"):
        return None
    out: dict[int, tuple[tuple[int, int], tuple[int, int] | None]] = {}
    for n, (start, end) in enumerate(sentence_spans(text)):
        if n in keys:
            sentence = Sentence(n, 0, text, start, end)  # (its line numbers unknown: only offsets are read)
            heads = sentence.heads
            k, i = _first(heads, "text"), _first(heads, "id")
            if k is not None and heads[k][2]:
                out[n] = (_value_offsets(sentence.comments[k]), _value_offsets(sentence.comments[i]) if i is not None else None)
    return out


def _value_offsets(comment: Comment) -> tuple[int, int]:
    return comment.value_start, comment.value_start + len(comment.value)


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


def group(path: Path, doc: ConllDocument | None) -> str:
    """The file's language, from its name (`de-ba.test.conll`: `de-ba`): xSID keeps one language a file."""
    return path.name.split(".", 1)[0]
