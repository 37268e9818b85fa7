"""The checks of the GL rules that look at a file's text (:mod:`goldlint.rules.general` declares them).

GL006–GL008 look at *gold values*: each family hands over the strings that are answers
(intents, slot values, references) through :func:`check_gold_text`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import partial

from goldlint.findings import At, Change, Offsets, Report, safe_fix
from goldlint.lazy_patterns import LazyPatterns
from goldlint.rules.general import BYTE_ORDER_MARK, INVISIBLE_CHARACTER, LINE_ENDINGS, NOT_NFC, SURROUNDING_WHITESPACE

CYRILLIC_LETTERS = "А-Яа-яЁё"  # the letters a Latin look-alike hides among (a character class body)


# GL007's patterns, each compiled when first used: a run whose values are printable and of one
# script needs none of them. Every character ``invisible`` finds is unprintable, so a printable
# text needs no search (tests/test_gold_text.py).
PATTERNS = LazyPatterns(
    invisible="[\u200b\u200c\u200d\u2060\ufeff\u00a0\u202f\u2007\u00ad\u200e\u200f\u202a-\u202e\u2066-\u2069"
              "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]",
    mixed_script=f"[^\\W\\d_]*(?:[A-Za-z][^\\W\\d_]*[{CYRILLIC_LETTERS}]|[{CYRILLIC_LETTERS}][^\\W\\d_]*[A-Za-z])[^\\W\\d_]*",
    plain_letter=f"[A-Za-z{CYRILLIC_LETTERS}]",
    cyrillic=f"[{CYRILLIC_LETTERS}]",
)
_NAMES = {"\u00a0": "no-break space", "\u00ad": "soft hyphen", "\ufeff": "zero-width no-break space (BOM)"}


def _char_name(c: str) -> str:
    return _NAMES.get(c) or unicodedata.name(c, f"control character U+{ord(c):04X}").lower()


_JOINERS = "\u200c\u200d"
_VIRAMA = 9  # the canonical combining class of every Indic virama (and Myanmar asat)


def _orthographic_joiner(value: str, i: int) -> bool:
    """ZWJ/ZWNJ between two letters or marks of a script that spells with them (Sinhala,
    Malayalam, Persian, …) or inside an emoji sequence; not between Latin or Cyrillic letters."""
    if value[i] not in _JOINERS or i == 0:
        return False
    if unicodedata.combining(value[i - 1]) == _VIRAMA:
        return True  # a virama's joiner picks a conjunct or a chillu form (ന്‍, ශ්‍), also at a word's end
    if i + 1 >= len(value):
        return False
    before, after = value[i - 1], value[i + 1]
    if PATTERNS.plain_letter.match(before) or PATTERNS.plain_letter.match(after) or before.isascii() or after.isascii():
        return False
    return unicodedata.category(before)[0] in "LMS" and unicodedata.category(after)[0] in "LMS"


def _invisible(value: str) -> re.Match[str] | None:
    if value.isprintable():
        return None
    for m in PATTERNS.invisible.finditer(value):
        if not _orthographic_joiner(value, m.start()):
            return m
    return None


_LATIN = re.compile(r"[A-Za-z]")


def mixed_script(value: str) -> re.Match[str] | None:
    """A word that mixes Latin and Cyrillic letters, if any."""
    # Without both scripts there is no mix: two quick scans spare the slow pattern most values.
    if value.isascii() or _LATIN.search(value) is None or PATTERNS.cyrillic.search(value) is None:
        return None
    return PATTERNS.mixed_script.search(value)


def invisible_or_confusable(value: str) -> bool:
    """Whether GL007 has something to say about ``value`` (the clean paths' question)."""
    return _invisible(value) is not None or mixed_script(value) is not None


# What a fix does to a gold value's text (GL006: NFC; GL008: strip), for the values tied to it.
Edit = Callable[[str], str]
# Given the edit a fix makes to a value, the changes that make it to the values tied to that one
# too, or None when the edit cannot keep them equal (see check_gold_text).
Tied = Callable[[Edit], list[Change] | None]

_NFC: Edit = partial(unicodedata.normalize, "NFC")


def check_gold_text(report: Report, where: At, value: str, tied: Tied | None = None) -> None:
    """GL006–GL008 on one gold string value. Cheap when the value is clean.

    ``tied``: for a value that others must stay equal to (a sentence, the annotation and the
    tokens that spell it, the offsets that count its characters), given the edit a fix makes
    to the value, the changes that keep those others equal to it, or None when they cannot be
    kept equal. The value edited alone would differ from them (a new error), so GL006's and
    GL008's fixes make those changes too, or are not offered."""
    if not value:
        return
    if not value.isascii() and not unicodedata.is_normalized("NFC", value):
        nfc = _NFC(value)
        lo = 0
        while lo < min(len(value), len(nfc)) and value[lo] == nfc[lo]:
            lo += 1
        hi = len(value)
        while hi > lo and len(nfc) - (len(value) - hi) > lo and value[hi - 1] == nfc[len(nfc) - (len(value) - hi) - 1]:
            hi -= 1
        others = [] if tied is None else tied(_NFC)
        NOT_NFC.report(report, where.inside(lo, max(hi, lo + 1)), f"`{value}` is not in Unicode NFC",
                       None if others is None else safe_fix("normalise to NFC" + _and_tied(others), Change(where, nfc, as_string=True), *others))
    m = _invisible(value)
    if m:
        c = m.group()
        INVISIBLE_CHARACTER.report(report, where.inside(m.start(), m.end()), f"invisible character U+{ord(c):04X} ({_char_name(c)}) in `{value}`")
    else:
        mixed = mixed_script(value)
        if mixed:
            INVISIBLE_CHARACTER.report(report, where.inside(mixed.start(), mixed.end()),
                                       f"`{mixed.group()}` mixes Latin and Cyrillic letters (a confusable character)")
    if value[0].isspace() or value[-1].isspace():
        stripped = value.strip()
        lead = len(value) - len(value.lstrip())
        trail = len(value) - len(value.rstrip())
        at = where.inside(0, lead) if lead else where.inside(len(value) - trail, len(value))
        changes = []
        if lead:
            changes.append(Change(where.inside(0, lead), "", as_string=True))
        if trail and stripped:
            changes.append(Change(where.inside(len(value) - trail, len(value)), "", as_string=True))
        others = [] if tied is None else tied(str.strip)
        SURROUNDING_WHITESPACE.report(report, at, f"`{value}` has surrounding whitespace",
                                      None if others is None else safe_fix(f"strip to `{stripped}`" + _and_tied(others), *changes, *others))


def _and_tied(others: list[Change]) -> str:
    return f" (and the {len(others)} value(s) tied to it)" if others else ""


# The formats whose lines end at LF only (a CRLF's CR is left out of its line): JSONL's records,
# CoNLL's token and comment lines. In them a lone CR (not before LF, not ending the text) is a
# character inside a line: JSON white space between tokens, a letter of a comment. An editor
# (and Python's universal newlines) breaks the line there, so GL009 reports it; made an LF, it
# would split a record or start a token line, so the fix leaves it alone. (JSON, YAML and TSV
# read a lone CR as a line break or as white space, where an LF is the same.)
LF_ONLY_FORMATS = frozenset({"jsonl", "conll"})


def check_line_endings(text: str, report: Report, fmt: str | None = None) -> None:
    """GL009 on a whole text in memory, of format ``fmt``."""
    if "\r" not in text:
        return
    crlf = [m.start() for m in re.finditer(r"\r\n?", text)]
    lone_lf = text.count("\n") - text.count("\r\n")
    kind = "mixed line endings" if lone_lf else ("CRLF line endings" if "\r\n" in text else "CR line endings")
    first = crlf[0]
    ends = crlf
    if fmt in LF_ONLY_FORMATS:
        ends = [o for o in crlf if text.startswith("\r\n", o) or o == len(text) - 1]
    edits = [Change(Offsets(o, o + (2 if text.startswith("\r\n", o) else 1)), "\n") for o in ends]
    LINE_ENDINGS.report(report, Offsets(first, first + 1), f"{kind} ({len(crlf)} line break(s) not LF)",
                        safe_fix("use LF line endings", *edits) if edits else None)


def check_bom(text: str, report: Report) -> None:
    if text.startswith("\ufeff"):
        BYTE_ORDER_MARK.report(report, Offsets(0, 1), "UTF-8 byte-order mark at the start of the file", safe_fix("remove the byte-order mark", Change(Offsets(0, 1), "")))
