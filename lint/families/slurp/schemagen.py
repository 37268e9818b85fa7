"""Generate ``schemas/slurp-record.schema.json`` from :mod:`.declaration`.

Run ``python -m goldlint.families.slurp.schemagen`` after changing the declaration; a test
regenerates the schema and fails when the file in ``schemas/`` differs.
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.declare import Field
from goldlint.families.slurp.declaration import ITEMS, RECORD, kinds

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _field(f: Field, items: tuple[Field, ...] | None) -> dict[str, Any]:
    types = kinds(f)
    out: dict[str, Any] = {"type": types[0] if len(types) == 1 else list(types), "description": f.description}
    if items is not None:
        out["items"] = _object(items)
    elif f.items is not None:
        out["items"] = dict(f.items)
    return out


def _object(fields: tuple[Field, ...]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": [f.name for f in fields if f.required],
        "properties": {f.name: _field(f, ITEMS.get(f.name) if fields is RECORD else None) for f in fields},
        "additionalProperties": False,
    }


def schema() -> dict[str, Any]:
    return {
        "$schema": DRAFT,
        "$id": "https://goldlint.invalid/schemas/slurp-record.schema.json",
        "title": "SLURP record",
        "description": "One line of a SLURP split (`test.jsonl`, `devel.jsonl`, `train.jsonl`; pswietojanski/slurp). goldlint's "
                       "`slurp` rules check more than this shape (the annotation against the sentence and the tokens, the intent "
                       "against scenario and action, ids across the dataset's files); see `goldlint rule --all`.",
        **_object(RECORD),
    }


def text() -> str:
    return json.dumps(schema(), ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    from goldlint.resources import data_dir

    (data_dir("schemas") / "slurp-record.schema.json").write_text(text(), encoding="utf-8")
