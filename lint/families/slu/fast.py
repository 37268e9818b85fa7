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
import unicodedata
from pathlib import Path
from typing import Any

from goldlint.families.slu.answers import convention_problem
from goldlint.families.slu.inventory import parse_inventory
from goldlint.families.slu.meta import PRIVATE_FOLDERS, placeholder_problems, speaker_problem
from goldlint.families.slu.options import SluOptions
from goldlint.rules.file_rules import invisible_or_confusable

_SAFE_AUDIO = re.compile(r"[\w.-]+(?:/[\w.-]+)*")
# A folder part the detailed check would look at twice: `..`, or a private folder (SLU109).
_SUSPECT_PART = re.compile(rf"(?:^|/)(?:\.\.|{'|'.join(sorted(PRIVATE_FOLDERS))})(?:/|$)", re.IGNORECASE)
_CACHE_LIMIT = 200_000


class CleanCheck:
    def __init__(self, options: SluOptions, gold_dir: Path) -> None:
        self.options = options
        self.gold_dir = gold_dir
        self.audio_types = frozenset(options.audio_types)
        self._inventories: dict[str, dict[str, frozenset[str]] | None] = {}
        self._intents: dict[str, bool] = {}
        self._slot_values: dict[str, bool] = {}
        self._speakers: dict[str, bool] = {}
        self._instructions: dict[tuple[str, tuple[str, ...]], bool] = {}
        self._audio_dirs: dict[str, bool] = {}  # folder part of an audio path -> nothing to look into
        # The record before's annotation and instruction: comparing equal strings is a memcmp,
        # looking them up hashes them anew (orjson gives every line new string objects).
        self._last_annotation: str | None = None
        self._last_inventory: dict[str, frozenset[str]] | None = None
        self._last_instruction: tuple[str, Any] | None = None

    def is_clean(self, r: Any) -> bool:
        try:  # the record's fields, by indexing: a missing key or a non-object on the way raises
            inputs, outputs, meta, instruction = r["inputs"], r["outputs"], r["meta"], r["instruction"]
            annotation, audio, question = inputs["annotation"], inputs["audio"], inputs["question"]
            intent, slots = outputs["intent"], outputs["slots"]
            record_id, audio_type, speaker = meta["id"], meta["audio"]["type"], meta["speaker"]
        except (KeyError, TypeError, IndexError):
            return False
        if (type(r) is not dict or type(inputs) is not dict or type(outputs) is not dict or type(meta) is not dict
                or type(instruction) is not str or type(annotation) is not str or type(audio) is not str
                or type(question) is not str or type(intent) is not str or type(slots) is not list
                or type(record_id) is not int or type(audio_type) is not str or type(speaker) is not str):
            return False
        return self.fields_clean(annotation, audio_type, speaker, instruction, inputs, audio, intent, slots)

    def fields_clean(self, annotation: str, audio_type: str, speaker: str, instruction: str, inputs: Any, audio: str, intent: str,
                     slots: list[Any]) -> bool:
        """Whether a record whose fields have their types (strings, a list of slots) has
        nothing to report; ``inputs``: the names of its inputs. (Also the JSONL line claims'
        test, :mod:`.lines`.)"""
        inventory = self._inventory(annotation)
        if inventory is None or audio_type not in self.audio_types or not self._speaker_ok(speaker):
            return False
        if not self._instruction_ok(instruction, inputs) or not self._audio_ok(audio):
            return False
        allowed = inventory.get(intent)
        if allowed is None or not self._intent_ok(intent):
            return False
        for item in slots:
            if type(item) is not dict or len(item) != 1:
                return False
            for slot_type, value in item.items():
                if type(value) is not str or slot_type not in allowed or not self._slot_value_ok(value):
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

    def _audio_ok(self, audio: str) -> bool:
        """A plain relative path, and no audio folder to look into (else the detailed check reads it).

        The folder part recurs (``samples/``), so its verdict is cached; the file name is
        new every record and is tested with string methods (a pattern or a translation
        table costs several times more)."""
        folder, slash, name = audio.rpartition("/")
        if (slash and not folder) or not name.replace(".", "").replace("-", "").replace("_", "").isalnum():
            return False  # (\w is isalnum() or _; a name may also hold . and -)
        if "." not in name and name.lower() in PRIVATE_FOLDERS:
            return False
        ok = self._audio_dirs.get(folder)
        if ok is None:
            ok = self._folder_ok(folder)
            self._audio_dirs[folder] = ok
        return ok

    def _folder_ok(self, folder: str) -> bool:
        if not folder:
            return self.options.audio_root is None
        if _SAFE_AUDIO.fullmatch(folder) is None or _SUSPECT_PART.search(folder) is not None or self.options.audio_root is not None:
            return False
        try:
            return not (self.gold_dir / folder.partition("/")[0]).is_dir()
        except (OSError, ValueError):
            return False  # an unusable name: let the detailed check say so

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
            ok = _text_clean(value) and value.strip() != "" and convention_problem(value, self.options) is None
            self._slot_values[value] = ok
        return ok


def _text_clean(value: str) -> bool:
    """Nothing for GL006–GL008 to report."""
    if not value:
        return True
    if value[0].isspace() or value[-1].isspace() or invisible_or_confusable(value):
        return False
    return value.isascii() or unicodedata.is_normalized("NFC", value)
