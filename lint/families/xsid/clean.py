"""The clean path of an xSID file: its usual sentences recognised by one regular expression.

A file's sentences mostly share one shape: the same comment lines in the same order (``# id =``,
``# text =``, ``# intent =``, ``# slots:``), then token lines. :func:`sentence_pattern` writes
that shape as one pattern which a sentence matches only when it is clean in all that the
pattern can see: each comment line the shape's key and separator, then a value without a tab or
CR and without whitespace at either end (what the document reads as the value); `# text` words
one space apart; `# intent` one of the inventory's; `# slots:` entries as ``_written`` writes them
(their labels, any text there, tested for the inventory's with the tags); then token lines
numbered 1..n, each ``n<TAB>word<TAB>intent<TAB>tag`` with the n-th word of `# text` and the `# intent` itself (back-references), exactly as many as
there are words; then a blank line or the text's end. One search of the text in C finds them
all, a thousand at a time; what lies between two matches (a sentence of another shape, a
defect, extra blank lines) is found and read the ordinary way.

What the pattern cannot see is compared for every matched sentence at once, in C: the tags the
`# slots:` spans give (each span's B-/I- tags, and as many tags not ``O`` as the spans cover;
in a file without `# slots:`, a valid BIO sequence of the inventory's labels), and `# text`
clean for the GL rules (:func:`~goldlint.rules.file_rules.invisible_or_confusable`). A sentence
that differs anywhere goes to :class:`~.sentence.SentenceChecks`, which says exactly what is
wrong; a clean sentence gives those checks nothing, so only its id (XSD113) and its comments'
dialect (XSD111, XSD112) go on, in file order. ``tests/families/xsid/test_xsid_fast_path.py``
and ``test_xsid_clean_path.py`` hold the two ways to the same findings.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import accumulate, chain, compress, count, islice, repeat
from operator import add, attrgetter, eq, getitem, le, lt, ne, not_, sub
from typing import cast

import msgspec

from goldlint import speedups
from goldlint.families.xsid import bio
from goldlint.families.xsid.declaration import ID, INTENT, SLOTS, TEXT
from goldlint.families.xsid.filewide import Dialects, Ids
from goldlint.families.xsid.sentence import Inventory, SentenceChecks
from goldlint.formats.conll_doc import ConllDocument, sentence_bounds, separator_end
from goldlint.rules.file_rules import invisible_or_confusable

CHUNK = 1024  # sentences matched at once: the match objects of one chunk are what is held
KEPT = 4096  # the sentences with findings kept as read for placing them (the others' lines are dropped once checked)
WORDS = 32  # the most words a sentence the pattern reads has (xSID 0.4-0.7: 25 at most; a longer one is read the ordinary way)
_OFFSETS = {str(n): n for n in range(1024)}  # (a `# slots:` offset as written -> its number)
_NAME = re.compile(r"\S(?:[^\t\r\n]*\S)?")  # (an intent or a label that can be a whole value or cell)
_group = cast("Callable[[re.Match[str], int], str]", getitem)  # (a match's group: as m.group(n), without parsing arguments)
_BLOCK = 64  # (sentences whose tags not `O` are counted together, when a chunk's are not as its spans cover)
_plus_one = (1).__add__
_minus_one = (-1).__add__
_LAST_GROUP = cast("Callable[[re.Match[str]], int]", attrgetter("lastindex"))
# `# slots:` entries as the check writes them (an entry's third part any text up to the next entry
# or the line's end: one of the inventory's labels when the sentence is clean, which
# :func:`_slot_tags` tests of them all at once). Tested of a chunk's values at once by a pattern of
# no group (in the sentence's pattern, each entry repeated saved the marks of the groups before
# it: a third of that search), and of each value alone only when some value is not so written.
_TAB_OR_CR = re.compile("[\t\r]")
_ENTRY = "(?:0|[1-9][0-9]{0,8}):(?:0|[1-9][0-9]{0,8}):[^,:\t\r\n]+"  # (offsets of nine digits at most: any sentence's; a longer one is read the ordinary way)
_ENTRIES = re.compile(f"(?:{_ENTRY}(?:,{_ENTRY})*+)?")
_WRITTEN = re.compile(f"(?:(?:{_ENTRY}(?:,{_ENTRY})*+)?(?:\n|\\Z))*+")  # (the values joined by line breaks)


class Shape(msgspec.Struct, frozen=True):
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


class Sentences(msgspec.Struct, frozen=True):
    """The pattern of a file's clean sentence and the numbers of its groups."""

    pattern: re.Pattern[str]
    id: int | None
    text: int
    slots: int | None
    tags: tuple[int, ...]  # the group of each token's tag, the first token's first
    # (the tokens of a match, by its last group: its last token's tag; without a group around the
    # token lines, none closes after it)
    tokens: tuple[int, ...]
    labels: frozenset[str]  # (the labels a clean `# slots:` entry has: the inventory's that an entry can hold)


