"""An open document's text: LSP edits applied line by line, positions in the client's encoding.

The text is kept as a list of lines (each with its line break), not as one string: a
Python string cannot be changed in place, so one keystroke in a 30 MB buffer would copy 30
MB several times over; here it replaces one line. The whole text is joined only when a
full check (or a whole-file feature) asks for it, and cached until the next edit.

Line breaks are LSP's (``\\n``, ``\\r\\n``, a lone ``\\r``), the same as the core's
:class:`~goldlint.textindex.TextIndex`, and nothing else: ``str.splitlines`` also breaks at
``\\x0b``, ``\\x1c`` or U+2028, which gold text may well contain, and would put every later
position on the wrong line.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from goldlint.server.encoding import from_units, to_units

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def split_lines(text: str) -> list[str]:
    """Lines with their breaks; the last one (possibly empty) has none."""
    if "\r" not in text:
        parts = text.split("\n")
        return [p + "\n" for p in parts[:-1]] + [parts[-1]]
    lines = _LINE.findall(text)
    if not lines or lines[-1].endswith(("\n", "\r")):
        lines.append("")
    return lines


def _starts(text: str) -> list[int]:
    """Offsets just past every line break (for tests and checks of the incremental upkeep)."""
    out, at = [], 0
    for line in split_lines(text)[:-1]:
        at += len(line)
        out.append(at)
    return out


def _lone_cr(line: str) -> bool:
    return line.endswith("\r")


@dataclass(frozen=True, slots=True)
class Change:
    """What one edit did, for moving diagnostics that lie after it."""

    start: int  # offset where the replaced text started
    old_end: int  # offset where it ended, before the edit
    new_end: int  # offset where the new text ends, after the edit
    first_line: int  # 0-based line of ``start``
    old_last_line: int  # 0-based line of ``old_end`` before the edit
    new_last_line: int  # 0-based line of ``new_end`` after the edit

    @property
    def delta(self) -> int:
        return self.new_end - self.old_end

    @property
    def line_delta(self) -> int:
        return self.new_last_line - self.old_last_line


class TextBuffer:
    def __init__(self, text: str = "", lines: list[str] | None = None, starts: array[int] | None = None) -> None:
        self._lines = lines if lines is not None else split_lines(text)
        if starts is None:
            starts = array("q", [0])
            at = 0
            for line in self._lines[:-1]:
                at += len(line)
                starts.append(at)
        self._starts = starts
        self._text: str | None = text if lines is None else None
        self.lone_cr = sum(1 for line in self._lines if _lone_cr(line))

    def snapshot(self) -> TextBuffer:
        """A copy that later edits leave alone (edits replace the line list, never change it)."""
        copy = TextBuffer.__new__(TextBuffer)
        copy._lines, copy._starts, copy._text, copy.lone_cr = self._lines, self._starts, self._text, self.lone_cr
        return copy

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "".join(self._lines)
        return self._text

    def known_text(self, text: str) -> None:
        """The whole text after an edit, when the caller holds it already (a client that sends
        whole texts): kept instead of joined from the lines again (30 MB: tens of ms an edit)."""
        self._text = text

    @property
    def length(self) -> int:
        return self._starts[-1] + len(self._lines[-1])

    @property
    def line_starts(self) -> array[int]:
        return self._starts

    @property
    def line_count(self) -> int:
        return len(self._lines)

    def line_of(self, offset: int) -> int:
        return max(0, bisect_right(self._starts, offset) - 1)

    def line_bounds(self, line: int) -> tuple[int, int]:
        """Start and end (before the line break) of a 0-based line."""
        text = self._lines[line]
        return self._starts[line], self._starts[line] + len(text.rstrip("\r\n")) if text.endswith(("\r", "\n")) else self._starts[line] + len(text)

    def line_text(self, line: int) -> str:
        text = self._lines[line]
        if text.endswith("\r\n"):
            return text[:-2]
        return text[:-1] if text.endswith(("\n", "\r")) else text

    def lines_with_breaks(self) -> list[str]:
        """Every line with its break (the last without): the buffer's own list, not to be changed."""
        return self._lines

    def lines_text(self, first: int, stop: int) -> str:
        """Lines ``first`` up to (not including) ``stop``, with their breaks, joined."""
        return "".join(self._lines[first:stop])

    def slice(self, start: int, end: int) -> str:
        """``text[start:end]`` without joining the whole text when both ends lie on one line."""
        line = self.line_of(start)
        base = self._starts[line]
        if end - base <= len(self._lines[line]):
            return self._lines[line][start - base : end - base]
        return self.text[start:end]

    # -- positions -------------------------------------------------------------------

    def offset_at(self, position: types.Position, encoding: str) -> int:
        """A client position → an offset; past the last line is the end of the text."""
        if position.line < 0:
            return 0
        if position.line >= self.line_count:
            return self.length
        start, _ = self.line_bounds(position.line)
        return start + from_units(self.line_text(position.line), position.character, encoding)

    def position_at(self, offset: int, encoding: str) -> types.Position:
        offset = max(0, min(offset, self.length))
        line = self.line_of(offset)
        return types.Position(line=line, character=to_units(self.line_text(line), offset - self._starts[line], encoding))

    def range_of(self, start: int, end: int, encoding: str) -> types.Range:
        return types.Range(start=self.position_at(start, encoding), end=self.position_at(max(start, end), encoding))

    # -- edits -----------------------------------------------------------------------

    def apply(self, change: types.TextDocumentContentChangeEvent, encoding: str) -> Change | None:
        """Apply one LSP change; ``None`` when it replaced the whole text."""
        if not isinstance(change, types.TextDocumentContentChangePartial):
            self.__init__(change.text)  # type: ignore[misc]
            return None
        # A range that ends before it starts (a selection's anchor and head, unsorted) replaces
        # the text between its positions, as vscode-languageserver-textdocument reads it.
        start, end = sorted((self.offset_at(change.range.start, encoding), self.offset_at(change.range.end, encoding)))
        return self.replace(start, end, change.text)

    def replace(self, start: int, end: int, new: str) -> Change:
        lines, starts = self._lines, self._starts
        first, last = self.line_of(start), self.line_of(end)
        old_first, old_last = first, last
        # A CR and an LF may meet (or part) at the seams: take the neighbouring line in too.
        at_line_start = start == starts[first]
        joins_crlf = at_line_start and (new.startswith("\n") or (not new and lines[last][end - starts[last] :].startswith("\n")))
        if first > 0 and lines[first - 1].endswith("\r") and joins_crlf:
            first -= 1
        merged = lines[first][: start - starts[first]] + new + lines[last][end - starts[last] :]
        if merged.endswith("\r") and last + 1 < len(lines) and lines[last + 1].startswith("\n"):
            last += 1
            merged += lines[last]
        fresh = split_lines(merged)
        if last + 1 < len(lines) and fresh[-1] == "":
            fresh.pop()  # the merged text ended with its break: the next line follows as it was
        delta = len(new) - (end - start)
        self.lone_cr += sum(1 for line in fresh if _lone_cr(line)) - sum(1 for line in lines[first : last + 1] if _lone_cr(line))
        self._lines = lines[:first] + fresh + lines[last + 1 :]
        new_starts = array("q", starts[: first + 1])
        at = starts[first]
        for line in fresh[:-1]:
            at += len(line)
            new_starts.append(at)
        new_starts.extend(s + delta for s in starts[last + 1 :])
        self._starts = new_starts
        self._text = None
        new_end = start + len(new)
        return Change(start, end, new_end, old_first, old_last, self.line_of(new_end))


