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
from goldlint.families.slu.meta import placeholder_problems, speaker_problem
from goldlint.families.slu.options import SluOptions
from goldlint.rules.file_rules import invisible_or_confusable

_SAFE_AUDIO = re.compile(r"[\w.-]+(?:/[\w.-]+)*")
_SUSPECT_PART = re.compile(r"(?:^|/)(?:\.\.|home|users|root|private|tmp|mnt|media)(?:/|$)", re.IGNORECASE)
_CACHE_LIMIT = 200_000


class CleanCheck:
    def __init__(self, options: SluOptions, gold_dir: Path) -> None:
        self.options = options
        self.gold_dir = gold_dir
        self.audio_types = frozenset(options.audio_types)
        self._inventories: dict[str, dict[str, frozenset[str]] | None] = {}
        self._text: dict[str, bool] = {}
        self._speakers: dict[str, bool] = {}
        self._instructions: dict[tuple[str, tuple[str, ...]], bool] = {}
        self._audio_dirs: dict[str, bool] = {}

    def is_clean(self, r: Any) -> bool:
        if type(r) is not dict:
            return False
        inputs, outputs, meta, instruction = r.get("inputs"), r.get("outputs"), r.get("meta"), r.get("instruction")
        if type(inputs) is not dict or type(outputs) is not dict or type(meta) is not dict or type(instruction) is not str:
            return False
        annotation, audio = inputs.get("annotation"), inputs.get("audio")
        if type(annotation) is not str or type(audio) is not str or type(inputs.get("question")) is not str:
            return False
        inventory = self._inventory(annotation)
        if inventory is None or not self._instruction(instruction, inputs) or not self._meta(meta) or not self._audio(audio):
            return False
        intent, slots = outputs.get("intent"), outputs.get("slots")
        if type(intent) is not str or type(slots) is not list:
            return False
        allowed = inventory.get(intent)
        if allowed is None or intent != intent.lower() or not self._gold_text(intent, False):
            return False
        seen: set[tuple[str, str]] = set()
        for item in slots:
            if type(item) is not dict or len(item) != 1:
                return False
            ((slot_type, value),) = item.items()
            if type(value) is not str or slot_type not in allowed or not self._gold_text(value, True):
                return False
            if (slot_type, value) in seen:
                return False
            seen.add((slot_type, value))
        return True

    def _inventory(self, annotation: str) -> dict[str, frozenset[str]] | None:
        if annotation not in self._inventories:
            parsed = parse_inventory(annotation)
            self._inventories[annotation] = None if parsed.problems else {k: frozenset(v) for k, v in parsed.intents.items()}
        return self._inventories[annotation]

    def _instruction(self, instruction: str, inputs: dict[str, Any]) -> bool:
        key = (instruction, tuple(inputs))
        ok = self._instructions.get(key)
        if ok is None:
            ok = not placeholder_problems(instruction, inputs)
            self._instructions[key] = ok
        return ok

    def _meta(self, meta: dict[str, Any]) -> bool:
        if type(meta.get("id")) is not int:
            return False
        audio, speaker = meta.get("audio"), meta.get("speaker")
        if type(audio) is not dict or type(speaker) is not str:
            return False
        audio_type = audio.get("type")
        if type(audio_type) is not str or audio_type not in self.audio_types:
            return False
        ok = self._speakers.get(speaker)
        if ok is None:
            ok = speaker_problem(speaker, self.options) is None
            self._speakers[speaker] = ok
        return ok

    def _audio(self, audio: str) -> bool:
        """A plain relative path, and no audio folder to look into (else the detailed check reads it)."""
        if not audio or _SAFE_AUDIO.fullmatch(audio) is None or _SUSPECT_PART.search(audio) is not None:
            return False
        if self.options.audio_root is not None:
            return False
        first, slash, _ = audio.partition("/")
        if not slash:
            return True
        exists = self._audio_dirs.get(first)
        if exists is None:
            try:
                exists = (self.gold_dir / first).is_dir()
            except (OSError, ValueError):
                exists = True  # an unusable name: let the detailed check say so
            self._audio_dirs[first] = exists
        return not exists

    def _gold_text(self, value: str, slot: bool) -> bool:
        key = value if not slot else "\x00" + value
        ok = self._text.get(key)
        if ok is None:
            if len(self._text) > _CACHE_LIMIT:
                self._text.clear()
            ok = _text_clean(value) and (not slot or (value.strip() != "" and convention_problem(value, self.options) is None))
            self._text[key] = ok
        return ok


def _text_clean(value: str) -> bool:
    """Nothing for GL006–GL008 to report."""
    if not value:
        return True
    if value[0].isspace() or value[-1].isspace() or invisible_or_confusable(value):
        return False
    return value.isascii() or unicodedata.is_normalized("NFC", value)
