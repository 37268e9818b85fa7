"""Positions in a JSON file that was checked from its bytes, without a document of its text.

A file checked straight from its bytes (by a family, :meth:`Family.check_bytes`, or after
one parse of them, :func:`~goldlint.formats.json_read.parse_bytes`) is reported on by paths
like any other; nearly all of them lie inside the items of one large array (a corpus's
entries, an SLU file's records). Decoding the whole text and walking it to each path would
cost more than the check did. So the items are read undecoded (msgspec skips them
without building them, each a view of the file's bytes), the byte offset of an item with a
finding is read from its address (:mod:`.buffer_offsets`; where it cannot be, the offsets
of all of them are proved from the text), and a path into an item is resolved in that
item's own text, a few hundred bytes, with positions counted on from the item's start. Any
other path is resolved in the whole text, decoded on first need; so is every path when the
items cannot be placed exactly (a text with carriage returns). The callers have made sure
that no key repeats (the last one would count, as in any reader).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

import msgspec

from goldlint.diagnostics import Position, Span
from goldlint.findings import At, JsonPath
from goldlint.formats.base import Document
from goldlint.formats.buffer_offsets import offsets_in
from goldlint.formats.json_doc import resolve_in_text
from goldlint.formats.json_spans import item_bounds
from goldlint.speedups import LINE_FEED, count_byte
from goldlint.textindex import TextIndex

_CLOSE = re.compile(rb"[ \t\n\r]*\]")


@lru_cache(maxsize=4)
def _items_of(member: str | None) -> msgspec.json.Decoder[Any]:
    """A decoder of the items of the root object's array ``member`` (None: of the root
    array), left undecoded."""
    if member is None:
        return msgspec.json.Decoder(list[msgspec.Raw])
    # (renamed: a member's name need not be a Python identifier)
    return msgspec.json.Decoder(msgspec.defstruct("Items", [("items", list[msgspec.Raw], [])], rename={"items": member}))


_NOTHING = object()
# The fewest items placed by their addresses (where they can be): reading an address needs
# ctypes, whose import costs what proving about 9,000 items from the text does (2.7 ms; tests
# set 0 or no limit to take either way).
_ADDRESSED_FROM = 8192


class _Places:
    """Where the items of the array are: ``count`` of them, the byte span of the ``n``-th
    (None: not known, the item is placed in the whole text)."""

    count = 0

    def span(self, n: int) -> tuple[int, int] | None:
        return None


_NOWHERE = _Places()


class _Addressed(_Places):
    """The items' spans from their addresses, each read when asked for (a few items have findings)."""

    def __init__(self, items: list[msgspec.Raw], offset: Callable[[Any], int | None]) -> None:
        self.items, self.offset, self.count = items, offset, len(items)

    def span(self, n: int) -> tuple[int, int] | None:
        item = self.items[n]
        at = self.offset(item)
        return None if at is None else (at, at + len(item))


class _Proved(_Places):
    """The items' spans proved from the text (machine integers: eight bytes an offset, where
    a list of ints took forty, and an array of millions of ``{}`` has as many items as bytes over three)."""

    def __init__(self, starts: array[int], ends: array[int]) -> None:
        self.starts, self.ends, self.count = starts, ends, len(starts)

    def span(self, n: int) -> tuple[int, int] | None:
        return self.starts[n], self.ends[n]