def _one_of(names: Iterable[str]) -> str:
    """A pattern of exactly these names (those that can be a whole value: others are never clean)."""
    kept = sorted((n for n in names if _NAME.fullmatch(n)), key=lambda n: (-len(n), n))
    return "(?:" + "|".join(map(re.escape, kept)) + ")" if kept else "(?!)"


def sentence_pattern(shape: Shape, inventory: Inventory) -> Sentences:
    """The pattern a clean sentence of the file's shape matches (what it checks: the module's doc)."""
    value = r"(?:\S(?:[^\t\r\n]*\S)?)?"  # (a value without a tab or CR, no whitespace at either end)
    words = ""
    for k in range(WORDS, 1, -1):  # (a word more only after the one before: a text of fewer words tries no more)
        words = f"(?: (?P<w{k}>\\S+))?+" + (f"(?(w{k}){words})" if words else "")
    words = "(?P<w1>\\S+)" + words
    comments = []
    for k, core in enumerate(shape.cores):
        if k == shape.text:
            part = f"(?P<text>{words})"
        elif k == shape.intent:
            part = f"(?P<intent>{_one_of(inventory.intents)})"
        elif k == shape.slots:  # (its entries' form tested after the search, :data:`_WRITTEN`; a class of one character is the fastest)
            part = "(?P<slots>[^\\n]*)"
        elif k == shape.id:  # (no tab or CR, no whitespace at either end: tested after the search)
            part = "(?P<id>[^\\n]*)"
        else:
            part = value
        # (spaces alone between separator and value: a tab there would end a `\tO\n` that the
        # tags `O` are counted by, in a sentence that is clean)
        comments.append(f"{re.escape(core)} *{part}\\n")
    line = "{k}\\t(?P=w{k})\\t(?P=intent)\\t(?P<t{k}>[^\\t\\n]+)\\n"
    tokens = ""
    for k in range(WORDS, 1, -1):  # (a token line for each word, nested likewise)
        tokens = f"(?(w{k}){line.format(k=k)}{tokens})"
    tokens = line.format(k=1) + tokens
    # A sentence starts at the text's start or after an empty line, and ends before one or at the text's end.
    pattern = re.compile(r"(?:\A|(?<=\n\n))" + "".join(comments) + f"{tokens}(?:\\n|\\Z)")
    group = pattern.groupindex
    tags = tuple(group[f"t{k}"] for k in range(1, WORDS + 1))
    numbers = [0] * (pattern.groups + 1)
    for k, g in enumerate(tags, 1):
        numbers[g] = k
    labels = frozenset(label for label in inventory.labels if "," not in label and ":" not in label and _NAME.fullmatch(label))
    return Sentences(pattern, group.get("id"), group["text"], group.get("slots"), tags, tuple(numbers), labels)


