"""The clean path for a block of entries at once, with the loops in C.

A clean corpus is the common case, and per-entry Python (even :mod:`.fastpath`) costs many
times the parse. So a block of entries is assessed column by column: each field is pulled
out with ``map(dict.get, ...)`` and every test is a ``map`` of a builtin (a set membership,
a type test, ``str.strip``) whose booleans become one bit mask; gold texts are joined and
searched once. The entries whose bit is set are *clean*: :func:`.fastpath.spec_entry` (or
:func:`.fastpath.harness_entry`) would accept each of them and report nothing.
:meth:`EntryChecker.entries` records runs of clean entries at once (:func:`commit`) and
sends the others, in order, through the per-entry path, which finds and places every
problem. Over-marking is harmless (an entry checked one by one is checked exactly); a
property test holds the paths to the same findings and tallies, for both dialects.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from functools import partial
from itertools import accumulate, compress, repeat
from operator import and_, contains, eq, is_, is_not, not_, truth
from typing import TYPE_CHECKING, Any

import msgspec

from goldlint import speedups
from goldlint.families.corpus import fastpath, gloss
from goldlint.families.corpus.fastpath import _PLACEHOLDERS
from goldlint.families.corpus.licences import check_spdx
from goldlint.families.corpus.tally import normalise_source
from goldlint.findings import At, JsonPath
from goldlint.rules.file_rules import PATTERNS, mixed_script

if TYPE_CHECKING:
    from goldlint.families.corpus.entries import EntryChecker

BLOCK = 4096  # entries assessed at once

_is_nfc = partial(unicodedata.is_normalized, "NFC")


class Assessment(msgspec.Struct):
    clean: bytes  # one byte per entry: 1 when the entry is clean
    ids: list[Any]
    keys: list[str]  # normalised sources
    segments: list[Any] | None  # None: harness entries, each in the file's segment
    tiers: list[Any]
    provenance: list[Any] | None  # the spec's provenance tags (a harness entry's provenance is an object)
    registers: list[Any]
    variants: list[Any] | None  # None: no entry of the block has a variant class
    domains: list[Any] | None = None  # harness entries' domains
    licences: list[Any] | None = None  # harness entries' ``provenance.license``


def assess(c: EntryChecker, block: list[Any]) -> Assessment | None:
    """Which entries of ``block`` are clean, or None when the block must go entry by entry."""
    if set(map(type, block)) != {dict}:
        return None
    try:
        return _assess(c, block)
    except TypeError:  # an unhashable value where a vocabulary word belongs: entry by entry
        return None


def _column(block: list[dict[str, Any]], name: str) -> list[Any]:
    return list(map(dict.get, block, repeat(name)))


def _typed(values: list[Any], kind: type) -> int:
    return mask(map(is_, map(type, values), repeat(kind)))


def mask(flags: Any) -> int:
    return int.from_bytes(bytes(flags), "little")


def _assess(c: EntryChecker, block: list[dict[str, Any]]) -> Assessment:
    n = len(block)
    harness = c.flavour == "harness"
    ids, sources, references = (_column(block, name) for name in ("id", "source", "reference"))
    id_type, tests = (fastpath.HARNESS_ID, fastpath.HARNESS_TESTS) if harness else (fastpath.SPEC_ID, fastpath.SPEC_TESTS)
    clean = mask(map(c.known.issuperset, block)) & _typed(ids, id_type) & first_occurrences(ids)
    columns: dict[str, list[Any]] = {}
    # What the file's envelope narrows a vocabulary to: the provenance tags it declares
    # (COR106), the domains it lists (COR118).
    narrowed = c.domains if harness else c.declared
    for name, kind, allowed in tests:  # the declared tests (:func:`.fastpath.required_tests`), a column each
        column = columns[name] = _column(block, name)
        if narrowed is not None and allowed is not None and name == ("domain" if harness else "provenance"):
            allowed = allowed & narrowed
        if allowed is None or kind is not str:  # (a string's vocabulary holds strings only: its test says the type too)
            clean &= _typed(column, kind)
        if allowed is not None:
            clean &= mask(map(allowed.__contains__, column))
    a = Assessment(b"", ids, [], None, columns["difficulty"], None, columns["register"], None)
    if harness:  # (an entry with a segment of its own goes the per-entry way, which tallies it)
        clean &= mask(map(not_, map(contains, block, repeat("segment")))) & harness_fields(c, a, columns)
    else:
        a.segments, a.provenance = columns["segment"], columns["provenance"]
    source_ok, sources = _texts(sources)
    reference_ok, references = _texts(references)
    clean &= source_ok & reference_ok
    clean &= mask(strip_flags(sources)[0])
    clean &= references_clean(references)
    a.keys = normalised(sources)
    clean &= first_occurrences(a.keys)
    required = fastpath.HARNESS_REQUIRED if harness else fastpath.SPEC_REQUIRED
    longer = list(compress(range(n), map(required.__lt__, map(len, block))))
    if longer:  # entries with an optional field: those are looked at one by one
        a.variants = _column(block, "variant_class")
        clean &= _optional_clean(block, longer, fastpath.HARNESS_OPTIONAL if harness else fastpath.SPEC_OPTIONAL)
    a.clean = clean.to_bytes(n, "little")
    return a


_NO_FIELDS: dict[str, Any] = {}  # stands in for a value that is not an object (never written to)


def harness_fields(c: EntryChecker, a: Assessment, columns: Any) -> int:
    """What the harness's fields need beyond their declared tests: the licence, the
    metadata's languages (the file's pair). (A listed domain: tested with the vocabulary.)
    ``columns``: the entries' fields by name (dicts' or typed entries')."""
    a.domains, provenance, metadata = columns["domain"], columns["provenance"], columns["metadata"]
    a.licences = list(map(dict.get, _objects(provenance), repeat("license")))
    clean = _licences_clean(c, a.licences)
    if c.languages is not None:
        metadata = _objects(metadata)
        for side, code in zip(("source_lang", "target_lang"), c.languages, strict=True):
            values = list(map(dict.get, metadata, repeat(side)))  # (a value not a string is not compared)
            if values.count(code) != len(values):  # (every entry names the file's language: the usual case)
                clean &= mask(map(eq, values, repeat(code))) | mask(map(is_not, map(type, values), repeat(str)))
    return clean


