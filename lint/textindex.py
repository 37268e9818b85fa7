"""Character offsets to line/column positions, for any text.

Line breaks are those of LSP: ``\\n``, ``\\r\\n`` and a lone ``\\r``. The index of line
starts is built on first use only, because a clean file never needs a position.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right

from goldlint.diagnostics import Position, Span

_BREAK = re.compile(r"\r\n|\r|\n")


class TextIndex:
    def __init__(self, text: str, first_line: int = 1) -> None:
        self.text = text
        self.first_line = first_line
        self._starts: array[int] | None = None

    @property
    def line_starts(self) -> array[int]:
        if self._starts is None:
            starts = array("q", [0])
            if "\r" in self.text:
                starts.extend(m.end() for m in _BREAK.finditer(self.text))
            else:
                find = self.text.find
                i = find("\n")
                while i != -1:
                    starts.append(i + 1)
                    i = find("\n", i + 1)
            self._starts = starts
        return self._starts

    def position(self, offset: int) -> Position:
        offset = max(0, min(offset, len(self.text)))
        starts = self.line_starts
        row = bisect_right(starts, offset) - 1
        return Position(self.first_line + row, offset - starts[row] + 1)

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
