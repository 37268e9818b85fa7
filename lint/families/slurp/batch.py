"""A batch of SLURP JSONL lines judged clean at once, with almost no Python per record.

The checks of one record (:func:`~.record.check_record`, the inventory's, the colon count that
rules out a repeated key) cost about 6 µs of Python, run record by record. Here each check is
one pass of C over the whole batch instead: the records' fields gathered as columns with
``map`` and ``zip``, the items of their arrays laid end to end (each record's tokens a slice
of the batch's), every comparison a ``map`` of an operator. A record costs a few C calls a
check and no Python frame.

A record passes only in the plain case of each check: its annotation's text *equal* to the
sentence, an entity's tokens spelling its bracket's words exactly, a sentence of printable
ASCII. Then the detailed checks find nothing in it. Every other record (one with a finding,
or only a case these tests leave undecided) is left unjudged, for the line's own clean test
(:class:`~.lines.CleanLines`) and after it the ordinary reading, which are exact.
``tests/families/slurp/test_slurp_batch.py`` proves that what this calls clean, the detailed
checks call clean.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from itertools import accumulate, chain, compress, repeat
from operator import add, attrgetter, eq, itemgetter, lt, not_
from typing import Any

import msgspec

from goldlint.families.slurp.annotation import ENTITY
from goldlint.families.slurp.dataset import Inventory
from goldlint.families.slurp.declaration import ITEMS, RECORD
from goldlint.families.slurp.shape import WHOLE_TYPE
from goldlint.formats.json_keys import COLON_ESCAPE

_decode = msgspec.json.Decoder(WHOLE_TYPE).decode
_NAMES = tuple(f.name for f in RECORD)
_FIELDS = attrgetter(*_NAMES)
_RECORD_KEYS = len(RECORD)
_TOKEN_KEYS, _RECORDING_KEYS, _ENTITY_KEYS = len(ITEMS["tokens"]), len(ITEMS["recordings"]), len(ITEMS["entities"])  # (an optional one absent: unproven)
_ID_LOW, _ID_HIGH = -(1 << 63), 1 << 64  # ids orjson reads as integers, as the ordinary path does
_TOKEN_ID, _SURFACE, _SPAN, _TYPE = attrgetter("id"), attrgetter("surface"), attrgetter("span"), attrgetter("type")
_FIRST, _SECOND, _LAST = itemgetter(0), itemgetter(1), itemgetter(-1)
# A sentence :func:`~.record._plain` passes: printable ASCII (no control character, so no
# invisible one), empty or with no blank at either end.
PLAIN_SENTENCE = re.compile("(?:[!-~](?:[ -~]*[!-~])?)?")
# An entity's opening, `[type :` and the blanks after it: from an annotation every bracket of
# which is an entity's, removing these and each `]` leaves its text (the entities' words in place).
_OPENING = re.compile(r"\[[^\s\[\]:]+[ \t]*:[ \t]*")


def decode_lines(data: bytes, starts: list[int], ends: list[int]) -> list[Any]:
    """Each line decoded into the record's struct (SLP101's shape, in C); None where it is not one."""
    view = memoryview(data)
    lines = map(_decode, map(view.__getitem__, map(slice, starts, ends)))  # (views: no line copied)
    out: list[Any] = []
    while True:
        try:
            out.extend(lines)  # (the lines before a failing one stay; the iterator goes on after it)
            return out
        except (ValueError, RecursionError):  # not a well-formed record, not JSON, not UTF-8, too deep
            out.append(None)


class _Kept:
    """The records still judged clean: their places in the batch, and their fields as columns."""

    def __init__(self, places: list[int], records: list[Any]) -> None:
        self.places = places
        self.columns: dict[str, list[Any]] = dict(zip(_NAMES, map(list, zip(*map(_FIELDS, records), strict=True)), strict=True)) if records else {}

    def __getitem__(self, name: str) -> list[Any]:
        return self.columns[name]

    def add(self, name: str, values: Iterable[Any]) -> list[Any]:
        """A column worked out from the others."""
        self.columns[name] = out = list(values)
        return out

    def keep(self, passed: Iterable[Any]) -> None:
        """Drop the records that did not pass (``passed``: a truth value a record)."""
        passed = list(passed)
        if all(passed):
            return
        self.places = list(compress(self.places, passed))
        for name, values in self.columns.items():
            self.columns[name] = list(compress(values, passed))


def judge(records: list[Any], data: bytes, starts: list[int], ends: list[int], known: Inventory | None) -> dict[int, int]:
    """The lines (``records``: each one's struct, or None) proven clean, by their place in the
    batch: nothing for the record's own checks (:func:`~.record.check_record`), nor the
    inventory's, nor a key written twice (GL004). Each with its id, for the caller to count
    where records meet."""
    places = list(range(len(records)))
    if None in records:
        places = list(compress(places, records))  # (a struct is true)
        records = list(compress(records, records))
    if starts and data.find(COLON_ESCAPE, starts[0], ends[-1]) >= 0:  # a colon perhaps written as an escape: not counted below, so such a line is left
        lines = list(map(data.find, repeat(COLON_ESCAPE), map(starts.__getitem__, places), map(ends.__getitem__, places)))
        passed = list(map(lt, lines, repeat(0)))
        places, records = list(compress(places, passed)), list(compress(records, passed))
    kept = _Kept(places, records)
    if kept.places:
        _fields(kept, known)
    if kept.places:
        _keys(kept, data, starts, ends)
    if kept.places:
        _items(kept, known)
    return dict(zip(kept.places, kept["slurp_id"] if kept.places else (), strict=True))


def _fields(kept: _Kept, known: Inventory | None) -> None:
    """The checks of a record's own fields: its id, intent (SLP104, SLP109), sentence (GL006-GL008),
    annotation (SLP102, SLP103) and its number of entities (SLP107)."""
    ids, sentences, annotations = kept["slurp_id"], kept["sentence"], kept["sentence_annotation"]
    intents = kept.add("intents", map("{}_{}".format, kept["scenario"], kept["action"]))
    found = kept.add("found", map(ENTITY.findall, annotations))  # each annotation's entities: (type, words)
    counts = list(map(len, found))
    passed = [
        map(_ID_LOW.__le__, ids),
        map(_ID_HIGH.__gt__, ids),
        map(eq, kept["intent"], intents),
        map(PLAIN_SENTENCE.fullmatch, sentences),
        map(eq, counts, map(str.count, annotations, repeat("["))),  # every bracket an entity's: it parses
        map(eq, counts, map(str.count, annotations, repeat("]"))),
        map(eq, map(str.replace, map(_OPENING.sub, repeat(""), annotations), repeat("]"), repeat("")), sentences),  # its text the sentence
        map(eq, counts, map(len, kept["entities"])),  # an entity a bracket
    ]
    if known is not None and known.intents is not None:
        passed.append(map(known.intents.__contains__, intents))
    kept.keep(map(all, zip(*passed, strict=True)))


def _keys(kept: _Kept, data: bytes, starts: list[int], ends: list[int]) -> None:
    """GL004 ruled out for each line by counting colons (:mod:`~goldlint.formats.json_keys`): a
    line holds at least as many as its kept keys and its annotation's colons, so when the
    batch's total is the sum of those, each line's is."""
    annotations = kept["sentence_annotation"]
    members = (_RECORD_KEYS * len(kept.places) + _TOKEN_KEYS * sum(map(len, kept["tokens"])) + _RECORDING_KEYS * sum(map(len, kept["recordings"]))
               + _ENTITY_KEYS * sum(map(len, kept["entities"])) + sum(map(str.count, annotations, repeat(":"))))
    colons = list(map(data.count, repeat(b":"), map(starts.__getitem__, kept.places), map(ends.__getitem__, kept.places)))
    if sum(colons) == members:
        return
    expected = (_RECORD_KEYS + _TOKEN_KEYS * len(t) + _RECORDING_KEYS * len(r) + _ENTITY_KEYS * len(e) + a.count(":")
                for t, r, e, a in zip(kept["tokens"], kept["recordings"], kept["entities"], annotations, strict=True))
    kept.keep(map(eq, colons, expected))


def _items(kept: _Kept, known: Inventory | None) -> None:
    """The checks of the items of the records' arrays, laid end to end: the tokens' ids (SLP106)
    and surfaces (SLP105), the entities' spans, types and words (SLP107), their types (SLP110)."""
    tokens, entities = kept["tokens"], kept["entities"]
    token_counts, entity_counts = list(map(len, tokens)), list(map(len, entities))
    every_token = list(chain.from_iterable(tokens))
    token_bounds = list(accumulate(token_counts, initial=0))
    bad: set[int] = set()  # (records, by their place among the kept)
    ids = list(map(_TOKEN_ID, every_token))
    if ids != list(chain.from_iterable(map(range, token_counts))):
        bad.update(_owners(map(eq, ids, chain.from_iterable(map(range, token_counts))), token_bounds))
    surfaces = list(map(_SURFACE, every_token))
    spelt = map("".join, map(surfaces.__getitem__, map(slice, token_bounds, token_bounds[1:])))
    bad.update(compress(range(len(tokens)), map(not_, map(eq, spelt, map("".join, map(str.split, kept["sentence"]))))))
    every_entity = list(chain.from_iterable(entities))
    if every_entity:
        entity_bounds = list(accumulate(entity_counts, initial=0))
        spans = list(map(_SPAN, every_entity))
        within = all(spans) and list(map(lt, map(_LAST, spans), chain.from_iterable(map(repeat, token_counts, entity_counts))))
        if not within or not all(within):  # a span empty or past the tokens (SLP107): its record dropped, the others' items checked again
            kept.keep(map(not_, map(set(_owners(within or spans, entity_bounds)).__contains__, range(len(tokens)))))
            if kept.places:
                _items(kept, known)
            return
        bad.update(_owners(_entities_clean(every_entity, spans, surfaces, token_counts, token_bounds, entity_counts, kept["found"], known), entity_bounds))
    if bad:
        kept.keep(map(not_, map(bad.__contains__, range(len(tokens)))))


def _entities_clean(every_entity: list[Any], spans: list[list[int]], surfaces: list[str], token_counts: list[int], token_bounds: list[int],
                    entity_counts: list[int], found: list[list[tuple[str, str]]], known: Inventory | None) -> Iterator[bool]:
    """Whether each entity (of all records, in order; its span ends within its record's tokens)
    spans consecutive tokens that spell its bracket's words, is of its bracket's type, and of a type of the inventory."""
    brackets = list(chain.from_iterable(found))
    types = list(map(_TYPE, every_entity))
    firsts, lasts = list(map(_FIRST, spans)), list(map(_LAST, spans))
    ends = list(map(add, lasts, repeat(1)))
    bases = list(chain.from_iterable(map(repeat, token_bounds, entity_counts)))  # (each entity's record's first token among all)
    words = map(" ".join, map(surfaces.__getitem__, map(slice, map(add, bases, firsts), map(add, bases, ends))))
    passed = [  # (each span's last position is within its record's tokens: the ranges are short)
        map(eq, spans, map(list, map(range, firsts, ends))),
        map(eq, types, map(_FIRST, brackets)),
        map(eq, words, map(_SECOND, brackets)),  # (words alike but for case and blanks: the line's own test decides)
    ]
    if known is not None and known.types is not None:
        passed.append(map(known.types.__contains__, types))
    return map(all, zip(*passed, strict=True))


def _owners(passed: Iterable[Any], bounds: list[int]) -> Iterator[int]:
    """The records (by place among the kept) that own an item that did not pass; ``bounds``:
    where each record's items start among all of them, and where the last record's end."""
    return (bisect_right(bounds, k) - 1 for k in compress(range(bounds[-1]), map(not_, passed)))
