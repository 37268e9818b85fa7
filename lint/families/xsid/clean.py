"""The clean path of an xSID file: its usual sentences checked a stretch of text at a time, in C.

A file's sentences mostly share one shape: the same comment lines in the same order (``# id =``,
``# text =``, ``# intent =``, ``# slots:``), then token lines. One regular expression built from
that shape (that of the first sentences whose comments pass their check) splits a megabyte of
text into each sentence's comment values and token lines. A sentence is clean when its token
lines are exactly what its comments make them: numbered 1..n, the words of `# text` apart at its
single spaces, `# intent` in every intent cell, the tags that the `# slots:` spans give (in a
file without `# slots:`, a valid BIO sequence), every label and the intent in the inventory, and
`# text` clean for the GL rules (:func:`~goldlint.rules.file_rules.invisible_or_confusable`, the
rule's own test). Those are compared for every sentence of the stretch at once, column against
column (lists built and compared in C); a sentence that differs anywhere, or that the pattern
does not match, goes to :class:`~.sentence.SentenceChecks`, which says exactly what is wrong.
A clean sentence gives those checks nothing, so only its id (XSD113) and its comments' dialect
(XSD111, XSD112) go on, in file order. ``tests/families/xsid/test_xsid_fast_path.py`` holds the
two ways to the same findings.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain, compress, count, islice, repeat
from operator import add, eq, gt, le, lt, ne, not_, sub

from goldlint.families.xsid import bio
from goldlint.families.xsid.declaration import CELLS, ID, INTENT, SLOTS, TEXT
from goldlint.families.xsid.filewide import Dialects, Ids
from goldlint.families.xsid.sentence import NUMBERS, Inventory, SentenceChecks
from goldlint.formats.conll_doc import ConllDocument, separator_end
from goldlint.rules.file_rules import INVISIBLE, invisible_or_confusable

STRETCH = 1 << 20  # characters of text split at once (cut at a blank line): the lists of one stretch are what is held
# A comment's value as the document reads it (what follows the separator and its spaces, up to the
# line's last character that is not whitespace), here only when nothing but its line break follows
# (trailing spaces, a tab or a CR inside: the sentence is read the ordinary way).
_VALUE = r"([ \t]*)(\S(?:[^\n\r\t]*\S)?|)\n"
# Token lines of the declared cells (four), the first line of the next sentence after a blank line (or the end).
_TOKENS = r"((?:[^\s#][^\t\n]*" + r"\t[^\t\n]*" * (CELLS - 1) + r"\n)+)(?=\n|\Z)"
# A `# slots:` entry as `_written` writes it: numbers without leading zeros, a label of no `,` or `:`.
_ENTRY = re.compile(r"(?:0|[1-9][0-9]*):(?:0|[1-9][0-9]*):[^,:\n]+")
_plus_one = (1).__add__
_minus_one = (-1).__add__


@dataclass(frozen=True, slots=True)
class Shape:
    """The comment lines of a file's usual sentence, and the pattern that reads such sentences."""

    keys: tuple[str, ...]
    seps: tuple[str, ...]
    pattern: re.Pattern[str]
    fixed: int  # the characters of a match outside its groups (each comment's key and separator, line breaks)
    text: int  # the comment index of `# text`, `# intent`, `# slots:`, `# id`
    intent: int
    slots: int | None
    id: int | None

    @property
    def step(self) -> int:
        return 2 * len(self.keys) + 2  # (re.split: the text between matches, then each group)

    def values(self, pieces: list[str], k: int) -> list[str]:
        return pieces[2 + 2 * k :: self.step]