def _objects(values: list[Any]) -> list[dict[str, Any]]:
    """``values`` with every one that is not an object as an empty one."""
    if all(map(is_, map(type, values), repeat(dict))):
        return values
    return [v if type(v) is dict else _NO_FIELDS for v in values]


def _licences_clean(c: EntryChecker, licences: list[Any]) -> int:
    """None, a valid SPDX licence, or a placeholder the tallies know. The first entry with a
    new placeholder goes the per-entry way, which records it (with the metadata's licence,
    for the message); the entries after it are counted."""
    verdicts: dict[Any, bool] = {}
    new: list[str] = []
    for licence in set(licences):  # (a handful of distinct licences in a file)
        if licence is None or type(licence) is not str:
            verdicts[licence] = licence is None
        elif licence.strip().lower() in _PLACEHOLDERS:
            verdicts[licence] = True
            if licence not in c.tally.licence_placeholders:
                new.append(licence)
        else:
            verdicts[licence] = check_spdx(licence) is None
    if not new and all(verdicts.values()):
        return all_set(len(licences))  # (every licence is good: the usual case)
    flags = bytearray(map(verdicts.__getitem__, licences))
    for licence in new:
        flags[licences.index(licence)] = 0
    return mask(flags)


def _texts(values: list[Any]) -> tuple[int, list[str]]:
    """Which values are strings, and the values with every non-string as ``""``."""
    ok = _typed(values, str)
    if ok == all_set(len(values)):
        return ok, values
    return ok, [v if type(v) is str else "" for v in values]


def all_set(n: int) -> int:
    return int.from_bytes(b"\x01" * n, "little")


def first_occurrences(values: list[Any]) -> int:
    """1 for each value not seen earlier in the block (the later ones are duplicates)."""
    return int.from_bytes(first_flags(values), "little")


def _first_flags(values: list[Any]) -> bytes:
    """A byte a value: 1 where no earlier value equals it, 0 for a repeat."""
    n = len(values)
    if len(set(values)) == n:
        return b"\x01" * n  # no value repeats (the usual case: a set is built twice as fast as the dict below)
    first: dict[Any, int] = {}  # each value's first place: an entry is a first occurrence where it is its own
    return bytes(map(eq, map(first.setdefault, values, range(n)), range(n)))


# Compiled: buckets of the values' hashes, and a set only for the values that share one (100k
# sources with repeats, 35 -> 2 ms: the dict of places was the defective corpus's dearest step;
# a million sources, 107 -> 55 ms: one set of them all is a random walk through 40 MB).
first_flags: Callable[[list[Any]], bytes] = speedups.native.first_flags if speedups.native is not None else _first_flags


class _Absent:
    """What an entry without a field holds there, in a column of an optional field."""


_ABSENT = _Absent()


