"""The clean path of an xSID file: its usual sentences checked a stretch of text at a time, in C.

A file's sentences mostly share one shape: the same comment lines in the same order (``# id =``,
``# text =``, ``# intent =``, ``# slots:``), then token lines. A megabyte of text is split at its
blank lines, each block at its first line breaks into the shape's comment lines (that of the
first sentences whose comments pass their check) and its token lines, and those into their
cells, each by one call in C over the whole stretch (:class:`Stretch`); no regular expression
walks the text character by character. A sentence is clean when its token
lines are exactly what its comments make them: numbered 1..n, the words of `# text` apart at its
single spaces, `# intent` in every intent cell, the tags that the `# slots:` spans give (in a
file without `# slots:`, a valid BIO sequence), every label and the intent in the inventory, and
`# text` clean for the GL rules (:func:`~goldlint.rules.file_rules.invisible_or_confusable`, the
rule's own test). Those are compared for every sentence of the stretch at once, column against
column (lists built and compared in C); a sentence that differs anywhere, or whose block is not
of the shape, goes to :class:`~.sentence.SentenceChecks`, which says exactly what is wrong.
A clean sentence gives those checks nothing, so only its id (XSD113) and its comments' dialect
(XSD111, XSD112) go on, in file order. ``tests/families/xsid/test_xsid_fast_path.py`` and
``test_xsid_clean_path.py`` hold the two ways to the same findings.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate, chain, compress, count, islice, repeat
from operator import add, eq, gt, le, lt, ne, not_, sub

from goldlint.families.xsid import bio
from goldlint.families.xsid.declaration import CELLS, ID, INTENT, SLOTS, TEXT
from goldlint.families.xsid.filewide import Dialects, Ids
from goldlint.families.xsid.sentence import NUMBERS, Inventory, SentenceChecks
from goldlint.formats.conll_doc import ConllDocument, sentence_bounds, separator_end
from goldlint.rules.file_rules import INVISIBLE, invisible_or_confusable

STRETCH = 1 << 20  # characters of text split at once (cut at a blank line): the lists of one stretch are what is held
# A `# slots:` entry as `_written` writes it: numbers without leading zeros, a label of no `,` or `:`.
_ENTRY = re.compile(r"(?:0|[1-9][0-9]*):(?:0|[1-9][0-9]*):[^,:\n]+")
_ENTRIES = re.compile(f"(?:{_ENTRY.pattern}(?:,{_ENTRY.pattern})*)?")  # (entries joined by commas: each one of that form)
_SPACE_AT_LINE_START = re.compile(r"\n[^\S\n]")  # (a line that starts with whitespace: perhaps blank)
_OFFSETS = {str(n): n for n in range(1024)}  # (a `# slots:` offset as written -> its number)
_plus_one = (1).__add__
_plus_two = (2).__add__
_minus_one = (-1).__add__


@dataclass(frozen=True, slots=True)
class Shape:
    """The comment lines of a file's usual sentence: each one's key and separator as written
    (``# text = ``, its spaces included: the core a line starts with)."""

    keys: tuple[str, ...]
    seps: tuple[str, ...]
    cores: tuple[str, ...]
    text: int  # the comment index of `# text`, `# intent`, `# slots:`, `# id`
    intent: int
    slots: int | None
    id: int | None


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
            cores = tuple(line[: separator_end(line)] for line in lines)
            s.forget()
            keyed = {key: k for k, key in enumerate(keys)}
            return Shape(keys, s.seps, cores, keyed[TEXT.name], keyed[INTENT.name], keyed.get(SLOTS.name), keyed.get(ID.name))
        s.forget()
    return None


class Stretch:
    """A stretch of text cut at its blank lines into blocks, each read as a sentence of the
    file's shape: its comment lines' values and its token lines. A block is *read* when its
    first lines are the shape's comment lines, each the shape's key and separator, spaces or
    tabs, then a value without a tab or CR and without whitespace at either end (what the
    document reads as that value), and token lines follow; any other block (extra blank lines,
    a comment more or less, a value with a trailing space, the file's last line without its
    line break) is *odd*, and its sentences are read the ordinary way."""

    def __init__(self, shape: Shape, text: str, pos: int, end: int) -> None:
        chunk = text[pos:end]
        blocks = chunk.split("\n\n")  # (a run of three line breaks: a block that starts with one, odd)
        odd: set[int] = set()
        if chunk.endswith("\n\n") or not chunk:
            blocks.pop()  # (the empty piece after the last blank line)
        elif chunk.endswith("\n"):
            blocks[-1] = blocks[-1][:-1]  # (the file's end: its last line break, no blank line after it)
        else:
            odd.add(len(blocks) - 1)  # (the file's last line without its line break)
        size = len(shape.cores)
        lengths = list(map(len, blocks))
        self.starts = list(accumulate(map(_plus_two, lengths), initial=pos))
        self.starts.pop()
        self.ends = list(map(_plus_one, map(add, self.starts, lengths)))  # (past the last token line's line break)
        parts = list(map(str.split, blocks, repeat("\n"), repeat(size)))
        odd.update(_false(map((size + 1).__eq__, map(len, parts))))
        if odd:
            parts = [p if len(p) == size + 1 else [""] * (size + 1) for p in parts]
        columns = list(zip(*parts, strict=True)) if parts else [()] * (size + 1)
        self.values: list[list[str]] = []
        for core, lines in zip(shape.cores, columns, strict=False):
            odd.update(_false(map(str.startswith, lines, repeat(core))))
            values = list(map(str.lstrip, map(str.__getitem__, lines, repeat(slice(len(core), None))), repeat(" \t")))
            joined = "\n".join(values)
            if "\t" in joined or "\r" in joined:
                odd.update(_true(map(str.__contains__, values, repeat("\t"))))
                odd.update(_true(map(str.__contains__, values, repeat("\r"))))
            stripped = list(map(str.strip, values))
            if stripped != values:
                odd.update(_true(map(ne, stripped, values)))
            self.values.append(values)
        self.tokens: list[str] = list(columns[size]) if parts else []
        odd.update(_false(self.tokens))  # (no token line)
        self.odd = sorted(odd)
        if odd:  # (the blocks read, alone)
            keep = list(map(not_, map(odd.__contains__, range(len(blocks)))))
            self.read = list(compress(range(len(blocks)), keep))
            self.values = [list(compress(v, keep)) for v in self.values]
            self.tokens = list(compress(self.tokens, keep))
        else:
            self.read = list(range(len(blocks)))


def _with_odd_blocks(text: str, stretch: Stretch) -> tuple[list[int], list[int]]:
    """Where the sentences of a stretch are: each block read is one, an odd block is read as
    the document reads it (it starts after a blank line and ends before one)."""
    starts: list[int] = []
    ends: list[int] = []
    at = 0
    for k in stretch.odd:
        starts += stretch.starts[at:k]
        ends += stretch.ends[at:k]
        inside = sentence_bounds(text, stretch.starts[k], stretch.ends[k])
        starts += inside[0]
        ends += inside[1]
        at = k + 1
    return starts + stretch.starts[at:], ends + stretch.ends[at:]


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
        self.bounds: tuple[list[int], list[int]] | None = ([], [])  # where the sentences are
        # Each stretch's clean sentences and the others, checked once every stretch is read: a
        # sentence read the ordinary way needs the document to know where every sentence is.
        self.order: list[tuple[list[int], list[str] | None, list[int]]] = []
        while pos < len(text):
            end = text.find("\n\n", pos + STRETCH)
            end = len(text) if end < 0 else end + 2
            self._stretch(shape, text, pos, end)
            pos = end
        if self.bounds is not None:
            doc.found(*self.bounds)
        for fast, ids, slow in self.order:
            self._in_order(shape, fast, ids, slow)

    def _stretch(self, shape: Shape, text: str, pos: int, end: int) -> None:
        stretch = Stretch(shape, text, pos, end)
        ok, whole = clean_sentences(shape, self.checks.inventory, stretch.values, stretch.tokens)
        read = stretch.read
        said_ids = stretch.values[shape.id] if shape.id is not None else None
        base = self.base
        feff = any(stretch.starts[k] and text.startswith("\ufeff", stretch.starts[k]) for k in stretch.odd)  # (only the text's first is a BOM)
        if self.bounds is not None and whole and not stretch.odd:  # every block is one sentence, each line where the document finds it
            starts, ends = stretch.starts, stretch.ends
        elif self.bounds is not None and whole and not feff:  # (so is every block read; the odd ones' sentences found as the document finds them)
            starts, ends = _with_odd_blocks(text, stretch)
        elif self.bounds is not None and (pos == 0 or not text.startswith("\ufeff", pos)):  # (only the text's first U+FEFF is a BOM)
            starts, ends = sentence_bounds(text, pos, end)  # (the stretch's sentences, as the document finds them)
        else:
            self.bounds = None  # (the document finds where every sentence is)
            doc = self.doc
            base, last = bisect_left(doc.starts, pos), bisect_left(doc.starts, end)
            starts, ends = doc.starts[base:last], doc.ends[base:last]
        offsets = list(map(stretch.starts.__getitem__, read))
        numbers = list(map(bisect_left, repeat(starts), offsets))
        slow: set[int] = set()
        if numbers and (numbers[-1] >= len(starts) or list(map(starts.__getitem__, numbers)) != offsets):
            ok = [False] * len(read)  # (cannot be: a block read starts a sentence; the stretch read the ordinary way)
            slow.update(range(len(starts)))
        for k in [*stretch.odd, *compress(read, map(not_, ok))]:  # (every sentence that starts in the block)
            slow.update(range(bisect_left(starts, stretch.starts[k]), bisect_left(starts, stretch.ends[k])))
        if self.bounds is not None:
            self.base += len(starts)
            self.bounds[0].extend(starts)
            self.bounds[1].extend(ends)
        ids = list(compress(said_ids, ok)) if said_ids is not None else None
        self.order.append((list(map(base.__add__, compress(numbers, ok))), ids, sorted(map(base.__add__, slow))))

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


def clean_sentences(shape: Shape, inventory: Inventory, values: list[list[str]], blocks: list[str]) -> tuple[list[bool], bool]:
    """Whether each sentence (its comments' values, by comment, and its token lines without the
    last line break) is clean; and whether no line of the blocks may be blank (none starts with
    whitespace): then each block is one sentence, where the document finds it."""
    size = len(blocks)
    ok = [True] * size
    texts, intents = values[shape.text], values[shape.intent]
    slots = values[shape.slots] if shape.slots is not None else None
    counts = list(map(_plus_one, map(str.count, blocks, repeat("\n"))))
    tabs = _false(map(eq, map(str.count, blocks, repeat("\t")), map((CELLS - 1).__mul__, counts)))  # (a line of other cells)
    long = _true(map(lt, repeat(len(NUMBERS)), counts))
    words = list(map(str.split, texts, repeat(" ")))
    for wrong in (_false(texts), _true(map(str.__contains__, texts, repeat("  "))),  # (an empty word)
                  _false(map(inventory.intents.__contains__, intents)),
                  _false(map(eq, counts, map(len, words))), tabs, long, _dirty_texts(texts)):
        for i in wrong:
            ok[i] = False
    # (a block is one sentence unless a line of it is blank: a blank line starts with whitespace, an empty one cannot be in a block)
    whole = _SPACE_AT_LINE_START.search("\n" + "\n".join(blocks)) is None
    while True:
        keep = list(compress(range(size), ok))
        if not keep:
            return ok, whole
        kept = list(map(blocks.__getitem__, keep)) if len(keep) < size else blocks
        # Each token line's cells, its line break kept at the end of its last cell: a line of more
        # or fewer cells than the declared ones shows as a line break out of place.
        cells = ("\n".join(kept) + "\n").replace("\n", "\n\t").split("\t")
        cells.pop()  # (after the last line break)
        lines = sum(map(counts.__getitem__, keep))
        if len(cells) == CELLS * lines and "".join(cells[CELLS - 1 :: CELLS]).count("\n") == lines:
            break
        # (more cells on one line, fewer on another: those sentences are set aside)
        for i in _false(map(_four_cells, kept)):
            ok[keep[i]] = False
    if len(keep) < size:
        counts = list(map(counts.__getitem__, keep))
        words = list(map(words.__getitem__, keep))
        texts, intents = (list(map(x.__getitem__, keep)) for x in (texts, intents))
        slots = list(map(slots.__getitem__, keep)) if slots is not None else None
    first_token = list(accumulate(counts, initial=0))
    numbers = cells[0::CELLS]
    bad_numbers = _differ(numbers, list(chain.from_iterable(map(NUMBERS.__getitem__, map(slice, counts)))))
    tags = "".join(cells[CELLS - 1 :: CELLS])[:-1].split("\n")
    first_token = list(accumulate(counts, initial=0))
    all_words = list(chain.from_iterable(words))
    bad_tokens = chain(
        bad_numbers,
        _differ(cells[1::CELLS], all_words),
        _differ(cells[2::CELLS], list(chain.from_iterable(map(repeat, intents, counts)))),
    )
    bad = {bisect_right(first_token, t) - 1 for t in bad_tokens}
    if slots is not None:
        bad |= _slot_tags(slots, texts, tags, first_token, inventory, bad)
    else:
        bad |= _bio_tags(tags, first_token, inventory)
    for i in bad:
        ok[keep[i]] = False
    return ok, whole


def _four_cells(block: str) -> bool:
    """Whether every token line of a block has four cells."""
    return all(line.count("\t") == CELLS - 1 for line in block.split("\n"))


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
    joined = ",".join(filter(None, slots)) if any(per) else ""
    owner = list(chain.from_iterable(map(repeat, count(), per)))
    if _ENTRIES.fullmatch(joined) is not None:  # (one test of them all)
        parts = joined.replace(",", ":").split(":") if owner else []
    else:  # (each entry alone: those not of the written form are their sentences' findings)
        entries = joined.split(",")
        shaped = list(map(bool, map(_ENTRY.fullmatch, entries)))
        out.update(map(owner.__getitem__, _false(shaped)))
        owner = list(compress(owner, shaped))
        parts = ":".join(compress(entries, shaped)).split(":") if owner else []
    starts, ends, labels = _numbers(parts[0::3]), _numbers(parts[1::3]), parts[2::3]
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
    if out:  # (the entries of sentences already found wrong left out)
        keep = list(map(not_, map(out.__contains__, owner)))
        owner, first, last, labels = (list(compress(x, keep)) for x in (owner, first, last, labels))
    unordered = list(map(owner.__getitem__, map(_plus_one, _false(map(gt, first[1:], last[:-1])))))  # (ordered, apart)
    if unordered:
        out.update(unordered)
        keep = list(map(not_, map(out.__contains__, owner)))
        first, last, labels = (list(compress(x, keep)) for x in (first, last, labels))
    b_tags, i_counts = list(map("B-".__add__, labels)), list(map(sub, last, first))
    if not out:  # (every sentence's spans: each span's tags, and as many tags not `O` as the spans cover)
        inside = list(chain.from_iterable(map(range, map(_plus_one, first), map(_plus_one, last))))
        if (len(tags) - tags.count("O") == len(first) + len(inside) and list(map(tags.__getitem__, first)) == b_tags
                and list(map(tags.__getitem__, inside)) == list(chain.from_iterable(map(repeat, map("I-".__add__, labels), i_counts)))):
            return out
    expected = ["O"] * len(tags)
    deque(map(expected.__setitem__, first, b_tags), maxlen=0)
    deque(map(expected.__setitem__, chain.from_iterable(map(range, map(_plus_one, first), map(_plus_one, last))),
              chain.from_iterable(map(repeat, map("I-".__add__, labels), i_counts))), maxlen=0)
    out.update(bisect_right(first_token, t) - 1 for t in _differ(tags, expected))
    return out


def _numbers(written: list[str]) -> list[int]:
    """Offsets as numbers (written without leading zeros): most are small and recur, read once."""
    try:
        return list(map(_OFFSETS.__getitem__, written))
    except KeyError:  # (a text longer than the offsets kept)
        return list(map(int, written))


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
