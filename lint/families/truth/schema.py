"""The JSON Schema of a truth file's ``annotation`` cell, built from :mod:`.declaration`.

``schemas/truth-annotation.schema.json`` is this module's output
(``python -m goldlint.families.truth.schema``); a test proves the file is what it builds.
It describes the default (flattened) form of predefined values.
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.truth.declaration import ENTITY_DICT, PREDEFINED_SEGMENT, VALUE_TYPES


def build_schema() -> dict[str, Any]:
    path = f"^{PREDEFINED_SEGMENT}(\\.{PREDEFINED_SEGMENT})*$"
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:goldlint:schema:truth-annotation",
        "title": "The annotation cell of an NLU truth file",
        "description": "A JSON object mapping entity names to reference values (seed 004). Generated from goldlint "
        "(goldlint/families/truth/vocab.py); do not edit by hand.",
        "type": "object",
        "additionalProperties": {"$ref": "#/$defs/reference"},
        "$defs": {
            "scalar": {"type": list(VALUE_TYPES), "description": "Simplified scoring: compared with the canonical, else the struct value, else the literal."},
            "entityDict": {
                "type": "object",
                "description": "Compared key by key with the returned values; keys left out are not compared.",
                "properties": {k.name: {"type": [k.type, *k.also], "description": k.description} for k in ENTITY_DICT},
                "additionalProperties": False,
                "minProperties": 1,
            },
            "predefined": {
                "type": "object",
                "description": "Flattened predefined (struct) value: dotted key paths with number leaves.",
                "propertyNames": {"pattern": path},
                "additionalProperties": {"type": "number"},
                "minProperties": 1,
            },
            "absent": {"type": "object", "maxProperties": 0, "description": "`{}`: the entity must not be returned."},
            "instance": {"anyOf": [{"$ref": "#/$defs/scalar"}, {"$ref": "#/$defs/entityDict"}, {"$ref": "#/$defs/predefined"}]},
            "reference": {
                "anyOf": [
                    {"$ref": "#/$defs/instance"},
                    {"$ref": "#/$defs/absent"},
                    {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/instance"}, "description": "Several instances, in the order the engine tags them."},
                ]
            },
        },
    }


def schema_text() -> str:
    return json.dumps(build_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:  # pragma: no cover - a maintainer's tool
    from goldlint.resources import data_dir

    (data_dir("schemas") / "truth-annotation.schema.json").write_text(schema_text(), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    main()
