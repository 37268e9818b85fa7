"""A JSONL line of an `slu` file laid out byte for byte as a clean line before it.

Lines of a RuSLUn file differ in a few short values (the audio path, the answer, the
metadata) and repeat the rest, some 3 KB: the instruction, the question and the annotation
with the keys around them. Decoding a line, even with those strings left undecoded, walks
every one of their bytes; comparing them with the bytes of a line already found clean is
two ``memcmp``. So once a line is clean (the ordinary clean path, :class:`.lines.CleanLines`),
it becomes the layout the lines after it are held against:

    head     everything up to the audio path's opening quote (the instruction among it)
    audio    a plain ASCII string, no escape in it: its value is its bytes
    middle   from the audio path's closing quote up to the first key of the tail: the
             question, the annotation, and the end of the inputs
    tail     the answer and the metadata, the short values that differ line by line,
             decoded (with the types :mod:`.typed` builds from the declaration) as the
             object ``{`` + tail

A line that starts with ``head``, has a plain audio path after it and ``middle`` after
that reads, in every JSON reader, as the layout's line with that audio path and that tail:
the same members with the same values up to the tail (which holds the rest, every member
declared and no other: its decoder forbids unknown ones, and the layout's own line passed
it). A key written twice in the tail is ruled out by counting its colons
(:mod:`~goldlint.formats.json_keys`). The verdict is then :meth:`.fast.CleanCheck.fields_clean`'s,
on the same values as the ordinary way's; whatever does not fit goes that way. A batch of
lines is judged at once (:meth:`Layout.clean_batch`): each step one pass in C over the batch,
the fields column by column (:meth:`.fast.CleanCheck.fields_clean_many`).
tests/test_slu_layout.py holds the ways to the same verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import compress, repeat
from operator import and_, eq, is_not
from typing import TYPE_CHECKING, Any

import msgspec

from goldlint.families.slu import declaration
from goldlint.families.slu.declaration import ID, INTENT, META, OUTPUTS, SLOTS, SPEAKER
from goldlint.families.slu.typed import getter

if TYPE_CHECKING:
    from goldlint.families.slu.fast import CleanCheck

_TAIL = (OUTPUTS.name, META.name)  # the members of a record that follow its inputs in a RuSLUn line
_TAIL_MEMBERS = sum(1 for path, _ in declaration.walk() if path[0] in _TAIL)  # their keys, the slots' aside
_TAIL_FIELDS = getter(ID, SPEAKER, INTENT, SLOTS)  # (their paths in the record: the tail keeps them)
# Printable ASCII without `"` and `\` (a JSON string that is its bytes), nor `:` (which the
# ordinary way's colon count would not expect: the two ways give the same verdicts).
_PLAIN_ASCII = re.compile(rb"[ !#-9;-\[\]-~]*")


class Layout:
    """The bytes a clean line shares with the lines after it (see the module's docs)."""

    __slots__ = ("annotation", "decode_tail", "fields_clean", "fields_clean_many", "head", "instruction", "inputs", "middle")

    def __init__(self, head: bytes, middle: bytes, decode_tail: Callable[[bytes], Any], check: CleanCheck,
                 instruction: str, annotation: str, inputs: Any) -> None:
        self.head, self.middle = head, middle
        self.decode_tail = decode_tail
        self.fields_clean, self.fields_clean_many = check.fields_clean, check.fields_clean_many
        self.instruction, self.annotation, self.inputs = instruction, annotation, inputs

    @classmethod
    def of(cls, data: bytes, start: int, end: int, audio: str, decode_tail: Callable[[bytes], Any], check: CleanCheck,
           instruction: str, annotation: str, inputs: Any) -> Layout | None:
        """The layout of the clean line ``data[start:end]`` whose audio path is ``audio``; None
        when the line is not laid out so (the path not plain or not once in the line, no
        tail of exactly the answer and the metadata after it)."""
        needle = b'"' + audio.encode() + b'"'
        if not _PLAIN_ASCII.fullmatch(needle, 1, len(needle) - 1):
            return None
        at = data.find(needle, start, end)
        if at < 0 or data.rfind(needle, start, end) != at:
            return None
        after = at + len(needle) - 1  # the closing quote
        keys = [k for k in (data.find(b'"' + name.encode() + b'"', after, end) for name in _TAIL) if k >= 0]
        if len(keys) != len(_TAIL):
            return None
        tail = min(keys)
        try:
            decode_tail(b"{" + data[tail:end])
        except (ValueError, RecursionError):
            return None  # (something else is in the tail: a line of another layout)
        return cls(data[start : at + 1], data[after:tail], decode_tail, check, instruction, annotation, inputs)

    def clean(self, data: bytes, start: int, end: int) -> tuple[str, int] | None:
        """The verdict of the ordinary clean path on ``data[start:end]``, or None: not laid out
        as this layout, or not clean."""
        if not data.startswith(self.head, start):
            return None
        audio_at = start + len(self.head)
        quote = data.find(b'"', audio_at, end)
        if quote < 0 or not data.startswith(self.middle, quote) or not _PLAIN_ASCII.fullmatch(data, audio_at, quote):
            return None
        tail_at = quote + len(self.middle)
        try:
            tail = self.decode_tail(b"{" + data[tail_at:end])
        except (ValueError, RecursionError):
            return None
        record_id, speaker, intent, slots = _TAIL_FIELDS(tail)
        if data.count(b":", tail_at, end) != _TAIL_MEMBERS + len(slots):
            return None  # a key perhaps written twice, or a colon in a string: the ordinary way
        audio = data[audio_at:quote].decode("ascii")
        if not self.fields_clean(self.annotation, speaker, self.instruction, self.inputs, audio, intent, slots):
            return None
        return self.annotation, record_id


    def clean_batch(self, data: bytes, starts: list[int], ends: list[int]) -> list[tuple[str, int] | None]:
        """:meth:`clean` of the lines ``data[starts[k]:ends[k]]``, at once: each step a pass in C
        over the batch, the fields judged column by column (:meth:`.fast.CleanCheck.fields_clean_many`)."""
        audio_at = list(map(len(self.head).__add__, starts))
        quotes = list(map(data.find, repeat(b'"'), audio_at, ends))
        fits = list(map(all, zip(map(data.startswith, repeat(self.head), starts), map((-1).__lt__, quotes),
                                 map(data.startswith, repeat(self.middle), quotes), map(_PLAIN_ASCII.fullmatch, repeat(data), audio_at, quotes), strict=True)))
        at = list(compress(range(len(starts)), fits))
        if len(at) < len(starts):
            audio_at, quotes, ends = (list(map(column.__getitem__, at)) for column in (audio_at, quotes, ends))
        tail_at = list(map(len(self.middle).__add__, quotes))
        tails: list[Any] = []
        texts = map(b"{".__add__, map(data.__getitem__, map(slice, tail_at, ends)))
        decoded = map(self.decode_tail, texts)
        while True:  # (a map goes on after an item that raised: each line not decoded stands as None)
            try:
                tails.extend(decoded)
                break
            except (ValueError, RecursionError):
                tails.append(None)
        verdicts: list[tuple[str, int] | None] = [None] * len(starts)
        if tails.count(None):  # (lines whose tail is not the declared one: left out)
            kept = list(compress(range(len(tails)), map(is_not, tails, repeat(None))))
            at, tails, audio_at, quotes, tail_at, ends = (list(map(column.__getitem__, kept)) for column in (at, tails, audio_at, quotes, tail_at, ends))
        if not tails:
            return verdicts
        ids, speakers, intents, slots = zip(*map(_TAIL_FIELDS, tails), strict=True)
        colons = map(data.count, repeat(b":"), tail_at, ends)
        keys_kept = map(eq, colons, map(_TAIL_MEMBERS.__add__, map(len, slots)))  # (else a key perhaps written twice, or a colon in a string)
        audios = list(map(bytes.decode, map(data.__getitem__, map(slice, audio_at, quotes))))
        clean = self.fields_clean_many(self.annotation, self.instruction, self.inputs, list(speakers), audios, list(intents), list(slots))
        for k, record_id in compress(zip(at, ids, strict=True), map(and_, clean, keys_kept)):
            verdicts[k] = self.annotation, record_id
        return verdicts


def tail_decoder(record: Any) -> Callable[[bytes], Any]:
    """The decoder of ``{`` + tail: the members of the tail with their types in the record
    type ``record``, no other member."""
    types = {f.name: f.type for f in msgspec.structs.fields(record)}
    return msgspec.json.Decoder(msgspec.defstruct("_Tail", [(name, types[name]) for name in _TAIL], forbid_unknown_fields=True, gc=False)).decode
