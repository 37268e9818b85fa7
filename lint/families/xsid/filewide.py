"""The checks of an xSID file as a whole: blank lines between sentences, the comment dialect,
and sentence ids unique in the file."""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, chain, compress
from operator import itemgetter, ne

from goldlint.families.xsid.declaration import SAME_IN_EVERY_DIALECT
from goldlint.families.xsid.rules import DIALECT_UNREAD_BY_NLUEVAL, DUPLICATE_SENTENCE_ID, MIXED_COMMENT_DIALECTS, SENTENCE_SEPARATOR
from goldlint.findings import At, Change, Offsets, Report, safe_fix
from goldlint.formats.conll_doc import ConllDocument, Sentence

# How each dialect writes the text between a key and its value.
_SEPARATOR = {"=": " = ", ":": ": "}
_DIALECT = {"=": "`# key = value` (xSID 0.5+)", ":": "`# key: value` (xSID 0.4)"}


def check_blank_lines(doc: ConllDocument, report: Report) -> None:
    """XSD114: one blank line after every sentence, none before the first."""
    text = doc.text or ""
    counts, spans, ends_with_blank = doc.blank_runs_except_single()  # (a single empty line between sentences is never reported)
    bom = len(text) - len(text.removeprefix("\ufeff"))
    for count, (start, end) in zip(counts, spans, strict=True):
        if start == bom:  # (blank lines that start the file)
            SENTENCE_SEPARATOR.report(report, Offsets(0, end), f"the file starts with {_lines(count)}: xSID's evaluator reads "
                       "each blank line as the end of a sentence (here an empty one)", safe_fix("remove them", Change(Offsets(0, end), "")))
        elif count > 1:
            second = text.index("\n", start) + 1
            SENTENCE_SEPARATOR.report(report, Offsets(second, end), f"{_lines(count)} between sentences, not one: xSID's evaluator reads "
                       f"each extra one as an empty sentence", safe_fix("remove the extra blank lines", Change(Offsets(second, end), "")))
    if doc.sentence_count and not ends_with_blank:
        end = len(text)
        # the file's own line break (that of its last line): an LF added to a CRLF file mixes them
        last = text.rfind("\n")
        newline = "\r\n" if last > 0 and text[last - 1] == "\r" else "\n"
        # (a CR that ends the text ends its last line: made the start of a CRLF, not left alone in it)
        insert = newline if text.endswith("\n") else ("\n" if text.endswith("\r") else newline) + newline
        SENTENCE_SEPARATOR.report(report, Offsets(end, end), "the last sentence is not followed by a blank line: xSID's evaluator never "
                   "scores it", safe_fix("add a blank line at the end", Change(Offsets(end, end), insert)))


def _lines(count: int) -> str:
    return "a blank line" if count == 1 else f"{count} blank lines"


class Dialects:
    """XSD111 (both dialects in one file) and XSD112 (intents in the dialect nluEval cannot
    read): each sentence's comments seen as the file is checked (:meth:`see`), then said once."""

    def __init__(self) -> None:
        # per dialect: the sentences that write a comment in it, with those comments' indexes (by
        # runs of sentences of one shape: each sentence's comments made a pair only when both dialects are there)
        self.found: dict[str, list[tuple[Sequence[int], tuple[int, ...]]]] = {"=": [], ":": []}
        self.first_intent: tuple[int, int] | None = None
        self._shapes: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[tuple[int, ...], tuple[int, ...], int | None]] = {}

    def see(self, s: Sentence) -> None:
        self.see_many((s.number,), s.keys, s.seps)

    def see_many(self, numbers: Sequence[int], keys: tuple[str, ...], seps: tuple[str, ...]) -> None:
        """Sentences (in file order) whose comments have these keys and separators."""
        if not numbers:
            return
        shape = (keys, seps)  # (a file's sentences have a few shapes of comments: each is read once)
        found = self._shapes.get(shape)
        if found is None:
            by: dict[str, list[int]] = {"=": [], ":": []}
            intent = None
            for k, (key, sep) in enumerate(zip(*shape, strict=True)):
                if not key or key == SAME_IN_EVERY_DIALECT:  # (`# slots:` has a colon in both dialects)
                    continue
                by[sep].append(k)
                if intent is None and key == "intent" and sep == "=":
                    intent = k
            found = self._shapes[shape] = (tuple(by["="]), tuple(by[":"]), intent)
        equals, colons, intent = found
        if equals:
            self.found["="].append((numbers, equals))
        if colons:
            self.found[":"].append((numbers, colons))
        if self.first_intent is None and intent is not None:
            self.first_intent = (numbers[0], intent)

    def report(self, report: Report) -> None:
        first_intent = self.first_intent
        if first_intent is not None:
            DIALECT_UNREAD_BY_NLUEVAL.report(report, At((first_intent[0], "comments", first_intent[1], "sep")),
                       "`# intent = x` is xSID 0.5+'s dialect: xSID's own evaluator (scripts/nluEval.py) reads only `# intent: x`, finds no "
                       "intent in this file and scores it 0 on every metric (goldlint score --kind xsid reads both dialects)")
        if not self.found["="] or not self.found[":"]:
            return
        written = {sep: [(n, k) for numbers, ks in found for n in numbers for k in ks] for sep, found in self.found.items()}
        equals, colons = written["="], written[":"]
        first = min(equals[0], colons[0])
        major = "=" if len(equals) > len(colons) or (len(equals) == len(colons) and first == equals[0]) else ":"
        minor = ":" if major == "=" else "="
        rare = written[minor]
        changes = [Change(At((s, "comments", k, "sep")), _SEPARATOR[major]) for s, k in rare]
        MIXED_COMMENT_DIALECTS.report(report, At((rare[0][0], "comments", rare[0][1], "sep")),
                   f"the file mixes comment dialects: {len(written[major])} comment(s) {_DIALECT[major]}, {len(rare)} {_DIALECT[minor]} "
                   "(this is the first); tools read one dialect",
                   safe_fix(f"write the {len(rare)} comment(s) as {_DIALECT[major]}", *changes))


