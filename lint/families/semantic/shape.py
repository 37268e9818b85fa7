"""SEM101 (the file's shape) and SEM102 (``meeting_id`` against the file name).

Plain Python over the decoded value: no JSON Schema validator runs on the clean path. The
field tables come from :mod:`.declaration`, as ``schemas/semantic-*.schema.json`` do.
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.base import Report
from goldlint.families.semantic import declaration
from goldlint.families.semantic.rules import MEETING_ID_MISMATCH, SEMANTIC_SCHEMA
from goldlint.findings import At, Change, free_renames, unsafe_fix
from goldlint.suggest import unambiguous

# field -> (JSON type, required), read from the declaration
TOP: dict[str, tuple[str, bool]] = declaration.table(declaration.TOP)
ITEMS: dict[str, dict[str, tuple[str, bool]]] = {section: declaration.table(fields) for section, fields in declaration.ITEMS.items()}
NON_EMPTY = declaration.nonblank()
_VERSION = declaration.SCHEMA_VERSION


def json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    return {str: "string", list: "array", dict: "object", type(None): "null"}.get(type(value), type(value).__name__)


def _an(kind: str) -> str:
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def check_object(report: Report, path: tuple[Any, ...], obj: dict[str, Any], fields: dict[str, tuple[str, bool]], kind: tuple[str, ...]) -> bool:
    """Required fields, types, emptiness and unknown keys of one object; whether it is sound."""
    sound = True
    unknown = [k for k in obj if k not in fields]
    missing = [f for f in fields if f not in obj]
    targets = {key: target for key in unknown if missing and (target := unambiguous(key, missing))}
    offered = free_renames(obj, targets)
    for key in unknown:
        target = targets.get(key)
        hint = f" (did you mean `{target}`?)" if target else ""
        fix = unsafe_fix(f"rename to `{target}`", Change(At(path + (key,), key=True), json.dumps(target))) if key in offered else None
        SEMANTIC_SCHEMA.report(report, At(path + (key,), key=True), f"unknown key `{key}`{hint}; allowed: {', '.join(fields)}", fix)
    for name, (want, required) in fields.items():
        if name not in obj:
            if required and not any(unambiguous(k, [name]) for k in unknown):
                SEMANTIC_SCHEMA.report(report, At(path), f"missing required field `{name}`")
                sound = False
            continue
        value = obj[name]
        got = json_type(value)
        if got != want:
            SEMANTIC_SCHEMA.report(report, At(path + (name,)), f"`{name}` must be {_an(want)}, found {_an(got)}")
            sound = False
        elif want == "string" and kind + (name,) in NON_EMPTY and not value.strip():
            SEMANTIC_SCHEMA.report(report, At(path + (name,)), f"`{name}` must not be empty")
    return sound


def check_shape(report: Report, root: Any) -> bool:
    """SEM101 over the whole file; whether the top level is sound enough for the other rules."""
    if not isinstance(root, dict):
        SEMANTIC_SCHEMA.report(report, At(()), f"a semantic gold file is a JSON object, found {_an(json_type(root))}")
        return False
    sound = check_object(report, (), root, TOP, ())
    version: Any = root.get("schema_version")
    first, last = _VERSION.range or (1, 1)
    if json_type(version) == "integer" and not first <= version <= last:
        wanted = first if first == last else f"from {first} to {last}"
        SEMANTIC_SCHEMA.report(report, At((_VERSION.name,)), f"`{_VERSION.name}` must be {wanted}, found {json.dumps(version)}")
    for section, fields in ITEMS.items():
        items = root.get(section)
        if not isinstance(items, list):
            continue
        for n, item in enumerate(items):
            path = (section, n)
            if not isinstance(item, dict):
                SEMANTIC_SCHEMA.report(report, At(path), f"each item of `{section}` must be an object, found {_an(json_type(item))}")
                continue
            check_object(report, path, item, fields, (section,))
            ids = item.get("segment_ids")
            if isinstance(ids, list):
                for m, sid in enumerate(ids):
                    if json_type(sid) != "integer":
                        SEMANTIC_SCHEMA.report(report, At(path + ("segment_ids", m)), f"a segment id must be an integer, found {_an(json_type(sid))}")
    return sound


def check_meeting_id(report: Report, root: dict[str, Any], stem: str) -> None:
    """SEM102: the id must be the file name stem (`<meeting_id>.json`)."""
    meeting_id = root.get("meeting_id")
    if not isinstance(meeting_id, str) or not meeting_id.strip() or not stem or meeting_id == stem:
        return
    MEETING_ID_MISMATCH.report(
        report,
        At(("meeting_id",)),
        f"`meeting_id` is `{meeting_id}` but the file is `{stem}`: gold labels are found by `<meeting_id>.json`",
        # Unsafe: the file name may be the wrong one, and the id pairs the labels with their transcript.
        unsafe_fix(f"set `meeting_id` to `{stem}`", Change(At(("meeting_id",)), stem, as_string=True)),
    )