class CleanPath:
    """Checks a file's sentences: the clean ones by chunks of matches (:func:`clean_matches`), the
    others one by one, all in file order."""

    def __init__(self, doc: ConllDocument, checks: SentenceChecks, ids: Ids, dialects: Dialects,
                 required: Callable[[Callable[[str], bool]], tuple[str, ...]]) -> None:
        self.doc, self.checks, self.ids, self.dialects = doc, checks, ids, dialects
        self.required = required  # (the comments every sentence needs, given whether some comment has a key)
        self.kept = 0  # (sentences with findings kept as read, up to KEPT)

    def run(self) -> None:
        """Checks the sentences, the comments they need first taken as needed only when some
        comment asked about is in the file's shape (a file of no known language needs those some
        sentence has: whether another sentence has one is known once the text between the
        matches is read, without searching the whole text; when one has, the sentences are
        matched again, the comments known)."""
        asked: list[str] = []

        def in_no_comment(key: str) -> bool:
            asked.append(key)
            return False

        self.checks.required = self.required(in_no_comment)
        if not self._run(asked):
            self.checks.required = self.required(self.doc.has_comment_key)
            self._run([])

    def _run(self, asked: list[str]) -> bool:
        """False, before anything is said, when some key of ``asked`` (taken as in no comment) is
        in a comment of the text between the matches but not in the file's shape."""
        doc = self.doc
        shape = shape_of(doc, self.checks.required)
        if shape is None:
            if asked:
                return False
            self._sentences(range(doc.sentence_count))
            return True
        text = doc.text or ""
        sentences = sentence_pattern(shape, self.checks.inventory)
        # Where the sentences are: the matches, and what the document finds between them (read
        # as a piece of text, where a U+FEFF at the start is a BOM: so only when no sentence past
        # the text's start begins with one; else the document finds them all).
        self.bounds: tuple[list[int], list[int]] | None = ([], []) if text.find("\ufeff", 1) < 0 else None
        # Each chunk's clean sentences and the others, checked once every chunk is read: a
        # sentence read the ordinary way needs the document to know where every sentence is.
        self.order: list[tuple[list[int], list[str] | None, list[int]]] = []
        self.between: list[tuple[int, int]] = []  # (the text between the matches that holds sentences)
        matches: Iterator[re.Match[str]] = sentences.pattern.finditer(text)
        done = 0  # where the text not yet placed starts
        while chunk := list(islice(matches, CHUNK)):
            done = self._chunk(shape, sentences, text, chunk, done)
        self._place(text, [], [], [], [done], [len(text)])
        found = {key for key in asked if key in shape.keys or any(doc.has_comment_key(key, a, b) for a, b in self.between)}
        if not found <= set(shape.keys):
            return False
        if asked:
            self.checks.required = self.required(found.__contains__)
        if self.bounds is not None:
            doc.found(*self.bounds)
        for fast, ids, slow in self.order:
            self._in_order(shape, fast, ids, slow)
        return True

    def _chunk(self, shape: Shape, sentences: Sentences, text: str, chunk: list[re.Match[str]], done: int) -> int:
        """Checks a chunk of matches (the text from ``done`` to past the last one); where the text placed ends."""
        starts = list(map(re.Match.start, chunk))
        past = list(map(re.Match.end, chunk))  # (past the blank line after each)
        ends = list(map(_minus_one, past))  # (past the last token line's line break: the text's last line has no blank line after it)
        if text[past[-1] - 2] == "\n":  # (the last one ends with a blank line: its last token line does not)
            ends[-1] = past[-1] - 1
        else:
            ends[-1] = past[-1]
        ids = list(map(_group, chunk, repeat(sentences.id))) if sentences.id is not None else None
        odd: list[int] = []  # (an id with whitespace at an end, which the document reads without, or with a tab or CR)
        if ids is not None and ((stripped := list(map(str.strip, ids))) != ids or _TAB_OR_CR.search("".join(ids))):
            odd = [i for i, (value, bare) in enumerate(zip(ids, stripped, strict=True)) if value != bare or _TAB_OR_CR.search(value)]
        ok = clean_matches(shape, sentences, self.checks.inventory, chunk, starts, ends, odd)
        self._place(text, starts, ends, ok, [done, *past[:-1]], starts, ids)
        return past[-1]

    def _place(self, text: str, starts: list[int], ends: list[int], ok: list[bool], after: list[int], before: list[int],
               ids: list[str] | None = None) -> None:
        """Numbers the matched sentences (``starts``, ``ends``) and the document's sentences of
        the text between each one and the one before it (from ``after`` to ``before``; one more
        such piece when there is one more of those than of matches)."""
        gaps = _true(map(lt, after, before))
        self.between += zip(map(after.__getitem__, gaps), map(before.__getitem__, gaps), strict=True)
        if self.bounds is not None:
            found_starts, found_ends = self.bounds
            numbers: list[int] = []
            slow: list[int] = []
            at = 0
            for g in [*gaps, None]:
                stop = len(starts) if g is None else min(g, len(starts))
                first = len(found_starts)
                numbers += range(first, first + stop - at)
                found_starts += starts[at:stop]
                found_ends += ends[at:stop]
                if g is None:
                    break
                inside = sentence_bounds(text, after[g], before[g])
                slow += range(len(found_starts), len(found_starts) + len(inside[0]))
                found_starts += inside[0]
                found_ends += inside[1]
                at = stop
        else:
            known = self.doc.starts
            numbers = list(map(bisect_left, repeat(known), starts))
            slow = list(chain.from_iterable(range(bisect_left(known, after[g]), bisect_left(known, before[g])) for g in gaps))
            if numbers and (numbers[-1] >= len(known) or list(map(known.__getitem__, numbers)) != starts):
                ok = [False] * len(starts)  # (cannot be: a match starts a sentence)
        if all(ok):  # (a chunk of clean sentences, mostly: kept as they are)
            self.order.append((numbers, ids, sorted(slow)))
            return
        slow += compress(numbers, map(not_, ok))
        self.order.append((list(compress(numbers, ok)), list(compress(ids, ok)) if ids is not None else None, sorted(slow)))

    def _in_order(self, shape: Shape, fast: list[int], ids: list[str] | None, slow: list[int]) -> None:
        i = 0
        for n in [*slow, None]:
            j = bisect_left(fast, n, i) if n is not None else len(fast)
            if j > i:
                some = fast[i:j] if j - i < len(fast) else fast  # (all of them, mostly: not copied)
                if ids is not None and shape.id is not None:
                    self.ids.see_many(some, shape.id, ids[i:j] if some is not fast else ids)
                self.dialects.see_many(some, shape.keys, shape.seps)
            if n is not None:
                self._sentences((n,))
            i = j

    def _sentences(self, numbers: Iterable[int]) -> None:
        report = self.checks.report
        for n in numbers:
            s = self.doc.sentence(n)
            before = report.added
            self.checks.check(s)
            self.ids.see(s)
            self.dialects.see(s)
            if report.added == before or self.kept >= KEPT:
                s.forget()  # (one sentence's lines in memory at a time; read again if a finding is placed in it)
            else:  # (what the check read and made of it is what placing its findings reads: not read twice)
                self.kept += 1


