"""Tab-separated gold files (the NLU test tool's truth files), with exact cell positions.

The syntax is ``grammars/truth_tsv.lark``: a header line, then one row a line, cells
separated by TAB, a cell plain or quoted (``"..."`` with ``""`` for a quote). A line
without a quoted cell is split at TABs; a line with one is read token by token with the
grammar's own terminals. Both give exactly the grammar's cells at a fraction of the cost
of its Lark parser (about 8 s per 100,000 rows; a 100,000-cell line, gigabytes of tree),
which stays the reference that property tests hold them to.

A data row holds one cell more than the header has and counts the others: a line of 60 MB
of cells took 2 to 3 GB as strings, for a finding that needs only their number.

Paths (for :class:`~goldlint.findings.At`):

- ``()`` the header line (the start of the file when there is none);
- ``("header", n)`` / ``("header", "intent")`` a header cell, by index or column name;
- ``(row,)`` a data row (0-based, blank lines not counted);
- ``(row, "intent")`` / ``(row, n)`` a cell by column name or index; ``.inside(s, e)``
  is a range of the decoded cell text; ``key=True`` points at the column's header cell;
- ``(row, "annotation", *json_path)`` a value (or with ``key=True`` a key) inside the JSON
  written in that cell, with ``.inside`` ranges of JSON strings, as for JSON files.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from typing import Any, Protocol

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, JsonPath, Offsets
from goldlint.formats.base import Document
from goldlint.formats.json_doc import resolve_in_text
from goldlint.rules.general import EMPTY_FILE, SYNTAX_ERROR

_BREAKS = re.compile(r"(\r\n|\r|\n)")
_RUNS_ON = ('unterminated quoted cell: this `"` is closed only by a quote in a later cell, so the cells between are read '
            'as one (a quote inside a cell is written `""`)')


@lru_cache(maxsize=1)
def tsv_parser() -> Any:
    from lark import Lark

    from goldlint.resources import grammar_text

    return Lark(grammar_text("truth_tsv.lark"), parser="lalr", start=["start", "line"])


@dataclass(slots=True)
class Row:
    """One line of the file and its cells (decoded text, and where each cell is)."""

    number: int  # 1-based line number
    start: int  # offset of the line's first character
    end: int  # offset just past its last character (before the line break)
    values: list[str]
    spans: list[tuple[int, int]] | None = None  # source span of each cell; None: plain TAB split
    quoted: list[bool] | None = None
    bad: bool = False  # the quoting is broken (GL003 was reported)
    # cells past ``values``, counted and not held: a data row keeps one cell more than the
    # header has (60 MB of one row's cells took 2 to 3 GB as strings, and said no more)
    more: int = 0
    _starts: list[int] | None = field(default=None, repr=False, compare=False)  # each cell's offset, once asked for

    def cell_span(self, k: int) -> tuple[int, int]:
        if self.spans is not None:
            return self.spans[k]
        if self._starts is None:  # (one pass for all the cells: a header of 100,000 columns was quadratic)
            self._starts = list(accumulate((len(v) + 1 for v in self.values[:-1]), initial=self.start))
        start = self._starts[k]
        return start, start + len(self.values[k])

    @property
    def cell_count(self) -> int:
        return len(self.values) + self.more

    def is_quoted(self, k: int) -> bool:
        return self.quoted is not None and self.quoted[k]

    def source_offset(self, k: int, i: int) -> int:
        """The file offset of character ``i`` of cell ``k``'s decoded text (``""`` is one ``"``)."""
        start, end = self.cell_span(k)
        if not self.is_quoted(k):
            return start + min(i, end - start)
        if i >= len(self.values[k]):
            return end - 1  # the closing quote
        return start + 1 + i + self.values[k][:i].count('"')


