"""Columns in code points (the core's unit) to and from the client's position encoding.

LSP counts a position's ``character`` in UTF-16 code units unless client and server agreed
on UTF-8 or UTF-32 at initialisation. The core counts code points. Conversions work on
one line's text; ASCII lines (the common case) take a shortcut.
"""

from __future__ import annotations

import re

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
_SURROGATE = re.compile("[\ud800-\udfff]")  # a lone surrogate kept as a code point of its own


def normalise(encoding: object) -> str:
    """The encoding's name as a plain string (pygls hands over an enum or a string)."""
    value = getattr(encoding, "value", encoding)
    return value if value in (UTF8, UTF16, UTF32) else UTF16


def units(text: str, encoding: str) -> int:
    """How many code units of ``encoding`` the text takes."""
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF16:
        return len(text.encode("utf-16-le", "surrogatepass")) // 2
    return len(text.encode("utf-8", "surrogatepass"))


def to_units(line: str, column: int, encoding: str) -> int:
    """Code-point column (0-based) on ``line`` → code units."""
    column = max(0, min(column, len(line)))
    return units(line[:column], encoding)


def from_units(line: str, count: int, encoding: str) -> int:
    """Code units (0-based) on ``line`` → code-point column; a count inside a character
    rounds down to that character's start, past the end clamps to the line's length."""
    count = max(0, count)
    if encoding == UTF32 or line.isascii():
        return min(count, len(line))
    if encoding == UTF16:
        if _SURROGATE.search(line) is not None:
            return _from_utf16_units(line, count)
        data = line.encode("utf-16-le", "surrogatepass")
        if 2 * count >= len(data):
            return len(line)
        prefix = data[: 2 * count].decode("utf-16-le", "surrogatepass")
        n = len(prefix)
        if n and "\ud800" <= prefix[-1] <= "\udbff" and line[n - 1] != prefix[-1]:
            n -= 1  # the count stops between the two halves of a surrogate pair
        return n
    data = line.encode("utf-8", "surrogatepass")
    if count >= len(data):
        return len(line)
    while count > 0 and data[count] & 0xC0 == 0x80:
        count -= 1  # inside a multi-byte character: back to its first byte
    return len(data[:count].decode("utf-8", "surrogatepass"))


def _from_utf16_units(line: str, count: int) -> int:
    """``from_units`` on a line that holds lone surrogates, each a code point and a code unit of
    its own — also a high one followed by a low one, which the fast path's decoding would
    join into one character (two edits can bring them together: the client holds the pair)."""
    n = units = 0
    for char in line:
        units += 2 if ord(char) > 0xFFFF else 1
        if units > count:
            break
        n += 1
    return n
