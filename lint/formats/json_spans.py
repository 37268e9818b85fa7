"""Where the items of a large JSON array start and end, found in C.

:mod:`.json_scan` skips a value with the standard library's decoder, which builds the
value only to throw it away: about 3 µs an entry, half a second to walk a 100,000-entry
corpus. msgspec skips values without building them (``msgspec.Raw``), ten times faster, so
a large text is walked with it instead. msgspec reads UTF-8 bytes and the callers hold a
``str``, so :class:`Utf8Text` keeps the text's bytes and converts offsets both ways (from
the nearest offset already converted: a whole walk costs about one pass).

Anything msgspec cannot read (text that is not JSON here, nesting deeper than it allows,
``NaN``) is reported as ``None``, and the caller walks the old way, which also knows how
far the text made sense.
"""

from __future__ import annotations

import re
from array import array
from itertools import accumulate
from operator import add

import msgspec

from goldlint.checkpoints import Checkpoints

FAST_ABOVE = 1 << 18  # characters: smaller texts are walked with the standard decoder

_SEPARATOR = re.compile(rb"[ \t\n\r]*,?[ \t\n\r]*")
_TRAILING = re.compile(r"trailing characters \(byte (\d+)\)")
_WHITESPACE = b" \t\n\r"
_ITEMS = msgspec.json.Decoder(list[msgspec.Raw])
_VALUE = msgspec.json.Decoder(msgspec.Raw)


class Utf8Text:
    """A text and its UTF-8 bytes, with offsets converted between them."""

    __slots__ = ("_to_byte", "_to_char", "ascii", "data", "ends", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.data = text.encode("utf-8", "surrogatepass")
        self.ascii = len(self.data) == len(text)
        self._to_byte = Checkpoints(lambda c0, b0, c: b0 + len(self.text[c0:c].encode("utf-8", "surrogatepass")))
        self._to_char = Checkpoints(lambda b0, c0, b: c0 + len(self.data[b0:b].decode("utf-8", "surrogatepass")))
        self.ends: dict[int, int | None] = {}  # byte offset of a value → just past it (skipping one is a pass over it)

    def to_byte(self, char: int) -> int:
        if self.ascii:
            return char
        byte = self._to_byte.convert(char)
        self._to_char.learn(byte, char)
        return byte

    def to_char(self, byte: int) -> int:
        if self.ascii:
            return byte
        char = self._to_char.convert(byte)
        self._to_byte.learn(char, byte)
        return char


def value_end(utf8: Utf8Text, start: int) -> int | None:
    """The character offset just past the JSON value at ``start``; None if msgspec cannot tell."""
    end = _byte_end(utf8, utf8.to_byte(start))
    return None if end is None else utf8.to_char(end)


def item_spans(utf8: Utf8Text, start: int) -> tuple[array[int], array[int], int] | None:
    """Byte offsets of the items of the array at character offset ``start``: their starts,
    their ends, and the array's end (just past ``]``). None if msgspec cannot tell."""
    data = utf8.data
    begin = utf8.to_byte(start)
    if data[begin : begin + 1] != b"[":
        return None
    end = _byte_end(utf8, begin)
    if end is None:
        return None
    try:
        items = _ITEMS.decode(memoryview(data)[begin:end])
    except (msgspec.DecodeError, RecursionError):
        return None
    return (*item_bounds(data, _SEPARATOR.match(data, begin + 1).end(), items), end)  # type: ignore[union-attr]


def item_bounds(data: bytes, first: int, items: list[msgspec.Raw]) -> tuple[array[int], array[int]]:
    """Byte offsets of an array's items, decoded from ``data`` (``items``), the first of
    which starts at ``first`` (the gaps between them are blanks and commas): their starts and ends.
    (Arrays of machine integers: eight bytes an offset, where a list of ints took forty, and
    an array of millions of ``{}`` has as many items as bytes over three.)"""
    lengths = array("q", map(len, items))
    starts = _evenly_spaced(data, first, items, lengths) or _one_by_one(data, first, items)
    return starts, array("q", map(add, starts, lengths))


def _evenly_spaced(data: bytes, first: int, items: list[msgspec.Raw], lengths: array[int]) -> array[int] | None:
    """The starts when every item is followed by the same separator (a formatter's output),
    proved by comparing the text with the items joined by it; else None."""
    if len(items) < 2:
        return None
    second = _SEPARATOR.match(data, first + lengths[0]).end()  # type: ignore[union-attr]
    separator = data[first + lengths[0] : second]
    starts = array("q", accumulate(map(len(separator).__add__, lengths[:-1]), initial=first))
    # A memcmp a thousand items at a time: joined, those stay in the cache, where the whole
    # array, copied at once, would be fresh memory (comparing a memoryview goes byte by byte).
    for lo in range(0, len(items), _PROVED_AT_ONCE):
        if not data.startswith(separator.join(items[lo : lo + _PROVED_AT_ONCE]), starts[lo]):
            return None
    return starts


_PROVED_AT_ONCE = 1024


def _one_by_one(data: bytes, at: int, items: list[msgspec.Raw]) -> array[int]:
    starts, skip = array("q"), _SEPARATOR.match
    for item in items:
        at = skip(data, at).end()  # type: ignore[union-attr]
        starts.append(at)
        at += len(item)
    return starts


def _byte_end(utf8: Utf8Text, begin: int) -> int | None:
    if begin not in utf8.ends:
        utf8.ends[begin] = _skip(utf8.data, begin)
    return utf8.ends[begin]


def _skip(data: bytes, begin: int) -> int | None:
    try:
        _VALUE.decode(memoryview(data)[begin:])
    except msgspec.DecodeError as exc:
        found = _TRAILING.search(str(exc))
        if found is None:
            return None
        end = begin + int(found.group(1)) - 1  # where the next non-blank character is (msgspec counts from 1)
    except RecursionError:
        return None
    else:
        end = len(data)
    while end > begin and data[end - 1] in _WHITESPACE:
        end -= 1
    return end