def clean_matches(shape: Shape, sentences: Sentences, inventory: Inventory, chunk: list[re.Match[str]], starts: list[int],
                  ends: list[int], known: Iterable[int] = ()) -> list[bool]:
    """Whether each matched sentence (from ``starts`` to ``ends`` of the text) is clean in what its
    pattern cannot see: its tags, its text for the GL rules (those ``known`` not to be, already)."""
    size = len(chunk)
    ok = [True] * size
    texts = list(map(_group, chunk, repeat(sentences.text)))
    counts = list(map(sentences.tokens.__getitem__, map(_LAST_GROUP, chunk)))  # (tokens: as many as words)
    bad = set(known)
    bad.update(_dirty_texts(texts))
    if sentences.slots is not None:
        slots = list(map(_group, chunk, repeat(sentences.slots)))
        if _WRITTEN.fullmatch("\n".join(slots)) is None:  # (a value not written as the check writes it: not read for spans)
            odd = _false(map(_ENTRIES.fullmatch, slots))
            bad.update(odd)
            for i in odd:
                slots[i] = ""
        if speedups.native is not None:  # (the same answer, compiled: a pass over each sentence's lines)
            bad.update(speedups.native.xsid_slot_tags(chunk[0].string, starts, ends, len(shape.cores), slots, texts, sentences.labels))
        else:
            bad = _slot_tags(sentences, chunk, slots, texts, counts, _OTags(chunk[0].string, starts, ends), bad)
    else:
        tags: list[str] = []
        for m, n in zip(chunk, counts, strict=True):
            tags += m.group(*sentences.tags[:n]) if n > 1 else (m.group(sentences.tags[0]),)
        bad |= _bio_tags(tags, list(accumulate(counts, initial=0)), inventory)
    for i in bad:
        ok[i] = False
    return ok


class _OTags:
    """The ``O`` tags of matched sentences: each is a ``\tO\n`` of their lines (none is in a
    comment or across a line), counted in the text."""

    def __init__(self, text: str, starts: list[int], ends: list[int]) -> None:
        self.text, self.starts, self.ends = text, starts, ends

        # (the text between two sentences where it is more than a blank line, with its `\tO\n` counted)
        self.gaps = _true(map(lt, map(_plus_one, ends[:-1]), starts[1:]))
        self.in_gaps = list(accumulate(map(text.count, repeat("\tO\n"), map(ends.__getitem__, self.gaps),
                                           map(starts.__getitem__, map(_plus_one, self.gaps))), initial=0))

    def between(self, a: int, b: int) -> int:
        """In sentences ``a`` to ``b - 1``: in the text from the first to the last, less that between them."""
        gaps = self.gaps
        return self.text.count("\tO\n", self.starts[a], self.ends[b - 1]) - (
            self.in_gaps[bisect_left(gaps, b - 1)] - self.in_gaps[bisect_left(gaps, a)])

    def each(self, numbers: Sequence[int]) -> list[int]:
        return list(map(self.text.count, repeat("\tO\n"), map(self.starts.__getitem__, numbers), map(self.ends.__getitem__, numbers)))


