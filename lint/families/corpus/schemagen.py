"""Generate ``schemas/corpus-spec.schema.json`` and ``schemas/corpus-harness.schema.json``
from :mod:`.declaration` and :mod:`.vocab`, so the published schemas and the checks read one source of truth.

Run ``python -m goldlint.families.corpus.schemagen`` after changing a vocabulary; a test
regenerates both schemas and fails when the files in ``schemas/`` differ.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from goldlint.families.corpus import declaration, vocab
from goldlint.families.declare import object_schema

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://goldlint.dev/schemas/"
VERSION_PATTERN = r"^(0|[1-9]\d*)\.(0|[1-9]\d*)(\.(0|[1-9]\d*))?$"
DATE_PATTERN = r"^\d{4}-\d{2}-\d{2}([T ][\d:.,]+(Z|[+-]\d{2}(:?\d{2})?)?)?$"


def _enum(table: dict[Any, str], description: str) -> dict[str, Any]:
    return {"description": description, "enum": list(table)}


def spec_schema() -> dict[str, Any]:
    entry = object_schema(declaration.SPEC_ENTRY)
    dataset = {
        "type": "object",
        "required": list(vocab.SPEC_DATASET_FIELDS),
        "additionalProperties": False,
        "properties": {
            "id": {"type": "string"},
            "version": {"type": "string", "pattern": VERSION_PATTERN},
            "language_pair": {"type": "string", "description": "Display label, e.g. EN→CRK."},
            "source_language": {"type": "string", "description": "BCP 47 tag."},
            "target_language": {"type": "string", "description": "BCP 47 tag."},
            "created": {"type": "string", "pattern": DATE_PATTERN, "description": "ISO 8601 date."},
            "license": {"type": "string", "description": "SPDX licence identifier or expression."},
            "provenance": {"type": "array", "items": _enum(vocab.PROVENANCE, "A provenance tag used by the entries.")},
        },
    }
    return {
        "$schema": DRAFT,
        "$id": BASE + "corpus-spec.schema.json",
        "title": "Rosetta MT corpus, spec dialect (seed 002 §2)",
        "type": "object",
        "required": list(vocab.SPEC_ROOT_FIELDS),
        "additionalProperties": False,
        "properties": {"dataset": {"$ref": "#/$defs/dataset"}, "entries": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/entry"}}},
        "$defs": {"dataset": dataset, "entry": entry},
    }


def harness_schema() -> dict[str, Any]:
    entry = object_schema(declaration.HARNESS_ENTRY)
    pair = {
        "type": "object",
        "required": ["source", "target"],
        "additionalProperties": False,
        "properties": {
            "source": {"type": "string", "pattern": "^[a-z]{2,3}$", "description": "ISO 639-3 code."},
            "target": {"type": "string", "pattern": "^[a-z]{2,3}$", "description": "ISO 639-3 code."},
            "source_name": {"type": "string"},
            "target_name": {"type": "string"},
        },
    }
    return {
        "$schema": DRAFT,
        "$id": BASE + "corpus-harness.schema.json",
        "title": "Rosetta MT corpus, harness v3 dialect (gds-mt-eval-harness curated corpora)",
        "type": "object",
        "required": list(vocab.HARNESS_ROOT_REQUIRED),
        "additionalProperties": False,
        "properties": {
            "corpus_id": {"type": "string"},
            "version": {"type": "string", "pattern": VERSION_PATTERN},
            "language_pair": {"$ref": "#/$defs/language_pair"},
            "segment": _enum(vocab.SEGMENTS, "The segment of every entry of the file."),
            "created": {"type": "string", "pattern": DATE_PATTERN},
            "entry_count": {"type": "integer", "minimum": 0},
            "domains": {"type": "array", "items": _enum(vocab.DOMAINS, "A domain used by the entries.")},
            "entries": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/entry"}},
            "provenance": {"type": "object", "properties": {"license": {"type": "string"}}},
        },
        "$defs": {"language_pair": pair, "entry": entry},
    }


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


SCHEMAS = {"corpus-spec.schema.json": spec_schema, "corpus-harness.schema.json": harness_schema}


def main() -> None:
    from goldlint.resources import data_dir

    folder: Path = data_dir("schemas")
    for name, build in SCHEMAS.items():
        (folder / name).write_text(render(build()), encoding="utf-8")


if __name__ == "__main__":
    main()
