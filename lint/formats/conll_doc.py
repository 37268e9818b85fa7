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
from dataclasses import dataclass, field
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
    start: int  # offset of the `#`
    end: int  # offset just past the line's last character
    key: str  # "" when the comment is not `# key = value` shaped
    sep: str  # "=" or ":" ("" without a key)
    key_start: int
    value_start: int  # offset of the value's first character (== end when empty)
    value: str  # the rest of the line after the separator, trailing spaces removed

    @property
    def key_end(self) -> int:
        return self.key_start + len(self.key)


@dataclass(slots=True)
class Token:
    line: int
    start: int
    end: int
    cells: list[str]

    def cell_start(self, k: int) -> int:
        return self.start + sum(len(c) for c in self.cells[:k]) + k

    def cell(self, name: str | int) -> str | None:
        k = cell_index(name)
        return self.cells[k] if k is not None and k < len(self.cells) else None


@dataclass(slots=True)
class Sentence:
    number: int  # 0-based
    first_line: int
    comments: list[Comment] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)

    def comment(self, key: str) -> tuple[int, Comment] | None:
        """The first comment with this key, and its index."""
        for k, c in enumerate(self.comments):
            if c.key == key:
                return k, c
        return None

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
        self.line_starts: list[int] = []
        self.line_ends: list[int] = []  # offset past each line's last character (before its break)
        self.blank_runs: list[tuple[int, int]] = []  # (first line, count) of every run of blank lines
        self.ends_with_blank = False  # the last sentence is followed by a blank line
        self._read(text)
        if not self.sentences:
            self.ok = False
            self.findings.append(Finding("GL010", Offsets(0, 0), "no sentences: the file holds no comment or token line"))

    def _read(self, text: str) -> None:
        body = text.removeprefix("\ufeff")
        offset = len(text) - len(body)
        starts, ends = self.line_starts, self.line_ends
        current: Sentence | None = None
        blank_from = -1
        for n, line in enumerate(body.split("\n")):
            start = offset
            offset += len(line) + 1
            if line.endswith("\r"):
                line = line[:-1]
            starts.append(start)
            ends.append(start + len(line))
            if not line.strip():
                if blank_from < 0:
                    blank_from = n
                current = None
                continue
            if blank_from >= 0:
                self.blank_runs.append((blank_from, n - blank_from))
                blank_from = -1
            if current is None:
                current = Sentence(len(self.sentences), n)
                self.sentences.append(current)
            if line.startswith("#"):
                current.comments.append(_comment(line, n, start))
            else:
                current.tokens.append(Token(n, start, start + len(line), line.split("\t")))
        if blank_from >= 0:
            # The blank lines at the end; the empty "line" after a final LF is not one.
            count = len(starts) - blank_from - (1 if body.endswith("\n") else 0)
            self.ends_with_blank = count > 0 and bool(self.sentences)
            if count > 0:
                self.blank_runs.append((blank_from, count))
        if body.endswith("\n"):  # the empty piece after the last LF is no line of the file
            starts.pop()
            ends.pop()

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
            return (self.line_starts[n], self.line_ends[n]) if 0 <= n < len(self.line_starts) else None
        s = path[0]
        if not isinstance(s, int) or not 0 <= s < len(self.sentences):
            return None
        sentence = self.sentences[s]
        first = sentence.first_line
        whole = self.line_starts[first], self.line_ends[first]
        if len(path) < 3 or not isinstance(path[2], int):
            return whole
        if path[1] == "comments" and 0 <= path[2] < len(sentence.comments):
            return _comment_offsets(sentence.comments[path[2]], loc)
        if path[1] == "tokens" and 0 <= path[2] < len(sentence.tokens):
            return _token_offsets(sentence.tokens[path[2]], loc)
        return whole


def _comment(line: str, n: int, start: int) -> Comment:
    end = start + len(line)
    m = _COMMENT.match(line)
    if m is None:
        return Comment(n, start, end, "", "", start, end, line[1:].strip())
    value = line[m.end() :].rstrip()
    return Comment(n, start, end, m.group(1), m.group(2), start + m.start(1), start + m.end(), value)


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

