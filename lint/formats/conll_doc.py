"""CoNLL-style files with comment headers (xSID's ``.conll``), with exact positions.

A sentence is a block of comment lines (``# key = value`` or, in the older dialect,
``# key: value``) and token lines (cells separated by TAB), ended by a blank line. The
document keeps where each sentence is in the text; a sentence's lines are read when a check
asks for them, and their offsets only when a finding is placed in them, so a finding can
point at a comment's key, its separator or a range of its value, or at any cell of a token
line, while a clean file costs no position at all.

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

import itertools
import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from itertools import accumulate
from operator import add, itemgetter, methodcaller, sub
from typing import Any

import msgspec

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, JsonPath, Offsets
from goldlint.formats.base import Document
from goldlint.rules.general import EMPTY_FILE

CELLS = ("index", "word", "intent", "tag")  # the xSID token columns, in order

# `# key = value` / `# key: value`: the key is the first word after `#`; what follows the
# separator (and the spaces after it) is the value. A comment of another shape has no key.
_KEY = r"#[ \t]*([^\s=:]+)[ \t]*([=:])"
# key, separator, value: what follows the spaces after the separator, up to the line's last
# character that is not whitespace (a value is runs of non-space apart by runs of space: one
# way to match, linear in the line)
_COMMENT = re.compile(_KEY + r"[ \t]*(\S*(?:[^\S\n]+\S+)*)")
_LEADING_COMMENTS = re.compile(r"(?:#[^\n]*(?:\n|\Z))*")  # a sentence's comment lines before its first token line
_HEADS = re.compile("^" + _COMMENT.pattern, re.MULTILINE)  # every `# key = value` comment of a sentence, at once
_COMMENT_KEY = re.compile("^" + _KEY, re.MULTILINE)  # a comment's key, at the start of any line of the file
# A sentence: a run of lines that are not blank (blank: empty or only whitespace, as
# `str.isspace` says; `\s` is the same class), with the line break after its last line.
_LINES = r"(?:[^\S\n]*\S[^\n]*(?:\n|\Z))+"
_SENTENCE = re.compile("^" + _LINES, re.MULTILINE)
_FIRST_SENTENCE = re.compile(_LINES)  # right after a BOM (where `^` does not match)


class Comment(msgspec.Struct):
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


class Token(msgspec.Struct):
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
    """One sentence: a run of non-blank lines of the document's text, read on first use.

    The document holds only where each sentence is; its lines are read from the text when a
    check asks for them, and :meth:`forget` drops them again (a check that reads each sentence
    once keeps one sentence's lines in memory, not the file's: a 100,000-sentence file had
    made 2.4 million cell strings and 400,000 comment objects live at once). A check reads
    ``heads`` (each comment's key, separator and value) and ``cells``; the :class:`Comment`
    and :class:`Token` objects, with their positions, are made only when asked for (to place
    a finding, or in the editor)."""

    __slots__ = ("number", "first_line", "_text", "_start", "_end", "_done", "_heads", "_keys", "_seps", "_keyed", "_comment_at", "_cells",
                 "_token_at", "_comments", "_tokens")

    def __init__(self, number: int, first_line: int, text: str, start: int, end: int) -> None:
        self.number = number  # 0-based
        self.first_line = first_line
        self._text = text  # the document's text; the sentence is text[start:end] (its last line break included)
        self._start = start
        self._end = end
        self._done = False
        self._comments: list[Comment] | None = None
        self._tokens: list[Token] | None = None
        self._keyed: dict[str, int] = {}
        self._keys: tuple[str, ...] = ()
        self._seps: tuple[str, ...] = ()
        self._heads: list[tuple[str, str, str]] = _NONE
        self._comment_at: Sequence[int] = _NONE
        self._cells: list[list[str]] = _NONE
        self._token_at: Sequence[int] = _NONE

    def forget(self) -> None:
        """Drop what was read of the sentence's lines (read again on the next use)."""
        if self._done:
            self._done = False
            self._comments = self._tokens = None
            self._heads = self._comment_at = self._cells = self._token_at = _NONE
            self._keyed, self._keys, self._seps = {}, (), ()

    @property
    def start(self) -> int:
        """The offset of the sentence's first character."""
        return self._start

    def _read(self) -> None:
        """Read the sentence's lines: each comment's head, each token line's cells."""
        block = self._text[self._start : self._end]
        head = _LEADING_COMMENTS.match(block).end()  # type: ignore[union-attr]  # (matches every text)
        if "\r" not in block and block.find("\n#", head) < 0:  # the usual sentence: its comments, then its token lines
            first = block.count("\n", 0, head) + (head == len(block) and block[-1] != "\n")  # (the last line may have no LF)
            heads = _HEADS.findall(block, 0, head)  # (every comment `# key = value` shaped: one call for them all)
            self._heads = heads if len(heads) == first else list(map(_head, block[:head].split("\n")[:first]))
            self._comment_at = range(first)
            self._cells = list(map(_cells, block[head:].removesuffix("\n").split("\n"))) if head < len(block) else []
            self._token_at = range(first, first + len(self._cells))
        else:
            self._heads, self._comment_at, self._cells, self._token_at = [], [], [], []
            for n, line in enumerate(self._lines()):
                if line[0] == "#":
                    self._heads.append(_head(line))
                    self._comment_at.append(n)
                else:
                    self._cells.append(line.split("\t"))
                    self._token_at.append(n)
        heads_shape = tuple(map(_KEY_AND_SEP, self._heads))
        shape = _SHAPES.get(heads_shape)
        if shape is None:  # (a file's sentences have a few shapes of comments: each is worked out once)
            keys = tuple(map(_first, heads_shape))
            keyed = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1), strict=True))  # (a key's first comment)
            shape = (keys, tuple(map(_second, heads_shape)), keyed)
            if len(_SHAPES) < 10_000:  # (a file of ever new keys does not grow it without end)
                _SHAPES[heads_shape] = shape
        self._keys, self._seps, self._keyed = shape
        self._done = True

    def _lines(self) -> list[str]:
        """The sentence's lines, without a CR before their LF."""
        lines = self._text[self._start : self._end].removesuffix("\n").split("\n")
        return [line[:-1] if line[-1:] == "\r" else line for line in lines]

    def _line_offsets(self) -> list[int]:
        """The offset of each of the sentence's lines in the text."""
        return list(accumulate(map(_plus_one, map(len, self._text[self._start : self._end].split("\n")[:-1])), initial=self._start))

    @property
    def heads(self) -> list[tuple[str, str, str]]:
        """Each comment's key, separator and value (``("", "", text)`` for a comment of no key shape)."""
        if not self._done:
            self._read()
        return self._heads

    def comment_heads(self) -> list[tuple[str, str, str]]:
        """:attr:`heads`, for a reader of the comments alone: in the usual sentence (every
        comment before the first token line) the token lines are not split into cells, and
        nothing is kept (a third of the cost of :attr:`heads` on xSID's sentences)."""
        if self._done:
            return self._heads
        block = self._text[self._start : self._end]
        head = _LEADING_COMMENTS.match(block).end()  # type: ignore[union-attr]  # (matches every text)
        if "\r" not in block and block.find("\n#", head) < 0:
            first = block.count("\n", 0, head) + (head == len(block) and block[-1] != "\n")
            heads: list[tuple[str, str, str]] = _HEADS.findall(block, 0, head)
            if len(heads) == first:
                return heads
        return self.heads  # (comments among the token lines, CRs, a comment of no key shape: read as the checks read it)

    def comment_line(self, k: int) -> int:
        """Which of the sentence's lines (from 0) comment ``k`` is."""
        if not self._done:
            self._read()
        return self._comment_at[k]

    @property
    def cells(self) -> list[list[str]]:
        """Each token line's cells (the text between TABs)."""
        if not self._done:
            self._read()
        return self._cells

    @property
    def token_lines(self) -> list[int]:
        if not self._done:
            self._read()
        return [self.first_line + n for n in self._token_at]

    @property
    def comments(self) -> list[Comment]:
        if self._comments is None:
            if not self._done:
                self._read()
            lines = self._lines()
            offsets = self._line_offsets()
            self._comments = [_comment(lines[n], self.first_line + n, offsets[n]) for n in self._comment_at]
        return self._comments

    @property
    def tokens(self) -> list[Token]:
        if self._tokens is None:
            if not self._done:
                self._read()
            offsets = self._line_offsets()
            self._tokens = [Token(self.first_line + n, offsets[n], cells) for n, cells in zip(self._token_at, self._cells, strict=True)]
        return self._tokens

    @property
    def keys(self) -> tuple[str, ...]:
        """Each comment's key, in order."""
        if not self._done:
            self._read()
        return self._keys

    @property
    def seps(self) -> tuple[str, ...]:
        """Each comment's separator (``=``, ``:``, or ``""`` for a comment of no key shape), in order."""
        if not self._done:
            self._read()
        return self._seps

    @property
    def keyed(self) -> dict[str, int]:
        """Each key's first comment (its index)."""
        if not self._done:
            self._read()
        return self._keyed

    def index(self, key: str) -> int | None:
        """The index of the first comment with this key."""
        return self.keyed.get(key)

    def comment(self, key: str) -> tuple[int, Comment] | None:
        """The first comment with this key, and its index."""
        k = self.index(key)
        return (k, self.comments[k]) if k is not None else None

    def value(self, key: str) -> str | None:
        k = self.index(key)
        return self._heads[k][2] if k is not None else None


