"""The property every fuzz input must keep: diagnostics placed inside the text, reports render.

(The other half, "no exception", is the harness letting any exception escape: atheris
reports it as a crash and libFuzzer saves the input.)

Positions follow goldlint's (and LSP's) conventions: lines are 1-based and split at
``\\n``, ``\\r\\n`` and a lone ``\\r``; columns are 1-based and count code points; a span's
offsets, when set (``>= 0``), are character offsets into the same text and must agree with
its line and column.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from typing import Any

_BREAKS = re.compile(r"\r\n|\r|\n")


class Lines:
    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in _BREAKS.finditer(text)]
        ends = [m.start() for m in _BREAKS.finditer(text)] + [len(text)]
        self.widths = [end - start for start, end in zip(self.starts, ends, strict=True)]
        self.breaks = [m.group() for m in _BREAKS.finditer(text)] + [""]

    def __len__(self) -> int:
        return len(self.starts)

    def max_column(self, line: int) -> int:
        """The last column a position on ``line`` may have: past the line's last character,
        or between the ``\\r`` and ``\\n`` of a CRLF break."""
        return self.widths[line - 1] + (2 if self.breaks[line - 1] == "\r\n" else 1)

    def position(self, offset: int) -> tuple[int, int]:
        row = bisect_right(self.starts, offset) - 1
        return row + 1, offset - self.starts[row] + 1


def check_span(span: Any, lines: Lines, where: str) -> None:
    n = len(lines)
    for pos in (span.start, span.end):
        assert 1 <= pos.line <= n, f"line {pos.line} outside 1..{n}: {where}"
        assert 1 <= pos.column <= lines.max_column(pos.line), (
            f"column {pos.column} outside 1..{lines.max_column(pos.line)} on line {pos.line}: {where}")
    assert (span.start.line, span.start.column) <= (span.end.line, span.end.column), f"start after end: {where}"
    size = len(lines.text)
    if span.start_offset >= 0 or span.end_offset >= 0:
        assert 0 <= span.start_offset <= span.end_offset <= size, f"offsets outside 0..{size}: {where}"
        for pos, offset in ((span.start, span.start_offset), (span.end, span.end_offset)):
            assert (pos.line, pos.column) == lines.position(offset), (
                f"offset {offset} is {lines.position(offset)}, not {(pos.line, pos.column)}: {where}")


def check_diagnostics(diagnostics: list[Any], text: str) -> None:
    """Raise AssertionError when a diagnostic or a fix edit points outside ``text``."""
    lines = Lines(text)
    for d in diagnostics:
        where = f"{d.code} {d.span} {d.message[:160]!r}"
        assert d.message, f"empty message: {where}"
        check_span(d.span, lines, where)
        for fix in (d.fix, *d.alternatives):
            if fix is None:
                continue
            for edit in fix.edits:
                assert edit.span.start_offset >= 0, f"fix edit without offsets: {where}"
                check_span(edit.span, lines, f"fix edit {edit.span} of {where}")


def check_reports(diagnostics: list[Any]) -> None:
    """Every output format renders; the JSON ones are JSON."""
    from goldlint.reporters import REPORTERS

    for name, reporter in REPORTERS.items():
        out = reporter(diagnostics)
        assert isinstance(out, str), name
        if name in ("json", "sarif"):
            json.loads(out)
