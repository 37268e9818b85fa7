"""BIO slot tags: their shape, and the spans they give (the check and the scorer's `spec` profile).

Spans are made as conlleval makes chunks: ``B-X`` starts one; ``I-X`` continues the span
before it when that span is an ``X`` and starts one otherwise (after ``O``, after another
label, at the start of the sentence); ``O`` and a tag of no BIO shape end it. A span is
``(first token, last token + 1, label)``.
"""

from __future__ import annotations

import re

_SHAPE = re.compile(r"([BI])-(.+)", re.DOTALL)
# A misshapen tag that can only be one tag: `b-x`, `B_x`, `i_x`, `o`.
_ALMOST = re.compile(r"([BbIi])[-_](.+)|([oO])", re.DOTALL)

Span = tuple[int, int, str]


def split_tag(tag: str) -> tuple[str, str] | None:
    """``("B", label)``, ``("I", label)``, ``("O", "")``; ``None`` for a tag of no BIO shape."""
    if tag == "O":
        return "O", ""
    m = _SHAPE.fullmatch(tag)
    return (m.group(1), m.group(2)) if m is not None else None


def mended_tag(tag: str) -> str | None:
    """The tag a misshapen one can only be (``B_datetime`` → ``B-datetime``), or ``None``."""
    m = _ALMOST.fullmatch(tag)
    if m is None:
        return None
    return "O" if m.group(3) else f"{m.group(1).upper()}-{m.group(2)}"


def spans(tags: list[str]) -> list[Span]:
    out: list[Span] = []
    start, label = -1, ""
    for n, tag in enumerate(tags):
        shape = split_tag(tag)
        kind, name = shape if shape is not None else ("O", "")
        if kind == "I" and start >= 0 and name == label:
            continue
        if start >= 0:
            out.append((start, n, label))
            start = -1
        if kind != "O":
            start, label = n, name
    if start >= 0:
        out.append((start, len(tags), label))
    return out
