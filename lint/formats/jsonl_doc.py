"""JSON Lines, streamed: one record a line, memory flat in the length of the file.

Each line is parsed on its own, so one broken line is reported and the others are still
checked. Records are not kept: positions for findings are resolved afterwards by
reading again only the lines that have findings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache, partial
from itertools import compress, repeat
from operator import is_
from typing import Any, Protocol

import msgspec

from goldlint.diagnostics import Position, Span
from goldlint.findings import At, Finding, Findings, JsonPath
from goldlint.formats.base import Document
from goldlint.formats.json_doc import parse_findings, resolve_in_text
from goldlint.formats.json_read import MAX_DEPTH, MAX_VALUES, might_overflow, parse_bytes, parse_json
from goldlint.formats.json_values import may_exceed
from goldlint.rules.general import SYNTAX_ERROR
from goldlint.source import decode
from goldlint.textindex import TextIndex

# (0-based line number, character offset of the line in the file, line text without its
# break, 0-based editor line where the line starts). Lines are JSONL's, split at ``\n`` only;
# an editor (and LSP) also breaks lines at a lone ``\r``, which JSON reads as whitespace: after
# one, the editor line runs ahead of the JSONL line.
Line = tuple[int, int, str, int]


def _line_span(line: Line, index: TextIndex | None = None) -> Callable[[int, int], Span]:
    """Spans on one line, in editor lines; a base of -1 means the line's offset in the file is not known.

    With the whole text's ``index``, positions come from it. Without (a streamed file),
    from the line's editor line and the lone ``\\r`` inside the line (the only kind of
    ``\\r`` a line's text can hold), which is what the index would say.
    """
    _, base, body, editor = line
    if index is None and "\r" in body:
        def position(offset: int) -> Position:
            rows = body.count("\r", 0, offset)
            return Position(editor + 1 + rows, offset - body.rfind("\r", 0, offset) if rows else offset + 1)
    else:
        def position(offset: int) -> Position:
            return Position(editor + 1, offset + 1)

    def to_span(start: int, end: int) -> Span:
        if base < 0:
            return Span(position(start), position(end))
        if index is not None:
            return index.span(base + start, base + end)
        return Span(position(start), position(end), base + start, base + end)

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
        raw_batches: Callable[[], Iterator[RawBatch]] | None = None,
        wanted_lines: Callable[[frozenset[int], dict[int, tuple[int, int]]], Iterator[Line]] | None = None,
        max_depth: int = MAX_DEPTH,
        max_values: int = MAX_VALUES,
    ) -> None:
        """Either ``text`` in memory, or a file streamed anew by ``lines`` (decoded, with
        character offsets, for positions) and ``raw_batches`` (undecoded, for the one checking pass).
        ``max_depth``, ``max_values``: the nesting and the values a line may have
        (``max-depth``, ``max-json-values``; each line is a JSON document)."""
        super().__init__(path, text)
        self.max_depth = max_depth
        self.max_values = max_values
        self._lines = lines or (lambda: _split_lines(text or ""))
        # (the lines a record may be on; a text with blank lines, the language server's quick
        # check of the edited lines above all, gives those with more than white space at once)
        self._record_lines = lines or (lambda: _content_lines(text or "") if "\n\n" in (text or "") else _split_lines(text or ""))
        self._raw_batches = raw_batches
        # (a streamed file: only the lines findings are on, the others stepped over unread)
        self._wanted_lines = wanted_lines or (lambda wanted, starts: self._lines())
        # Where the lines read on their own start (byte offset, editor line), as the checking
        # pass of a streamed file met them: findings are on these lines above all, and the
        # placing pass goes straight to them instead of reading the file again to count lines.
        self.line_starts: dict[int, tuple[int, int]] = {}
        self.record_count = 0
        self._invalid_utf8 = False  # (reported at its first byte in the file, as a text's decoding does: once)
        self._lone_cr: bool | None = None

    @property
    def streamed(self) -> bool:
        """Read from its file a chunk at a time (no text in memory)."""
        return self.text is None

    @property
    def lossy(self) -> bool:
        """A line read so far was not UTF-8 (decoded with replacement characters)."""
        return self._invalid_utf8

    @property
    def placed_by_line(self) -> bool:
        return self.streamed  # (see _decoded_lines: never edited from these spans)

    def records(self, claims: LineClaims | None = None) -> Iterator[tuple[JsonPath, Any]]:
        """Every record's path and value; with ``claims`` (a streamed file), the lines the
        family claims clean from their bytes are recorded by it instead of yielded."""
        if self._raw_batches is None:
            for line in self._record_lines():
                yield from self._record(line)
            return
        if self.max_depth < MAX_DEPTH:  # a lowered limit (rare): each line read on its own, where the depth is checked
            for batch in self._raw_batches():
                for number, byte_offset, raw, editor in batch.lines():
                    yield from self._raw_line(number, byte_offset, raw, editor)
            return
        judge = getattr(claims, "clean_batch", None)
        for batch in self._raw_batches():
            self.read_past += batch.read_past
            if batch.starts and len(self.line_starts) < _LINE_STARTS_KEPT:  # (where the placing pass may count lines on from)
                self.line_starts[batch.first] = batch.offsets + batch.starts[0] if isinstance(batch.offsets, int) else batch.offsets[0], \
                    batch.editor[0] if isinstance(batch.editor, list) else batch.first + batch.editor
            if judge is not None:
                verdicts = judge(batch.data, batch.starts, batch.ends)
            else:
                verdicts = list(map(claims.clean, repeat(batch.data), batch.starts, batch.ends)) if claims is not None else None
            if verdicts is not None and verdicts.count(None) < len(verdicts):
                yield from self._claimed(batch, verdicts, claims)  # type: ignore[arg-type]
                continue
            # (a line that may hold more values than the limit is read on its own, where it is refused before it is built)
            values = None if batch.may_exceed(self.max_values) else batch.parsed()
            if values is not None:  # the common case: every line of the batch parsed exactly, in C
                self.record_count += len(values)
                yield from zip(map(_line_path, range(batch.first, batch.first + len(values))), values, strict=True)
                continue
            for number, byte_offset, raw, editor in batch.lines():
                yield from self._raw_line(number, byte_offset, raw, editor)

    def _claimed(self, batch: RawBatch, verdicts: list[Any], claims: LineClaims) -> Iterator[tuple[JsonPath, Any]]:
        """A batch some of whose lines are claimed: those recorded, the others read, in order.
        Each run of claimed lines between two read ones is recorded in one call where the
        family can (``record_run``: a clean file's batch is one run)."""
        run = getattr(claims, "record_run", None)
        done = 0
        for n in [*compress(range(len(verdicts)), map(is_, verdicts, repeat(None))), len(verdicts)]:
            if n > done:  # the claimed lines done..n-1
                self.record_count += n - done
                if run is not None:
                    run(batch.first + done, verdicts[done:n])
                else:
                    for k in range(done, n):
                        claims.record((batch.first + k,), verdicts[k])
            done = n + 1
            if n == len(verdicts):
                break
            start = batch.starts[n]
            offset = batch.offsets[n] if isinstance(batch.offsets, list) else batch.offsets + start
            editor = batch.editor[n] if isinstance(batch.editor, list) else batch.first + n + batch.editor
            yield from self._raw_line(batch.first + n, offset, batch.data[start : batch.ends[n]], editor)

    def _raw_line(self, number: int, byte_offset: int, raw: bytes, editor: int) -> Iterator[tuple[JsonPath, Any]]:
        """One undecoded line read on its own: its value, or what is wrong with it, and where."""
        if len(self.line_starts) < _LINE_STARTS_KEPT:
            self.line_starts[number] = byte_offset, editor
        parsed = parse_bytes(raw, self.max_depth, self.max_values)
        if parsed.ok and parsed.value is not None:
            self.record_count += 1
            yield (number,), parsed.value
            return
        if self._invalid_utf8:
            text = raw.decode("utf-8", "replace")
        else:
            decoded = decode(raw, editor + 1, byte_offset, -1)
            self.findings.extend(_unplaced(f) for f in decoded.findings)
            self._invalid_utf8, text = decoded.lossy, decoded.text
        yield from self._record((number, -1, text, editor))

    def _record(self, line: Line) -> Iterator[tuple[JsonPath, Any]]:
        number, _, body, _ = line
        if not body.strip():
            return
        findings = self.findings
        if isinstance(findings, Findings) and findings.hiding(SYNTAX_ERROR.code) and not _parses(body, self.max_values):
            # (past the cap on syntax findings, another broken line is only counted: explaining
            # it costs twenty times the parse, and a million of them took half a minute)
            findings.admits(SYNTAX_ERROR.code, At(()), None, None)
            self.read_past += 1
            return
        parsed = parse_json(body, max_depth=self.max_depth, max_values=self.max_values)
        if parsed.problems or parsed.duplicates:
            to_span = _line_span(line, self._index_if_lone_cr())
            self.findings.extend(parse_findings(parsed, lambda s, e, f=to_span: f(s, e)))  # type: ignore[misc]
        if parsed.ok:
            self.record_count += 1
            yield (number,), parsed.value
        else:
            # A line refused (a syntax error, nesting too deep, a number too long, too many
            # values) is a part not read: its finding says why, and the file is not "empty".
            self.read_past += 1

    def _index_if_lone_cr(self) -> TextIndex | None:
        """The text's index when a lone ``\\r`` makes editor lines differ from JSONL lines."""
        if self._lone_cr is None:
            text = self.text or ""
            self._lone_cr = text.count("\r") > text.count("\r\n")
        return self.index if self._lone_cr else None

    def first_record(self) -> Any:
        """The first line that parses, for kind detection (nothing is reported; a broken line is
        passed over by the C parser alone, not explained)."""
        for _, _, body, _ in self._lines():
            if body.strip() and _parses(body, self.max_values):
                parsed = parse_json(body, 0, MAX_DEPTH, self.max_values)
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
        for line in self._wanted_lines(frozenset(by_line), self.line_starts):
            number = line[0]
            if number in by_line:
                wanted = by_line[number]
                spans = resolve_in_text(line[2], [locations[n] for n in wanted], _line_span(line, self._index_if_lone_cr()), (number,))
                for n, span in zip(wanted, spans, strict=True):
                    out[n] = span
            if number >= last:
                break
        return out


_LINE_STARTS_KEPT = 1 << 17  # (a file of millions of broken lines: the first ones; the others are counted again)


class LineClaims(Protocol):
    """A family's clean path for JSONL: lines it finds clean from their bytes alone."""

    def clean(self, data: bytes, start: int, end: int) -> Any:
        """What :meth:`record` needs of the line ``data[start:end]`` when it has nothing to
        report; ``None``: read it the ordinary way (the answer for anything unsure). Has no effects."""

    def record(self, path: JsonPath, clean: Any) -> None:
        """Count a clean line where records meet (ids, first occurrences), in file order."""

    # Optionally, ``record_run(first, verdicts)``: :meth:`record` of consecutive claimed lines
    # from line ``first``, with each one's verdict, in one call (a family that can count a
    # batch's lines at once defines it); and ``clean_batch(data, starts, ends)``: :meth:`clean`
    # of each line of a batch, in one call (a family that judges a batch at once defines it).


class RawBatch(msgspec.Struct):
    """Consecutive undecoded lines of a streamed file, from line number ``first``."""

    first: int
    offsets: int | list[int]  # each line's byte offset; or that of ``data`` (a line's is it plus where the line starts)
    data: bytes  # the lines as read, with their breaks (perhaps among others: a chunk of the file as read)
    starts: list[int]  # where each line starts in ``data``
    ends: list[int]  # where each line ends in ``data``: its break, or the \r of its CRLF
    # each line's 0-based editor line (see ``Line``), or how far the editor lines run ahead
    # of the JSONL lines for the whole batch (the lone ``\r`` before it)
    editor: int | list[int] = 0
    _bodies: list[bytes] | None = msgspec.field(default=None)  # copied out once, when first asked for
    read_past: bool = False  # an over-long line, not read: an empty line stands in its place

    @classmethod
    def of(cls, first: int, offset: int, data: bytes, editor: int, lo: int = 0, hi: int | None = None) -> RawBatch:
        """The lines of ``data[lo:hi]``, which has no ``\\r``; ``offset``: the file's byte offset of ``data[lo]``."""
        hi = len(data) if hi is None else hi
        starts, ends = [lo], []
        find = data.find
        while (end := find(b"\n", starts[-1], hi)) >= 0:  # (a memchr a line: copying lines out costs three times more)
            ends.append(end)
            starts.append(end + 1)
        ends.append(hi)
        return cls(first, offset - lo, data, starts, ends, editor)

    @property
    def bodies(self) -> list[bytes]:
        """Each line without its break, copied out of ``data``."""
        if self._bodies is None:
            if isinstance(self.offsets, int):
                lo, hi = self.starts[0], self.ends[-1]
                self._bodies = (self.data if lo == 0 and hi == len(self.data) else self.data[lo:hi]).split(b"\n")  # (no \r: the lines, in one call)
            else:
                self._bodies = list(map(self.data.__getitem__, map(slice, self.starts, self.ends)))
        return self._bodies

    def lines(self) -> Iterator[tuple[int, int, bytes, int]]:
        """(JSONL line number, byte offset, undecoded text, editor line) of each line."""
        numbers = range(self.first, self.first + len(self.starts))
        editors = self.editor if isinstance(self.editor, list) else range(self.first + self.editor, self.first + self.editor + len(self.starts))
        offsets = self.offsets if isinstance(self.offsets, list) else map(self.offsets.__add__, self.starts)
        yield from zip(numbers, offsets, self.bodies, editors, strict=True)

    def may_exceed(self, max_values: int) -> bool:
        """Whether a line may hold more than ``max_values`` values (by :func:`may_exceed`)."""
        # (the first test over all of ``data``, the batch's lines among others: a "no" for all is a "no" for them)
        return may_exceed(self.data, max_values) and any(may_exceed(body, max_values) for body in self.bodies)

    def parsed(self) -> list[Any] | None:
        """Every line's value when each line is JSON that every reader reads alike; None
        otherwise, and the lines are read one by one (which says what is wrong, and where).

        jiter refuses a duplicate key and keeps big integers exact as it parses, which spares
        the clean path orjson's second look at each line (a re-serialisation to count keys).
        It turns a literal beyond the double range (``1e400``) into infinity where orjson
        refuses it: a number that might overflow sends the batch the slow way.
        """
        try:
            values = list(map(_strict_loads(), self.bodies))
        except ValueError:  # a broken or blank line, a duplicate key, too deep, ...
            return None
        if might_overflow(self.data):  # (over all of ``data``: a number beside the batch's lines only sends them the slow way)
            return None
        return values


@cache
def _strict_loads() -> Callable[[bytes], Any]:
    import jiter  # (for a JSONL file's batches only: not imported for a JSON file)

    return partial(jiter.from_json, allow_inf_nan=False, cache_mode="keys", catch_duplicate_keys=True)


def _line_path(number: int) -> JsonPath:
    return (number,)


def _split_lines(text: str) -> Iterator[Line]:
    """Lines as JSONL defines them: split at ``\n`` only (``str.splitlines`` splits at more)."""
    offset = 0
    if "\r" not in text:
        for number, raw in enumerate(text.split("\n")):
            yield number, offset, raw, number
            offset += len(raw) + 1
        return
    ahead = 0  # lone \r so far: each one an editor line more
    for number, raw in enumerate(text.split("\n")):
        body = raw.removesuffix("\r")
        yield number, offset, body, number + ahead
        offset += len(raw) + 1
        ahead += body.count("\r")


_CONTENT = re.compile(r"[^\S\n]*\S[^\n]*")  # a line's text from its start, when it has more than white space


def _content_lines(text: str) -> Iterator[Line]:
    """The lines of :func:`_split_lines` that hold more than white space (the others hold no
    record): found by one regular expression, so a text of mostly blank lines (the language
    server's quick check of the edited lines) is not walked line by line. (For a text without
    blank lines, splitting is cheaper: the regular expression costs a tenth more a line.)"""
    if "\r" in text:
        yield from (line for line in _split_lines(text) if line[2].strip())
        return
    number = last = 0
    for found in _CONTENT.finditer(text):
        start = found.start()
        if start and text[start - 1] != "\n":
            continue  # (inside a line already yielded: a match starts at a line's start only)
        number += text.count("\n", last, start)
        last = start
        yield number, start, found.group(), number


def _parses(body: str, max_values: int = MAX_VALUES) -> bool:
    """Whether a line is JSON at all (the standard library's C scanner: no explanation asked);
    a line that may hold more than ``max_values`` values is not parsed to find out (it is not)."""
    if 1 + body.count("[") + body.count(",") + body.count(":") > max_values:
        return False
    try:
        json.loads(body)
    except (ValueError, RecursionError):
        return False
    return True