_BLOCK = 1 << 16  # characters (or bytes) compared at once (a comparison is a memcmp)


def common_prefix(a: Any, b: Any, a_at: int = 0, b_at: int = 0, limit: int | None = None) -> int:
    """How many characters ``a[a_at:]`` and ``b[b_at:]`` share at their start (at most ``limit``):
    blocks compared whole, then the block that differs halved (linear in the shared part, in C,
    not a character at a time). Only ``b`` is sliced: ``a.startswith(piece, at)`` compares in
    place (30 MB: half the copying), and ``bytes`` are sliced as a memoryview, without a copy at
    all (two 31 MB frames that differ in the middle: 8-15 ms -> 2-3 ms). Two ``str`` or two ``bytes``."""
    b = _unsliced(b)
    n = min(len(a) - a_at, len(b) - b_at)
    if limit is not None:
        n = min(n, limit)
    lo = 0
    while lo < n and a.startswith(b[b_at + lo : b_at + min(n, lo + _BLOCK)], a_at + lo):
        lo = min(n, lo + _BLOCK)
    if lo >= n:
        return n
    hi = min(n, lo + _BLOCK)  # a[lo:hi] and b[lo:hi] differ somewhere
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a.startswith(b[b_at + lo : b_at + mid], a_at + lo):
            lo = mid
        else:
            hi = mid
    return lo if a[a_at + lo] != b[b_at + lo] else hi


def common_suffix(a: Any, b: Any, limit: int, a_end: int | None = None, b_end: int | None = None) -> int:
    """How many characters ``a[:a_end]`` and ``b[:b_end]`` share at their end, at most ``limit``."""
    b = _unsliced(b)
    la = len(a) if a_end is None else a_end
    lb = len(b) if b_end is None else b_end
    n = min(la, lb, limit)
    k = 0
    while k < n and a.endswith(b[lb - min(n, k + _BLOCK) : lb - k], 0, la - k):
        k = min(n, k + _BLOCK)
    if k >= n:
        return n
    hi = min(n, k + _BLOCK)  # the k..hi characters from the end differ somewhere
    while hi - k > 1:
        mid = (k + hi) // 2
        if a.endswith(b[lb - mid : lb - k], 0, la - k):
            k = mid
        else:
            hi = mid
    return k if a[la - k - 1] != b[lb - k - 1] else hi


def _unsliced(b: Any) -> Any:
    """``b``, or a view of it when it is ``bytes``: its slices are then views, not copies (``str`` has no view)."""
    return memoryview(b) if isinstance(b, bytes) else b