def split_line(
    line: str, grammar: bool = False
) -> tuple[list[str], list[tuple[int, int]] | None, list[bool] | None, list[tuple[int, int, str]]]:
    """Cells of one line: values, spans relative to the line (None when plain), quoted flags, problems.

    A line with no quoted cell is split at TABs; one with a quoted cell is read piece by
    piece with the grammar's own terminals (:func:`_read_pieces`), or with the Lark parser
    when ``grammar`` asks for it (the reference: a property test holds the two equal).
    """
    if grammar:
        return _parse_with_grammar(line)
    values, spans, quoted, problems, _ = read_line(line)
    return values, spans, quoted, problems


Cells = tuple[list[str], list[tuple[int, int]] | None, list[bool] | None, list[tuple[int, int, str]], int]


class Problems(Protocol):
    def append(self, problem: tuple[int, int, str], /) -> None: ...


def read_line(line: str, keep: int | None = None, problems: Problems | None = None) -> Cells:
    """:func:`split_line`'s reading, holding at most ``keep`` cells; the last item counts the
    cells past them (their problems are still found). Problems go to ``problems`` when given
    (a caller that reports them as they come: a line may have millions)."""
    if not (line.startswith('"') or '\t"' in line):
        if keep is not None and line.count("\t") >= keep:
            return line.split("\t", keep)[:keep], None, None, [], line.count("\t") + 1 - keep
        return line.split("\t"), None, None, [], 0
    return _read_pieces(line, keep, problems)


def _parse_with_grammar(line: str) -> tuple[list[str], list[tuple[int, int]], list[bool], list[tuple[int, int, str]]]:
    tree = tsv_parser().parse(line, start="line")
    values: list[str] = []
    spans: list[tuple[int, int]] = []
    quoted: list[bool] = []
    problems: list[tuple[int, int, str]] = []
    at = 0
    for child in tree.children:
        if getattr(child, "type", None) == "TAB":
            at = child.end_pos
            continue
        pieces = child.children
        if not pieces:
            values.append("")
            spans.append((at, at))
            quoted.append(False)
            continue
        _cell(line, [(p.type, p.start_pos, p.end_pos) for p in pieces], values, spans, quoted, problems)
    return values, spans, quoted, problems


# The grammar's terminals in the order its lexer tries them (by priority: QUOTED, BAD_QUOTE,
# PLAIN), and the TAB between cells: a line is these tokens, read left to right.
_PIECES = re.compile(r'(\t)|("(?:[^"\r\n]|"")*")|("[^\t\r\n]*)|([^\t\r\n"][^\t\r\n]*)')
_TYPES = (None, "TAB", "QUOTED", "BAD_QUOTE", "PLAIN")


def _read_pieces(line: str, keep: int | None, reported: Problems | None = None) -> Cells:
    """The cells of a line with a quoted cell, as the grammar reads them, without its parser
    (Lark's tree of a 100,000-cell line took gigabytes); past ``keep`` cells, only counted
    and their problems found."""
    values: list[str] = []
    spans: list[tuple[int, int]] = []
    quoted: list[bool] = []
    problems: list[tuple[int, int, str]] = []
    sink: Any = problems if reported is None else reported
    pieces: list[tuple[str, int, int]] = []
    at = 0  # where the current cell starts
    more = 0
    for token in _PIECES.finditer(line):
        kind = _TYPES[token.lastindex or 0]
        if kind != "TAB":
            pieces.append((kind, token.start(), token.end()))  # type: ignore[arg-type]
            continue
        more += _close(line, pieces, at, values, spans, quoted, sink, keep)
        pieces, at = [], token.end()
    more += _close(line, pieces, at, values, spans, quoted, sink, keep)
    return values, spans, quoted, problems, more


def _close(line: str, pieces: list[tuple[str, int, int]], at: int, values: list[str], spans: list[tuple[int, int]], quoted: list[bool],
           problems: Problems, keep: int | None) -> int:
    """The cell just read, held; or, past ``keep`` cells, its problem alone (1: one cell more)."""
    if keep is not None and len(values) >= keep:
        if len(pieces) > 1 or (pieces and pieces[0][0] == "BAD_QUOTE"):
            _cell(line, pieces, [], [], [], problems)
        return 1
    if not pieces:
        values.append("")
        spans.append((at, at))
        quoted.append(False)
        return 0
    _cell(line, pieces, values, spans, quoted, problems)
    return 0


