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
from pathlib import Path
from typing import Any

import msgspec

from goldlint.families.slu.answers import convention_problem
from goldlint.families.slu.declaration import ANNOTATION, AUDIO_PATH, ID, INPUTS_AT, INSTRUCTION, INTENT, PRIVATE_FOLDERS, SLOTS, SPEAKER
from goldlint.families.slu.inventory import parse_inventory
from goldlint.families.slu.meta import audio_beside, audio_leak, placeholder_problems, speaker_problem
from goldlint.families.slu.options import SluOptions
from goldlint.families.slu.typed import getter, record_type
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


def _text_clean(value: str) -> bool:
    """Nothing for GL006–GL008 to report."""
    if not value:
        return True
    if value[0].isspace() or value[-1].isspace() or invisible_or_confusable(value):
        return False
    return value.isascii() or unicodedata.is_normalized("NFC", value)