class Ids:
    """XSD113: a `# id` used by two sentences (each sentence seen as the file is checked, the ids
    compared once all are seen: :meth:`report`)."""

    def __init__(self, report: Report, doc: ConllDocument) -> None:
        self.report_to = report
        self.doc = doc
        # (the `# id` comments seen, in file order: sentences, the comment's index, the values)
        self.seen: list[tuple[Sequence[int], int, Sequence[str]]] = []
        self.told: set[str] = set()

    def see(self, s: Sentence) -> None:
        keys = s.keys
        if "id" not in keys:
            return
        heads = s.heads
        for k in [s.keyed["id"]] if keys.count("id") == 1 else [k for k, key in enumerate(keys) if key == "id"]:
            self.seen.append(((s.number,), k, (heads[k][2],)))

    def see_many(self, numbers: Sequence[int], k: int, values: Sequence[str]) -> None:
        """Sentences (in file order) whose only `# id` is their comment ``k``, with these values."""
        if numbers:
            self.seen.append((numbers, k, values))

    def report(self) -> None:
        """The ids used twice: found among all the ids seen, in file order (none: one set of them
        all, in C); each repeat said where it is, and its id's first sentence told once."""
        seen = self.seen
        values = list(chain.from_iterable(map(itemgetter(2), seen)))
        if len(set(values)) == len(values):
            return
        first: dict[str, int] = {}  # each id's first place (a place: an id's number in file order)
        again = list(compress(itertools.count(), map(ne, map(first.setdefault, values, itertools.count()), itertools.count())))
        ends = list(accumulate(map(len, map(itemgetter(0), seen))))  # (past the places of each run seen)

        def sentence(p: int) -> tuple[int, int]:
            """The sentence of the id at place ``p``, and its comment (found only for the repeats)."""
            run = bisect_right(ends, p)
            numbers, k, _ = seen[run]
            return numbers[p - ends[run - 1] if run else p], k

        for p in again:
            value = values[p]
            if not value:
                continue
            (n, k), (at, _) = sentence(p), sentence(first[value])
            j = self._comment(at, value)
            line = self._line(n, k)
            DUPLICATE_SENTENCE_ID.report(self.report_to, At((n, "comments", k)),
                                         f"`# id = {value}` is also the id of the sentence on line {self._line(at, j)}")
            if value not in self.told:
                self.told.add(value)
                DUPLICATE_SENTENCE_ID.report(self.report_to, At((at, "comments", j)), f"`# id = {value}` is used again on line {line}")

    def _comment(self, n: int, value: str) -> int:
        """The first `# id` comment of sentence ``n`` with this value (the one it was seen by)."""
        s = self.doc.sentence(n)
        k = next(k for k, (key, _, said) in enumerate(s.heads) if key == "id" and said == value)
        s.forget()
        return k

    def _line(self, n: int, k: int) -> int:
        s = self.doc.sentence(n)
        line = s.first_line + s.comment_line(k) + 1
        s.forget()
        return line
