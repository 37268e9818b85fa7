"""GL001–GL012: what every file can get wrong, whatever its family.

GL006–GL008 look at *gold values*: each family hands over the strings that are answers
(intents, slot values, references) through :func:`check_gold_text`.
"""

from __future__ import annotations

import re
import unicodedata

from goldlint.diagnostics import Severity
from goldlint.findings import At, Change, Offsets, Report, safe_fix
from goldlint.rules.registry import Rule, register

E, W = Severity.ERROR, Severity.WARNING

register(
    Rule("GL001", "invalid-utf8", E, "The file is not valid UTF-8; the message gives the byte offset and a guess at the real encoding.",
         "Scorers read gold as UTF-8: a cp1251 or latin-1 file either crashes them or turns answers into mojibake that no prediction matches."),
    Rule("GL002", "byte-order-mark", W, "The file starts with a UTF-8 byte-order mark.",
         "Python's json.load, orjson and many TSV readers reject or mis-read a BOM; the first key or header cell silently gets a \\ufeff prefix.",
         "safe: the mark is removed."),
    Rule("GL003", "syntax-error", E, "The file (or one JSONL line, YAML document or TSV row) does not parse; the position and what was expected are given.",
         "A file that does not parse is skipped or crashes the scorer: every answer in it is lost."),
    Rule("GL004", "duplicate-key", E, "A key appears twice in one object.",
         "Every JSON reader keeps only the last value and throws the first away without a word: an annotation silently disappears."),
    Rule("GL005", "kind-cannot-read-file", E,
         "The kind asked for (--kind, or a `kinds` glob in config) does not read this file's format. (A file whose kind is not "
         "recognised and was not asked for is not reported: it is skipped, and counted in the run's summary line.)",
         "The kind's rules would look for fields this format cannot hold: the file would pass without being checked."),
    Rule("GL006", "not-nfc", W, "A gold value is not in Unicode NFC.",
         "Exact-match metrics normalise predictions, so a decomposed `й` (и + U+0306) in the gold never matches.",
         "safe: the value is rewritten in NFC."),
    Rule("GL007", "invisible-character", W,
         "A gold value holds an invisible or confusable character: zero-width, NBSP, soft hyphen, control or bidi characters, "
         "or Latin and Cyrillic letters mixed in one word.",
         "The answer looks right to a reviewer but never matches a prediction."),
    Rule("GL008", "surrounding-whitespace", W, "A gold value starts or ends with whitespace.",
         "Official scorers compare strings exactly; ` три` and `три` differ.",
         "safe: the whitespace is removed."),
    Rule("GL009", "line-endings", W, "CRLF, lone CR or mixed line endings.",
         "JSONL and TSV readers split lines differently: a stray \\r ends up inside the last cell or value.",
         "safe: every line break becomes \\n."),
    Rule("GL010", "empty-file", E, "The file, or the dataset in it, is empty.",
         "An empty gold file scores every system 0 (or divides by zero) without any error."),
    Rule("GL011", "limit-exceeded", E, "The file exceeds a safety limit (size, nesting depth, YAML alias expansion) and was not checked.",
         "Limits keep goldlint from hanging or exhausting memory on hostile or broken input; raise them in config when a real file needs it."),
    Rule("GL012", "findings-capped", W,
         "A rule found more than 1,000 problems without a fix in one file: the first 1,000 are reported, and this one finding, "
         "at the first of the others, counts the rest. It takes the severity of the findings it stands for (an error "
         "for errors), and goes with its rule's --select and --ignore. Findings with a fix are all reported.",
         "A million records that all lack the same field would make a million diagnostics: memory, time and output in "
         "proportion to the file, when the first thousand already show what is wrong (see SECURITY.md)."),
)

INVISIBLE = re.compile(
    "[\u200b\u200c\u200d\u2060\ufeff\u00a0\u202f\u2007\u00ad\u200e\u200f\u202a-\u202e\u2066-\u2069"
    "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]"
)
CYRILLIC_LETTERS = "А-Яа-яЁё"  # the letters a Latin look-alike hides among (a character class body)
MIXED_SCRIPT = re.compile(f"[^\\W\\d_]*(?:[A-Za-z][^\\W\\d_]*[{CYRILLIC_LETTERS}]|[{CYRILLIC_LETTERS}][^\\W\\d_]*[A-Za-z])[^\\W\\d_]*")
_NAMES = {"\u00a0": "no-break space", "\u00ad": "soft hyphen", "\ufeff": "zero-width no-break space (BOM)"}


