"""What a SLURP file's checks know of the rest of its dataset: the inventory (intents as
``scenario_action``, entity types) of the other files of its folder, or of the folder config
names (``slurp: {inventory: ...}``), or the lists config gives. (Its ids across the files of
the dataset are the dataset checks' DS105.)

The other files of the folder are the SLURP *gold* files beside it (their first record has
the text of an utterance: ``sentence``, ``sentence_annotation`` or ``tokens``), not a file of
predictions (``slurp_id``, ``scenario``, ``action``, ``entities`` only), and not one the
config's ``exclude`` leaves out; none with ``slurp: {folder-dataset: false}``.

Each file is read once per process (keyed by its path, size and modification time): a
folder of three splits checked together reads each split once for the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from goldlint.config import glob_match
from goldlint.families.base import Context, Report
from goldlint.families.slurp.detect import detect
from goldlint.families.slurp.rules import INTENT_OUTSIDE_INVENTORY
from goldlint.findings import Offsets
from goldlint.reading import open_regular


@dataclass(slots=True)
class FileIndex:
    records: int = 0  # gold records read
    intents: set[str] = field(default_factory=set)  # scenario_action
    types: set[str] = field(default_factory=set)


_CACHE: dict[tuple[str, int, int, int], FileIndex | None] = {}


def index_of(path: Path, limit: int) -> FileIndex | None:
    """The file's inventory; None when it is not a SLURP file (its first record is not one), or
    not a regular file of at most ``limit`` bytes (``max-file-size``: see :func:`open_regular`)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns, limit)
    if key not in _CACHE:
        _CACHE[key] = _read(path, limit)
    return _CACHE[key]


def _read(path: Path, limit: int) -> FileIndex | None:
    out = FileIndex()
    try:
        with open_regular(path, limit) as handle:
            for line in handle:
                try:
                    record = orjson.loads(line)
                except orjson.JSONDecodeError:
                    continue
                if not isinstance(record, dict):
                    continue
                if not out.records and not (detect(record) and _is_gold(record)):
                    return None
                _add(out, record)
    except OSError:
        return None
    return out if out.records else None


def _is_gold(record: dict[str, Any]) -> bool:
    """A gold record, not a prediction (which has neither the utterance's text nor tokens)."""
    return "sentence" in record or "sentence_annotation" in record or "tokens" in record


def _add(index: FileIndex, record: dict[str, Any]) -> None:
    index.records += 1
    scenario, action = record.get("scenario"), record.get("action")
    if isinstance(scenario, str) and isinstance(action, str):
        index.intents.add(f"{scenario}_{action}")
    entities = record.get("entities")
    if isinstance(entities, list):
        index.types.update(e["type"] for e in entities if isinstance(e, dict) and isinstance(e.get("type"), str))


def siblings(ctx: Context) -> list[tuple[str, FileIndex]]:
    """The other SLURP files of the checked file's folder (name, index), by name."""
    here = ctx.path.resolve() if ctx.path.exists() else ctx.path
    folder = ctx.path.parent
    if not folder.is_dir():
        return []
    excluded = getattr(ctx.settings, "exclude", None) or []
    base = ctx.config_dir or folder
    limit = ctx.settings.size_limit("jsonl")[0]
    out = []
    for other in sorted(folder.glob("*.jsonl")):
        if other.resolve() == here or not ctx.may_open(other) or _excluded(other, base, excluded):
            continue
        index = index_of(other, limit)
        if index is not None:
            out.append((other.name, index))
    return out


def _excluded(path: Path, base: Path, globs: list[str]) -> bool:
    """Whether config's ``exclude`` leaves the file out (globs relative to the config's folder)."""
    if not globs:
        return False
    try:
        rel = path.resolve().relative_to(base.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        rel = path.name
    return any(glob_match(rel, glob) for glob in globs)


@dataclass(frozen=True, slots=True)
class Inventory:
    intents: frozenset[str] | None
    types: frozenset[str] | None
    source: str  # where it comes from, in words


def inventory(options: Any, ctx: Context, others: list[tuple[str, FileIndex]], report: Report) -> Inventory | None:
    if options.intents is not None or options.entity_types is not None:
        return Inventory(_set(options.intents), _set(options.entity_types), "config's `slurp` lists")
    if options.inventory:
        root = ctx.resolve_path(options.inventory)
        files = sorted(root.glob("*.jsonl")) if root.is_dir() else [root]
        indexes = [i for i in (index_of(f, ctx.settings.size_limit("jsonl")[0]) for f in files if ctx.may_open(f, root if root.is_dir() else root.parent)) if i is not None]
        if not indexes:
            # (said, not passed over: a mistyped path would turn SLP109 and SLP110 off unseen)
            why = "does not exist" if not root.exists() else "holds no SLURP gold file that can be read"
            INTENT_OUTSIDE_INVENTORY.report(report, Offsets(0, 0), f"the inventory `{root}` (`slurp: {{inventory: ...}}` in config) {why}: "
                                            "intents and entity types are not checked")
            return None
        return Inventory(frozenset().union(*(i.intents for i in indexes)), frozenset().union(*(i.types for i in indexes)),
                         f"the dataset at `{options.inventory}`")
    if not others:
        return None
    names = ", ".join(name for name, _ in others)
    return Inventory(frozenset().union(*(i.intents for _, i in others)), frozenset().union(*(i.types for _, i in others)),
                     f"the other files of this folder ({names})")


def _set(values: list[str] | None) -> frozenset[str] | None:
    return frozenset(values) if values is not None else None
