"""Bytes to text: UTF-8 checks (GL001, GL002) before anything is parsed."""

from __future__ import annotations

import re

import msgspec

from goldlint.diagnostics import Position, Span
from goldlint.findings import Finding
from goldlint.rules.general import INVALID_UTF8

_BREAK = re.compile(r"\r\n|\r|\n")  # the line breaks of LSP (and of TextIndex)


class Decoded(msgspec.Struct):
    text: str
    findings: list[Finding]
    lossy: bool  # bytes were replaced: never write this text back


def guess_encoding(data: bytes, bad: int) -> str | None:
    """What the invalid bytes at ``bad`` most likely are, with the text they would read as.

    Gold files mix encodings by copy and paste: the run of non-ASCII bytes at the error is
    tried as cp1251 (Russian) and cp1252 (European); a run that reads as letters of one
    script is a confident guess. Otherwise a statistical detector looks at the whole sample.
    """
    end = bad
    while end < len(data) and end - bad < 64 and data[end] >= 0x80:
        end += 1
    run = data[bad:end]
    for encoding, letters in (("cp1251", "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"), ("cp1252", None)):
        try:
            text = run.decode(encoding)
        except UnicodeDecodeError:
            continue
        if len(text) >= 2 and all((c in letters) if letters else c.isalpha() for c in text):
            return f"{encoding} (`{text}`)"
    from charset_normalizer import from_bytes

    best = from_bytes(data[: 1 << 16]).best()
    return best.encoding if best is not None and best.encoding not in ("utf_8", "ascii") else None


# The byte-order marks of the other Unicode encodings: a file that starts with one is in it
# (UTF-32's before UTF-16's, which begin them).
_BYTE_ORDER_MARKS = ((b"\xff\xfe\x00\x00", "UTF-32 (little-endian)", "FF FE 00 00"), (b"\x00\x00\xfe\xff", "UTF-32 (big-endian)", "00 00 FE FF"),
                     (b"\xff\xfe", "UTF-16 (little-endian)", "FF FE"), (b"\xfe\xff", "UTF-16 (big-endian)", "FE FF"))


def _byte_order_mark(data: bytes) -> str | None:
    for mark, encoding, written in _BYTE_ORDER_MARKS:
        if data.startswith(mark):
            return f"{encoding}: it starts with that encoding's byte-order mark, {written}"
    return None


def decode(data: bytes, first_line: int = 1, byte_base: int = 0, char_base: int = 0) -> Decoded:
    """Decode UTF-8, reporting the first invalid byte with its exact position."""
    try:
        return Decoded(data.decode("utf-8"), [], False)
    except UnicodeDecodeError as exc:
        bad = exc.start
    prefix = data[:bad].decode("utf-8")
    breaks = [m.end() for m in _BREAK.finditer(prefix)]  # a lone \r is a line break too
    line = first_line + len(breaks)
    column = len(prefix) - (breaks[-1] if breaks else 0) + 1
    text = data.decode("utf-8", errors="replace")
    start = Position(line, column)
    span = Span(start, Position(line, column + 1), char_base + len(prefix), char_base + len(prefix) + 1)
    guess = (_byte_order_mark(data) if byte_base == 0 else None) or guess_encoding(data, bad)
    hint = f"; it looks like {guess}" if guess else ""
    message = f"invalid UTF-8 byte 0x{data[bad]:02x} at byte offset {byte_base + bad}{hint}"
    return Decoded(text, [Finding(INVALID_UTF8.code, span, message)], True)
