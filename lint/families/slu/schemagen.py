"""Generate ``schemas/slu-record.schema.json`` from :mod:`.declaration`, so the published
schema (and the editor's hover on a key, which reads its descriptions) and the checks read
one source of truth.

Run ``python -m goldlint.families.slu.schemagen`` after changing the declaration; a test
regenerates the schema and fails when the file in ``schemas/`` differs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from goldlint.families.slu.declaration import RECORD

NAME = "slu-record.schema.json"


def record_schema() -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://goldlint.invalid/schemas/" + NAME,
        "title": "MERA-style SLU record (RuSLUn)",
        **RECORD.schema(),
    }


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    from goldlint.resources import data_dir

    folder: Path = data_dir("schemas")
    (folder / NAME).write_text(render(record_schema()), encoding="utf-8")


if __name__ == "__main__":
    main()