def sentence_spans(text: str) -> Iterator[tuple[int, int]]:
    """Where each sentence of a text that has no BOM is (start, end), as :class:`ConllDocument`
    finds them, without making a document: a reader of a few sentences of a large file (the
    dataset checks' labels)."""
    return (m.span() for m in _SENTENCE.finditer(text))


def separator_end(line: str) -> int | None:
    """Where the separator of a `# key = value` comment line ends (None: no key shape)."""
    m = _COMMENT.match(line)
    return m.end(2) if m is not None else None


def cell_index(name: str | int) -> int | None:
    if isinstance(name, int):
        return name if name >= 0 else None
    return CELLS.index(name) if name in CELLS else None


class ConllDocument(Document):
    format = "conll"

    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        # Where each sentence is: its first character and the offset past its last line break,
        # found on first use (a check that finds them as it reads hands them over, :meth:`found`);
        # a sentence object is made when asked for (:meth:`sentence`).
        self._bounds: tuple[list[int], list[int]] | None = None
        self._made: list[Sentence | None] | None = None
        self._all: list[Sentence] | None = None
        self._first_lines: list[int] | None = None
        self._asked = 0  # sentences whose first line was asked for before they were all counted
        self._blanks: tuple[list[tuple[int, int]], list[tuple[int, int]], bool] | None = None
        self._line_starts: list[int] | None = None
        bom = len(text) - len(text.removeprefix("\ufeff"))
        if text[bom:].isspace() or len(text) == bom:  # (only blank lines: no sentence)
            self.ok = False
            self.findings.append(Finding(EMPTY_FILE.code, Offsets(0, 0), "no sentences: the file holds no comment or token line"))

    @property
    def starts(self) -> list[int]:
        """Where each sentence starts."""
        return self._bounds_now()[0]

    @property
    def ends(self) -> list[int]:
        """The offset past each sentence's last line break (or the end of the text)."""
        return self._bounds_now()[1]

    def _bounds_now(self) -> tuple[list[int], list[int]]:
        if self._bounds is None:
            self._bounds = _sentence_bounds(self.text or "")
        return self._bounds

    def first_sentences(self, count: int) -> list[Sentence]:
        """The first ``count`` sentences, found without finding all of them (detection, the
        clean path's shape); made anew unless every sentence is already found."""
        text = self.text or ""
        if self._bounds is not None or text.startswith("\ufeff"):
            return [self.sentence(n) for n in range(min(count, len(self.starts)))]
        spans = [m.span() for m in itertools.islice(_SENTENCE.finditer(text), count)]
        return [Sentence(n, text.count("\n", 0, start), text, start, end) for n, (start, end) in enumerate(spans)]

    def found(self, starts: list[int], ends: list[int]) -> None:
        """Where the sentences are, as a reader of the whole text found them (exactly what the
        document would find: ``tests/families/xsid/test_xsid_clean_path.py``)."""
        if self._bounds is None:
            self._bounds = (starts, ends)

    @property
    def sentence_count(self) -> int:
        return len(self.starts)

    def sentence(self, n: int) -> Sentence:
        """Sentence ``n`` (from 0), made on first use."""
        if self._made is None:
            self._made = [None] * len(self.starts)
        made = self._made[n]
        if made is None:
            made = self._made[n] = Sentence(n, self.first_line(n), self.text or "", self.starts[n], self.ends[n])
        return made

    @property
    def sentences(self) -> list[Sentence]:
        """Every sentence (all made at once: a reader of the whole file)."""
        if self._all is None:
            self._all = [self.sentence(n) for n in range(len(self.starts))]
        return self._all

    def first_line(self, n: int) -> int:
        """The line (from 0) sentence ``n`` starts on: counted from the nearest sentence asked
        before it (a few thousand findings, asked in file order: about one pass over the text in
        all), or, for more, every sentence's at once."""
        if self._first_lines is None:
            self._asked += 1
            if self._asked <= _COUNTED_ALONE and self.index is not None:  # (counted with the positions of findings)
                return self.index.line_feeds_before(self.starts[n])
            starts = self.starts
            self._first_lines = list(accumulate(map((self.text or "").count, itertools.repeat("\n"), [0, *starts[:-1]], starts)))
        return self._first_lines[n]

    def sentences_between(self, start: int, end: int) -> range:
        """The numbers of the sentences that start in ``[start, end)`` of the text."""
        return range(bisect_left(self.starts, start), bisect_left(self.starts, end))

    @property
    def blank_runs(self) -> list[tuple[int, int]]:
        """(first line, count) of every run of blank lines."""
        return self._blank_lines()[0]

    @property
    def blank_spans(self) -> list[tuple[int, int]]:
        """The offsets of every run of blank lines: its first line's start, the next line's."""
        return self._blank_lines()[1]

    @property
    def ends_with_blank(self) -> bool:
        """Whether the last sentence is followed by a blank line."""
        return self._blank_lines()[2]

    def _blank_lines(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]], bool]:
        if self._blanks is None:
            self._blanks = self._blank_runs_of(range(len(self.starts)))
        return self._blanks

    def blank_runs_except_single(self) -> tuple[list[int], list[tuple[int, int]], bool]:
        """How many blank lines each run has, :attr:`blank_spans` and :attr:`ends_with_blank`,
        without the runs of one empty line between two sentences (the usual separator: a checker
        of long runs need not count each; the others are found in C), and without the lines the
        runs start on (a run that starts the file is the one whose span starts it, after a BOM:
        the last sentence's line is never counted)."""
        text = self.text or ""
        bom = len(text) - len(text.removeprefix("\ufeff"))
        starts = self.starts
        gaps = map(sub, starts, [bom, *self.ends[:-1]])
        longer = list(itertools.compress(range(len(starts)), map((1).__ne__, gaps)))
        if starts and longer[:1] != [0]:
            longer.insert(0, 0)  # (a blank line before the first sentence is never the usual separator)
        runs, spans, last = self._blank_runs_of(longer, lines=False)
        return list(map(_second, runs)), spans, last

    def _blank_runs_of(self, numbers: Sequence[int], lines: bool = True) -> tuple[list[tuple[int, int]], list[tuple[int, int]], bool]:
        """The runs of blank lines before these sentences (those that have one), and after the
        last (without ``lines``, each run's first line is given as -1)."""
        text = self.text or ""
        count = text.count
        runs: list[tuple[int, int]] = []
        spans: list[tuple[int, int]] = []
        bom = len(text) - len(text.removeprefix("\ufeff"))
        starts, ends = self.starts, self.ends
        for n in numbers:
            done, start = (ends[n - 1] if n else bom), starts[n]
            if start > done:  # blank lines before the sentence: each ends with its line break
                blanks = count("\n", done, start)
                runs.append((self.first_line(n) - blanks if lines else -1, blanks))
                spans.append((done, start))
        done = ends[-1] if ends else bom
        last = False
        if done < len(text) or not starts:  # blank lines after the last sentence (the last one may have no line break)
            if not lines:
                line = -1
            elif starts:
                line = self.first_line(len(starts) - 1) + count("\n", starts[-1], done)
            else:
                line = count("\n", 0, done)
            runs.append((line, count("\n", done) + (not text.endswith("\n"))))
            spans.append((done, len(text)))
            last = bool(starts)
        return runs, spans, last

    def has_comment_key(self, key: str, start: int = 0, end: int | None = None) -> bool:
        """Whether some comment of the file (of its lines from ``start`` to ``end``, offsets where
        lines start) has this key, found without reading the sentences (a key that is nowhere in
        the text is in no comment: one search in C)."""
        text = self.text or ""
        end = len(text) if end is None else end
        if text.find(key, start, end) < 0:
            return False
        bom = len(text) - len(text.removeprefix("\ufeff"))
        if bom and start == 0 and (m := _COMMENT.match(text, bom, end)) is not None and m.group(1) == key:
            return True  # (the first line, after a BOM)
        return any(m.group(1) == key for m in _COMMENT_KEY.finditer(text, start, end))

    @property
    def line_starts(self) -> list[int]:
        """The offset of every line (lines end at LF; the list is made on first use: a clean
        file's check never needs it)."""
        if self._line_starts is None:
            text = self.text or ""
            body = text.removeprefix("\ufeff")
            lines = body.split("\n")
            starts = list(accumulate(map(_plus_one, map(len, lines[:-1])), initial=len(text) - len(body)))
            if body.endswith("\n"):  # the empty piece after the last LF is no line of the file
                starts.pop()
            self._line_starts = starts
        return self._line_starts

    def line_end(self, n: int) -> int:
        """The offset just past line ``n``'s last character (before its line break)."""
        return self._line_end_from(self.line_starts[n])

    def _line_end_from(self, start: int) -> int:
        text = self.text or ""
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        return end - 1 if end > start and text[end - 1] == "\r" else end

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
        if not isinstance(s, int) or not 0 <= s < len(self.starts):
            return None
        sentence = self.sentence(s)
        whole = sentence.start, self._line_end_from(sentence.start)
        if len(path) < 3 or not isinstance(path[2], int):
            return whole
        if path[1] == "comments" and 0 <= path[2] < len(sentence.comments):
            return _comment_offsets(sentence.comments[path[2]], loc)
        if path[1] == "tokens" and 0 <= path[2] < len(sentence.tokens):
            return _token_offsets(sentence.tokens[path[2]], loc)
        return whole


