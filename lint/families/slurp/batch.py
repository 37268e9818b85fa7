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
from operator import add, and_, attrgetter, eq, itemgetter, lt, ne, not_, sub
from typing import Any

import msgspec

from goldlint import speedups
from goldlint.families.slurp.annotation import ENTITY
from goldlint.families.slurp.dataset import Inventory
from goldlint.families.slurp.declaration import ITEMS, RECORD
from goldlint.families.slurp.shape import WHOLE_TYPE
from goldlint.formats.json_keys import may_escape_colon
from goldlint.speedups import COLON, count_byte

_decode = msgspec.json.Decoder(WHOLE_TYPE).decode
_NAMES = tuple(f.name for f in RECORD)
_FIELDS = attrgetter(*_NAMES)
_RECORD_KEYS = len(RECORD)
_TOKEN_KEYS, _RECORDING_KEYS, _ENTITY_KEYS = len(ITEMS["tokens"]), len(ITEMS["recordings"]), len(ITEMS["entities"])  # (an optional one absent: unproven)
_ID_LOW, _ID_HIGH = -(1 << 63), 1 << 64  # ids orjson reads as integers, as the ordinary path does
_TOKEN_ID, _SURFACE, _SPAN, _TYPE = attrgetter("id"), attrgetter("surface"), attrgetter("span"), attrgetter("type")
_FIRST, _LAST = itemgetter(0), itemgetter(-1)
# A sentence :func:`~.record._plain` passes: printable ASCII (no control character, so no
# invisible one), empty or with no blank at either end.
PLAIN_SENTENCE = re.compile("(?:[!-~](?:[ -~]*[!-~])?)?")
# An entity's opening, `[type :` and the blanks after it: from an annotation every bracket of
# which is an entity's, removing these and each `]` leaves its text (the entities' words in place).
_OPENING = re.compile(r"\[[^\s\[\]:]+[ \t]*:[ \t]*")
_JOIN = "[]"  # (between annotations joined: see _annotations)


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
    """The records still judged clean: their places in the batch, and their fields as columns
    (and columns worked out from those), one value a record."""

    def __init__(self, places: list[int], records: list[Any]) -> None:
        self.places = places
        self.columns: dict[str, list[Any]] = dict(zip(_NAMES, map(list, zip(*map(_FIELDS, records), strict=True)), strict=True)) if records else {}
        self.brackets: tuple[list[str], list[str]] | None = None  # every annotation's entities' types and words, in order, while no record is dropped

    def __getitem__(self, name: str) -> list[Any]:
        return self.columns[name]

    def add(self, name: str, values: Iterable[Any]) -> list[Any]:
        """A column worked out from the others."""
        self.columns[name] = out = list(values)
        return out

    def keep(self, passed: Iterable[Any]) -> None:
        """Drop the records that did not pass (``passed``: a truth value a record)."""
        passed = list(passed)
        self.brackets = None
        self.places = list(compress(self.places, passed))
        for name, values in self.columns.items():
            self.columns[name] = list(compress(values, passed))

    def every_bracket(self) -> tuple[list[str], list[str]]:
        """Every annotation's entities' types, and their words, in order."""
        if self.brackets is None:
            found = list(chain.from_iterable(self.columns.get("found") or map(ENTITY.findall, self.columns["sentence_annotation"])))  # (type, words) pairs
            self.brackets = list(map(_FIRST, found)), list(map(_LAST, found))
        return self.brackets

    def same(self, values: list[Any], expected: list[Any]) -> None:
        """Keep the records whose value is the expected one (one comparison of C when all are)."""
        if values != expected:
            self.keep(map(eq, values, expected))


def judge(records: list[Any], data: bytes, starts: list[int], ends: list[int], known: Inventory | None) -> dict[int, int]:
    """The lines (``records``: each one's struct, or None) proven clean, by their place in the
    batch: nothing for the record's own checks (:func:`~.record.check_record`), nor the
    inventory's, nor a key written twice (GL004). Each with its id, for the caller to count
    where records meet.

    Each check first compares whole columns (one C comparison for the batch, which is true
    of a clean one) and only when that fails finds the records it fails for, and drops them."""
    places = list(range(len(records)))
    if None in records:
        places = list(compress(places, records))  # (a struct is true)
        records = list(compress(records, records))
    if starts and may_escape_colon(data, starts[0], ends[-1]):  # a colon perhaps written as an escape: not counted below, so such a line is left
        passed = list(map(not_, map(may_escape_colon, repeat(data), map(starts.__getitem__, places), map(ends.__getitem__, places))))
        places, records = list(compress(places, passed)), list(compress(records, passed))
    kept = _Kept(places, records)
    for stage in (_fields, _annotations, _keys, _items):
        if not kept.places:
            return {}
        stage(kept, data, starts, ends, known)
    return dict(zip(kept.places, kept["slurp_id"], strict=True))


