"""The `slu` family: MERA-style spoken-language-understanding records (RuSLUn).

One pass over the records; per record the work is a handful of dict look-ups, and the
annotation inventory is parsed once per distinct string (cached), so a 100,000-record
file costs little more than decoding it.
"""

from __future__ import annotations

from array import array
from operator import itemgetter
from typing import Any

from goldlint.families.base import Context, Family, Report
from goldlint.families.slu import rules  # noqa: F401  (registers SLU rules)
from goldlint.families.slu.answers import check_answer, read_answer
from goldlint.families.slu.declaration import ANNOTATION, AUDIO_PATH, AUDIO_TYPE, ID, INPUTS, INTENT, META, OUTPUTS, SLOTS, SPEAKER
from goldlint.families.slu.fast import CleanCheck
from goldlint.families.slu.inventory import Inventory, parse_inventory
from goldlint.families.slu.lines import CleanLines
from goldlint.families.slu.meta import check_audio_path, check_audio_type, check_instruction, check_speaker
from goldlint.families.slu.ontology import compare_ontology, load_ontology
from goldlint.families.slu.options import SluOptions
from goldlint.families.slu.records import check_shape, split_records
from goldlint.families.slu.rules import ANNOTATION_SYNTAX, DUPLICATE_RECORD_ID, HIDDEN_ANSWERS, INVENTORIES_DIFFER
from goldlint.families.slu.typed import path_of
from goldlint.findings import At, Change, Offsets, safe_fix
from goldlint.formats.base import Document
from goldlint.formats.jsonl_doc import JsonlDocument
from goldlint.rules.general import EMPTY_FILE

# Where completion and hover answer, within a record: from the declaration.
_AUDIO_TYPE_AT, _INTENT_AT, _ANNOTATION_AT = path_of(AUDIO_TYPE), path_of(INTENT), path_of(ANNOTATION)
_SLOTS_AT = path_of(SLOTS)
# Where the detailed checks look, from the declaration.
_ID_AT, _SPEAKER_AT, _AUDIO_PATH_AT = path_of(ID), path_of(SPEAKER), path_of(AUDIO_PATH)


