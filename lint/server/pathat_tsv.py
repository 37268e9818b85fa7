"""The path at the cursor in a TSV truth file: ``(row, column)``, and inside a JSON cell the
JSON path below it (rows are 0-based data rows, blank lines not counted, as in
:mod:`goldlint.formats.tsv_doc`; ``("header", column)`` on the header line)."""

from __future__ import annotations

import re

from goldlint.formats.tsv_doc import split_line
from goldlint.server.pathat import Spot, json_spot

_BREAK = re.compile(r"\r\n|\r|\n")


def tsv_spot(text: str, cursor: int) -> Spot | None:
    cursor = max(0, min(cursor, len(text)))
    lines = _line_starts_until(text, cursor)
    line_start = lines[-1]
    line_end = len(text)
    for brk in ("\n", "\r"):
        found = text.find(brk, line_start)
        if 0 <= found < line_end:
            line_end = found
    line = text[line_start:line_end]
    nonblank = [s for s in lines[:-1] if _line_at(text, s).strip("\ufeff")]
    header_line = _line_at(text, nonblank[0]) if nonblank else None
    if header_line is None:
        row: str | int = "header"
        columns: list[str] = []
        body = line.removeprefix("\ufeff")
    else:
        row = len(nonblank) - 1
        columns = split_line(header_line.lstrip("\ufeff"))[0]
        body = line
    skipped = len(line) - len(body)
    try:
        values, spans, quoted, _ = split_line(body)
    except Exception:  # the grammar accepts every line; a safety net only
        return None
    if spans is None:
        spans, quoted, at = [], [False] * len(values), 0
        for v in values:
            spans.append((at, at + len(v)))
            at += len(v) + 1
    col = cursor - line_start - skipped
    k = next((n for n, (s, e) in enumerate(spans) if s <= col <= e), None)
    if k is None:
        return None
    name: str | int = columns[k] if k < len(columns) else k
    base = line_start + skipped + spans[k][0]
    is_quoted = bool(quoted and quoted[k])
    prefix: tuple[str | int, ...] = ("header", name) if row == "header" else (row, name)
    value = values[k]
    if row != "header" and value.lstrip().startswith(("{", "[")):
        inner = _to_decoded(text[base : line_start + skipped + spans[k][1]], cursor - base, is_quoted)
        spot = json_spot(value, inner)
        if spot is None:
            return None
        if spot.token is not None:
            spot.token = (base + _to_source(value, spot.token[0], is_quoted), base + _to_source(value, spot.token[1], is_quoted))
        spot.path = prefix + spot.path
        spot.fmt, spot.cell_quoted = "tsv", is_quoted
        spot.extra["cell"] = (base, line_start + skipped + spans[k][1])
        return spot
    return Spot(prefix, token=(base, line_start + skipped + spans[k][1]), fmt="tsv", cell_quoted=is_quoted,
                extra={"cell": (base, line_start + skipped + spans[k][1]), "plain_cell": True})


def _line_starts_until(text: str, cursor: int) -> list[int]:
    return [0] + [m.end() for m in _BREAK.finditer(text, 0, cursor)]


def _line_at(text: str, start: int) -> str:
    end = len(text)
    for brk in ("\n", "\r"):
        found = text.find(brk, start)
        if 0 <= found < end:
            end = found
    return text[start:end]


def _to_decoded(source: str, offset: int, quoted: bool) -> int:
    """An offset in a cell's source text → the index in its decoded text."""
    if not quoted:
        return offset
    i, n = 1, 0
    while i < min(offset, len(source)):
        if source[i] == '"':
            if source[i + 1 : i + 2] == '"':
                i += 2
                n += 1
                continue
            break  # the closing quote
        i += 1
        n += 1
    return n


def _to_source(decoded: str, index: int, quoted: bool) -> int:
    if not quoted:
        return index
    return 1 + index + decoded[:index].count('"')
