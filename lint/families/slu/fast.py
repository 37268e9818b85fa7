"""The clean path of the `slu` family: decide cheaply that a record has nothing to report.

Almost every record of a real file is clean, so the family first asks :meth:`CleanCheck.is_clean`,
which looks only at types, set memberships and per-value caches (the same intents, slot
values, speakers and instructions recur across records). It answers ``True`` only when
the detailed checks would report nothing for the record; whenever it is unsure it answers
``False`` and the detailed checks run and say exactly what is wrong and where. A property
test holds the two to that contract.
"""

from __future__ import annotations

import re
import string
import unicodedata
from itertools import chain, compress, repeat
from operator import is_, itemgetter, methodcaller, or_
from pathlib import Path
from typing import Any

import msgspec

from goldlint.families.slu.answers import convention_problem
from goldlint.families.slu.declaration import ANNOTATION, AUDIO_PATH, ID, INPUTS_AT, INSTRUCTION, INTENT, PRIVATE_FOLDERS, SLOTS, SPEAKER, SPEAKER_AGE
from goldlint.families.slu.inventory import parse_inventory
from goldlint.families.slu.meta import AGE_DIGITS, SPEAKER_FORM, audio_beside, audio_leak, placeholder_problems, speaker_problem
from goldlint.families.slu.options import SluOptions
from goldlint.families.slu.typed import getter, record_type
from goldlint.lazy_patterns import LazyPatterns
from goldlint.rules.file_rules import invisible_or_confusable

_CACHE_LIMIT = 200_000
_NAME_CHARS = string.ascii_letters + string.digits + "_.-"  # (what a plain file name is made of)
_FIELDS = getter(ANNOTATION, ID, SPEAKER, INSTRUCTION, AUDIO_PATH, INTENT, SLOTS)  # (what :meth:`CleanCheck.fields_clean` judges)
_convert = msgspec.convert
# A slot value of lower-case words, each all Latin or all Cyrillic, one space between them:
# nothing for GL006-GL008 (no edge blank, no invisible or mixed-script character, NFC) nor
# any text convention (no capital, digit or punctuation) to say. One C match answers for the
# values a real file holds, most of them new (about 3 µs less a value than the checks they
# imply; tests/test_slu_fast_path.py proves the implication).
PLAIN_VALUE = re.compile("(?:[a-z]+|[а-яё]+)(?: (?:[a-z]+|[а-яё]+))*")


