"""Positions in a JSON file that was checked from its bytes, without a document of its text.

A family that checks a file straight from its bytes (:meth:`Family.check_bytes`) reports
paths like any other; nearly all of them lie inside the items of one large array (a
corpus's entries). Decoding the whole text and walking it to each path would cost more
than the check did. So the items' byte offsets are found once (msgspec skips the items
without building them), and a path into an item is resolved in that item's own text, a few
hundred bytes, with positions counted on from the item's start. Any other path is resolved
in the whole text, decoded on first need; so is every path when the items cannot be placed
exactly (a text with carriage returns, an array whose key is written with escapes). The
callers have made sure that no key repeats (the last one would count, as in any reader).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

import msgspec

from goldlint.diagnostics import Position, Span
from goldlint.findings import At, JsonPath
from goldlint.formats.base import Document
from goldlint.formats.json_doc import resolve_in_text
from goldlint.formats.json_spans import item_bounds
from goldlint.textindex import TextIndex

_CLOSE = re.compile(rb"[ \t\n\r]*\]")


@lru_cache(maxsize=4)
def _items_of(member: str) -> msgspec.json.Decoder[Any]:
    """A decoder of the items of the root object's array ``member``, left undecoded."""
    return msgspec.json.Decoder(msgspec.defstruct("Items", [(member, list[msgspec.Raw], [])]))


class ItemsDocument(Document):
    """The bytes of a JSON file whose root object holds the array ``member``; ``items``: its
    items as decoded by the caller (else decoded here when a position is first asked for).
    It only places paths: the family has read the values already."""

    format = "json"

    def __init__(self, path: str, data: bytes, member: str, items: list[msgspec.Raw] | None = None) -> None:
        super().__init__(path, None)
        self.data = data
        self.member = member
        self._items = items
        self._places: tuple[list[int], list[int]] | None = None  # the items' byte spans; ([], []): not placed
        self._whole: tuple[str, TextIndex] | None = None

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        return iter(())

    def resolve_at(self, locations: list[At]) -> list[Span | None]:
        starts, ends = self._placed()
        by_item: dict[int, list[int]] = {}
        rest: list[int] = []
        for k, loc in enumerate(locations):
            path = loc.path
            if (len(path) > 2 or (len(path) == 2 and not loc.key)) and path[0] == self.member \
                    and type(path[1]) is int and 0 <= path[1] < len(starts):
                by_item.setdefault(path[1], []).append(k)
            else:
                rest.append(k)  # (an item's "key" is its parent's bracket: the whole text's walk knows it)
        out: list[Span | None] = [None] * len(locations)
        order = sorted(by_item)
        for n, (char, line, column) in zip(order, self._origins([starts[n] for n in order]), strict=True):
            text = self.data[starts[n] : ends[n]].decode("utf-8", "replace")
            wanted = by_item[n]
            spans = resolve_in_text(text, [locations[k] for k in wanted], _counted_from(text, char, line, column), (self.member, n))
            for k, span in zip(wanted, spans, strict=True):
                out[k] = span
        if rest:
            text, index = self._text()
            for k, span in zip(rest, resolve_in_text(text, list(map(locations.__getitem__, rest)), index.span, ()), strict=True):
                out[k] = span
        return out

    def _text(self) -> tuple[str, TextIndex]:
        if self._whole is None:
            text = self.data.decode("utf-8", "replace")
            self._whole = text, TextIndex(text)
        return self._whole

    def _placed(self) -> tuple[list[int], list[int]]:
        if self._places is None:
            self._places = self._place() or ([], [])
        return self._places

    def _place(self) -> tuple[list[int], list[int]] | None:
        """The items' byte spans, proved: the first item follows ``"member": [``, the last
        one stands where the gaps put it, and ``]`` closes the array after it."""
        data = self.data
        if b"\r" in data:
            return None  # a lone CR breaks a line: positions are the whole text's index's business
        items = self._items
        if items is None:
            try:
                items = getattr(_items_of(self.member).decode(data), self.member)
            except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
                return None
        if not items:
            return None
        opening = re.compile(rb'"' + re.escape(self.member.encode()) + rb'"[ \t\n\r]*:[ \t\n\r]*\[[ \t\n\r]*')
        first, last = bytes(items[0]), bytes(items[-1])
        for found in opening.finditer(data):
            if not data.startswith(first, found.end()):
                continue
            starts, ends = item_bounds(data, found.end(), items)
            if data.startswith(last, starts[-1]) and _CLOSE.match(data, ends[-1]):
                return starts, ends
        return None

    def _origins(self, starts: list[int]) -> Iterator[tuple[int, int, int]]:
        """Character offset, line and column of each byte offset (ascending), counted on from the last."""
        data = self.data
        chars, lines, at = 0, 1, 0
        for start in starts:
            chars += len(data[at:start].decode("utf-8", "replace"))
            lines += data.count(b"\n", at, start)
            at = start
            line_start = data.rfind(b"\n", 0, start) + 1
            yield chars, lines, len(data[line_start:start].decode("utf-8", "replace")) + 1


def _counted_from(text: str, char: int, line: int, column: int) -> Callable[[int, int], Span]:
    """Spans of offsets into ``text``, which starts at character ``char``, line ``line``, column ``column``."""

    def position(k: int) -> Position:
        breaks = text.count("\n", 0, k)
        return Position(line, column + k) if not breaks else Position(line + breaks, k - text.rfind("\n", 0, k))

    return lambda start, end: Span(position(start), position(end), char + start, char + end)

