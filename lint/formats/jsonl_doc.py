"""JSON Lines, streamed: one record a line, memory flat in the length of the file.

Each line is parsed on its own, so one broken line is reported and the others are still
checked. Records are not kept: positions for findings are resolved afterwards by
reading again only the lines that have findings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import orjson

from goldlint.diagnostics import Position, Span
from goldlint.findings import At, Finding, JsonPath
from goldlint.formats.base import Document
from goldlint.formats.json_doc import parse_findings, resolve_in_text
from goldlint.formats.json_read import has_huge_integer, may_have_duplicates, parse_json
from goldlint.source import decode

# (0-based line number, character offset of the line in the file, line text without its break)
Line = tuple[int, int, str]


def _line_span(line: Line) -> Callable[[int, int], Span]:
    """Spans on one line; a base of -1 means the line's offset in the file is not known."""
    number, base, _ = line

    def to_span(start: int, end: int) -> Span:
        if base < 0:
            return Span(Position(number + 1, start + 1), Position(number + 1, end + 1))
        return Span(Position(number + 1, start + 1), Position(number + 1, end + 1), base + start, base + end)

    return to_span


def _unplaced(finding: Finding) -> Finding:
    """A decoding finding of a streamed line: its position is right, its file offset unknown."""
    span = finding.where
    if isinstance(span, Span):
        finding.where = Span(span.start, span.end)
    return finding


class JsonlDocument(Document):
    format = "jsonl"

    def __init__(
        self,
        path: str,
        text: str | None,
        lines: Callable[[], Iterator[Line]] | None = None,
        raw_lines: Callable[[], Iterator[tuple[int, int, bytes]]] | None = None,
    ) -> None:
        """Either ``text`` in memory, or a file streamed anew by ``lines`` (decoded, with
        character offsets, for positions) and ``raw_lines`` (undecoded, for the one checking pass)."""
        super().__init__(path, text)
        self._lines = lines or (lambda: _split_lines(text or ""))
        self._raw_lines = raw_lines
        self.record_count = 0

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        if self._raw_lines is None:
            for line in self._lines():
                yield from self._record(line)
            return
        for number, byte_offset, raw in self._raw_lines():
            try:
                value = orjson.loads(raw) if raw.strip() else None
            except orjson.JSONDecodeError:
                value = None
            if value is not None and not may_have_duplicates(raw, value) and not has_huge_integer(raw):
                self.record_count += 1
                yield (number,), value
                continue
            decoded = decode(raw, number + 1, byte_offset, -1)
            self.findings.extend(_unplaced(f) for f in decoded.findings)
            yield from self._record((number, -1, decoded.text))

    def _record(self, line: Line) -> Iterator[tuple[JsonPath, Any]]:
        number, _, body = line
        if not body.strip():
            return
        parsed = parse_json(body)
        if parsed.problems or parsed.duplicates:
            to_span = _line_span(line)
            self.findings.extend(parse_findings(parsed, lambda s, e, f=to_span: f(s, e)))  # type: ignore[misc]
        if parsed.ok:
            self.record_count += 1
            yield (number,), parsed.value

    def first_record(self) -> Any:
        """The first line that parses, for kind detection (nothing is reported)."""
        for _, _, body in self._lines():
            if body.strip():
                parsed = parse_json(body)
                if parsed.ok:
                    return parsed.value
        return None

    def resolve_at(self, locations: list[At]) -> list[Span | None]:
        by_line: dict[int, list[int]] = {}
        out: list[Span | None] = [None] * len(locations)
        for n, loc in enumerate(locations):
            if not loc.path:  # the whole file: its start
                out[n] = Span(Position(1, 1), Position(1, 1), 0, 0)
                continue
            by_line.setdefault(int(loc.path[0]), []).append(n)
        if not by_line:
            return out
        last = max(by_line)
        for line in self._lines():
            number = line[0]
            if number in by_line:
                wanted = by_line[number]
                spans = resolve_in_text(line[2], [locations[n] for n in wanted], _line_span(line), (number,))
                for n, span in zip(wanted, spans, strict=True):
                    out[n] = span
            if number >= last:
                break
        return out


def _split_lines(text: str) -> Iterator[Line]:
    """Lines as JSONL defines them: split at ``\n`` only (``str.splitlines`` splits at more)."""
    offset = 0
    for number, raw in enumerate(text.split("\n")):
        yield number, offset, raw[:-1] if raw.endswith("\r") else raw
        offset += len(raw) + 1
