"""Character offsets to line/column positions, for any text.

Line breaks are those of LSP: ``\\n``, ``\\r\\n`` and a lone ``\\r``. The index of line
starts is built on first use only, because a clean file never needs a position.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from itertools import accumulate, islice

from goldlint.checkpoints import Checkpoints
from goldlint.diagnostics import Position, Span

_BREAK = re.compile(r"\r\n|\r|\n")


_CHUNK = 1 << 20
COUNT_ROWS_ABOVE = 1 << 20  # characters: a larger text finds rows by counting line breaks, without the index


def _add_lf_starts(text: str, starts: array[int]) -> None:
    """Append the offset after every \\n: line lengths summed in C, a chunk at a time (a
    pretty-printed corpus has a million lines; a Python loop over them costs a second)."""
    for base in range(0, len(text), _CHUNK):
        lines = text[base : base + _CHUNK].split("\n")
        starts.extend(islice(accumulate(map(_plus_one, map(len, lines[:-1])), initial=base), 1, None))
        # (the chunk's last piece runs on into the next chunk: its length is not a line's)


_plus_one = (1).__add__


class TextIndex:
    def __init__(self, text: str, first_line: int = 1) -> None:
        self.text = text
        self.first_line = first_line
        self._starts: array[int] | None = None
        # Rows counted from the nearest offset already placed: a file with a few findings
        # never builds the whole index (a million lines of a pretty-printed corpus).
        self._rows: Checkpoints | None = None
        self._lf: Checkpoints | None = None  # (line feeds before an offset: the rows of a text without CR)

    @property
    def line_starts(self) -> array[int]:
        if self._starts is None:
            starts = array("q", [0])
            if "\r" in self.text:
                starts.extend(m.end() for m in _BREAK.finditer(self.text))
            else:
                _add_lf_starts(self.text, starts)
            self._starts = starts
        return self._starts

    def position(self, offset: int) -> Position:
        offset = max(0, min(offset, len(self.text)))
        if self._starts is None and len(self.text) > COUNT_ROWS_ABOVE:
            if self._rows is None and "\r" not in self.text:  # (with CRs: the whole index, built below)
                self._rows = self._line_feeds()
            if self._rows is not None:
                return Position(self.first_line + self._rows.convert(offset), offset - self.text.rfind("\n", 0, offset))
        starts = self.line_starts
        row = bisect_right(starts, offset) - 1
        return Position(self.first_line + row, offset - starts[row] + 1)

    def line_feeds_before(self, offset: int) -> int:
        """How many line feeds the text has before ``offset``, counted from the nearest offset
        asked before (a document's reader that numbers its lines by LF alone shares the count
        with :meth:`position`)."""
        return self._line_feeds().convert(offset)

    def _line_feeds(self) -> Checkpoints:
        if self._lf is None:
            self._lf = Checkpoints(lambda at, row, to: row + self.text.count("\n", at, to))
        return self._lf

    def span(self, start: int, end: int) -> Span:
        return Span(self.position(start), self.position(end), start, end)

    def offset(self, position: Position) -> int:
        starts = self.line_starts
        row = min(max(position.line - self.first_line, 0), len(starts) - 1)
        return min(starts[row] + position.column - 1, len(self.text))

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_text(self, line: int) -> str:
        starts = self.line_starts
        row = line - self.first_line
        end = starts[row + 1] if row + 1 < len(starts) else len(self.text)
        return self.text[starts[row] : end].rstrip("\r\n")