def _slot_tags(sentences: Sentences, chunk: list[re.Match[str]], slots: list[str], texts: list[str], counts: list[int],
               o_tags: _OTags, found: set[int]) -> set[int]:
    """The sentences whose tags are not those of their `# slots:` spans (entries as the check
    writes them, labels of the inventory: the pattern's) in the check's order: ordered, apart,
    each from a word's start to a word's end; compared at the spans (each span's B-/I- tags),
    and as many tags not ``O`` as the spans cover (so the rest are ``O``)."""
    out = set(found)  # (the sentences found wrong before, whose `\tO\n` may be in a comment: left out of the sums of tags `O`)
    # (each entry has two colons, labels none: the sentence of each colon, every other one)
    owner = list(chain.from_iterable(map(repeat, count(), map(str.count, slots, repeat(":")))))[::2]
    parts = ",".join(filter(None, slots)).replace(",", ":").split(":") if owner else []
    starts, ends, labels = _numbers(parts[0::3]), _numbers(parts[1::3]), parts[2::3]
    # Each text between two spaces (its words are one space apart, none is empty): a span starts
    # at a word's start when a space is just before it, ends at a word's end when one is just
    # after it; then the spaces before its start count the tokens before it, those before its
    # end (with the leading one) the tokens up to its last.
    padded = (" " + " \n ".join(texts) + " ").split("\n")
    owned = list(map(padded.__getitem__, owner))
    out.update(map(owner.__getitem__, _false(map(lt, starts, ends))))
    if not sentences.labels.issuperset(labels):  # (a label not of the inventory: the pattern takes any)
        out.update(compress(owner, map(not_, map(sentences.labels.__contains__, labels))))
    out.update(map(owner.__getitem__, _not_space_at(owned, starts)))
    out.update(map(owner.__getitem__, _not_space_at(owned, list(map(_plus_one, ends)))))
    first = list(map(str.count, owned, repeat(" "), repeat(0), starts))  # (the span's first token, from 0)
    past = list(map(str.count, owned, repeat(" "), repeat(0), ends))  # (one past its last)
    if out:  # (the entries of sentences already found wrong left out)
        keep = list(map(not_, map(out.__contains__, owner)))
        owner, first, past = (list(compress(x, keep)) for x in (owner, first, past))
        labels = list(compress(labels, keep))
    # Ordered and apart: a span starts at or past the token after the one before it ends (tokens
    # counted from the chunk's first: a sentence's first span is past the sentence before).
    at = list(map(list(accumulate(counts, initial=0)).__getitem__, owner))
    unordered = list(map(owner.__getitem__, map(_plus_one, _false(map(le, map(add, at, past), map(add, at[1:], first[1:]))))))
    if unordered:
        out.update(unordered)
        keep = list(map(not_, map(out.__contains__, owner)))
        owner, first, past = (list(compress(x, keep)) for x in (owner, first, past))
        labels = list(compress(labels, keep))
    held = list(map(chunk.__getitem__, owner))
    tag = sentences.tags
    said = list(map(_group, held, map(tag.__getitem__, first)))
    b_of = {label: "B-" + label for label in set(labels)}  # (each label's tags, made once)
    b_tags = list(map(b_of.__getitem__, labels))
    if said != b_tags:
        out.update(compress(owner, map(ne, said, b_tags)))
    # The I- tags: the second token of every span of more than one, then the third of every span
    # of more than two, ...: the spans longest first, so that each time they are the first ones.
    lengths = list(map(sub, past, first))
    longer = sorted(compress(range(len(owner)), map((1).__lt__, lengths)), key=lengths.__getitem__, reverse=True)
    if longer:
        i_of = {label: "I-" + label for label in b_of}
        held = list(map(held.__getitem__, longer))
        firsts = list(map(first.__getitem__, longer))
        i_tags = list(map(i_of.__getitem__, map(labels.__getitem__, longer)))
        shortest = list(map(lengths.__getitem__, reversed(longer)))  # (their lengths, ascending)
        for d in range(1, shortest[-1]):
            k = len(shortest) - bisect_right(shortest, d)  # (the spans of more than d tokens)
            said = list(map(_group, held[:k], map(tag.__getitem__, map(d.__add__, firsts[:k]))))
            if said != i_tags[:k]:
                out.update(map(owner.__getitem__, compress(longer, map(ne, said, i_tags))))
    # As many tags not `O` as the spans cover in each sentence (the tags at the spans are not `O`):
    # in all the sentences not found wrong, then in each when not so.
    # (no sentence has fewer than its spans cover: the sentences that have more are found by blocks)
    tokens = list(accumulate(counts, initial=0))  # (the tokens before each sentence)
    covering = list(accumulate(lengths, initial=0))  # (those the entries before each cover)
    wrong = sorted(out)  # (their tokens, tags `O` and spans' tokens left out of the sums below)
    o_wrong = list(accumulate(o_tags.each(wrong), initial=0))
    n_wrong = list(accumulate(map(counts.__getitem__, wrong), initial=0))
    c_wrong = list(accumulate(map(sub, map(covering.__getitem__, map(bisect_left, repeat(owner), map(_plus_one, wrong))),
                                  map(covering.__getitem__, map(bisect_left, repeat(owner), wrong))), initial=0))

    def more(a: int, b: int, o: int) -> bool:
        """Whether sentences ``a`` to ``b - 1`` (those not found wrong), with ``o`` tags ``O`` in
        all, have more tags not ``O`` than their spans cover."""
        i, j = bisect_left(wrong, a), bisect_left(wrong, b)
        marked = tokens[b] - tokens[a] - (n_wrong[j] - n_wrong[i]) - (o - (o_wrong[j] - o_wrong[i]))
        return marked != covering[bisect_left(owner, b)] - covering[bisect_left(owner, a)] - (c_wrong[j] - c_wrong[i])

    # (the `O` tags counted by blocks of sentences, the chunk's their sum: a block that has more is
    # not counted again; then each sentence of such a block, at once)
    size = len(chunk)
    blocks = range(0, size, _BLOCK)
    o_blocks = list(map(o_tags.between, blocks, map(min, map(_BLOCK.__add__, blocks), repeat(size))))
    if chunk and more(0, size, sum(o_blocks)):
        for a in [a for a, o in zip(blocks, o_blocks, strict=True) if more(a, min(a + _BLOCK, size), o)]:
            b = min(a + _BLOCK, size)
            entries = list(map(bisect_left, repeat(owner), range(a, b + 1)))  # (each sentence's first entry, and past the last's)
            covered = list(map(sub, map(covering.__getitem__, entries[1:]), map(covering.__getitem__, entries[:-1])))
            marked = list(map(sub, counts[a:b], o_tags.each(range(a, b))))
            out.update(map(a.__add__, _false(map(eq, marked, covered))))  # (the block's sentences found wrong before may be found again)
    return out