def sentence_bounds(text: str, start: int, end: int) -> tuple[list[int], list[int]]:
    """Where the sentences of ``text[start:end]`` are (offsets in ``text``), for a piece that
    starts at the text's start or after a blank line, and ends at its end or after a blank line:
    no sentence crosses such an edge, so they are the text's own (a U+FEFF at the piece's start
    is read as the text's BOM: only for the text's start)."""
    starts, ends = _sentence_bounds(text[start:end])
    return list(map(start.__add__, starts)), list(map(start.__add__, ends))


def _sentence_bounds(text: str) -> tuple[list[int], list[int]]:
    """Where each sentence is (starts, ends): a run of non-blank lines, with the line break after
    its last line. The usual file (blank lines empty, no line starting with whitespace, no BOM)
    is split on its empty lines in C; any other is read by the sentence pattern."""
    if text.startswith("\ufeff") or text[:1].isspace() or _SPACE_AT_LINE_START.search(text) is not None:
        return _sentence_bounds_by_pattern(text)
    pieces = text.split("\n\n")
    size = len(text)
    if pieces[-1] == "":
        pieces.pop()
    lengths = list(map(len, pieces))
    starts = list(accumulate(map(_plus_two, lengths), initial=0))
    starts.pop()
    ends = list(map(_plus_one, map(add, starts, lengths)))
    if "\n\n\n" in text:  # runs of three or more line breaks: a piece starts with the extra ones, or is empty
        lead = [0] * len(pieces)
        for k in itertools.compress(range(len(pieces)), map(str.startswith, pieces, itertools.repeat("\n"))):
            lead[k] = lengths[k] - len(pieces[k].lstrip("\n"))
        kept = list(map(sub, lengths, lead))  # (a piece of line breaks alone holds no sentence)
        starts = list(itertools.compress(map(add, starts, lead), kept))
        ends = list(itertools.compress(ends, kept))
    if ends and ends[-1] > size:
        ends[-1] = size
    return starts, ends