class CleanCheck:
    def __init__(self, options: SluOptions, gold_dir: Path) -> None:
        self.options = options
        self.gold_dir = gold_dir
        self.record_type = record_type(tuple(options.audio_types))
        self._inventories: dict[str, dict[str, frozenset[str]] | None] = {}
        self._intents: dict[str, bool] = {}
        self._slot_values: dict[str, bool] = {}
        self._speakers: dict[str, bool] = {}
        self._instructions: dict[tuple[str, tuple[str, ...]], bool] = {}
        self._audio_dirs: dict[str | None, bool] = {}  # folder part of an audio path (None: none) -> nothing to look into
        # The record before's annotation and instruction: comparing equal strings is a memcmp,
        # looking them up hashes them anew (orjson gives every line new string objects).
        self._last_annotation: str | None = None
        self._last_inventory: dict[str, frozenset[str]] | None = None
        self._last_instruction: tuple[str, Any] | None = None

    def is_clean(self, r: Any) -> bool:
        return self.verdict(r) is not None

    def verdict(self, r: Any) -> tuple[str, int] | None:
        """A clean record's annotation and id; None when the detailed checks must look. The
        record's declared fields and their types are msgspec's to judge (:mod:`.typed`)."""
        try:
            typed = _convert(r, self.record_type)
        except msgspec.ValidationError:
            return None
        annotation, record_id, speaker, instruction, audio, intent, slots = _FIELDS(typed)
        if not self.fields_clean(annotation, speaker, instruction, r[INPUTS_AT], audio, intent, slots):
            return None
        return annotation, record_id

    def fields_clean(self, annotation: str, speaker: str, instruction: str, inputs: Any, audio: str, intent: str, slots: list[Any]) -> bool:
        """Whether a typed record (its audio type one of the configured ones, its slots one-key
        objects of strings) has nothing to report; ``inputs``: the names of its inputs. (Also
        the JSONL line claims' test, :mod:`.lines`.) Each verdict is cached, looked up here
        and worked out by the method beside it on a miss: the same values recur from record
        to record, and this runs for every one."""
        inventory = self._last_inventory if annotation == self._last_annotation else self._inventory(annotation)
        if inventory is None:
            return False
        ok = self._speakers.get(speaker)
        if not (ok if ok is not None else self._speaker_ok(speaker)):
            return False
        last = self._last_instruction
        if not (last is not None and instruction == last[0] and inputs.keys() == last[1]) and not self._instruction_ok(instruction, inputs):
            return False
        # The audio path (SLU109, SLU110): its folder's verdict is cached; its file name, new every
        # record, adds no leak when it is plain (word characters, dots, dashes; not all dots,
        # not a private folder's name); any other goes the detailed way.
        folder, slash, name = audio.rpartition("/")
        if not name.isascii() or name.strip(_NAME_CHARS) or not name.strip(".") or ("." not in name and name.lower() in PRIVATE_FOLDERS):
            return False
        ok = self._audio_dirs.get(folder if slash else None)
        if not (ok if ok is not None else self._folder_ok(folder, slash)):
            return False
        allowed = inventory.get(intent)
        if allowed is None:
            return False
        ok = self._intents.get(intent)
        if not (ok if ok is not None else self._intent_ok(intent)):
            return False
        values = self._slot_values
        for item in slots:  # (each a one-key object of a non-empty string: the type says so)
            for slot_type, value in item.items():
                ok = values.get(value)
                if slot_type not in allowed or not (ok if ok is not None else self._slot_value_ok(value)):
                    return False
        if len(slots) > 1 and len({next(iter(item.items())) for item in slots}) != len(slots):
            return False  # the same slot twice
        return True

    def fields_clean_many(self, annotation: str, instruction: str, inputs: Any, speakers: list[str], audios: list[str], intents: list[str],
                          slots: list[list[Any]]) -> bytes:
        """:meth:`fields_clean` of records sharing their annotation, instruction and inputs (a
        JSONL batch of one layout), a byte each (1: clean), column by column: each check is a
        few passes in C over a column, and the distinct values of a column at once where they are
        plain (else each by the cached verdicts :meth:`fields_clean` reads). tests/test_slu_layout.py
        holds the two equal."""
        n = len(speakers)
        inventory = self._inventory(annotation)
        last = self._last_instruction
        if inventory is None or not (
                (last is not None and instruction == last[0] and inputs.keys() == last[1]) or self._instruction_ok(instruction, inputs)):
            return bytes(n)
        clean = bytearray(b"\x01") * n
        distinct = set(speakers)
        if not self._plain_speakers(distinct):  # (some are not: those not of the declared form, each found by one match)
            odd = set(compress(distinct, map(is_, map(SPEAKER_FORM.fullmatch, distinct), repeat(None))))
            if not self._plain_speakers(distinct - odd):  # (an implausible age too: each by the cached verdicts)
                known = self._speakers
                odd = {s for s in distinct if not (known[s] if s in known else self._speaker_ok(s))}
            _exclude(clean, speakers, odd)
        folders, slashes, names = zip(*map(str.rpartition, audios, repeat("/")), strict=True) if n else ((), (), ())
        joined = "\n".join(names)
        if joined.count("\n") != n - 1 or not _BATCH.names.fullmatch(joined):  # (one match for the usual batch)
            _exclude(clean, names, {name for name in set(names) if not _BATCH.name.fullmatch(name)})
        dirs = self._audio_dirs
        keys = list(map(_folder_key, folders, slashes))
        _exclude(clean, keys, {key for key in set(keys) if not (dirs[key] if key in dirs else self._folder_ok(key or "", "/" if key is not None else ""))})
        done = self._intents
        _exclude(clean, intents, {i for i in set(intents) if i not in inventory or not (done[i] if i in done else self._intent_ok(i))})
        counts = list(map(len, slots))
        items = list(map(next, map(iter, map(dict.items, chain.from_iterable(slots)))))  # (type, value) of every slot (one key each: typed)
        owners = list(chain.from_iterable(map(repeat, range(n), counts)))
        typed = list(zip(chain.from_iterable(map(repeat, intents, counts)), map(itemgetter(0), items), strict=True))
        wrong = {pair for pair in set(typed) if pair[1] not in inventory.get(pair[0], ())}
        distinct = set(map(itemgetter(1), items))
        joined = "\n".join(distinct)
        wrong_values: set[str] = set()
        if joined.count("\n") != len(distinct) - 1 or not _BATCH.values.fullmatch(joined):  # (one match: every value plain)
            values = self._slot_values  # (else those not plain, each found by one match, are judged one by one)
            wrong_values = {v for v in compress(distinct, map(is_, map(PLAIN_VALUE.fullmatch, distinct), repeat(None)))
                            if not (values[v] if v in values else self._slot_value_ok(v))}
        for at in compress(owners, map(or_, map(wrong.__contains__, typed), map(wrong_values.__contains__, map(itemgetter(1), items)))):
            clean[at] = 0
        if len(set(zip(owners, items, strict=True))) != len(items):  # the same slot twice in some record
            for at in compress(range(n), map((1).__lt__, counts)):
                if len(set(map(tuple, map(dict.items, slots[at])))) != counts[at]:
                    clean[at] = 0
        return bytes(clean)

    def _plain_speakers(self, speakers: set[str]) -> bool:
        """Whether every speaker id has the declared form and a plausible age: one match over
        them all, their ages compared in C. (No cache: a file has hundreds of thousands of
        speakers, and looking each up in so large a table costs more than this.)"""
        joined = "\n".join(speakers)
        if not speakers or joined.count("\n") != len(speakers) - 1 or not _BATCH.speakers.fullmatch(joined):
            return not speakers
        written = list(map(methodcaller("group", SPEAKER_AGE), SPEAKER_FORM.finditer(joined)))
        if max(map(len, written)) > AGE_DIGITS:
            return False  # (an age of that many digits, perhaps zeros: one by one, by meta.speaker_problem)
        ages = list(map(int, written))
        return self.options.min_speaker_age <= min(ages) and max(ages) <= self.options.max_speaker_age

    # Each verdict below is cached: the same value recurs from record to record.

    def _inventory(self, annotation: str) -> dict[str, frozenset[str]] | None:
        """The intents and their slots that the annotation lists; None when it has a problem."""
        if annotation == self._last_annotation:
            return self._last_inventory
        self._last_annotation, self._last_inventory = annotation, self._inventory_of(annotation)
        return self._last_inventory

    def _inventory_of(self, annotation: str) -> dict[str, frozenset[str]] | None:
        if annotation not in self._inventories:
            parsed = parse_inventory(annotation)
            self._inventories[annotation] = None if parsed.problems else {k: frozenset(v) for k, v in parsed.intents.items()}
        return self._inventories[annotation]

    def _instruction_ok(self, instruction: str, inputs: dict[str, Any]) -> bool:
        """Whether every placeholder of the instruction has an input, and no more."""
        last = self._last_instruction
        if last is not None and instruction == last[0] and inputs.keys() == last[1]:
            return True  # (only a clean pair is remembered)
        key = (instruction, tuple(inputs))
        ok = self._instructions.get(key)
        if ok is None:
            ok = not placeholder_problems(instruction, inputs)
            self._instructions[key] = ok
        if ok:
            self._last_instruction = (instruction, frozenset(inputs))
        return ok

    def _speaker_ok(self, speaker: str) -> bool:
        """Whether the speaker id has nothing to report."""
        ok = self._speakers.get(speaker)
        if ok is None:
            ok = speaker_problem(speaker, self.options) is None
            self._speakers[speaker] = ok
        return ok

    def _folder_ok(self, folder: str, slash: str) -> bool:
        """A path's folder (before its last `/`; ``slash``: whether there is one) adds no leak,
        and holds no audio to look at (else the detailed check reads it)."""
        ok = self.options.audio_root is None and audio_leak(folder + slash) is None and not audio_beside(
            (folder + slash).replace("\\", "/"), self.gold_dir)
        self._audio_dirs[folder if slash else None] = ok
        return ok

    def _intent_ok(self, intent: str) -> bool:
        """Whether the intent is lower case with a clean text."""
        ok = self._intents.get(intent)
        if ok is None:
            ok = intent == intent.lower() and _text_clean(intent)
            self._intents[intent] = ok
        return ok

    def _slot_value_ok(self, value: str) -> bool:
        """Whether a slot value is a clean, non-blank text that keeps the configured conventions."""
        ok = self._slot_values.get(value)
        if ok is None:
            if len(self._slot_values) > _CACHE_LIMIT:
                self._slot_values.clear()
            ok = PLAIN_VALUE.fullmatch(value) is not None or (
                _text_clean(value) and value.strip() != "" and convention_problem(value, self.options) is None)
            self._slot_values[value] = ok
        return ok


