"""The path at the cursor, in a buffer that may be half-typed (completion and hover).

Only the text *before* the cursor decides the path, so what the user has not finished
typing after it cannot confuse it. JSON is walked from the start of the value (a JSON
Lines line, a file, a TSV cell): every value that ends before the cursor is skipped by the
C decoder (and kept, so the values written so far can stand in for a document that does
not parse), and only the containers around the cursor are walked step by step. YAML goes
through ruamel.yaml's composed nodes and falls back to indentation when the buffer does
not compose. A TSV position is ``(row, column name)`` and, inside a JSON cell, the JSON
path below it, as :mod:`goldlint.formats.tsv_doc` addresses cells.

A key position's path is the key's own path (the object's path plus the key as typed so
far), the way :class:`~goldlint.findings.At` addresses a key with ``key=True``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from goldlint.findings import JsonPath
from goldlint.formats.json_scan import skip_ws

_DECODER = json.JSONDecoder()
_STRING = re.compile(r'"(?:[^"\\\n\r]|\\.)*("?)')
_WORD = re.compile(r'[^\s,:\[\]{}"]*')


@dataclass(slots=True)
class Spot:
    path: JsonPath
    is_key: bool = False
    token: tuple[int, int] | None = None  # the token at the cursor (a string with its quotes, or a bare word)
    quote: str | None = None  # the token's quote character, when it is a quoted string
    partial: Any = None  # the values written before the cursor (JSON only)
    fmt: str = "json"
    cell_quoted: bool = False  # inside a quoted TSV cell: a `"` is written `""`
    extra: dict[str, Any] = field(default_factory=dict)


# -- JSON -----------------------------------------------------------------------------


class _JsonScan:
    def __init__(self, text: str, cursor: int) -> None:
        self.text, self.cursor = text, cursor

    def spot(self, start: int) -> Spot | None:
        holder: list[Any] = [None]
        i = skip_ws(self.text, start)
        if i >= self.cursor:
            return Spot(())
        found = self.value(i, (), lambda v: holder.__setitem__(0, v))
        if isinstance(found, Spot):
            found.partial = holder[0]
            return found
        return None

    def value(self, i: int, path: JsonPath, attach: Callable[[Any], None]) -> Spot | int | None:
        text, cursor = self.text, self.cursor
        c = text[i]
        if c == '"':
            m = _STRING.match(text, i)
            end = m.end()  # type: ignore[union-attr]
            if cursor <= end:
                return Spot(path, token=(i, end), quote='"')
            if not m.group(1):  # type: ignore[union-attr]
                return None  # a string left open before the cursor: nothing after it is reliable
            attach(_decode_string(text[i:end]))
            return end
        if c in "{[":
            try:
                value, end = _DECODER.raw_decode(text, i)
            except (ValueError, RecursionError):
                end = -1
            if 0 <= end <= cursor:
                attach(value)
                return end
            return self.members(i, path, attach) if c == "{" else self.items(i, path, attach)
        end = _WORD.match(text, i).end()  # type: ignore[union-attr]
        if end == i:
            return None
        if cursor <= end:
            return Spot(path, token=(i, end))
        attach(_scalar(text[i:end]))
        return end

    def members(self, i: int, path: JsonPath, attach: Callable[[Any], None]) -> Spot | int | None:
        text, cursor = self.text, self.cursor
        obj: dict[str, Any] = {}
        attach(obj)
        j = skip_ws(text, i + 1)
        while True:
            if j >= cursor:
                return Spot(path + ("",), is_key=True)
            c = text[j]
            if c == "}":
                return j + 1
            if c == ",":
                j = skip_ws(text, j + 1)
                continue
            if c != '"':
                end = _WORD.match(text, j).end()  # type: ignore[union-attr]
                return Spot(path + (text[j:end],), is_key=True, token=(j, end)) if j < end and cursor <= end else None
            m = _STRING.match(text, j)
            key_end = m.end()  # type: ignore[union-attr]
            key = _decode_string(text[j:key_end])
            if cursor <= key_end:
                return Spot(path + (key,), is_key=True, token=(j, key_end), quote='"')
            k = skip_ws(text, key_end)
            if k >= cursor or text[k] != ":":
                return None
            v = skip_ws(text, k + 1)
            if v >= cursor:
                return Spot(path + (key,))
            found = self.value(v, path + (key,), lambda x, key=key: obj.__setitem__(key, x))  # type: ignore[misc]
            if not isinstance(found, int):
                return found
            j = skip_ws(text, found)

    def items(self, i: int, path: JsonPath, attach: Callable[[Any], None]) -> Spot | int | None:
        text, cursor = self.text, self.cursor
        arr: list[Any] = []
        attach(arr)
        n = 0
        j = skip_ws(text, i + 1)
        while True:
            if j >= cursor:
                return Spot(path + (n,))
            c = text[j]
            if c == "]":
                return j + 1
            if c == ",":
                n += 1
                j = skip_ws(text, j + 1)
                continue
            found = self.value(j, path + (n,), arr.append)
            if not isinstance(found, int):
                return found
            j = skip_ws(text, found)


def json_spot(text: str, cursor: int, start: int = 0) -> Spot | None:
    """The spot at ``cursor`` in the JSON value that starts at ``start`` (a file, a line)."""
    cursor = max(start, min(cursor, len(text)))
    try:
        return _JsonScan(text, cursor).spot(start)
    except (IndexError, RecursionError):
        return None


def _decode_string(token: str) -> str:
    try:
        value = json.loads(token if token.endswith('"') and len(token) > 1 else token + '"')
        return value if isinstance(value, str) else token.strip('"')
    except ValueError:
        return token[1:].rstrip('"')


def _scalar(word: str) -> Any:
    try:
        return json.loads(word)
    except ValueError:
        return word