def _fields(kept: _Kept, data: bytes, starts: list[int], ends: list[int], known: Inventory | None) -> None:
    """The id (a 64-bit integer), the intent (SLP104, SLP109) and the sentence (GL006-GL008)."""
    ids = kept["slurp_id"]
    if not (_ID_LOW <= min(ids) and max(ids) < _ID_HIGH):
        kept.keep(map(range(_ID_LOW, _ID_HIGH).__contains__, ids))
    kept.same(kept["intent"], kept.add("intents", map("_".join, zip(kept["scenario"], kept["action"], strict=True))))
    if known is not None and known.intents is not None and not known.intents.issuperset(kept["intents"]):
        kept.keep(map(known.intents.__contains__, kept["intents"]))
    if not all_plain(kept["sentence"]):
        kept.keep(map(PLAIN_SENTENCE.fullmatch, kept["sentence"]))


def all_plain(sentences: list[str]) -> bool:
    """Whether every sentence is plain (:data:`PLAIN_SENTENCE`), for the batch at once: all of
    them together are printable ASCII (so none holds a line break), and joined by line breaks
    none has a blank next to one, nor at either end."""
    lined = "\n".join(sentences)
    whole = "".join(sentences)
    return whole.isascii() and whole.isprintable() and " \n" not in lined and "\n " not in lined and lined[:1] != " " and lined[-1:] != " "


def _annotations(kept: _Kept, data: bytes, starts: list[int], ends: list[int], known: Inventory | None) -> None:
    """The annotation parses (SLP102: every bracket is an entity's), its text is the sentence
    (SLP103), and it has a bracket an entity (SLP107).

    First for the batch's annotations at once, joined by ``[]``, which no entity reaches across
    (a type is not empty, words hold no ``[``): when the joined text (each entity replaced by its
    words) has no bracket but the joins', every annotation's brackets are its entities'; each
    record's ``[`` are then its entities, so as many as its ``entities``; and the joined text is
    the sentences joined alike.

    When it is not, and the joined text split at ``[]`` gives as many pieces as annotations,
    the pieces are the annotations' own texts, in turn (a join is never part of an entity, so
    it is in the text; a piece holds no ``[]``, so each join is where the text is split). A
    record passes when its piece is its sentence and holds no bracket; its entities (the ``[``
    of its annotation not left in its piece) are kept with it. Only when that fails, record
    by record."""
    annotations = kept["sentence_annotation"]
    kept.same(kept.add("entity_count", map(str.count, annotations, repeat("["))), list(map(len, kept["entities"])))
    annotations = kept["sentence_annotation"]
    parts = ENTITY.split(_JOIN.join(annotations))  # the text between entities, each entity's type and words, in turn
    types, words = parts[1::3], parts[2::3]
    del parts[1::3]  # (the text: the words in their places)
    text = "".join(parts)
    if text.count("[") == text.count("]") == len(annotations) - 1 and text == _JOIN.join(kept["sentence"]):
        kept.brackets = types, words
        return
    pieces = text.split(_JOIN)
    if len(pieces) == len(annotations):
        opened = list(map(str.count, pieces, repeat("[")))  # (a `[` that begins no entity)
        passed = list(map(and_, map(and_, map(eq, pieces, kept["sentence"]), map(not_, opened)),
                          map(not_, map(str.__contains__, pieces, repeat("]")))))
        entities = list(chain.from_iterable(map(repeat, passed, map(sub, kept["entity_count"], opened))))  # (each entity: whether its record passed)
        kept.keep(passed)
        kept.brackets = list(compress(types, entities)), list(compress(words, entities))
        return
    kept.add("entity_count", map(len, kept.add("found", map(ENTITY.findall, annotations))))  # (type, words) of each entity
    kept.same(kept["entity_count"], list(map(str.count, annotations, repeat("["))))
    kept.same(kept["entity_count"], list(map(str.count, kept["sentence_annotation"], repeat("]"))))
    texts = map(str.replace, map(_OPENING.sub, repeat(""), kept["sentence_annotation"]), repeat("]"), repeat(""))
    kept.same(list(texts), kept["sentence"])
    kept.same(kept["entity_count"], list(map(len, kept["entities"])))