class ItemsDocument(Document):
    """The bytes of a JSON file whose root object holds the array ``member`` (None: whose
    root is the array); ``items``: its items as decoded by the caller (else decoded here
    when a position is first asked for). ``value``: the file's value, for a family to
    check; without it the document only places paths (the family has read the values)."""

    format = "json"

    def __init__(self, path: str, data: bytes, member: str | None, items: list[msgspec.Raw] | None = None,
                 value: Any = _NOTHING, by_line: bool = False) -> None:
        super().__init__(path, None)
        self.data = data
        # Diagnostics only (a check's own reading of the file): positions without file offsets, so
        # that placing a finding late in the file does not decode all the text before it.
        self.by_line = by_line
        self.member = member
        self._prefix: JsonPath = (member,) if member is not None else ()
        self._items = items
        self._value = value
        self._places: _Places | None = None  # where the items are (none: not placed)
        self._whole: tuple[str, TextIndex] | None = None

    @property
    def placed_by_line(self) -> bool:
        return self.by_line

    @classmethod
    def of_value(cls, path: str, data: bytes, value: Any, by_line: bool = False) -> ItemsDocument:
        """The document of a file's bytes and their value, placing the items of its longest
        array: the root, or the root object's longest array member. (An object without one:
        nothing is placed, every path is resolved in the whole text.)"""
        member = None
        if isinstance(value, dict):
            arrays = [(len(v), k) for k, v in value.items() if type(v) is list]
            member = max(arrays)[1] if arrays else None
        return cls(path, data, member, value=value, by_line=by_line)

    @property
    def root(self) -> Any:
        return None if self._value is _NOTHING else self._value

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        return iter(()) if self._value is _NOTHING else iter((((), self._value),))

    def release_value(self) -> None:
        """Forget the file's value once it is checked: placing paths needs only the bytes, and
        the value of a hostile array (millions of ``{}``) is some twenty times their size."""
        self._value = _NOTHING

    def resolve_at(self, locations: list[At]) -> list[Span | None]:
        places = self._placed()
        prefix, depth = self._prefix, len(self._prefix)
        by_item: dict[int, list[int]] = {}
        rest: list[int] = []
        for k, loc in enumerate(locations):
            path = loc.path
            if (len(path) > depth + 1 or (len(path) == depth + 1 and not loc.key)) and path[:depth] == prefix \
                    and type(path[depth]) is int and 0 <= path[depth] < places.count:
                by_item.setdefault(path[depth], []).append(k)
            else:
                rest.append(k)  # (an item's "key" is its parent's bracket: the whole text's walk knows it)
        out: list[Span | None] = [None] * len(locations)
        placed: list[tuple[int, int, int]] = []  # (item, start, end)
        for n in sorted(by_item):
            span = places.span(n)
            if span is None:
                rest += by_item[n]  # (not placed after all: the whole text's walk)
            else:
                placed.append((n, *span))
        for (n, start, end), (char, line, column) in zip(placed, self._origins([p[1] for p in placed]), strict=True):
            text = self.data[start:end].decode("utf-8", "replace")
            wanted = by_item[n]
            spans = resolve_in_text(text, [locations[k] for k in wanted], _counted_from(text, char, line, column), (*prefix, n), unique_keys=True)
            for k, span in zip(wanted, spans, strict=True):
                out[k] = span
        if rest:
            text, index = self._text()
            for k, span in zip(rest, resolve_in_text(text, list(map(locations.__getitem__, rest)), index.span, (), unique_keys=True), strict=True):
                out[k] = span
        return out

    def _text(self) -> tuple[str, TextIndex]:
        if self._whole is None:
            text = self.data.decode("utf-8", "replace")
            self._whole = text, TextIndex(text)
        return self._whole

    def _placed(self) -> _Places:
        if self._places is None:
            self._places = self._place() or _NOWHERE
            self._items = None  # (held by the places that need them)
        return self._places

    def _place(self) -> _Places | None:
        """The items' byte spans: by their addresses (:mod:`.buffer_offsets`), else proved
        from the text (the first item follows ``"member": [`` (or the root's ``[``), the last
        one stands where the gaps put it, and ``]`` closes the array after it)."""
        data = self.data
        if b"\r" in data:
            return None  # a lone CR breaks a line: positions are the whole text's index's business
        items = self._items
        if items is None:
            try:
                decoded = _items_of(self.member).decode(data)
            except (ValueError, RecursionError):  # (msgspec's errors, and invalid UTF-8, are ValueErrors)
                return None
            items = decoded if self.member is None else decoded.items
        if not items:
            return None
        offset = offsets_in(data) if len(items) >= _ADDRESSED_FROM else None
        if offset is not None and offset(items[0]) is not None and offset(items[-1]) is not None:
            return _Addressed(items, offset)
        return self._proved(items)

    def _proved(self, items: list[msgspec.Raw]) -> _Places | None:
        data = self.data
        if self.member is None:
            found = re.compile(rb"[ \t\n\r]*\[[ \t\n\r]*").match(data)
        else:
            # (the root's own member: a nested object may hold an array of the same name, even
            # of the same text, before it)
            at = _member_value_at(data, self.member)
            found = re.compile(rb"\[[ \t\n\r]*").match(data, at) if at is not None else None
        if found is None or not data.startswith(bytes(items[0]), found.end()):
            return None
        starts, ends = item_bounds(data, found.end(), items)
        if data.startswith(bytes(items[-1]), starts[-1]) and _CLOSE.match(data, ends[-1]):
            return _Proved(starts, ends)
        return None

    def _origins(self, starts: list[int]) -> Iterator[tuple[int, int, int]]:
        """Character offset (-1 when placed by line), line and column of each byte offset
        (ascending), counted on from the last."""
        data, offsets = self.data, not self.by_line
        chars, lines, at, column = 0, 1, 0, 1
        for start in starts:
            breaks = count_byte(data, LINE_FEED, at, start)
            lines += breaks
            if breaks:  # the column counted from the last line break; else carried on (a one-line array was quadratic)
                column = len(data[data.rfind(b"\n", at, start) + 1 : start].decode("utf-8", "replace")) + 1
                if offsets:
                    chars += len(data[at:start].decode("utf-8", "replace"))
            else:
                step = len(data[at:start].decode("utf-8", "replace"))
                column += step
                chars += step
            at = start
            yield chars if offsets else -1, lines, column


_ROOT_MEMBERS = msgspec.json.Decoder(dict[str, msgspec.Raw])


def _member_value_at(data: bytes, member: str) -> int | None:
    """The byte offset where the value of the root object's member ``member`` starts: the
    root's members read in order (each value undecoded: its length is known), each key's
    token decoded and compared. None: the root is not such an object. (No key repeats, the
    callers have made sure: the members decoded are those written, in order.)"""
    try:
        members = _ROOT_MEMBERS.decode(data)
    except (ValueError, RecursionError):  # (not an object: a ValidationError, a ValueError)
        return None
    opening = re.compile(rb"[ \t\n\r]*\{").match(data)
    if opening is None:
        return None
    key_token = re.compile(rb'[ \t\n\r]*("(?:[^"\\]|\\.)*")[ \t\n\r]*:[ \t\n\r]*')
    comma = re.compile(rb"[ \t\n\r]*,")
    at = opening.end()
    for key, value in members.items():
        token = key_token.match(data, at)
        if token is None or msgspec.json.decode(token.group(1)) != key:
            return None
        if key == member:
            return token.end()
        after = comma.match(data, token.end() + len(value))
        if after is None:
            return None
        at = after.end()
    return None


def _counted_from(text: str, char: int, line: int, column: int) -> Callable[[int, int], Span]:
    """Spans of offsets into ``text``, which starts at character ``char`` (-1: spans without
    file offsets), line ``line``, column ``column``."""

    def position(k: int) -> Position:
        breaks = text.count("\n", 0, k)
        return Position(line, column + k) if not breaks else Position(line + breaks, k - text.rfind("\n", 0, k))

    if char < 0:
        return lambda start, end: Span(position(start), position(end))
    return lambda start, end: Span(position(start), position(end), char + start, char + end)

