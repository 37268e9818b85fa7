"""Text a terminal or a log shows as written: control characters made visible.

File names and gold values reach every report. Raw, a newline in one starts a line that a
CI log reads as its own (GitHub runs ``::error file=...`` lines as workflow commands), an
ESC sequence drives the terminal, and most C0 characters make an XML report malformed. So
every C0 and C1 control character (tab aside), DEL and the Unicode line and paragraph
separators are written as ``\\xNN`` / ``\\uNNNN`` escapes; and so are the characters XML 1.0
cannot hold besides (a JUnit report with one is not XML): the surrogates, which UTF-8 cannot
encode either, and U+FFFE and U+FFFF.

A file name whose bytes are not UTF-8 reaches goldlint with each such byte held as a lone
surrogate (U+DC80 + the byte, Python's ``surrogateescape``): it is written as that byte,
``bad\\xff.json``, in every report; the JSON ones too (``report_json``), where it is the one
character that cannot be written as it is.
"""

from __future__ import annotations

import json
import re
from typing import Any

from goldlint.lazy_patterns import LazyPatterns

_PATTERNS = LazyPatterns(control="[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]",
                         surrogate="[\ud800-\udfff]")  # (compiled when first needed)


def visible(text: str) -> str:
    # (the common case, in C without a copy: every character escaped here is unprintable)
    if text.isprintable() or _PATTERNS.control.search(text) is None:
        return text
    return _PATTERNS.control.sub(_escape, text)


def report_json(value: Any) -> str:
    """``value`` as the text of a JSON report (indented, non-ASCII as it is), which UTF-8 can
    encode: a lone surrogate is written as ``visible`` writes it (json.dumps escapes every
    control character itself, and writes a surrogate raw)."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    if text.isascii() or _PATTERNS.surrogate.search(text) is None:
        return text
    # (json.dumps writes a surrogate only inside a string, where the escape's backslash is doubled)
    return _PATTERNS.surrogate.sub(lambda m: "\\" + _escape(m), text)


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    if 0xDC80 <= code <= 0xDCFF:  # (a byte of a file name that is not UTF-8: that byte)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"