def _sentence_bounds_by_pattern(text: str) -> tuple[list[int], list[int]]:
    bom = len(text) - len(text.removeprefix("\ufeff"))
    first = _FIRST_SENTENCE.match(text, bom) if bom else None
    spans = [m.span() for m in itertools.chain([first] if first else [], _SENTENCE.finditer(text, first.end() if first else bom))]
    return [a for a, _ in spans], [b for _, b in spans]


def _head(line: str) -> tuple[str, str, str]:
    m = _COMMENT.match(line)
    return m.groups() if m is not None else ("", "", line[1:].strip())  # type: ignore[return-value]


def _comment(line: str, n: int, start: int) -> Comment:
    key, sep, value = _head(line)
    m = _COMMENT.match(line)
    if m is None:
        return Comment(n, start, key, sep, value, 0, len(line), len(line))
    return Comment(n, start, key, sep, value, m.start(1), m.start(3), len(line))


_cells = methodcaller("split", "\t")
_first = itemgetter(0)
_second = itemgetter(1)
_KEY_AND_SEP = itemgetter(0, 1)
# Comment keys and separators in order → (keys, separators, each key's first comment): shared by
# the sentences of that shape (read only).
_SHAPES: dict[tuple[tuple[str, str], ...], tuple[tuple[str, ...], tuple[str, ...], dict[str, int]]] = {}
_NONE: list[Any] = []  # (what a sentence not read holds: never appended to)


_plus_one = (1).__add__
_plus_two = (2).__add__
_COUNTED_ALONE = 4096  # (sentences whose first lines are counted from the nearest known one; past that, every sentence's)
# A line that starts with whitespace (which a blank line of spaces does): such a file is read by the pattern.
_SPACE_AT_LINE_START = re.compile(r"\n[^\S\n]")


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