def _optional_clean(block: list[dict[str, Any]], longer: list[int], tests: tuple[tuple[str, type, frozenset[Any] | None, bool], ...]) -> int:
    """The optional fields of the entries at ``longer`` (the others have none), by their
    declared tests (:func:`.fastpath.optional_tests`), and each analysis clean."""
    some = list(map(block.__getitem__, longer))
    ok = all_set(len(some))
    for name, kind, allowed, nullable in tests:
        column = list(map(dict.get, some, repeat(name), repeat(_ABSENT)))
        if allowed is not None and kind is str:  # (a vocabulary of strings: its test says the type too)
            ok &= mask(map((allowed | {_ABSENT, None} if nullable else allowed | {_ABSENT}).__contains__, column))
            continue
        types = {kind, _Absent, type(None)} if nullable else {kind, _Absent}
        ok &= mask(map(types.__contains__, map(type, column)))
        if allowed is not None:
            ok &= mask(map((allowed | {_ABSENT, None} if nullable else allowed | {_ABSENT}).__contains__, column))
    ok &= glosses_clean(_column(some, "morphological_analysis"))
    flags = bytearray(b"\x01") * len(block)
    for i, good in zip(longer, ok.to_bytes(len(some), "little"), strict=True):
        flags[i] = good
    return mask(flags)


def glosses_clean(analyses: list[Any]) -> int:
    """1 for each value that is no analysis (not a string: its type is judged apart) or a
    clean one (:func:`.gloss.clean_flags`, on the analyses at once)."""
    where, present = strs(analyses)
    good = gloss.clean_flags(present)
    flags = bytearray(b"\x01") * len(analyses)
    for bad in compress(where, map(not_, good)):
        flags[bad] = 0
    return mask(flags)


def references_clean(references: list[str], joined: str | None = None) -> int:
    """Non-empty, and nothing for GL006–GL008 (``check_gold_text``) to report.

    Each check is a C call over all the references. Every invisible character is
    unprintable, so only an unprintable reference is searched for one. Scripts and NFC are
    checked on one text, the references joined by line breaks (``joined``, when the caller
    has it already): no check looks for a line break, none of their patterns spans one,
    and NFC never composes across one. What is found is traced back to its reference,
    which then goes the per-entry way.
    """
    filled, trimmed = strip_flags(references)
    printable, cyrillic = print_flags(references)
    ok = mask(filled) & mask(trimmed)
    flags = bytearray(printable)
    at = flags.find(0)
    while at >= 0:
        flags[at] = PATTERNS.invisible.search(references[at]) is None
        at = flags.find(0, at + 1)
    if joined is None:
        joined = "\n".join(references)
    if not joined.isascii():
        if cyrillic and mixed_script(joined) is not None:
            ends = list(accumulate(map(_plus_one, map(len, references))))  # each reference's end in ``joined``, plus one
            for found in PATTERNS.mixed_script.finditer(joined):
                flags[bisect_right(ends, found.start())] = 0
        if not _is_nfc(joined):
            flags = bytearray(map(and_, flags, map(_is_nfc, references)))
    return ok & mask(flags)


def _strip_flags(values: list[str]) -> tuple[bytes, bytes]:
    """A byte a value for each: whether ``value.strip()`` is not empty; whether it is ``value``."""
    stripped = list(map(str.strip, values))
    # (str.__eq__, not ==: a str subclass's own __eq__ would be asked first, where the kernel
    # compares characters)
    return bytes(map(truth, stripped)), bytes(map(str.__eq__, stripped, values))


def _print_flags(values: list[str]) -> tuple[bytes, bool]:
    """A byte a value, whether it is printable; and whether any of them may have a Cyrillic letter."""
    return bytes(map(str.isprintable, values)), _has_cyrillic("\n".join(values))


def _has_cyrillic(text: str) -> bool:
    """Whether ``text`` may have a Cyrillic letter. Their UTF-8 starts with 0xD0 or 0xD1,
    which a byte search finds at memory speed (a regular expression takes 4 ns a character)."""
    data = text.encode("utf-8", "surrogatepass")
    return b"\xd0" in data or b"\xd1" in data


# Compiled: one pass over each value's characters (the references' tests of a 100,000-entry
# corpus, 22 -> 7 ms).
strip_flags: Callable[[list[str]], tuple[bytes, bytes]] = speedups.native.strip_flags if speedups.native is not None else _strip_flags
print_flags: Callable[[list[str]], tuple[bytes, bool]] = speedups.native.print_flags if speedups.native is not None else _print_flags


_plus_one = (1).__add__


def normalised(sources: list[str], joined: str | None = None) -> list[str]:
    """``normalise_source`` of every source, done on one joined text (``joined``, when the
    caller has it already: :func:`joined_sources`).

    NUL joins them: it is not whitespace, NFC and case folding leave it alone and nothing
    composes with it. (A source that holds a NUL itself: one by one.)
    """
    if joined is None:
        joined = joined_sources(sources)
    if speedups.native is not None and speedups.native.plain_keys(joined, len(sources)):
        return list(sources)  # (the usual case, known in one pass: the pure way below finds the same in five)
    if joined.count("\x00") != len(sources) - 1:
        return list(map(normalise_source, sources))
    folded = joined.lower() if joined.isascii() else unicodedata.normalize("NFC", joined).casefold()
    spaced = folded.replace("\x00", " ")
    if spaced.isprintable() and "  " not in spaced and not spaced.startswith(" ") and not spaced.endswith(" "):
        # Only single spaces between words: nothing to collapse (the usual case). Sources
        # that folding leaves alone as well are their own keys (no copies of them).
        return list(sources) if folded == joined else folded.split("\x00")
    folded = " ".join(folded.split())
    return folded.replace(" \x00", "\x00").replace("\x00 ", "\x00").split("\x00")