def _cell(line: str, pieces: list[tuple[str, int, int]], values: list[str], spans: list[tuple[int, int]], quoted: list[bool],
          problems: Problems) -> None:
    """One cell of one or more pieces (type, start, end): its value, span, quoting and problem."""
    kind, start, first_end = pieces[0]
    end = pieces[-1][2]
    if kind == "QUOTED":
        values.append(line[start + 1 : first_end - 1].replace('""', '"'))
        quoted.append(True)
    else:
        values.append(line[start:end])
        quoted.append(False)
    spans.append((start, end))
    for piece_kind, piece_start, _ in pieces:
        if piece_kind == "BAD_QUOTE":
            problems.append((piece_start, piece_start + 1,
                             'unterminated quoted cell: the opening `"` is never closed on this line (a quote inside a cell is written `""`)'))
            return
    if len(pieces) > 1 and kind == "QUOTED" and "\t" in line[start:first_end]:
        problems.append((start, start + 1, _RUNS_ON))
    elif len(pieces) > 1:
        _, second_start, second_end = pieces[1]
        problems.append((second_start, second_end,
                         'text after the closing quote of a quoted cell (a quote inside a cell is written `""`; TSV readers drop or mangle this text)'))


class TsvDocument(Document):
    format = "tsv"

    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        self.header: Row | None = None
        self.rows: list[Row] = []
        self.columns: list[str] = []
        self._table: list[dict[str, str] | None] | None = None
        body = text.removeprefix("\ufeff")
        offset = len(text) - len(body)
        keep: int | None = None  # cells a data row holds: one more than the header's
        for number, (line, start) in enumerate(_lines(body, offset), 1):
            if not line:
                continue
            row = self._read(line, number, start, keep)
            if self.header is None:
                self.header = row
                keep = len(row.values) + 1
            else:
                self.rows.append(row)
        if self.header is None:
            self.ok = False
            self.findings.append(Finding(EMPTY_FILE.code, Offsets(0, 0), "empty file: no header and no rows"))
            return
        self.columns = list(self.header.values)

    def _read(self, line: str, number: int, start: int, keep: int | None = None, again: bool = False) -> Row:
        """One line as a row; ``again``: read before, its problems already reported."""
        reported = _Reported(self.findings, start, again)
        try:
            values, spans, quoted, _, more = read_line(line, keep, reported)
        except MemoryError:
            raise
        except Exception as exc:  # noqa: BLE001  (the grammar accepts every line; this is only a safety net)
            self.findings.append(Finding(SYNTAX_ERROR.code, Offsets(start, start + len(line)), f"TSV: this line does not parse: {exc}"))
            return Row(number, start, start + len(line), [line], bad=True)
        row = Row(number, start, start + len(line), values, more=more, bad=reported.any)
        if spans is not None:
            row.spans = [(start + s, start + e) for s, e in spans]
            row.quoted = quoted
        return row

    # -- columns ---------------------------------------------------------------------

    def set_columns(self, names: list[str], header_is_data: bool = False) -> None:
        """Name the columns (when the header is missing or broken); with ``header_is_data``
        the first line is a data row, and row indexes shift by one."""
        if header_is_data and self.header is not None:
            self.rows.insert(0, self.header)
            self.header = None
        self.columns = list(names)
        for n, row in enumerate(self.rows):  # (rows read with fewer cells held than these columns need)
            if row.more and len(row.values) <= len(names) and self.text is not None:
                self.rows[n] = self._read(self.text[row.start : row.end], row.number, row.start, len(names) + 1, again=True)
        self._table = None

    def column_index(self, name: str | int) -> int | None:
        if isinstance(name, int):
            return name
        if name in self.columns:
            return self.columns.index(name)
        folded = [c.casefold() for c in self.columns]
        return folded.index(name.casefold()) if name.casefold() in folded else None

    def cell(self, row: int, column: str | int) -> str | None:
        k = self.column_index(column)
        if k is None or not 0 <= row < len(self.rows) or k >= len(self.rows[row].values):
            return None
        return self.rows[row].values[k]

    # -- the Document interface ------------------------------------------------------

    @property
    def root(self) -> list[dict[str, str] | None]:
        """The rows as ``{column: cell text}`` (``None`` for a row whose quoting is broken)."""
        if self._table is None:
            names = self.columns
            self._table = [None if r.bad else dict(zip(names, r.values, strict=False)) for r in self.rows]
        return self._table

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        if self.ok:
            yield (), self.root

    def resolve_at(self, locations: list[At]) -> list[Span | None]:
        assert self.index is not None
        return [self._span(loc) for loc in locations]

    def _span(self, loc: At) -> Span | None:
        assert self.index is not None
        span = self.index.span
        path = loc.path
        if not path or (path[0] == "header" and len(path) == 1):
            return span(self.header.start, self.header.end) if self.header is not None else span(0, 0)
        if path[0] == "header":
            if self.header is None:
                return span(0, 0)
            k = self.column_index(path[1])
            if k is None or k >= len(self.header.values):
                return span(self.header.start, self.header.end)
            return span(*self.header.cell_span(k))
        if not isinstance(path[0], int) or not 0 <= path[0] < len(self.rows):
            return None
        row = self.rows[path[0]]
        if len(path) == 1:
            return span(row.start, row.end)
        k = self.column_index(path[1])
        if k is None or k >= len(row.values):
            return span(row.start, row.end)
        if len(path) == 2:
            if loc.key:
                return self._span(At(("header", k)))
            if loc.inner is not None:
                lo, hi = loc.inner
                return span(row.source_offset(k, lo), row.source_offset(k, hi))
            return span(*row.cell_span(k))
        value = row.values[k]
        inside = At(path[2:], loc.key, loc.inner)
        found = resolve_in_text(value, [inside], lambda s, e: span(row.source_offset(k, s), row.source_offset(k, e)), ())[0]
        return found if found is not None else span(*row.cell_span(k))

    def encode(self, where: At, value: str) -> str:
        """A cell's new text (quoted when it must be), or a JSON string inside a cell."""
        path = where.path
        row = self.rows[path[0]] if len(path) >= 2 and isinstance(path[0], int) and 0 <= path[0] < len(self.rows) else None
        k = self.column_index(path[1]) if row is not None else None
        quoted = row is not None and k is not None and k < len(row.values) and row.is_quoted(k)
        if len(path) > 2:
            text = json.dumps(value, ensure_ascii=False)
            if where.inner is not None:
                text = text[1:-1]
            return text.replace('"', '""') if quoted else text
        if where.inner is not None:
            return value.replace('"', '""') if quoted else value
        if quoted or "\t" in value or "\n" in value or "\r" in value or value.startswith('"'):
            return '"' + value.replace('"', '""') + '"'
        return value


class _Reported:
    """A line's quoting problems, reported as GL003 as they are found (none held)."""

    __slots__ = ("any", "findings", "start", "again")

    def __init__(self, findings: list[Finding], start: int, again: bool) -> None:
        self.findings, self.start, self.again, self.any = findings, start, again, False

    def append(self, problem: tuple[int, int, str]) -> None:
        self.any = True
        if not self.again:
            s, e, message = problem
            self.findings.append(Finding(SYNTAX_ERROR.code, Offsets(self.start + s, self.start + e), message))


def _lines(text: str, offset: int) -> Iterator[tuple[str, int]]:
    """Lines without their breaks, with the offset where each starts (breaks as in the grammar)."""
    if "\r" not in text:
        for line in text.split("\n"):
            yield line, offset
            offset += len(line) + 1
        return
    parts = _BREAKS.split(text)
    for n in range(0, len(parts), 2):
        line = parts[n]
        yield line, offset
        offset += len(line) + (len(parts[n + 1]) if n + 1 < len(parts) else 0)
