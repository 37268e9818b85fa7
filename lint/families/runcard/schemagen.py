"""Generate ``schemas/runcard.schema.json`` from :mod:`.declaration` (fields, their types,
bounds and vocabularies).

Run ``python -m goldlint.families.runcard.schemagen`` after changing the declaration; a test
regenerates the schema and fails when the file in ``schemas/`` differs.
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.declare import Field, bounds
from goldlint.families.runcard import declaration
from goldlint.families.runcard.declaration import SHA256, SHA256_TEXT, kinds

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_SHA256 = {"type": "string", "pattern": f"^{SHA256}$", "description": SHA256_TEXT}
# The blocks of a card, each a definition of its own; the results' items.
_DEFS = {"dataset": declaration.DATASET, "scores": declaration.SCORES, "totals": declaration.TOTALS, "result": declaration.RESULT,
         "fingerprint": declaration.FINGERPRINT}
_ITEMS = {"results": "result"}
_USAGE = "usage"  # (a result's usage: its members are token counts)


def _kinds(spelled: str) -> dict[str, Any]:
    parts = spelled.split("|")
    if "sha256" in parts:
        rest = [p for p in parts if p != "sha256"]
        if not rest:
            return dict(_SHA256)
        return {"anyOf": [dict(_SHA256), {"type": rest if len(rest) > 1 else rest[0]}]}
    return {"type": parts if len(parts) > 1 else parts[0]}


def _field(f: Field) -> dict[str, Any]:
    if f.name in _DEFS:
        ref = {"$ref": f"#/$defs/{f.name}"}
        return {"anyOf": [ref, dict(_SHA256)]} if f.form == SHA256 else ref
    if f.name in _ITEMS:
        return {"type": "array", "items": {"$ref": f"#/$defs/{_ITEMS[f.name]}"}}
    out = _kinds(kinds(f))
    if f.values is not None:
        out["enum"] = list(f.values)
    out.update(bounds(f))
    if f.members:  # (a member's enum says its type too)
        out["properties"] = {m.name: {"enum": list(m.values)} if m.values is not None else _field(m) for m in f.members}
    return out


def _object(fields: tuple[Field, ...], *, top: bool = False) -> dict[str, Any]:
    props = {f.name: _field(f) if top else _member(f) for f in fields}
    return {"type": "object", "required": [f.name for f in fields if f.required], "properties": props}


def _member(f: Field) -> dict[str, Any]:
    """A field of a block (no block of its own inside it)."""
    out = _kinds(kinds(f))
    if f.values is not None:
        out["enum"] = list(f.values)
    out.update(bounds(f))
    if f.name == _USAGE:
        out["additionalProperties"] = bounds(declaration.USAGE_COUNT)
    return out


def schema() -> dict[str, Any]:
    return {
        "$schema": DRAFT,
        "$id": "https://goldlint.dev/schemas/runcard.schema.json",
        "title": "Rosetta run card (seed 002 §3; the harness's assemble_run_card)",
        **_object(declaration.TOP, top=True),
        "$defs": {name: _object(fields) for name, fields in _DEFS.items()},
    }


def render() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    from goldlint.resources import data_dir

    (data_dir("schemas") / "runcard.schema.json").write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