def _plain_keys(joined: str, n: int) -> bool:
    """Whether each of the ``n`` sources joined by NUL in ``joined`` is its own key: ASCII, no
    capital, printable, single spaces between words (where :func:`normalised` finds that NFC,
    case folding and collapsing whitespace change nothing). The compiled ``plain_keys``'s
    meaning; the pure way needs no such test first, :func:`normalised` finds it on the way."""
    if not joined.isascii() or joined.count("\x00") != n - 1 or joined.lower() != joined:
        return False
    spaced = joined.replace("\x00", " ")
    return spaced.isprintable() and "  " not in spaced and not spaced.startswith(" ") and not spaced.endswith(" ")


def _strs(values: list[Any]) -> tuple[list[int], list[str]]:
    """Where the values of exactly the type ``str`` are, and those values."""
    present = bytes(map(is_, map(type, values), repeat(str)))
    return list(compress(range(len(values)), present)), list(compress(values, present))


# Compiled: one pass (the analyses of a million entries: 65 -> 5 ms).
strs: Callable[[list[Any]], tuple[list[int], list[str]]] = speedups.native.strs if speedups.native is not None else _strs


def joined_sources(sources: list[str]) -> str:
    """The sources joined by NUL, as :func:`normalised` reads them."""
    return "\x00".join(sources)


def commit(c: EntryChecker, prefix: JsonPath, start: int, a: Assessment, lo: int, hi: int, apart: bool = False) -> bool:
    """Record the clean entries ``lo:hi`` of the block (at ``start`` in the list) as
    :func:`.fastpath._commit` would, one by one. False, having changed nothing, when an
    earlier entry (another block, or one checked alone) already used an id or a source.

    ``apart``: the caller knows that these entries share no id and no source with any other
    entry of the file. Then they are only counted: the maps of ids and sources answer the
    lookups of entries checked alone, and no such lookup can find one of these."""
    t = c.tally
    if apart:
        t.labels.extend(a.ids[lo:hi])
        count(c, prefix, start, a, lo, hi)
        return True
    ids, keys = a.ids[lo:hi], a.keys[lo:hi]
    if not t.ids.keys().isdisjoint(ids) or not t.sources.keys().isdisjoint(keys):
        return False
    segments = a.segments[lo:hi] if a.segments is not None else [c.file_segment] * (hi - lo)
    indices = range(t.count, t.count + hi - lo)
    t.ids.update(zip(ids, indices, strict=True))
    t.labels.extend(ids)
    if None not in segments and c.secret.isdisjoint(segments):
        t.sources.update(zip(keys, indices, strict=True))  # all public: the compact form
    else:
        for key, i, s in zip(keys, indices, segments, strict=True):
            t.first_source(key, i, s in c.secret if s is not None else None)
    count(c, prefix, start, a, lo, hi)
    return True


def count(c: EntryChecker, prefix: JsonPath, start: int, a: Assessment, lo: int, hi: int) -> None:
    """Count the clean entries ``lo:hi`` in the tallies the corpus-level rules read
    (:mod:`.summary`): entries, segments, tiers, registers, provenance, variant classes,
    domains and licence placeholders."""
    t = c.tally
    t.count += hi - lo
    if a.segments is not None:
        _count(t.segments, a.segments[lo:hi], prefix, start + lo, "segment")
    t.tiers.update(a.tiers[lo:hi])
    t.registers.update(a.registers[lo:hi])
    if a.provenance is not None:
        t.provenance_used.update(a.provenance[lo:hi])
    if a.variants is not None:
        _count(t.variants, a.variants[lo:hi], prefix, start + lo, "variant_class")
    if a.domains is not None:
        t.domains_used.update(a.domains[lo:hi])
    if a.licences is not None and t.licence_placeholders:
        for licence, n in Counter(a.licences[lo:hi]).items():
            slot = t.licence_placeholders.get(licence)  # (a placeholder is recorded before a clean entry uses it)
            if slot is not None:
                slot[0] += n


def _count(slots: dict[Any, list[Any]], values: list[Any], prefix: JsonPath, start: int, field: str) -> None:
    """Per value: how many entries, and where the first one is (kept if already known)."""
    for value, n in Counter(values).items():
        if value is None:
            continue
        slot = slots.get(value)
        if slot is None:
            slots[value] = [n, At((*prefix, start + values.index(value), field))]
        else:
            slot[0] += n
