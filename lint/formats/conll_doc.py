"""CoNLL-style files with comment headers (xSID's ``.conll``), with exact positions.

A sentence is a block of comment lines (``# key = value`` or, in the older dialect,
``# key: value``) and token lines (cells separated by TAB), ended by a blank line. The
document keeps every line's offsets, so a finding can point at a comment's key, its
separator or a range of its value, or at any cell of a token line.

Paths (for :class:`~goldlint.findings.At`); sentences and their lines count from 0:

- ``()`` the start of the file; ``(s,)`` sentence ``s``'s first line;
- ``(s, "comments", k)`` the value of the sentence's comment ``k``; ``key=True`` its key;
  ``.inside(a, b)`` characters ``[a, b)`` of the value; ``(s, "comments", k, "sep")`` the
  text between key and value (`` = `` or ``: ``); ``(s, "comments", k, "line")`` the line;
- ``(s, "tokens", t)`` token line ``t``; ``(s, "tokens", t, cell)`` a cell, by name
  (``index``, ``word``, ``intent``, ``tag``: the xSID columns) or by number;
  ``.inside(a, b)`` a range of the cell's text;
- ``("line", n)`` line ``n`` of the file (0-based), e.g. a stray blank line.

A path that names nothing resolves to the nearest thing it is inside (a missing cell → its
line). Nothing is decoded: cells are the text between TABs, as the xSID tools read them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, JsonPath, Offsets
from goldlint.formats.base import Document

CELLS = ("index", "word", "intent", "tag")  # the xSID token columns, in order

# `# key = value` / `# key: value`: the key is the first word after `#`; what follows the
# separator (and the spaces after it) is the value. A comment of another shape has no key.
_COMMENT = re.compile(r"#[ \t]*([^\s=:]+)[ \t]*([=:])[ \t]*")


@dataclass(slots=True)
class Comment:
    line: int  # 0-based line of the file
    start: int  # offset of the line's first character (the `#`)
    key: str  # "" when the comment is not `# key = value` shaped
    sep: str  # "=" or ":" ("" without a key)
    value: str  # the rest of the line after the separator, trailing spaces removed
    key_col: int  # where the key starts in the line
    value_col: int  # where the value starts in the line
    size: int  # the line's length

    @property
    def end(self) -> int:
        return self.start + self.size

    @property
    def key_start(self) -> int:
        return self.start + self.key_col

    @property
    def key_end(self) -> int:
        return self.start + self.key_col + len(self.key)

    @property
    def value_start(self) -> int:
        return self.start + self.value_col


@dataclass(slots=True)
class Token:
    line: int
    start: int
    cells: list[str]

    @property
    def end(self) -> int:
        return self.start + sum(map(len, self.cells)) + len(self.cells) - 1

    def cell_start(self, k: int) -> int:
        return self.start + sum(len(c) for c in self.cells[:k]) + k

    def cell(self, name: str | int) -> str | None:
        k = cell_index(name)
        return self.cells[k] if k is not None and k < len(self.cells) else None


class Sentence:
    """One sentence: its comments, and its token lines' cells (``cells``; the :class:`Token`
    objects of ``tokens``, with their positions, are made on first use: a clean sentence's
    checks read the cells alone)."""

    __slots__ = ("number", "first_line", "comments", "cells", "token_lines", "_starts", "_tokens", "_keyed")

    def __init__(self, number: int, first_line: int, starts: list[int]) -> None:
        self.number = number  # 0-based
        self.first_line = first_line
        self.comments: list[Comment] = []
        self.cells: list[list[str]] = []  # each token line's cells
        self.token_lines: list[int] = []  # and its line
        self._starts = starts  # the document's line offsets
        self._tokens: list[Token] | None = None
        self._keyed: dict[str, tuple[int, Comment]] | None = None

    @property
    def tokens(self) -> list[Token]:
        if self._tokens is None:
            starts = self._starts
            self._tokens = [Token(n, starts[n], cells) for n, cells in zip(self.token_lines, self.cells, strict=True)]
        return self._tokens

    def comment(self, key: str) -> tuple[int, Comment] | None:
        """The first comment with this key, and its index."""
        if self._keyed is None:
            self._keyed = {}
            for k, c in enumerate(self.comments):
                self._keyed.setdefault(c.key, (k, c))
        return self._keyed.get(key)

    def value(self, key: str) -> str | None:
        found = self.comment(key)
        return found[1].value if found is not None else None


def cell_index(name: str | int) -> int | None:
    if isinstance(name, int):
        return name if name >= 0 else None
    return CELLS.index(name) if name in CELLS else None


class ConllDocument(Document):
    format = "conll"

    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        self.sentences: list[Sentence] = []
        self.line_starts: list[int] = []  # the offset of every line
        self.blank_runs: list[tuple[int, int]] = []  # (first line, count) of every run of blank lines
        self.ends_with_blank = False  # the last sentence is followed by a blank line
        self._read(text)
        if not self.sentences:
            self.ok = False
            self.findings.append(Finding("GL010", Offsets(0, 0), "no sentences: the file holds no comment or token line"))

    def _read(self, text: str) -> None:
        """One pass over the lines; the line offsets are summed in C (a 100,000-sentence file
        has a million lines: the loop does only what each line needs)."""
        body = text.removeprefix("\ufeff")
        lines = body.split("\n")
        self.line_starts = starts = list(accumulate(map(_plus_one, map(len, lines[:-1])), initial=len(text) - len(body)))
        if "\r" in body:
            lines = [line[:-1] if line.endswith("\r") else line for line in lines]
        sentences = self.sentences
        current: Sentence | None = None
        blank_from = -1
        for n, line in enumerate(lines):
            if not line or line.isspace():
                if blank_from < 0:
                    blank_from = n
                current = None
                continue
            if blank_from >= 0:
                self.blank_runs.append((blank_from, n - blank_from))
                blank_from = -1
            if current is None:
                current = Sentence(len(sentences), n, starts)
                sentences.append(current)
            if line[0] == "#":
                current.comments.append(_comment(line, n, starts[n]))
            else:
                current.cells.append(line.split("\t"))
                current.token_lines.append(n)
        if body.endswith("\n"):  # the empty piece after the last LF is no line of the file
            starts.pop()
        if blank_from >= 0 and blank_from < len(starts):
            self.blank_runs.append((blank_from, len(starts) - blank_from))
            self.ends_with_blank = bool(sentences)

    def line_end(self, n: int) -> int:
        """The offset just past line ``n``'s last character (before its line break)."""
        text = self.text or ""
        end = text.find("\n", self.line_starts[n])
        end = len(text) if end < 0 else end
        return end - 1 if end > self.line_starts[n] and text[end - 1] == "\r" else end

    # -- the Document interface ------------------------------------------------------

    @property
    def root(self) -> list[Sentence]:
        return self.sentences

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        if self.ok:
            yield (), self.sentences

    def resolve_at(self, locations: list[At]) -> list[Span | None]:
        assert self.index is not None
        out: list[Span | None] = []
        for loc in locations:
            found = self._offsets(loc)
            out.append(self.index.span(*found) if found is not None else None)
        return out

    def encode(self, where: At, value: str) -> str:
        return value  # cells and comment values are written as they are

    def _offsets(self, loc: At) -> tuple[int, int] | None:
        path = loc.path
        if not path:
            return 0, 0
        if path[0] == "line":
            n = path[1] if len(path) > 1 and isinstance(path[1], int) else -1
            return (self.line_starts[n], self.line_end(n)) if 0 <= n < len(self.line_starts) else None
        s = path[0]
        if not isinstance(s, int) or not 0 <= s < len(self.sentences):
            return None
        sentence = self.sentences[s]
        first = sentence.first_line
        whole = self.line_starts[first], self.line_end(first)
        if len(path) < 3 or not isinstance(path[2], int):
            return whole
        if path[1] == "comments" and 0 <= path[2] < len(sentence.comments):
            return _comment_offsets(sentence.comments[path[2]], loc)
        if path[1] == "tokens" and 0 <= path[2] < len(sentence.tokens):
            return _token_offsets(sentence.tokens[path[2]], loc)
        return whole