def _not_space_at(texts: list[str], offsets: list[int]) -> list[int]:
    """Where the character of each text at its offset is not a space (or the offset is past it)."""
    try:
        chars = list(map(getitem, texts, offsets))
    except IndexError:  # (an offset past its text)
        return _false(map(str.startswith, texts, repeat(" "), offsets))
    return [] if chars.count(" ") == len(chars) else _false(map(" ".__eq__, chars))


def _false(flags: Iterable[object]) -> list[int]:
    """The positions of the false flags (none, mostly: found by one pass in C when so)."""
    flags = list(flags)
    return [] if all(flags) else list(compress(count(), map(not_, flags)))


def _true(flags: Iterable[object]) -> list[int]:
    """The positions of the true flags (none, mostly: found by one pass in C when so)."""
    flags = list(flags)
    return list(compress(count(), flags)) if any(flags) else []


def _dirty_texts(texts: list[str]) -> list[int]:
    """The texts GL006–GL008 may say something about (one test of them all when none is)."""
    spaced = " ".join(texts)
    if spaced.isascii():
        # (a text's words are one space apart, without a tab or line break: the ASCII characters
        # GL007 names are then those not printable, found in C without the pattern)
        if spaced.isprintable():
            return []
    else:
        joined = "\n".join(texts)  # (a line break joins no character to the next: each text is tested as alone)
        if unicodedata.is_normalized("NFC", joined) and not invisible_or_confusable(joined):
            return []
    return [i for i, text in enumerate(texts)
            if not (text.isascii() or unicodedata.is_normalized("NFC", text)) or invisible_or_confusable(text)]


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
