"""The ``slurp`` family: SLURP's JSONL records (pswietojanski/slurp, ``dataset/slurp/*.jsonl``).

One record a line: ``slurp_id``, ``sentence``, ``sentence_annotation`` (entities in brackets,
``[type : words]``, parsed with ``grammars/slurp_annotation.lark``), ``intent``, ``scenario``,
``action``, ``tokens``, ``recordings``, ``entities``. Checked: the shape (SLP101, from the
declaration that also makes the JSON Schema), the annotation (SLP102, SLP103), the intent
(SLP104), tokens (SLP105, SLP106), entities (SLP107), ids unique within the file (SLP108;
across the dataset's files, DS105), and the intents and entity types against the dataset's
inventory (SLP109, SLP110).

A large file (streamed) takes a clean path (:mod:`.lines`): its lines judged a hundred at a
time (:mod:`.batch`: each check one pass of C over the batch's records, decoded into structs
from their bytes); a line the batch does not prove clean is decoded and checked by itself with
the ordinary checks; anything they or the decoder find sends the line the ordinary way, which
reports it.

Config (``slurp:`` in goldlint.yaml)::

    inventory: ../slurp        # a folder (or file) of SLURP records: their intents and entity types
    intents: [alarm_set, ...]  # or the lists themselves
    entity-types: [time, ...]
    folder-dataset: false      # each file alone: no inventory from the folder's other files

Without either list, the inventory is learned from the other SLURP gold files of the checked
file's folder (not a predictions file, not one config's ``exclude`` leaves out).

Editor paths (``completions`` / ``hover``), relative to a record (a JSONL line): ``("scenario",)``,
``("action",)``, ``("intent",)``, ``("entities", i, "type")``; keys of a record or of its items.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from itertools import compress
from operator import is_not
from typing import Any

from goldlint.families.base import Context, Family, Report
from goldlint.families.slurp import rules as _rules  # noqa: F401  (registers SLP rules)
from goldlint.families.slurp import vocab
from goldlint.families.slurp.dataset import Inventory, inventory, siblings
from goldlint.families.slurp.declaration import ITEMS, RECORD, names
from goldlint.families.slurp.lines import CleanLines
from goldlint.families.slurp.options import SlurpOptions
from goldlint.families.slurp.record import check_record
from goldlint.families.slurp.rules import DUPLICATE_SLURP_ID, INTENT_OUTSIDE_INVENTORY, UNKNOWN_ENTITY_TYPE
from goldlint.families.slurp.shape import check_shape
from goldlint.findings import At, JsonPath, Offsets
from goldlint.formats.base import Document
from goldlint.formats.jsonl_doc import JsonlDocument
from goldlint.rules.general import EMPTY_FILE
from goldlint.suggest import did_you_mean


class SlurpFamily(Family):
    name = "slurp"

    def check(self, doc: Document, report: Report, ctx: Context) -> None:
        self._check(doc, report, ctx, fast=True)

    def check_detailed(self, doc: Document, report: Report, ctx: Context) -> None:
        """Every record read as a dict and checked (the clean path's reference, for tests)."""
        self._check(doc, report, ctx, fast=False)

    def _check(self, doc: Document, report: Report, ctx: Context, fast: bool) -> None:
        options = ctx.options if isinstance(ctx.options, SlurpOptions) else SlurpOptions()
        others = siblings(ctx) if not ctx.partial and options.folder_dataset else []
        known = inventory(options, ctx, others, report)
        ids = _Ids(report)
        count = 0

        def tally(path: JsonPath, slurp_id: int) -> None:  # (a clean line, claimed from its bytes)
            nonlocal count
            count += 1
            ids.claim(slurp_id, path)

        def tally_run(first: int, slurp_ids: list[int]) -> None:  # (consecutive clean lines from line ``first``)
            nonlocal count
            count += len(slurp_ids)
            ids.claim_run(first, slurp_ids)

        claims = CleanLines(known, _inventory, tally, tally_run) if fast else None
        for path, record in doc.records(claims) if claims is not None and isinstance(doc, JsonlDocument) else doc.records():
            count += 1
            at = At(path)
            typed, good = check_shape(record, at, report)
            if not good:
                continue
            check_record(typed, good, at, report)
            if "slurp_id" in good:
                ids.claim(typed.slurp_id, path)
            if known is not None:
                _inventory(typed, good, at, known, report)
        if count == 0 and doc.ok and not doc.read_past:
            EMPTY_FILE.report(report, Offsets(0, 0), "the file holds no records")

    # -- editor ----------------------------------------------------------------------

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        if not isinstance(root, dict):
            return None
        if len(path) == 1 and path[0] not in names(RECORD):
            return [(f.name, f.description) for f in RECORD if f.name not in root]
        if len(path) == 3 and path[0] in ITEMS and path[2] not in names(ITEMS[str(path[0])]):
            return [(f.name, f.description) for f in ITEMS[str(path[0])]]
        known = _editor_inventory(options)
        if path == ("scenario",):
            return [(s, "scenario") for s in sorted({i.split("_", 1)[0] for i in known.intents or ()})]
        if path == ("action",):
            scenario = root.get("scenario")
            actions = sorted({i.split("_", 1)[1] for i in known.intents or () if "_" in i and (i.startswith(f"{scenario}_") or not scenario)})
            return [(a, f"intent `{scenario}_{a}`" if scenario else "action") for a in actions]
        if path == ("intent",):
            expected = f"{root.get('scenario')}_{root.get('action')}"
            return [(i, "scenario_action of this record" if i == expected else "intent") for i in sorted(known.intents or (), key=lambda i: i != expected)]
        if len(path) == 3 and path[0] == "entities" and path[2] == "type":
            return [(t, "entity type") for t in sorted(known.types or ())]
        return None

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        if not isinstance(root, dict):
            return None
        if path == ("intent",) and isinstance(root.get("intent"), str):
            expected = f"{root.get('scenario')}_{root.get('action')}"
            same = "" if root["intent"] == expected else f" — **not** scenario_action `{expected}`, which the evaluator scores"
            return f"**intent `{root['intent']}`**{same}"
        if len(path) >= 2 and path[0] == "entities" and isinstance(path[1], int):
            return _entity_hover(root, path[1])
        return None


def _entity_hover(root: dict[str, Any], i: int) -> str | None:
    entities, tokens = root.get("entities"), root.get("tokens")
    if not isinstance(entities, list) or not 0 <= i < len(entities) or not isinstance(tokens, list):
        return None
    entity = entities[i]
    span = entity.get("span") if isinstance(entity, dict) else None
    if not isinstance(span, list) or not all(type(n) is int and 0 <= n < len(tokens) for n in span):
        return None
    words = " ".join(str(tokens[n].get("surface")) for n in span if isinstance(tokens[n], dict))
    return f"**{entity.get('type')}** — tokens {span}: “{words}” (the evaluator's gold filler: “{words.lower()}”)"


def _editor_inventory(options: Any) -> Inventory:
    intents = getattr(options, "intents", None)
    types = getattr(options, "entity_types", None)
    return Inventory(frozenset(intents or vocab.INTENTS), frozenset(types or vocab.ENTITY_TYPES), "")


def _inventory(record: Any, good: AbstractSet[str], at: At, known: Inventory, report: Report) -> None:
    if known.intents is not None and {"scenario", "action"} <= good:
        intent = f"{record.scenario}_{record.action}"
        if intent not in known.intents:
            where = at.child("intent") if getattr(record, "intent", None) == intent else at.child("action")
            INTENT_OUTSIDE_INVENTORY.report(report, where, f"intent `{intent}` is in none of {known.source}{did_you_mean(intent, known.intents)}")
    if known.types is not None and "entities" in good:
        for i, entity in enumerate(record.entities):
            if entity.type not in known.types:
                UNKNOWN_ENTITY_TYPE.report(report, at.child("entities", i, "type"),
                           f"entity type `{entity.type}` is in none of {known.source}{did_you_mean(entity.type, known.types)}")


class _Ids:
    """slurp_id → where it was first seen in this file (across the dataset's files: DS105)."""

    def __init__(self, report: Report) -> None:
        self.first: dict[int, JsonPath] = {}
        self.told: set[int] = set()
        self.report = report

    def claim(self, value: int, path: JsonPath) -> None:
        first = self.first.setdefault(value, path)
        if first is path:
            return
        DUPLICATE_SLURP_ID.report(self.report, At(path + ("slurp_id",)), f"slurp_id {value} is also the id of the record on line {_line(first)}")
        if value not in self.told:
            self.told.add(value)
            DUPLICATE_SLURP_ID.report(self.report, At(first + ("slurp_id",)), f"slurp_id {value} is used again on line {_line(path)}")


    def claim_run(self, first: int, values: list[int]) -> None:
        """:meth:`claim` of the ids of consecutive JSONL lines from line ``first``, in order: each
        id's first line in the run recorded at once (in C), then each id seen before claimed
        again, which reports it."""
        paths = list(zip(range(first, first + len(values))))  # noqa: B905  ((line,) for each: one iterable)
        firsts = dict(zip(reversed(values), reversed(paths), strict=True))  # (each id's first line in the run: the last one written wins)
        if not firsts.keys().isdisjoint(self.first.keys()):  # (a view: the smaller side is walked)
            for value in firsts.keys() & self.first.keys():
                del firsts[value]
        self.first.update(firsts)
        if len(firsts) < len(values):  # an id seen before: its line is not the one recorded
            for k in compress(range(len(values)), map(is_not, map(self.first.__getitem__, values), paths)):
                self.claim(values[k], paths[k])


def _line(path: JsonPath) -> str:
    return str(path[0] + 1) if path and isinstance(path[0], int) else "/".join(map(str, path))