def _comment(line: str, n: int, start: int) -> Comment:
    m = _COMMENT.match(line)
    if m is None:
        return Comment(n, start, "", "", line[1:].strip(), 0, len(line), len(line))
    return Comment(n, start, m.group(1), m.group(2), line[m.end() :].rstrip(), m.start(1), m.end(), len(line))


_plus_one = (1).__add__


def _comment_offsets(c: Comment, loc: At) -> tuple[int, int]:
    rest = loc.path[3:]
    if rest == ("line",):
        return c.start, c.end
    if rest == ("sep",):
        return (c.key_end, c.value_start) if c.key else (c.start, c.start + 1)
    if loc.key:
        return (c.key_start, c.key_end) if c.key else (c.start, c.end)
    if loc.inner is not None:
        a, b = loc.inner
        size = len(c.value)
        return c.value_start + min(a, size), c.value_start + min(b, size)
    return c.value_start, c.value_start + len(c.value)


def _token_offsets(token: Token, loc: At) -> tuple[int, int]:
    if len(loc.path) < 4:
        return token.start, token.end
    k = cell_index(loc.path[3])
    if k is None or k >= len(token.cells):
        return token.start, token.end
    start = token.cell_start(k)
    size = len(token.cells[k])
    if loc.inner is not None:
        a, b = loc.inner
        return start + min(a, size), start + min(b, size)
    return start, start + size