def shape_of(doc: ConllDocument, required: tuple[str, ...]) -> Shape | None:
    """The shape of the first of the file's first sentences whose comments need no report:
    each keyed once, every required key there, all before the token lines."""
    text = doc.text or ""
    for s in doc.first_sentences(10):
        keys, comments = s.keys, s.comments
        fits = (all(keys) and len(set(keys)) == len(keys) and set(required) <= set(keys) and {TEXT.name, INTENT.name} <= set(keys)
                and bool(s.cells) and all(c.line == s.first_line + k for k, c in enumerate(comments)))
        if fits:
            lines = [text[c.start : c.end] for c in comments]
            cores = [line[: separator_end(line)] for line in lines]
            s.forget()
            pattern = re.compile("".join(re.escape(core) + _VALUE for core in cores) + _TOKENS)
            keyed = {key: k for k, key in enumerate(keys)}
            return Shape(keys, s.seps, pattern, sum(map(len, cores)) + len(cores), keyed[TEXT.name], keyed[INTENT.name],
                         keyed.get(SLOTS.name), keyed.get(ID.name))
        s.forget()
    return None


class CleanPath:
    """Checks a file's sentences: the clean ones by stretches (:func:`clean_sentences`), the others
    one by one, all in file order."""

    def __init__(self, doc: ConllDocument, checks: SentenceChecks, ids: Ids, dialects: Dialects) -> None:
        self.doc, self.checks, self.ids, self.dialects = doc, checks, ids, dialects

    def run(self) -> None:
        doc = self.doc
        shape = shape_of(doc, self.checks.required)
        if shape is None:
            self._sentences(range(doc.sentence_count))
            return
        text = doc.text or ""
        pos = 0
        self.base = 0  # the number of the stretch's first sentence
        self.bounds: tuple[list[int], list[int]] | None = ([], [])  # where the sentences are, while every stretch is all matches
        while pos < len(text):
            end = text.find("\n\n", pos + STRETCH)
            end = len(text) if end < 0 else end + 2
            self._stretch(shape, text, pos, end)
            pos = end
        if self.bounds is not None:
            doc.found(*self.bounds)

    def _stretch(self, shape: Shape, text: str, pos: int, end: int) -> None:
        doc = self.doc
        pieces = shape.pattern.split(text[pos:end])
        step = shape.step
        betweens = pieces[0::step]
        matched = len(betweens) - 1
        odd = [j for j in compress(range(len(betweens)), map("\n".__ne__, betweens))
               if not (betweens[j] == "" and (j == 0 or j == matched))]  # (the stretch's start, the file's end)
        # where each piece starts: a match's length is its groups' and the shape's fixed text
        lengths = list(map(shape.fixed.__add__, map(sum, zip(*(map(len, pieces[g::step]) for g in range(1, step)), strict=True))))
        at = list(accumulate(chain.from_iterable(zip(map(len, betweens), [*lengths, 0], strict=True)), initial=pos))
        if not odd:  # every sentence of the stretch is a match, one blank line apart
            numbers: Sequence[int] = range(self.base, self.base + matched)
            candidates: list[int] = list(range(matched))
            slow: set[int] = set()
            self.base += matched
            if self.bounds is not None:
                self.bounds[0].extend(at[1::2][:matched])
                self.bounds[1].extend(at[2::2][:matched])
        else:
            self.bounds = None  # (the document finds where the sentences are)
            self.base = bisect_left(doc.starts, end)
            odd_set = set(odd)
            candidates = [j for j in range(matched) if j not in odd_set]
            slow = set()
            for j in odd:  # the text between two matches, with the match after it (it may start mid-sentence)
                slow.update(doc.sentences_between(at[2 * j], at[2 * j + 2] if j < matched else end))
            starts = doc.starts
            offsets = [at[2 * j + 1] for j in candidates]
            numbers_of = list(map(bisect_left, repeat(starts), offsets))
            if list(map(starts.__getitem__, numbers_of)) != offsets:  # (cannot be: a match follows a blank line)
                self._sentences(doc.sentences_between(pos, end))
                return
            numbers = numbers_of
        values = [list(map(shape.values(pieces, k).__getitem__, candidates)) for k in range(len(shape.keys))]
        blocks = list(map(pieces[step - 1 :: step].__getitem__, candidates))
        ok = clean_sentences(shape, self.checks.inventory, values, blocks)
        fast_numbers = list(compress(numbers, ok))
        slow.update(compress(numbers, map(not_, ok)))
        ids = list(compress(values[shape.id], ok)) if shape.id is not None else None
        self._in_order(shape, fast_numbers, ids, sorted(slow))

    def _in_order(self, shape: Shape, fast: list[int], ids: list[str] | None, slow: list[int]) -> None:
        i = 0
        for n in [*slow, None]:
            j = bisect_left(fast, n, i) if n is not None else len(fast)
            if j > i:
                if ids is not None and shape.id is not None:
                    self.ids.see_many(fast[i:j], shape.id, ids[i:j])
                self.dialects.see_many(fast[i:j], shape.keys, shape.seps)
            if n is not None:
                self._sentences((n,))
            i = j

    def _sentences(self, numbers: Iterable[int]) -> None:
        for n in numbers:
            s = self.doc.sentence(n)
            self.checks.check(s)
            self.ids.see(s)
            self.dialects.see(s)
            s.forget()  # (one sentence's lines in memory at a time; read again if a finding is placed in it)


