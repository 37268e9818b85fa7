"""How many values a JSON text holds, counted in C before it is parsed (``max-json-values``).

A parser builds an object for every value: ``[0,0,0,…]`` is 2 bytes a value in the file
and some 100 bytes a value once parsed, so 60 MB of it took 3 GB. Counting first lets the
reader refuse such a text at the first value past the limit, having built nothing.

The count never runs a Python loop over the text:

- every value but the first follows a ``[``, ``,`` or ``:``, so one more than the number of
  those bytes bounds the count from above (three ``bytes.count``; a real file stays far
  below any sensible limit, and nothing more is done);
- only past that bound is the exact count made, a block at a time: escapes are blanked
  (``\\\\`` and ``\\"`` to two spaces), every string becomes ``""`` (one ``re.sub`` with a
  constant template), and then values are containers (``[`` and ``{``) plus strings that
  are not keys (a key is followed by ``:``) plus runs of literal characters (numbers,
  ``true``, ``false``, ``null``), each a ``count`` over a translated copy;
- the block in which the count passes the limit is read token by token to find the value.

On a text that is not JSON the count is an estimate, which is all a limit needs: the
parse reports what is wrong. (numpy would count a block some twice as fast, but importing it
under ``ulimit -v`` can kill the process: OpenBLAS reserves its buffers as it loads.)
"""

from __future__ import annotations

import re

from goldlint.speedups import COLON, count_byte

_BLOCK = 1 << 18  # bytes counted at once (a block ends outside a string, after a comma)
_STRING = re.compile(rb'"[^"]*"')
_LITERAL_BYTES = b"-+.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
# literal characters to `a`, everything else to a space: a literal is then one ` a`
_LITERALS = bytes.maketrans(bytes(range(256)), bytes(ord("a") if b in _LITERAL_BYTES else ord(" ") for b in range(256)))
_TOKEN = re.compile(rb'"[^"]*"(\s*:)?|[\[{]|[-+.0-9A-Za-z]+')


def upper_bound(data: bytes, colons: int | None = None) -> int:
    """At least the number of values in ``data`` (one more than its ``[``, ``,`` and ``:``);
    ``colons``: ``data.count(b":")``, when the caller has it."""
    return 1 + count_byte(data, ord("[")) + count_byte(data, ord(",")) + (count_byte(data, COLON) if colons is None else colons)


def length_bound(data: bytes) -> int:
    """At least the number of values in ``data`` a parser accepts, from its length alone (see
    :func:`may_exceed`)."""
    return (len(data) + 1) // 2


def may_exceed(data: bytes, limit: int, colons: int | None = None) -> bool:
    """Whether ``data`` may hold more than ``limit`` values, by the cheapest bound that rules it
    out: half its length first (every value but the first has a byte before it that separates
    it, ``[``, ``,`` or ``:``, and every value ends at a byte of its own that separates
    nothing, so n values take at least 2n - 1 bytes), then :func:`upper_bound` (three scans).

    The length bound holds for JSON a parser accepts. An unclosed bracket is a value in one
    byte, so on a broken text it may say no too soon: for the gate before a parse that only
    costs the parse (which refuses such a text, having built no more than max-depth levels
    past the bound), but the reader that reports GL011 counts exactly (``json_read``)."""
    return length_bound(data) > limit and upper_bound(data, colons) > limit


def value_past(data: bytes, limit: int) -> int | None:
    """The byte offset of value number ``limit + 1`` of ``data`` (in document order), or None
    when it holds at most ``limit`` values. (It reads every block: callers first rule out what
    :func:`may_exceed` rules out.)"""
    blank = data  # (escapes blanked: every `"` left delimits a string; each copy only where it has something to blank)
    for escape in (b"\\\\", b'\\"'):
        if escape in blank:
            blank = blank.replace(escape, b"  ")
    view = memoryview(blank)  # (blocks are read through it, not copied out)
    seen = 0
    start = 0
    while start < len(blank):
        end = _block_end(blank, start)
        count = _count(view[start:end])
        if seen + count > limit:
            at = _nth_value(blank[start:end], limit - seen)
            if at is not None:
                return start + at
        seen += count
        start = end
    return None


def _block_end(blank: bytes, start: int) -> int:
    """Where the block from ``start`` (outside a string) ends: just after the first comma
    outside a string some ``_BLOCK`` bytes on, or at the end of the text."""
    at = start + _BLOCK
    if at >= len(blank):
        return len(blank)
    inside = blank.count(b'"', start, at) % 2 == 1
    while True:
        if inside:
            close = blank.find(b'"', at)
            if close < 0:
                return len(blank)
            at, inside = close + 1, False
        comma = blank.find(b",", at)
        if comma < 0:
            return len(blank)
        quote = blank.find(b'"', at, comma)
        if quote < 0:
            return comma + 1
        at, inside = quote + 1, True


def _count(block: bytes | memoryview) -> int:
    """The values that start in ``block`` (escapes blanked; it starts and ends outside a string)."""
    bare = _STRING.sub(b'""', block)
    strings = bare.count(b'"') // 2 - bare.count(b":")  # (a key is a string followed by a colon)
    containers = bare.count(b"[") + bare.count(b"{")
    literals = (b" " + bare.translate(_LITERALS)).count(b" a")
    return containers + strings + literals


def _nth_value(block: bytes, n: int) -> int | None:
    """The offset in ``block`` of its value number ``n + 1`` (0-based ``n``), read token by token."""
    for token in _TOKEN.finditer(block):
        if token.group(1) is not None:
            continue  # a key
        if n == 0:
            return token.start()
        n -= 1
    return None
