"""The JSON Schemas of semantic gold labels, built from :mod:`.declaration` and :mod:`.vocab`.

``schemas/semantic-spec.schema.json`` and ``schemas/semantic-slower-whisper.schema.json``
are this module's output, written by ``python -m goldlint.families.semantic.schema``; a
test proves the files in the repository are what it builds, so the vocabularies are
written down once (in Python).

Topic labels carry the vocabulary as ``examples`` (editors offer them) rather than an
``enum``: a label outside it is a warning (SEM103), as in the project's own validator,
and JSON Schema has no warnings. Risk types and severities are ``enum``s, with an
``if``/``then`` per risk type whose severities differ from the profile's full list.
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.declare import Field
from goldlint.families.semantic import declaration
from goldlint.families.semantic.vocab import PROFILES, Profile

_DEFS = declaration.ITEM
_SEGMENT_IDS = "segmentIds"


def _field(section: str, f: Field, profile: Profile) -> dict[str, Any]:
    if f is declaration.SEGMENT_IDS_FIELD:
        return {"$ref": f"#/$defs/{_SEGMENT_IDS}"}
    if f.type == "array":
        return {"type": "array", "items": {"$ref": f"#/$defs/{_DEFS[f.name]}"}}
    out: dict[str, Any] = {"type": f.type}
    if f.range is not None and f.range[0] == f.range[1]:
        out["const"] = f.range[0]
    if f.nonblank:
        out.update(minLength=1, pattern=r"\S")
    vocabulary = declaration.VOCABULARY.get((section, f.name))
    if vocabulary == "topics":
        out["description"] = f"A topic of the `{profile.name}` vocabulary (others are warned about: SEM103)."
        out["examples"] = list(profile.topics)
    elif vocabulary == "risk_types":
        out["description"] = "Risk category: " + "; ".join(f"{k}: {v.doc}" for k, v in profile.risk_types.items())
        out["enum"] = list(profile.risk_types)
    elif vocabulary == "severities":
        out["description"] = f.text()
        out["enum"] = list(profile.severities)
    if f.minimum is not None:
        out["minimum"] = f.minimum
    if f.description and "description" not in out:
        out["description"] = f.text()
    return out


def _object(section: str, fields: tuple[Field, ...], profile: Profile) -> dict[str, Any]:
    return {
        "type": "object",
        "required": [f.name for f in fields if f.required],
        "properties": {f.name: _field(section, f, profile) for f in fields},
        "additionalProperties": False,
    }


def build_schema(profile: Profile) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:goldlint:schema:semantic-{profile.name}",
        "title": f"Semantic gold labels (goldlint profile `{profile.name}`)",
        "description": "A slower-whisper semantic gold label file: topics, risks with severities, and actions of one meeting. "
        "Generated from goldlint's vocabularies (goldlint/families/semantic/vocab.py); do not edit by hand.",
    }
    schema.update(_object("", declaration.TOP, profile))
    risk = _object("risks", declaration.RISK, profile)
    narrower = [(k, v.severities) for k, v in profile.risk_types.items() if v.severities != profile.severities]
    if narrower:
        risk["allOf"] = [
            {
                "if": {"properties": {"type": {"const": kind}}, "required": ["type"]},
                "then": {"properties": {"severity": {"enum": list(severities)}}},
            }
            for kind, severities in narrower
        ]
    schema["$defs"] = {
        _SEGMENT_IDS: {"type": "array", "items": dict(declaration.SEGMENT_IDS_FIELD.items or {}), "description": declaration.SEGMENT_IDS_FIELD.description},
        _DEFS["topics"]: _object("topics", declaration.TOPIC, profile),
        _DEFS["risks"]: risk,
        _DEFS["actions"]: _object("actions", declaration.ACTION, profile),
    }
    return schema


def schema_text(profile: Profile) -> str:
    return json.dumps(build_schema(profile), indent=2, ensure_ascii=False) + "\n"


def main() -> None:  # pragma: no cover - a maintainer's tool
    from goldlint.resources import data_dir

    for profile in PROFILES.values():
        (data_dir("schemas") / f"semantic-{profile.name}.schema.json").write_text(schema_text(profile), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    main()
