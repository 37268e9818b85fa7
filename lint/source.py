"""Bytes to text: UTF-8 checks (GL001, GL002) before anything is parsed."""

from __future__ import annotations

from dataclasses import dataclass

from goldlint.diagnostics import Position, Span
from goldlint.findings import Finding


@dataclass(slots=True)
class Decoded:
    text: str
    findings: list[Finding]
    lossy: bool  # bytes were replaced: never write this text back


def guess_encoding(data: bytes) -> str | None:
    """A best guess at what a non-UTF-8 file really is.

    cp1251 (Russian) and cp1252/latin-1 (European) gold files are the usual suspects and
    short samples fool statistical detectors, so those two are tried first by script.
    """
    sample = data[: 1 << 16]
    high = [b for b in sample if b >= 0x80]
    if high:
        cyrillic = sum(1 for b in high if 0xC0 <= b or b in (0xA8, 0xB8))
        if cyrillic / len(high) >= 0.8:
            return "cp1251"
        try:
            text = sample.decode("cp1252")
        except UnicodeDecodeError:
            text = ""
        if text and sum(c.isalpha() for c in text if ord(c) >= 0x80) / len(high) >= 0.8:
            return "cp1252 (latin-1)"
    from charset_normalizer import from_bytes

    best = from_bytes(sample).best()
    return best.encoding if best is not None else None


def decode(data: bytes, first_line: int = 1, byte_base: int = 0, char_base: int = 0) -> Decoded:
    """Decode UTF-8, reporting the first invalid byte with its exact position."""
    try:
        return Decoded(data.decode("utf-8"), [], False)
    except UnicodeDecodeError as exc:
        bad = exc.start
    prefix = data[:bad].decode("utf-8")
    line = first_line + prefix.count("\n")
    column = len(prefix) - (prefix.rfind("\n") + 1) + 1
    text = data.decode("utf-8", errors="replace")
    start = Position(line, column)
    span = Span(start, Position(line, column + 1), char_base + len(prefix), char_base + len(prefix) + 1)
    guess = guess_encoding(data)
    hint = f"; it looks like {guess}" if guess and guess not in ("utf_8", "utf-8", "ascii") else ""
    message = f"invalid UTF-8 byte 0x{data[bad]:02x} at byte offset {byte_base + bad}{hint}"
    return Decoded(text, [Finding("GL001", span, message)], True)