def _keys(kept: _Kept, data: bytes, starts: list[int], ends: list[int], known: Inventory | None) -> None:
    """GL004 ruled out for each line by counting colons (:mod:`~goldlint.formats.json_keys`): a
    line holds at least as many as its kept keys and its annotation's colons, so when the
    lines' total is the sum of those, each line's is."""
    annotations = kept["sentence_annotation"]
    members = (_RECORD_KEYS * len(kept.places) + _TOKEN_KEYS * sum(map(len, kept["tokens"])) + _RECORDING_KEYS * sum(map(len, kept["recordings"]))
               + _ENTITY_KEYS * sum(kept["entity_count"]) + sum(map(str.count, annotations, repeat(":"))))
    places = kept.places
    total = count_byte(data, COLON, starts[0], ends[-1])  # (the batch's lines at once, and those left taken away)
    if len(places) < len(starts):
        left = set(range(len(starts))).difference(places)
        total -= sum(map(data.count, repeat(b":"), map(starts.__getitem__, left), map(ends.__getitem__, left)))
    if total == members:
        return
    colons = list(map(data.count, repeat(b":"), map(starts.__getitem__, places), map(ends.__getitem__, places)))
    kept.same(colons, [_RECORD_KEYS + _TOKEN_KEYS * len(t) + _RECORDING_KEYS * len(r) + _ENTITY_KEYS * e + a.count(":")
                       for t, r, e, a in zip(kept["tokens"], kept["recordings"], kept["entity_count"], annotations, strict=True)])


def _items(kept: _Kept, data: bytes, starts: list[int], ends: list[int], known: Inventory | None) -> None:
    """The items of the records' arrays, laid end to end: the tokens' ids count from 0 (SLP106)
    and their surfaces spell the sentence (SLP105); each entity spans consecutive tokens of its
    record (SLP107), which spell its bracket's words, is of its bracket's type (SLP107) and of a
    type of the inventory (SLP110). (Compiled, a pass over each record's items: the same answer.)"""
    if speedups.native is not None:
        types, words = kept.every_bracket()
        failed = speedups.native.slurp_items(kept["tokens"], kept["sentence"], kept["entities"], types, words,
                                             known.types if known is not None else None)
        if failed:
            kept.keep(map(not_, map(set(failed).__contains__, range(len(kept.places)))))
        return None
    tokens, counts, entity_counts = kept["tokens"], list(map(len, kept["tokens"])), kept["entity_count"]  # (as many entities as brackets)
    bounds = list(accumulate(counts, initial=0))  # where each record's tokens start among all, and the last one's end
    bad: set[int] = set()  # (records, by their place among the kept)
    ids = list(map(_TOKEN_ID, chain.from_iterable(tokens)))
    expected = list(chain.from_iterable(map(_COUNTING.__getitem__, counts) if max(counts, default=0) < len(_COUNTING) else map(range, counts)))
    if ids != expected:
        bad.update(_owners(map(eq, ids, expected), bounds))
    surfaces, sentences = list(map(_SURFACE, chain.from_iterable(tokens))), kept["sentence"]
    if not _split_at_spaces(surfaces, sentences, counts):
        spelt, bare = list(map("".join, map(surfaces.__getitem__, map(slice, bounds, bounds[1:])))), list(map(str.replace, sentences, repeat(" "), repeat("")))
        if spelt != bare:  # (a plain sentence's only blank is the space)
            bad.update(compress(range(len(counts)), map(ne, spelt, bare)))
    every_entity = list(chain.from_iterable(kept["entities"]))
    if every_entity:
        entity_bounds = list(accumulate(entity_counts, initial=0))
        spans = list(map(_SPAN, every_entity))
        if not all(spans):  # an empty span (SLP107), which has no last token: dropped, and the others' entities checked again
            kept.keep(map(not_, map(set(_owners(spans, entity_bounds)).union(bad).__contains__, range(len(counts)))))
            return _items(kept, data, starts, ends, known) if kept.places else None
        lasts, sizes = list(map(_LAST, spans)), list(chain.from_iterable(map(repeat, counts, entity_counts)))  # (each entity's record's tokens)
        if not all(map(lt, lasts, sizes)):  # a span past its record's tokens (SLP107): read only as far as the record's last token, so that no long
            # range is built, nor a word read from the next record; the range then ends before the span does, so the span is not
            # its range, and its record is left
            lasts = list(map(min, lasts, map(add, sizes, repeat(-1))))
        bad.update(_entities(every_entity, spans, lasts, surfaces, bounds, entity_bounds, entity_counts, kept.every_bracket(), known))
    if bad:
        kept.keep(map(not_, map(bad.__contains__, range(len(counts)))))
    return None


