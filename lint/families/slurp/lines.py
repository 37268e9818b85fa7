"""The clean path of a SLURP JSONL file, a line at a time straight from its bytes.

A batch of lines is first judged at once (:mod:`.batch`): what that proves clean is claimed
with no check of its own. Each line it leaves is decoded by msgspec into the record's struct (:mod:`.shape`, from the declaration):
that is SLP101's test of a well-formed record, done in C as the line is read, with no dict
built. The record's other checks are the ordinary ones (:func:`~.record.check_record` and the
inventory's), run on the struct with a scratch report: a line that gives them nothing is
claimed, and only its id goes on to where records meet (SLP108, in file order). Anything
else — a line that is not a well-formed record, a finding, a key the decoder may have kept
once (GL004, ruled out by :func:`~goldlint.formats.json_keys.every_key_kept`), an id no
64-bit reader holds — is read the ordinary way, which is always exact.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, repeat
from typing import Any

import msgspec

from goldlint.families.slurp.annotation import well_formed
from goldlint.families.slurp.batch import decode_lines, judge
from goldlint.families.slurp.dataset import Inventory
from goldlint.families.slurp.declaration import ITEMS, RECORD
from goldlint.families.slurp.record import check_record
from goldlint.families.slurp.shape import EVERY_FIELD, WHOLE_TYPE
from goldlint.findings import At, JsonPath, Report
from goldlint.formats.json_keys import every_key_kept, may_escape_colon

_decode = msgspec.json.Decoder(WHOLE_TYPE).decode
_RECORD_KEYS = len(RECORD)
_TOKEN_KEYS, _RECORDING_KEYS, _ENTITY_KEYS = len(ITEMS["tokens"]), len(ITEMS["recordings"]), len(ITEMS["entities"])  # (an optional one absent: unproven)
_AT = At(())  # (where a scratch finding would be: never shown)
_CHUNK = 128
_ID_RANGE = range(-(1 << 63), 1 << 64)  # ids orjson reads as integers, as the ordinary path does


class CleanLines:
    """Claims the lines the ordinary checks find nothing in (a
    :class:`~goldlint.formats.jsonl_doc.LineClaims`); ``tally`` counts each claimed record's
    id where records meet."""

    def __init__(self, known: Inventory | None, inventory: Callable[..., None], tally: Callable[[JsonPath, int], None],
                 tally_run: Callable[[int, list[int]], None] | None = None) -> None:
        self.known = known
        self.inventory = inventory
        self.tally = tally
        if tally_run is not None:
            self.record_run = tally_run  # (consecutive claimed lines at once: see LineClaims)
        self.scratch = Report()

    def clean_batch(self, data: bytes, starts: list[int], ends: list[int]) -> list[int | None]:
        """:meth:`clean` of each line of a batch: the batch judged at once, each line it leaves
        (not a struct's: unclean as it is) by :meth:`clean_record`."""
        if len(starts) <= _CHUNK:
            return self._clean_chunk(data, starts, ends)
        pieces = list(map(slice, range(0, len(starts), _CHUNK), range(_CHUNK, len(starts) + _CHUNK, _CHUNK)))  # (a hundred records at a
        # time: their objects stay in the processor's cache)
        return list(chain.from_iterable(map(self._clean_chunk, repeat(data), map(starts.__getitem__, pieces), map(ends.__getitem__, pieces))))

    def _clean_chunk(self, data: bytes, starts: list[int], ends: list[int]) -> list[int | None]:
        records = decode_lines(data, starts, ends)
        proven = judge(records, data, starts, ends, self.known)
        if len(proven) == len(records):
            return list(proven.values())  # (in their order)
        for place in set(range(len(records))).difference(proven):
            r = records[place]
            proven[place] = None if r is None else self.clean_record(r, data, starts[place], ends[place])  # type: ignore[assignment]
        return list(map(proven.__getitem__, range(len(records))))

    def clean(self, data: bytes, start: int, end: int) -> int | None:
        try:
            r = _decode(memoryview(data)[start:end])  # (a view: the line is not copied)
        except (ValueError, RecursionError):  # not a well-formed record, not JSON, not UTF-8
            return None
        return self.clean_record(r, data, start, end)

    def clean_record(self, r: Any, data: bytes, start: int, end: int) -> int | None:
        """:meth:`clean` of a line already decoded into ``r``."""
        if r.slurp_id not in _ID_RANGE or may_escape_colon(data, start, end):
            return None
        members = _RECORD_KEYS + _TOKEN_KEYS * len(r.tokens) + _RECORDING_KEYS * len(r.recordings) + _ENTITY_KEYS * len(r.entities)
        if not every_key_kept(data, start, end, members, r.sentence_annotation.count(":")):  # (its brackets' colons; a colon elsewhere: unproven)
            return None
        if not well_formed(r.sentence_annotation):
            return None  # (SLP102 for certain: the ordinary way reports it; the grammar that places it is not run twice)
        scratch = self.scratch
        check_record(r, EVERY_FIELD, _AT, scratch)
        if self.known is not None:
            self.inventory(r, EVERY_FIELD, _AT, self.known, scratch)
        if scratch.added:
            self.scratch = Report()
            return None
        return r.slurp_id

    def record(self, path: JsonPath, clean: int) -> None:
        self.tally(path, clean)