class SluFamily(Family):
    name = "slu"
    counts_values = True  # (the byte path of an array, :mod:`.array`, counts its typed records' values)

    def check(self, doc: Document, report: Report, ctx: Context) -> None:
        self._check(doc, report, ctx, CleanCheck(ctx.options, ctx.path.parent))

    def check_detailed(self, doc: Document, report: Report, ctx: Context) -> None:
        """Every record through the detailed checks (the clean path's reference, for tests)."""
        self._check(doc, report, ctx, None)

    def _check(self, doc: Document, report: Report, ctx: Context, fast: CleanCheck | None) -> None:
        checks = RecordChecks(report, ctx, doc.format, fast)
        records = doc.records(CleanLines(fast, checks.clean, checks.clean_run)) if fast is not None and isinstance(doc, JsonlDocument) else doc.records()
        for top_path, top in records:
            single = type(top) is dict and "data" not in top  # a JSONL line's record: no generator for it
            for path, record in ((top_path, top),) if single else split_records(top_path, top):
                checks.record(path, record)
        checks.finish(empty_reported=not doc.ok or doc.read_past)

    def check_bytes(self, data: bytes, report: Report, ctx: Context) -> Document | None:
        from goldlint.families.slu.array import check_bytes

        return check_bytes(data, report, ctx)

    @staticmethod
    def _inventory(record: dict[str, Any], at: At, seen: dict[str, tuple[Any, ...]], report: Report) -> Inventory | None:
        annotation = _value(record, _ANNOTATION_AT)
        if not isinstance(annotation, str):
            return None
        inventory = parse_inventory(annotation)
        if annotation not in seen:
            seen[annotation] = at.path
            where = at.child(*_ANNOTATION_AT)
            for problem in inventory.problems:  # reported once per distinct annotation
                place = where.inside(problem.start, problem.end)
                fix = safe_fix(problem.fix_message, Change(place, problem.fix, as_string=True)) if problem.fix is not None else None
                ANNOTATION_SYNTAX.report(report, place, problem.message, fix)
        return inventory

    @staticmethod
    def _id(value: Any, at: At, ids: RecordIds, report: Report, fmt: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            return
        first = ids.claim(value, at.path)
        if first is not None:
            SluFamily._duplicate_id(value, first, at.path, ids, report, fmt)

    @staticmethod
    def _duplicate_id(value: int, first: tuple[Any, ...], path: tuple[Any, ...], ids: RecordIds, report: Report, fmt: str) -> None:
        DUPLICATE_RECORD_ID.report(report, At(path + _ID_AT), f"duplicate meta.id {value}: also used by the record at {_describe(first, fmt)}")
        if ids.mark_reported(value):
            DUPLICATE_RECORD_ID.report(report, At(first + _ID_AT), f"meta.id {value} is used again by the record at {_describe(path, fmt)}")

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        record, rel = _record_at(root, path)
        if record is None:
            return None
        opts: SluOptions = options
        if rel == _AUDIO_TYPE_AT:  # the configured types, each with its declared words when it has some
            return [(t, AUDIO_TYPE.values.get(t) or f"{AUDIO_TYPE.noun} (configured)") for t in opts.audio_types]  # type: ignore[union-attr]
        inventory = _record_inventory(record)
        if inventory is None:
            return None
        if rel == _INTENT_AT:
            return [(name, "slots: " + (", ".join(slots) or "none")) for name, slots in inventory.intents.items()]
        if len(rel) >= 3 and rel[:2] == _SLOTS_AT:
            intent = _intent(record)
            allowed = inventory.allowed(intent) if isinstance(intent, str) else None
            if allowed is not None:
                return [(s, f"slot allowed for `{intent}`") for s in allowed]
        return None

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        record, rel = _record_at(root, path)
        if record is None or rel != _INTENT_AT:
            return None
        intent = _intent(record)
        inventory = _record_inventory(record)
        if not isinstance(intent, str) or inventory is None:
            return None
        allowed = inventory.allowed(intent)
        if allowed is None:
            return f"`{intent}` is **not** in this record's inventory."
        return f"**{intent}** allows: " + (", ".join(f"`{s}`" for s in allowed) or "no slots")


class RecordChecks:
    """The checks of one file's records, fed in order (the family's loop over a document, or
    the byte path of a JSON array, :mod:`.array`): each record by the clean path or the detailed
    checks, and what spans records (ids, inventories, hidden answers) kept until :meth:`finish`."""

    def __init__(self, report: Report, ctx: Context, fmt: str, fast: CleanCheck | None) -> None:
        self.report, self.ctx, self.format, self.fast = report, ctx, fmt, fast
        self.options: SluOptions = ctx.options
        self.ontology = load_ontology(ctx, report)
        self.ids = RecordIds()
        self.inventories: dict[str, tuple[Any, ...]] = {}
        self.hidden: list[tuple[Any, ...]] = []
        self.count = 0

    def clean(self, path: tuple[Any, ...], annotation: str, record_id: int) -> None:
        """A clean record: nothing to report but what spans records, ids and inventories."""
        self.count += 1
        if annotation not in self.inventories:
            self.inventories[annotation] = path
        first = self.ids.claim(record_id, path)
        if first is not None:
            SluFamily._duplicate_id(record_id, first, path, self.ids, self.report, self.format)

    def clean_run(self, first: int, verdicts: list[tuple[Any, ...]]) -> None:
        """Consecutive clean records from record ``first`` of a JSONL file or a root array, each
        verdict its annotation and id first: :meth:`clean` of each, in bulk."""
        self.count += len(verdicts)
        inventories = self.inventories
        annotations = list(map(itemgetter(0), verdicts))
        if not inventories.keys() >= set(annotations):
            for n, annotation in enumerate(annotations):
                if annotation not in inventories:
                    inventories[annotation] = (first + n,)
        for n, record_id, first_path in self.ids.claim_run(first, list(map(itemgetter(1), verdicts))):
            SluFamily._duplicate_id(record_id, first_path, (first + n,), self.ids, self.report, self.format)

    def record(self, path: tuple[Any, ...], record: Any) -> None:
        """One decoded record: the clean path's verdict, else the detailed checks."""
        fast = self.fast
        verdict = fast.verdict(record) if fast is not None else None
        if verdict is not None:
            self.clean(path, *verdict)
            return
        report, options = self.report, self.options
        self.count += 1
        at = At(path)
        if not check_shape(record, at, report):
            return
        inventory = SluFamily._inventory(record, at, self.inventories, report)
        check_instruction(record, at, report)
        SluFamily._id(_value(record, _ID_AT), at, self.ids, report, self.format)
        check_speaker(_value(record, _SPEAKER_AT), at.child(*_SPEAKER_AT), options, report)
        check_audio_type(_value(record, _AUDIO_TYPE_AT), at.child(*_AUDIO_TYPE_AT), options, report)
        check_audio_path(_value(record, _AUDIO_PATH_AT), at.child(*_AUDIO_PATH_AT), self.ctx, report)
        outputs = record.get(OUTPUTS.name)
        if outputs is None or outputs == "" or outputs == {}:
            self.hidden.append(path)
            return
        answer = read_answer(outputs, at.child(OUTPUTS.name), report)
        if answer is not None:
            check_answer(answer, inventory, options, report)

    def finish(self, empty_reported: bool) -> None:
        """What spans the file's records; ``empty_reported``: an empty file is already
        accounted for (nothing parsed, or a line read past)."""
        report, count, hidden, inventories = self.report, self.count, self.hidden, self.inventories
        if count == 0 and not empty_reported:
            EMPTY_FILE.report(report, At(()) if self.format != "jsonl" else Offsets(0, 0), "the file holds no records")
        if hidden:
            HIDDEN_ANSWERS.report(report, At(hidden[0]), f"{len(hidden)} of {count} record(s) have no answer (`outputs` empty or absent): "
                       "a hidden-answer split; output rules skipped for them")
        if len(inventories) > 1:
            first = list(inventories.values())[1]
            INVENTORIES_DIFFER.report(report, At(first + _ANNOTATION_AT), f"records carry {len(inventories)} distinct inventories (annotation strings "
                       "differ); this is the first record that differs from the first one")
        if self.ontology is not None:
            for annotation, path in inventories.items():
                compare_ontology(parse_inventory(annotation), self.ontology, At(path + _ANNOTATION_AT), report)


class RecordIds:
    """meta.id → where it was first seen: the one thing the family keeps per record, so it
    sets the memory. Ids of JSONL lines that are small non-negative integers (the usual
    0, 1, 2, ...) live in an array indexed by id, eight bytes each; any other id, or a
    record inside a JSON document, in a dictionary."""

    __slots__ = ("_dense", "_sparse", "_reported")

    def __init__(self) -> None:
        self._dense = array("q")  # id -> 1 + the line of its first record; 0: not seen
        self._sparse: dict[int, tuple[Any, ...]] = {}
        self._reported: set[int] = set()

    def claim(self, value: int, path: tuple[Any, ...]) -> tuple[Any, ...] | None:
        """Where ``value`` was first seen; None when this is its first record (now recorded)."""
        dense, sparse = self._dense, self._sparse
        if 0 <= value < len(dense):
            seen = dense[value]
            if seen:
                return (seen - 1,)
        if sparse and value in sparse:
            return sparse[value]
        if len(path) == 1 and type(path[0]) is int and 0 <= value < 2 * len(dense) + 65536:
            if value >= len(dense):  # grow by doubling: amortised, and bounded by the records seen
                dense.frombytes(bytes(8 * max(value + 1 - len(dense), len(dense))))
            dense[value] = path[0] + 1
        else:
            sparse[value] = path
        return None

    def claim_run(self, first: int, values: list[int]) -> list[tuple[int, int, tuple[Any, ...]]]:
        """:meth:`claim` of the ids of consecutive JSONL lines from line ``first``, in order:
        for each id seen before, (its place in ``values``, the id, where it was first seen).
        Consecutive ids (the usual 0, 1, 2, ...) none of which is known yet are recorded at
        once, in C; any other run id by id."""
        dense, sparse, n = self._dense, self._sparse, len(values)
        low = values[0] if n else 0
        if (n and type(low) is int and 0 <= low < 2 * len(dense) + 65536 and values == list(range(low, low + n))
                and not (sparse and not sparse.keys().isdisjoint(values))):
            if low + n > len(dense):  # (as claim grows it: doubling, bounded by the records seen)
                dense.frombytes(bytes(8 * max(low + n - len(dense), len(dense))))
            if dense[low : low + n].count(0) == n:
                dense[low : low + n] = array("q", range(first + 1, first + n + 1))
                return []
        seen = []
        for k, value in enumerate(values):
            where = self.claim(value, (first + k,))
            if where is not None:
                seen.append((k, value, where))
        return seen

    def mark_reported(self, value: int) -> bool:
        """True the first time: the first occurrence is reported once, however many repeats follow."""
        if value in self._reported:
            return False
        self._reported.add(value)
        return True


def _record_at(root: Any, path: tuple[str | int, ...]) -> tuple[dict[str, Any] | None, tuple[str | int, ...]]:
    """The record containing ``path`` and the path relative to it."""
    for n in range(len(path), -1, -1):
        node: Any = root
        try:
            for step in path[:n]:
                node = node[step]
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(node, dict) and INPUTS.name in node and META.name in node:
            return node, path[n:]
    return None, ()


def _value(record: dict[str, Any], path: tuple[str, ...]) -> Any:
    node: Any = record
    for step in path:
        node = node.get(step) if isinstance(node, dict) else None
    return node


def _intent(record: dict[str, Any]) -> Any:
    return _value(record, _INTENT_AT)


def _record_inventory(record: dict[str, Any]) -> Inventory | None:
    annotation = _value(record, _ANNOTATION_AT)
    return parse_inventory(annotation) if isinstance(annotation, str) else None


def _describe(path: tuple[Any, ...], fmt: str) -> str:
    """Where a record is, in words: a JSONL line, or its JSON path."""
    if fmt == "jsonl" and len(path) == 1 and isinstance(path[0], int):
        return f"line {path[0] + 1}"
    return "`" + "/".join(map(str, path)) + "`" if path else "the root"
