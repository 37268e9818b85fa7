"""TRU103–TRU105, TRU107 and TRU109: the JSON of each row's ``annotation`` cell.

Positions are paths into the cell's JSON (``(row, "annotation", entity, ...)``); the
TSV document maps them through the cell (and its quoting) to the file. What TRU108 needs
— the ``formattedLiteral`` values, and which entities are calendar entities — is
collected here and checked once the whole file has been read.
"""

from __future__ import annotations

import re
from typing import Any

from goldlint.families.base import Report
from goldlint.families.truth.declaration import (
    CALENDAR_ROOT,
    FORMATTED_LITERAL,
    LITERAL,
    PREDEFINED_EXAMPLE,
    PREDEFINED_PREFIX,
    PREDEFINED_SEGMENT,
    VALUE_TYPES,
    is_value,
)
from goldlint.families.truth.ontology import Ontology
from goldlint.families.truth.rules import ANNOTATION_NOT_OBJECT, ENTITY_NOT_IN_ONTOLOGY, ENTITY_VALUE_SHAPE, LITERAL_NOT_IN_TRANSCRIPTION, PREDEFINED_KEY_PATH
from goldlint.families.truth.vocab import ENTITY_KEYS
from goldlint.findings import At, Change, free_renames, safe_fix, unsafe_fix
from goldlint.formats.json_read import parse_json
from goldlint.rules.file_rules import check_gold_text
from goldlint.rules.general import DUPLICATE_KEY, SYNTAX_ERROR
from goldlint.suggest import did_you_mean, unambiguous

_SEGMENT = re.compile(PREDEFINED_SEGMENT)
_KEYS_SAID = "/".join(f"`{k}`" for k in ENTITY_KEYS)
_SHAPES = ", ".join(("a " if t[0] not in "aeiou" else "an ") + t for t in VALUE_TYPES) + f", an object of {_KEYS_SAID}, a list of those, or `{{}}`"
_VALUES_SAID = " or ".join(("a " if t[0] not in "aeiou" else "an ") + t for t in VALUE_TYPES)


def kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return f"`{str(value).lower() if value is not None else 'null'}`"
    return {dict: "an object", list: "a list", str: "a string", int: "a number", float: "a number"}.get(type(value), type(value).__name__)


_ENTITY_KEY_SET = frozenset(ENTITY_KEYS)


def _words(text: str) -> str:
    return " ".join(text.casefold().split())


def _predefined(key: str) -> bool:
    return "." in key or key.startswith(PREDEFINED_PREFIX)