def clean_sentences(shape: Shape, inventory: Inventory, values: list[list[str]], blocks: list[str]) -> list[bool]:
    """Whether each sentence (its comments' values, by comment, and its token lines) is clean."""
    size = len(blocks)
    ok = [True] * size
    texts, intents = values[shape.text], values[shape.intent]
    slots = values[shape.slots] if shape.slots is not None else None
    counts = list(map(str.count, blocks, repeat("\n")))
    words = list(map(str.split, texts, repeat(" ")))
    for wrong in (_false(texts), _true(map(str.__contains__, texts, repeat("  "))),  # (an empty word)
                  _false(map(inventory.intents.__contains__, intents)),
                  _false(map(eq, counts, map(len, words))), _true(map(lt, repeat(len(NUMBERS)), counts)),
                  _dirty_texts(texts)):
        for i in wrong:
            ok[i] = False
    keep = list(compress(range(size), ok))
    if not keep:
        return ok
    if len(keep) < size:
        counts = list(map(counts.__getitem__, keep))
        words = list(map(words.__getitem__, keep))
        blocks, texts, intents = (list(map(x.__getitem__, keep)) for x in (blocks, texts, intents))
        slots = list(map(slots.__getitem__, keep)) if slots is not None else None
    cells = "".join(blocks).replace("\n", "\t").split("\t")
    cells.pop()  # (after the last line break)
    first_token = list(accumulate(counts, initial=0))
    all_words = list(chain.from_iterable(words))
    bad_tokens = chain(
        _differ(cells[0::4], list(chain.from_iterable(map(NUMBERS.__getitem__, map(slice, counts))))),
        _differ(cells[1::4], all_words),
        _differ(cells[2::4], list(chain.from_iterable(map(repeat, intents, counts)))),
    )
    bad = {bisect_right(first_token, t) - 1 for t in bad_tokens}
    tags = cells[3::4]
    if slots is not None:
        bad |= _slot_tags(slots, texts, tags, first_token, inventory, bad)
    else:
        bad |= _bio_tags(tags, first_token, inventory)
    for i in bad:
        ok[keep[i]] = False
    return ok


def _false(flags: Iterable[object]) -> list[int]:
    """The positions of the false flags (none, mostly: found by one pass in C when so)."""
    flags = list(flags)
    return [] if all(flags) else list(compress(count(), map(not_, flags)))


def _true(flags: Iterable[object]) -> list[int]:
    """The positions of the true flags (none, mostly: found by one pass in C when so)."""
    flags = list(flags)
    return list(compress(count(), flags)) if any(flags) else []


def _differ(column: list[str], expected: list[str]) -> list[int]:
    """The positions where two lists of equal length differ."""
    return [] if column == expected else _true(map(ne, column, expected))


def _dirty_texts(texts: list[str]) -> list[int]:
    """The texts GL006–GL008 may say something about (one test of them all when none is)."""
    joined = "\n".join(texts)  # (a line break joins no character to the next: each text is tested as alone)
    if joined.isascii() and INVISIBLE.search(joined) is None:
        return []
    if not joined.isascii() and unicodedata.is_normalized("NFC", joined) and not invisible_or_confusable(joined):
        return []
    return [i for i, text in enumerate(texts)
            if not (text.isascii() or unicodedata.is_normalized("NFC", text)) or invisible_or_confusable(text)]


