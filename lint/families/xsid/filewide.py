"""The checks of an xSID file as a whole: blank lines between sentences, the comment dialect,
and sentence ids unique in the file."""

from __future__ import annotations

from goldlint.findings import At, Change, Offsets, Report, safe_fix
from goldlint.formats.conll_doc import ConllDocument, Sentence

# How each dialect writes the text between a key and its value.
_SEPARATOR = {"=": " = ", ":": ": "}
_DIALECT = {"=": "`# key = value` (xSID 0.5+)", ":": "`# key: value` (xSID 0.4)"}


def check_blank_lines(doc: ConllDocument, report: Report) -> None:
    """XSD114: one blank line after every sentence, none before the first."""
    text = doc.text or ""
    for (first, count), (start, end) in zip(doc.blank_runs, doc.blank_spans, strict=True):
        if first == 0:
            report.add("XSD114", Offsets(0, end), f"the file starts with {_lines(count)}: xSID's evaluator reads "
                       "each blank line as the end of a sentence (here an empty one)", safe_fix("remove them", Change(Offsets(0, end), "")))
        elif count > 1:
            second = text.index("\n", start) + 1
            report.add("XSD114", Offsets(second, end), f"{_lines(count)} between sentences, not one: xSID's evaluator reads "
                       f"each extra one as an empty sentence", safe_fix("remove the extra blank lines", Change(Offsets(second, end), "")))
    if doc.sentences and not doc.ends_with_blank:
        end = len(text)
        insert = "\n" if text.endswith("\n") else "\n\n"
        report.add("XSD114", Offsets(end, end), "the last sentence is not followed by a blank line: xSID's evaluator never "
                   "scores it", safe_fix("add a blank line at the end", Change(Offsets(end, end), insert)))


def _lines(count: int) -> str:
    return "a blank line" if count == 1 else f"{count} blank lines"


class Dialects:
    """XSD111 (both dialects in one file) and XSD112 (intents in the dialect nluEval cannot
    read): each sentence's comments seen as the file is checked (:meth:`see`), then said once."""

    def __init__(self) -> None:
        self.written: dict[str, list[tuple[int, int]]] = {"=": [], ":": []}
        self.first_intent: tuple[int, int] | None = None

    def see(self, s: Sentence) -> None:
        for k, (key, sep, _) in enumerate(s.heads):
            if not key or key == "slots":  # (`# slots:` has a colon in both dialects)
                continue
            self.written[sep].append((s.number, k))
            if self.first_intent is None and key == "intent" and sep == "=":
                self.first_intent = (s.number, k)

    def report(self, report: Report) -> None:
        written, first_intent = self.written, self.first_intent
        if first_intent is not None:
            report.add("XSD112", At((first_intent[0], "comments", first_intent[1], "sep")),
                       "`# intent = x` is xSID 0.5+'s dialect: xSID's own evaluator (scripts/nluEval.py) reads only `# intent: x`, finds no "
                       "intent in this file and scores it 0 on every metric (goldlint score --kind xsid reads both dialects)")
        equals, colons = written["="], written[":"]
        if not equals or not colons:
            return
        first = min(equals[0], colons[0])
        major = "=" if len(equals) > len(colons) or (len(equals) == len(colons) and first == equals[0]) else ":"
        minor = ":" if major == "=" else "="
        rare = written[minor]
        changes = [Change(At((s, "comments", k, "sep")), _SEPARATOR[major]) for s, k in rare]
        report.add("XSD111", At((rare[0][0], "comments", rare[0][1], "sep")),
                   f"the file mixes comment dialects: {len(written[major])} comment(s) {_DIALECT[major]}, {len(rare)} {_DIALECT[minor]} "
                   "(this is the first); tools read one dialect",
                   safe_fix(f"write the {len(rare)} comment(s) as {_DIALECT[major]}", *changes))


class Ids:
    """XSD113: a `# id` used by two sentences (each sentence seen as the file is checked)."""

    def __init__(self, report: Report) -> None:
        self.report = report
        self.first: dict[str, tuple[int, int, int]] = {}  # id -> sentence, comment, line
        self.told: set[str] = set()

    def see(self, s: Sentence) -> None:
        for k, (key, _, value) in enumerate(s.heads):
            if key != "id" or not value:
                continue
            seen = self.first.get(value)
            line = s.first_line + s.comment_line(k) + 1
            if seen is None:
                self.first[value] = (s.number, k, line)
                continue
            self.report.add("XSD113", At((s.number, "comments", k)), f"`# id = {value}` is also the id of the sentence on line {seen[2]}")
            if value not in self.told:
                self.told.add(value)
                self.report.add("XSD113", At((seen[0], "comments", seen[1])), f"`# id = {value}` is used again on line {line}")
