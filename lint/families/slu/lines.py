"""The clean path of an `slu` JSONL file, a line at a time straight from its bytes.

A RuSLUn line is about 3 KB, nearly all of it three strings that every line repeats: the
instruction, the question and the annotation (the intent inventory). Building a dict and
those strings anew for each line costs more than every check together. So a line is
decoded with msgspec into the typed records of :mod:`.typed` (built from the
declaration), whose recurring long strings stay undecoded (:class:`msgspec.Raw`, a slice
of the line): when a slice's bytes are the previous line's
(one memcmp), so are its string and its verdict. The decoder checks the shape and every
type in C; :class:`~goldlint.families.slu.fast.CleanCheck` answers the rest, with the
caches the dict path uses.

A reader keeps one value per key, and msgspec does too, so a repeated key (GL004) is ruled
out by counting colons (:func:`~goldlint.formats.json_keys.every_key_kept`), the long
strings' colons counted in their raw bytes. A colon in a short string makes the counts
differ, and such a line, like anything unusual, goes the ordinary way (which is always exact).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, repeat
from operator import is_
from typing import Any

import msgspec

from goldlint.families.slu.declaration import ANNOTATION, AUDIO_PATH, ID, INPUTS, INSTRUCTION, INTENT, QUESTION, SLOTS, SPEAKER
from goldlint.families.slu.fast import CleanCheck
from goldlint.families.slu.layout import Layout, tail_decoder
from goldlint.families.slu.typed import MEMBERS, getter, record_type
from goldlint.findings import JsonPath
from goldlint.formats.json_keys import every_key_kept

_INPUT_KEYS = dict.fromkeys(m.name for m in INPUTS.members)  # (a clean line has exactly these inputs)
_RECURRING = getter(INSTRUCTION, QUESTION, ANNOTATION)  # (the typed record's undecoded long strings)
_FIELDS = getter(ID, SPEAKER, AUDIO_PATH, INTENT, SLOTS)
_decode_string = msgspec.json.Decoder(str).decode
_LAYOUT_RETRY = 1000  # (trying a line as a layout costs about what judging it does)


class _LastString:
    """The previous line's string at one place: its bytes, its value, its colons."""

    __slots__ = ("colons", "raw", "value")

    def __init__(self) -> None:
        self.raw: msgspec.Raw | None = None
        self.value = ""
        self.colons = 0

    def read(self, raw: msgspec.Raw) -> bool:
        """Take ``raw`` as the current string; False when it is not a JSON string."""
        if raw == self.raw:
            return True
        try:
            value = _decode_string(raw)
        except ValueError:  # not a string, or not UTF-8 (msgspec's errors are ValueErrors)
            return False
        self.raw, self.value, self.colons = raw, value, bytes(raw).count(b":")
        return True


class CleanLines:
    """Claims the lines :meth:`CleanCheck.is_clean` would pass (a
    :class:`~goldlint.formats.jsonl_doc.LineClaims`); ``tally`` counts each claimed
    record, with its annotation and id, where records meet, ``tally_run`` a run of them."""

    def __init__(self, fast: CleanCheck, tally: Callable[[JsonPath, str, int], None], tally_run: Callable[[int, list[tuple[str, int]]], None]) -> None:
        self.fast = fast
        self.fields_clean = fast.fields_clean
        self.tally = tally
        self.record_run = tally_run  # (consecutive claimed lines at once: see LineClaims)
        typed = record_type(tuple(fast.options.audio_types), raw=True)
        self._decode_record = msgspec.json.Decoder(typed).decode
        self._decode_tail = tail_decoder(typed)
        self.instruction, self.question, self.annotation = _LastString(), _LastString(), _LastString()
        self._audio = ""  # the audio path of the last line found clean the ordinary way
        self.layout: Layout | None = None  # the last clean line's, held against the next ones (:mod:`.layout`)
        self._layout_wait = 0  # clean lines to judge before a line is tried as a layout again

    def clean(self, data: bytes, start: int, end: int) -> tuple[str, int] | None:
        layout = self.layout
        if layout is not None:
            verdict = layout.clean(data, start, end)
            if verdict is not None:
                return verdict
        verdict = self.clean_decoded(data, start, end)
        if verdict is not None and self._layout_wait:
            self._layout_wait -= 1
        elif verdict is not None:  # a clean line not of the layout: the lines after it are more likely of its own
            last = self.annotation.value, self.instruction.value
            self.layout = Layout.of(data, start, end, self._audio, self._decode_tail, self.fast, last[1], last[0], _INPUT_KEYS)
            if self.layout is None:  # (a file not laid out so: tried again only now and then)
                self._layout_wait = _LAYOUT_RETRY
        return verdict

    def clean_batch(self, data: bytes, starts: list[int], ends: list[int]) -> list[tuple[str, int] | None]:
        """:meth:`clean` of each line of a batch: those of the layout at once, the others one by one."""
        done: list[tuple[str, int] | None] = []
        while self.layout is None and len(done) < len(starts):  # (until a clean line sets the layout)
            done.append(self.clean(data, starts[len(done)], ends[len(done)]))
        if len(done) == len(starts):
            return done
        if done:
            starts, ends = starts[len(done) :], ends[len(done) :]
        verdicts = self.layout.clean_batch(data, starts, ends)  # type: ignore[union-attr]  # (set: the loop above ended)
        for k in compress(range(len(verdicts)), map(is_, verdicts, repeat(None))):
            verdicts[k] = self.clean(data, starts[k], ends[k])
        return done + verdicts if done else verdicts

    def clean_decoded(self, data: bytes, start: int, end: int) -> tuple[str, int] | None:
        """The ordinary clean path: the line decoded, its long strings compared with the line before's."""
        try:
            r = self._decode_record(memoryview(data)[start:end])  # (a view: the line is not copied)
        except (ValueError, RecursionError):  # not this shape, not JSON, not UTF-8, too deep
            return None
        judged = self.judge(r)
        if judged is None or not every_key_kept(data, start, end, judged[2], 0):
            return None  # a key perhaps written twice (GL004): the ordinary way finds it
        return judged[0], judged[1]

    def judge(self, r: Any) -> tuple[str, int, int] | None:
        """A typed record's (:func:`.typed.record_type`, ``raw``) annotation, id, and the colons its
        text has when no key is written twice: one a member, and those of its recurring strings
        (a colon in a short string is not counted: a text with one goes the ordinary way);
        None when it is not clean. (Also the JSON array's byte path, :mod:`.array`.)"""
        instruction, question, annotation = _RECURRING(r)
        last_instruction, last_question, last_annotation = self.instruction, self.question, self.annotation
        if ((instruction != last_instruction.raw and not last_instruction.read(instruction)) or (question != last_question.raw and not last_question.read(question))
                or (annotation != last_annotation.raw and not last_annotation.read(annotation))):
            return None  # (read only when it differs from the line before's: a method call for each costs)
        record_id, speaker, audio, intent, slots = _FIELDS(r)
        if not self.fields_clean(last_annotation.value, speaker, last_instruction.value, _INPUT_KEYS, audio, intent, slots):
            return None
        self._audio = audio  # (read by the JSONL path once the line's colons are counted too: the layout starts at it)
        return last_annotation.value, record_id, MEMBERS + len(slots) + last_instruction.colons + last_question.colons + last_annotation.colons

    def record(self, path: JsonPath, clean: tuple[str, int]) -> None:
        self.tally(path, *clean)