def _slot_tags(slots: list[str], texts: list[str], tags: list[str], first_token: list[int],
               inventory: Inventory, bad: set[int]) -> set[int]:
    """The sentences whose tags are not those of their `# slots:` spans written as the check writes
    them (ordered, apart, each from a word's start to a word's end, labels of the inventory)."""
    out: set[int] = set()
    per = list(map(add, map(str.count, slots, repeat(",")), map(bool, slots)))  # (entries of each sentence)
    entries = ",".join(filter(None, slots)).split(",") if any(per) else []
    owner = list(chain.from_iterable(map(repeat, count(), per)))
    shaped = list(map(bool, map(_ENTRY.fullmatch, entries)))
    out.update(map(owner.__getitem__, _false(shaped)))
    owner = list(compress(owner, shaped))
    parts = ":".join(compress(entries, shaped)).split(":") if owner else []
    starts, ends, labels = list(map(int, parts[0::3])), list(map(int, parts[1::3])), parts[2::3]
    owned = list(map(texts.__getitem__, owner))
    out.update(map(owner.__getitem__, _false(map(lt, starts, ends))))
    out.update(map(owner.__getitem__, _false(map(le, ends, map(len, owned)))))
    out.update(map(owner.__getitem__, _false(map(inventory.labels.__contains__, labels))))
    # A span starts where a word starts and ends where one ends (the text's words are one space
    # apart): a space (or the text's edge) on either side; its tokens are counted by the spaces before.
    before = map(str.__getitem__, owned, map(slice, map(_minus_one, starts), starts))
    after = map(str.__getitem__, owned, map(slice, ends, map(_plus_one, ends)))
    out.update(map(owner.__getitem__, _false(map(" ".startswith, before))))  # ("" at the text's edge, a space, or not a word's edge)
    out.update(map(owner.__getitem__, _false(map(" ".startswith, after))))
    first_of = list(map(first_token.__getitem__, owner))
    first = list(map(add, first_of, map(str.count, owned, repeat(" "), repeat(0), starts)))
    last = list(map(add, first_of, map(str.count, owned, repeat(" "), repeat(0), ends)))
    out |= bad
    keep = list(map(not_, map(out.__contains__, owner)))
    owner, first, last, labels = (list(compress(x, keep)) for x in (owner, first, last, labels))
    out.update(map(owner.__getitem__, map(_plus_one, _false(map(gt, first[1:], last[:-1])))))  # (ordered, apart)
    keep = list(map(not_, map(out.__contains__, owner)))
    first, last, labels = (list(compress(x, keep)) for x in (first, last, labels))
    expected = ["O"] * len(tags)
    deque(map(expected.__setitem__, first, map("B-".__add__, labels)), maxlen=0)
    deque(map(expected.__setitem__, chain.from_iterable(map(range, map(_plus_one, first), map(_plus_one, last))),
              chain.from_iterable(map(repeat, map("I-".__add__, labels), map(sub, last, first)))), maxlen=0)
    out.update(bisect_right(first_token, t) - 1 for t in _differ(tags, expected))
    return out


def _bio_tags(tags: list[str], first_token: list[int], inventory: Inventory) -> set[int]:
    """The sentences whose tags are not a valid BIO sequence of the inventory's labels."""
    labels = inventory.labels
    wrong = set()
    for tag in set(tags):
        shape = bio.split_tag(tag)
        if shape is None or (shape[0] != "O" and shape[1] not in labels):
            wrong.add(tag)
    places = _true(map(wrong.__contains__, tags)) if wrong else []
    places += map(first_token.__getitem__, _true(map(str.startswith, map(tags.__getitem__, first_token[:-1]), repeat("I-"))))
    pairs = list(zip(tags, islice(tags, 1, None)))  # noqa: B905  (each tag with the next)
    broken = {(a, b) for a, b in set(pairs) if b.startswith("I-") and a not in (f"B-{b[2:]}", b)}
    if broken:
        places += list(map(_plus_one, _true(map(broken.__contains__, pairs))))
    return {bisect_right(first_token, t) - 1 for t in places}