def _split_at_spaces(surfaces: list[str], sentences: list[str], counts: list[int]) -> bool:
    """Whether each record's tokens are its sentence split at each space (so they spell it, its
    spaces aside), for the batch at once: the surfaces joined by spaces are the sentences joined
    so, and each record has as many tokens as its sentence words. Then the joined text holds as
    many spaces as there are tokens less one, all of them joins: no surface holds a space, so
    the surfaces are the sentences' words in turn, and a record's tokens its own sentence's."""
    return " ".join(surfaces) == " ".join(sentences) and list(map(str.count, sentences, repeat(" "))) == list(map(add, counts, repeat(-1)))


def _entities(every_entity: list[Any], spans: list[list[int]], lasts: list[int], surfaces: list[str], bounds: list[int], entity_bounds: list[int],
              entity_counts: list[int], brackets: tuple[list[str], list[str]], known: Inventory | None) -> set[int]:
    """The records (by place) with an entity that does not span consecutive tokens spelling its
    bracket's words, or is not of its bracket's type, or of a type of the inventory; no span is
    empty, or before its record's tokens (a position is at least 0)."""
    bad: set[int] = set()
    firsts, ends = list(map(_FIRST, spans)), list(map(add, lasts, repeat(1)))
    consecutive = _ranges(firsts, ends)
    if spans != consecutive:
        bad.update(_owners(map(eq, spans, consecutive), entity_bounds))
    types = list(map(_TYPE, every_entity))
    bases = list(chain.from_iterable(map(repeat, bounds, entity_counts)))  # (each entity's record's first token among all)
    words = list(map(" ".join, map(surfaces.__getitem__, map(slice, map(add, bases, firsts), map(add, bases, ends)))))
    bracket_types, bracket_words = brackets
    if types != bracket_types or words != bracket_words:  # (words alike but for letter case and blanks: the line's own test decides)
        bad.update(_owners(map(and_, map(eq, types, bracket_types), map(eq, words, bracket_words)), entity_bounds))
    if known is not None and known.types is not None and not known.types.issuperset(types):
        bad.update(_owners(map(known.types.__contains__, types), entity_bounds))
    return bad


def _ranges(firsts: list[int], ends: list[int]) -> list[list[int]]:
    """``list(range(first, end))`` of each pair: for the usual spans, short and near the start,
    the lists made once (:data:`_SPANS`) rather than a new one for each entity."""
    lengths = list(map(sub, ends, firsts))
    if lengths and max(firsts) < len(_SPANS) and 0 <= min(lengths) and max(lengths) < len(_SPANS[0]):
        return list(map(list.__getitem__, map(_SPANS.__getitem__, firsts), lengths))
    return list(map(list, map(range, firsts, ends)))


_SPANS = [[list(range(first, first + length)) for length in range(17)] for first in range(64)]  # (each only compared, never changed)
_COUNTING = _SPANS[0] + [list(range(length)) for length in range(17, 64)]  # (a record's token ids, by its number of tokens)


def _owners(passed: Iterable[Any], bounds: list[int]) -> Iterator[int]:
    """The records (by place among the kept) that own an item that did not pass; ``bounds``:
    where each record's items start among all of them, and where the last record's end."""
    return (bisect_right(bounds, k) - 1 for k in compress(range(bounds[-1]), map(not_, passed)))
