"""The JSON Schema of the test tool's config, built from :mod:`.declaration`.

``schemas/mix-config.schema.json`` is this module's output
(``python -m goldlint.families.mixconfig.schema``); a test proves the file is what it
builds. Other sections and unknown `nlu` keys are left open: the tool has more settings
than the seed documents (MXC101 warns about unknown `nlu` keys).
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.declare import Field, bounds
from goldlint.families.mixconfig import declaration
from goldlint.families.mixconfig.declaration import GLOBAL, IGNORE


def _key(f: Field) -> dict[str, Any]:
    out: dict[str, Any] = {"type": f.type, "description": f.description}
    out.update(bounds(f))
    if f is IGNORE:
        out["additionalProperties"] = {"type": "string", "format": "regex", "description": "A Python regular expression of entity names."}
        out["propertyNames"] = {"description": f"An intent name, or `{GLOBAL}` for every intent."}
    return out


def build_schema() -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:goldlint:schema:mix-config",
        "title": "NLU test tool config",
        "description": "The test tool's JSON config (seed 004); only the `nlu` keys goldlint knows are described. "
        "Generated from goldlint (goldlint/families/mixconfig/keys.py); do not edit by hand.",
        "type": "object",
        "required": [declaration.SECTION.name] if declaration.SECTION.required else [],
        "properties": {
            declaration.SECTION.name: {
                "type": declaration.SECTION.type,
                "properties": {f.name: _key(f) for f in declaration.SECTION.members},
            }
        },
    }


def schema_text() -> str:
    return json.dumps(build_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> None:  # pragma: no cover - a maintainer's tool
    from goldlint.resources import data_dir

    (data_dir("schemas") / "mix-config.schema.json").write_text(schema_text(), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    main()
