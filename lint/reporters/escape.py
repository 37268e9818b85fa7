"""Text a terminal or a log shows as written: control characters made visible.

File names and gold values reach every report. Raw, a newline in one starts a line that a
CI log reads as its own (GitHub runs ``::error file=...`` lines as workflow commands), an
ESC sequence drives the terminal, and most C0 characters make an XML report malformed. So
every C0 and C1 control character (tab aside), DEL and the Unicode line and paragraph
separators are written as ``\\xNN`` / ``\\uNNNN`` escapes; and so are the characters XML 1.0
cannot hold besides (a JUnit report with one is not XML): the surrogates, which UTF-8 cannot
encode either, and U+FFFE and U+FFFF.
"""

from __future__ import annotations

import re

from goldlint.lazy_patterns import LazyPatterns

_PATTERNS = LazyPatterns(control="[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")  # (compiled when first needed)


def visible(text: str) -> str:
    # (the common case, in C without a copy: every character escaped here is unprintable)
    if text.isprintable() or _PATTERNS.control.search(text) is None:
        return text
    return _PATTERNS.control.sub(_escape, text)


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"
