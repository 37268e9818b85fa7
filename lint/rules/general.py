"""GL001–GL012: the rules of every file, whatever its kind (their declarations).

The checks are where the files are read: :mod:`goldlint.rules.file_rules` (a gold value's text,
line endings, the byte-order mark), the format readers (syntax, duplicate keys, limits) and the
engine (an empty file, a kind that cannot read the file). Each reports through these objects.
"""

from __future__ import annotations

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W = Severity.ERROR, Severity.WARNING

INVALID_UTF8 = Rule("GL001", "invalid-utf8", E, "The file is not valid UTF-8; the message gives the byte offset and a guess at the real encoding.",
    "Scorers read gold as UTF-8: a cp1251 or latin-1 file either crashes them or turns answers into mojibake that no prediction matches.")
BYTE_ORDER_MARK = Rule("GL002", "byte-order-mark", W, "The file starts with a UTF-8 byte-order mark.",
    "Python's json.load, orjson and many TSV readers reject or mis-read a BOM; the first key or header cell silently gets a \\ufeff prefix.",
    "safe: the mark is removed.")
SYNTAX_ERROR = Rule("GL003", "syntax-error", E, "The file (or one JSONL line, YAML document or TSV row) does not parse; the position and what was expected are given.",
    "A file that does not parse is skipped or crashes the scorer: every answer in it is lost.")
DUPLICATE_KEY = Rule("GL004", "duplicate-key", E, "A key appears twice in one object.",
    "Every JSON reader keeps only the last value and throws the first away without a word: an annotation silently disappears.")
KIND_CANNOT_READ_FILE = Rule("GL005", "kind-cannot-read-file", E,
    "The kind asked for (--kind, or a `kinds` glob in config) does not read this file's format. (A file whose kind is not "
    "recognised and was not asked for is not reported: it is skipped, and counted in the run's summary line.)",
    "The kind's rules would look for fields this format cannot hold: the file would pass without being checked.")
NOT_NFC = Rule("GL006", "not-nfc", W, "A gold value is not in Unicode NFC.",
    "Exact-match metrics normalise predictions, so a decomposed `й` (и + U+0306) in the gold never matches.",
    "safe: the value is rewritten in NFC, with the values that must spell it (an xSID sentence's token words, a SLURP "
    "sentence's annotation and token surfaces); no fix where normalising cannot keep them equal (`# slots:` offsets "
    "that would move).")
INVISIBLE_CHARACTER = Rule("GL007", "invisible-character", W,
    "A gold value holds an invisible or confusable character: zero-width, NBSP, soft hyphen, control or bidi characters, "
    "or Latin and Cyrillic letters mixed in one word.",
    "The answer looks right to a reviewer but never matches a prediction.")
SURROUNDING_WHITESPACE = Rule("GL008", "surrounding-whitespace", W, "A gold value starts or ends with whitespace.",
    "Official scorers compare strings exactly; ` три` and `три` differ.",
    "safe: the whitespace is removed, with the values that must stay equal to the value (a SLURP sentence's annotation, "
    "an xSID sentence's token words, its `# slots:` offsets moved back); no fix where stripping cannot keep them equal "
    "(whitespace inside the annotation's bracket, a `# slots:` span starting in the whitespace).")
LINE_ENDINGS = Rule("GL009", "line-endings", W, "CRLF, lone CR or mixed line endings.",
    "JSONL and TSV readers split lines differently: a stray \\r ends up inside the last cell or value.",
    "safe: every line break becomes \\n; in JSONL and CoNLL, whose lines end at \\n only, a lone \\r inside a line is "
    "reported but kept (made a \\n, it would split a record or a sentence's line).")
EMPTY_FILE = Rule("GL010", "empty-file", E, "The file, or the dataset in it, is empty.",
    "An empty gold file scores every system 0 (or divides by zero) without any error.")
LIMIT_EXCEEDED = Rule("GL011", "limit-exceeded", E, "The file exceeds a safety limit (size, nesting depth, YAML alias expansion) and was not checked.",
    "Limits keep goldlint from hanging or exhausting memory on hostile or broken input; raise them in config when a real file needs it.")
FINDINGS_CAPPED = Rule("GL012", "findings-capped", W,
    "A rule found more than 1,000 problems without a fix in one file: the first 1,000 are reported, and this one finding, "
    "at the first of the others, counts the rest. It takes the severity of the findings it stands for (an error "
    "for errors), and goes with its rule's --select and --ignore. Findings with a fix are all reported.",
    "A million records that all lack the same field would make a million diagnostics: memory, time and output in "
    "proportion to the file, when the first thousand already show what is wrong (see SECURITY.md).")

register_declared(globals())
