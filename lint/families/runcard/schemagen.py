"""Generate ``schemas/runcard.schema.json`` from :mod:`.vocab` (fields, method classes, tiers).

Run ``python -m goldlint.families.runcard.schemagen`` after changing the tables; a test
regenerates the schema and fails when the file in ``schemas/`` differs.
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.runcard import vocab

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SHA256 = {"type": "string", "pattern": "^[0-9a-fA-F]{64}$", "description": "SHA-256, 64 hexadecimal digits."}


def _kinds(kinds: str) -> dict[str, Any]:
    parts = kinds.split("|")
    if "sha256" in parts:
        rest = [p for p in parts if p != "sha256"]
        if not rest:
            return dict(SHA256)
        return {"anyOf": [dict(SHA256), {"type": rest if len(rest) > 1 else rest[0]}]}
    return {"type": parts if len(parts) > 1 else parts[0]}


def _object(table: dict[str, tuple[str, bool]], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {name: _kinds(kinds) for name, (kinds, _) in table.items()}
    for name, more in (extra or {}).items():
        props[name] = {**props.get(name, {}), **more}
    return {"type": "object", "required": [n for n, (_, req) in table.items() if req], "properties": props}


def schema() -> dict[str, Any]:
    scores = _object(vocab.SCORES, {"quality_tier": {"enum": list(vocab.TIERS)}})
    for name in vocab.UNIT_SCORES:
        if name in scores["properties"]:
            scores["properties"][name].update({"minimum": 0, "maximum": 1})
    for name in vocab.PERCENT_SCORES:
        scores["properties"][name].update({"minimum": 0, "maximum": 100})
    top = _object(vocab.TOP, {"method_class": {"enum": list(vocab.METHOD_CLASSES)}})
    top["properties"]["dataset"] = {"$ref": "#/$defs/dataset"}
    top["properties"]["scores"] = {"$ref": "#/$defs/scores"}
    top["properties"]["totals"] = {"$ref": "#/$defs/totals"}
    top["properties"]["results"] = {"type": "array", "items": {"$ref": "#/$defs/result"}}
    top["properties"]["fingerprint"] = {"anyOf": [{"$ref": "#/$defs/fingerprint"}, dict(SHA256)]}
    top["properties"]["method_card"] = {"type": ["object", "null"], "properties": {"class": {"enum": list(vocab.METHOD_CLASSES)}}}
    top["properties"]["method_config"] = {"type": ["object", "null"], "properties": {"qualityTier": {"enum": list(vocab.TIERS)}}}
    return {
        "$schema": DRAFT,
        "$id": "https://goldlint.dev/schemas/runcard.schema.json",
        "title": "Rosetta run card (seed 002 §3; the harness's assemble_run_card)",
        **top,
        "$defs": {
            "dataset": _object(vocab.DATASET),
            "scores": scores,
            "totals": _object(vocab.TOTALS),
            "result": _object(vocab.RESULT),
            "fingerprint": _object(vocab.FINGERPRINT),
        },
    }


def render() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    from goldlint.resources import data_dir

    (data_dir("schemas") / "runcard.schema.json").write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