class Annotations:
    def __init__(self, report: Report, ontology: Ontology | None, flattened: bool) -> None:
        self.report = report
        self.ontology = ontology
        self.flattened = flattened
        self.calendar_seen: set[str] = set()  # entities referenced with nuance_CALENDAR keys
        self.formatted: list[tuple[At, str, str]] = []  # (where, entity, formattedLiteral)

    def check(self, i: int, text: str, transcription: str | None, intent: str | None) -> None:
        report = self.report
        cell = At((i, "annotation"))
        if not text.strip():
            ANNOTATION_NOT_OBJECT.report(report, cell, "empty annotation cell: write `{}` for a test case without entities",
                                         unsafe_fix("write `{}`", Change(cell, "{}")))
            return
        parsed = parse_json(text)
        for p in parsed.problems:
            message = p.message.replace("the end of the file", "the end of the cell").replace("the end of the input", "the end of the cell")
            if p.code == SYNTAX_ERROR.code:
                ANNOTATION_NOT_OBJECT.report(report, cell.inside(p.start, p.end), f"annotation is not valid JSON: {message}")
            else:  # (a limit of the reader: reported as the reader said)
                report.add(p.code, cell.inside(p.start, p.end), message)
        for dup in parsed.duplicates:
            DUPLICATE_KEY.report(report, cell.inside(*dup.duplicate), f"duplicate key `{dup.key}` in the annotation: every JSON reader keeps only the last value")
        if not parsed.ok:
            return
        value = parsed.value
        if not isinstance(value, dict):
            ANNOTATION_NOT_OBJECT.report(report, cell, f"the annotation must be a JSON object mapping entity names to reference values, found {kind(value)}")
            return
        for entity, ref in value.items():
            path = (i, "annotation", entity)
            self._entity(path, entity, (intent or "").strip())
            self._value(path, entity, ref, transcription, False)

    def _entity(self, path: tuple[Any, ...], entity: str, intent: str) -> None:
        """TRU107."""
        onto = self.ontology
        if onto is None:
            return
        where = At(path, key=True)
        if entity not in onto.entities:
            ENTITY_NOT_IN_ONTOLOGY.report(self.report, where, f"entity `{entity}` is not in the ontology `{onto.path.name}`{did_you_mean(entity, sorted(onto.entities))}")
        elif intent in onto.intents and entity not in onto.intents[intent]:
            allowed = ", ".join(sorted(onto.intents[intent])) or "none"
            ENTITY_NOT_IN_ONTOLOGY.report(self.report, where, f"entity `{entity}` is not an entity of intent `{intent}` (its entities: {allowed})")

    def _value(self, path: tuple[Any, ...], entity: str, ref: Any, transcription: str | None, in_list: bool) -> None:
        """TRU104 on one reference value (an item of a list when ``in_list``)."""
        report = self.report
        if isinstance(ref, str):
            check_gold_text(report, At(path), ref)
        elif is_value(ref):
            pass
        elif isinstance(ref, list) and not in_list:
            if not ref:
                ENTITY_VALUE_SHAPE.report(report, At(path), "empty list: write `{}` for an entity that must be absent")
            for n, item in enumerate(ref):
                if item == {}:
                    ENTITY_VALUE_SHAPE.report(report, At(path + (n,)), "`{}` inside a list means nothing: list the instances the engine must return")
                else:
                    self._value(path + (n,), entity, item, transcription, True)
        elif isinstance(ref, dict):
            if ref:
                self._dict(path, entity, ref, transcription)
        else:
            where = "a list item" if in_list else "an entity value"
            ENTITY_VALUE_SHAPE.report(report, At(path), f"{kind(ref)} is not {where}: use {_SHAPES}")

    def _dict(self, path: tuple[Any, ...], entity: str, ref: dict[str, Any], transcription: str | None) -> None:
        report = self.report
        predefined = [] if ref.keys() <= _ENTITY_KEY_SET else [k for k in ref if _predefined(k)]
        if len(predefined) == len(ref):
            self._struct(path, entity, ref)
            return
        if predefined:
            ENTITY_VALUE_SHAPE.report(report, At(path + (predefined[0],), key=True),
                                      f"`{predefined[0]}` is a predefined key path: it cannot share an object with {_KEYS_SAID}")
        free = [k for k in ENTITY_KEYS if k not in ref]
        targets = {key: target for key in ref if key not in ENTITY_KEYS and key not in predefined and (target := unambiguous(key, free))}
        offered = free_renames(ref, targets)
        for key, value in ref.items():
            if key in predefined:
                continue
            where = At(path + (key,))
            if key not in ENTITY_KEYS:
                target = targets.get(key)
                hint = f" (did you mean `{target}`?)" if target else ""
                fix = safe_fix(f"rename to `{target}`", Change(where.as_key, target, as_string=True)) if target and key in offered else None
                ENTITY_VALUE_SHAPE.report(report, where.as_key, f"`{key}` is not a key of an entity dict{hint}; the keys are {', '.join(ENTITY_KEYS)}", fix)
                continue
            if not is_value(value):
                ENTITY_VALUE_SHAPE.report(report, where, f"`{key}` must be {_VALUES_SAID}, found {kind(value)}")
                continue
            if not isinstance(value, str):
                continue
            check_gold_text(report, where, value)
            if key == LITERAL.name and transcription is not None and value.strip():
                if value not in transcription and _words(value) not in _words(transcription):
                    LITERAL_NOT_IN_TRANSCRIPTION.report(report, where, f"literal `{value}` is not in the transcription `{transcription}`")
            elif key == FORMATTED_LITERAL.name:
                self.formatted.append((where, entity, value))

    def _struct(self, path: tuple[Any, ...], entity: str, ref: dict[str, Any], nested: bool = False) -> None:
        """TRU109 on a predefined (struct) value: flattened ``a.b.c`` keys with number leaves."""
        report = self.report
        for key, leaf in ref.items():
            if not nested and (key == CALENDAR_ROOT or key.startswith(CALENDAR_ROOT + ".")):
                self.calendar_seen.add(entity)
            where = At(path + (key,))
            self._key_path(where, key, nested)
            if isinstance(leaf, dict):
                if self.flattened:
                    first = _first_leaf(leaf)
                    said = "nested predefined value: the tool flattens predefined values"
                    PREDEFINED_KEY_PATH.report(report, where, f"{said} (flattened_predefined_output), write leaves as dotted keys such as `{key}.{first}`"
                                               if first else said)
                else:
                    self._struct(path + (key,), entity, leaf, True)
            elif isinstance(leaf, bool) or not isinstance(leaf, (int, float)):
                PREDEFINED_KEY_PATH.report(report, where, f"the leaf `{key.rsplit('.', 1)[-1]}` must be a number (the engine returns e.g. `7.0`), found {kind(leaf)}")

    def _key_path(self, where: At, key: str, nested: bool) -> None:
        if not self.flattened and "." in key:
            PREDEFINED_KEY_PATH.report(self.report, where.as_key,
                                       f"`{key}` is a flattened key path but config says the tool keeps predefined values nested (flattened-predefined: false)")
            return
        at = 0
        for part in key.split("."):
            if not _SEGMENT.fullmatch(part):
                if part:
                    msg = f"`{part}` in the key path `{key}` is not a predefined name (`{PREDEFINED_PREFIX}` and capitals, e.g. `{PREDEFINED_EXAMPLE}`)"
                    PREDEFINED_KEY_PATH.report(self.report, where.as_key.inside(at, at + len(part)), msg)
                else:  # the dots around the missing part
                    PREDEFINED_KEY_PATH.report(self.report, where.as_key.inside(max(at - 1, 0), min(at + 1, len(key))), f"empty part in the key path `{key}`")
                return
            at += len(part) + 1


def _first_leaf(value: dict[str, Any]) -> str:
    for key, sub in value.items():
        if isinstance(sub, dict):
            deeper = _first_leaf(sub)
            return f"{key}.{deeper}" if deeper else key
        return key
    return ""