def _char_name(c: str) -> str:
    return _NAMES.get(c) or unicodedata.name(c, f"control character U+{ord(c):04X}").lower()


_JOINERS = "\u200c\u200d"
_VIRAMA = 9  # the canonical combining class of every Indic virama (and Myanmar asat)
_PLAIN_LETTER = re.compile(r"[A-Za-zА-Яа-яЁё]")


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
    if _PLAIN_LETTER.match(before) or _PLAIN_LETTER.match(after) or before.isascii() or after.isascii():
        return False
    return unicodedata.category(before)[0] in "LMS" and unicodedata.category(after)[0] in "LMS"


def _invisible(value: str) -> re.Match[str] | None:
    for m in INVISIBLE.finditer(value):
        if not _orthographic_joiner(value, m.start()):
            return m
    return None


_LATIN = re.compile(r"[A-Za-z]")
_CYRILLIC = re.compile(f"[{CYRILLIC_LETTERS}]")


def mixed_script(value: str) -> re.Match[str] | None:
    """A word that mixes Latin and Cyrillic letters, if any."""
    # Without both scripts there is no mix: two quick scans spare the slow pattern most values.
    if value.isascii() or _LATIN.search(value) is None or _CYRILLIC.search(value) is None:
        return None
    return MIXED_SCRIPT.search(value)


def invisible_or_confusable(value: str) -> bool:
    """Whether GL007 has something to say about ``value`` (the clean paths' question)."""
    return _invisible(value) is not None or mixed_script(value) is not None


def check_gold_text(report: Report, where: At, value: str) -> None:
    """GL006–GL008 on one gold string value. Cheap when the value is clean."""
    if not value:
        return
    if not value.isascii() and not unicodedata.is_normalized("NFC", value):
        nfc = unicodedata.normalize("NFC", value)
        lo = 0
        while lo < min(len(value), len(nfc)) and value[lo] == nfc[lo]:
            lo += 1
        hi = len(value)
        while hi > lo and len(nfc) - (len(value) - hi) > lo and value[hi - 1] == nfc[len(nfc) - (len(value) - hi) - 1]:
            hi -= 1
        report.add("GL006", where.inside(lo, max(hi, lo + 1)), f"`{value}` is not in Unicode NFC",
                   safe_fix("normalise to NFC", Change(where, nfc, as_string=True)))
    m = _invisible(value)
    if m:
        c = m.group()
        report.add("GL007", where.inside(m.start(), m.end()), f"invisible character U+{ord(c):04X} ({_char_name(c)}) in `{value}`")
    else:
        mixed = mixed_script(value)
        if mixed:
            report.add("GL007", where.inside(mixed.start(), mixed.end()),
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
        report.add("GL008", at, f"`{value}` has surrounding whitespace", safe_fix(f"strip to `{stripped}`", *changes))


def check_line_endings(text: str, report: Report) -> None:
    """GL009 on a whole text in memory."""
    if "\r" not in text:
        return
    crlf = [m.start() for m in re.finditer(r"\r\n?", text)]
    lone_lf = text.count("\n") - text.count("\r\n")
    kind = "mixed line endings" if lone_lf else ("CRLF line endings" if "\r\n" in text else "CR line endings")
    first = crlf[0]
    edits = [Change(Offsets(o, o + (2 if text.startswith("\r\n", o) else 1)), "\n") for o in crlf]
    report.add("GL009", Offsets(first, first + 1), f"{kind} ({len(crlf)} line break(s) not LF)", safe_fix("use LF line endings", *edits))


def check_bom(text: str, report: Report) -> None:
    if text.startswith("\ufeff"):
        report.add("GL002", Offsets(0, 1), "UTF-8 byte-order mark at the start of the file", safe_fix("remove the byte-order mark", Change(Offsets(0, 1), "")))