def _folder_key(folder: str, slash: str) -> str | None:
    return folder if slash else None


def _exclude(clean: bytearray, column: Any, bad: set[Any]) -> None:
    """Mark not clean the records whose value in ``column`` is in ``bad``."""
    if bad:
        for at in compress(range(len(clean)), map(bad.__contains__, column)):
            clean[at] = 0


# A batch's values, speakers and audio file names, one per line, each tested by one match (compiled
# when a batch is first tested: a short file's records are tested one by one). An audio file name
# :meth:`CleanCheck.fields_clean` passes: plain characters, not all dots, not a private folder's
# name (in any case).
_NAME = rf"(?!(?i:{'|'.join(sorted(PRIVATE_FOLDERS))})(?:\n|\Z))(?=[^\n]*[^.\n])[{re.escape(_NAME_CHARS)}]+"
_BATCH = LazyPatterns(values=f"(?:{PLAIN_VALUE.pattern}\n)*{PLAIN_VALUE.pattern}",
                      speakers=rf"(?:{SPEAKER_FORM.pattern}\n)*{SPEAKER_FORM.pattern}",
                      name=_NAME, names=rf"{_NAME}(?:\n{_NAME})*")


def _text_clean(value: str) -> bool:
    """Nothing for GL006–GL008 to report."""
    if not value:
        return True
    if value[0].isspace() or value[-1].isspace() or invisible_or_confusable(value):
        return False
    return value.isascii() or unicodedata.is_normalized("NFC", value)
