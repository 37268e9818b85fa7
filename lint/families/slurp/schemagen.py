"""Generate ``schemas/slurp-record.schema.json`` from :mod:`.fields`.

Run ``python -m goldlint.families.slurp.schemagen`` after changing the tables; a test
regenerates the schema and fails when the file in ``schemas/`` differs.
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.slurp.fields import ITEMS, RECORD, Field

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _field(name: str, field: Field, items: dict[str, Field] | None) -> dict[str, Any]:
    types, _, doc = field
    out: dict[str, Any] = {"type": types[0] if len(types) == 1 else list(types), "description": doc}
    if items is not None:
        out["items"] = _object(items)
    elif name == "span":
        out["items"] = {"type": "integer", "minimum": 0}  # (empty, or beyond the tokens: SLP107)
    return out


def _object(table: dict[str, Field]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": [name for name, (_, required, _) in table.items() if required],
        "properties": {name: _field(name, field, ITEMS.get(name) if table is RECORD else None) for name, field in table.items()},
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
