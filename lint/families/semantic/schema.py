"""The JSON Schemas of semantic gold labels, built from :mod:`.vocab` and :mod:`.shape`.

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

from goldlint.families.semantic.shape import ITEMS, TOP
from goldlint.families.semantic.vocab import PROFILES, Profile

_DEFS = {"topics": "topic", "risks": "risk", "actions": "action"}
_DESCRIBE = {
    "schema_version": "Always 1 for this version of the format.",
    "meeting_id": "The meeting's id; equals the file name stem (SEM102).",
    "summary": "Optional human-written summary for Track A evaluation.",
    "segment_id": "Segment id (in the meeting's transcript) where the risk was identified.",
    "evidence": "Quote supporting the risk label; found in the segment (SEM108, with a transcript).",
    "text": "Description of the action item.",
    "speaker_id": "Speaker who committed to or is assigned the action.",
}


def _field(section: str, name: str, kind: str, profile: Profile) -> dict[str, Any]:
    if kind == "array" and name == "segment_ids":
        return {"$ref": "#/$defs/segmentIds"}
    if kind == "array":
        return {"type": "array", "items": {"$ref": f"#/$defs/{_DEFS[name]}"}}
    out: dict[str, Any] = {"type": kind}
    if (section, name) == ("", "schema_version"):
        out["const"] = 1
    if (section, name) in (("", "meeting_id"), ("topics", "label"), ("actions", "text")):
        out["minLength"] = 1
    if (section, name) == ("topics", "label"):
        out["description"] = f"A topic of the `{profile.name}` vocabulary (others are warned about: SEM103)."
        out["examples"] = list(profile.topics)
    elif (section, name) == ("risks", "type"):
        out["description"] = "Risk category: " + "; ".join(f"{k}: {v.doc}" for k, v in profile.risk_types.items())
        out["enum"] = list(profile.risk_types)
    elif (section, name) == ("risks", "severity"):
        out["description"] = "Risk severity; the values allowed depend on the risk type."
        out["enum"] = list(profile.severities)
    elif (section, name) == ("risks", "segment_id"):
        out["minimum"] = 0
    if name in _DESCRIBE and "description" not in out:
        out["description"] = _DESCRIBE[name]
    return out


def _object(section: str, fields: dict[str, tuple[str, bool]], profile: Profile) -> dict[str, Any]:
    return {
        "type": "object",
        "required": [n for n, (_, req) in fields.items() if req],
        "properties": {n: _field(section, n, kind, profile) for n, (kind, _) in fields.items()},
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
    schema.update(_object("", TOP, profile))
    risk = _object("risks", ITEMS["risks"], profile)
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
        "segmentIds": {"type": "array", "items": {"type": "integer", "minimum": 0}, "description": "Segment ids in the meeting's transcript."},
        "topic": _object("topics", ITEMS["topics"], profile),
        "risk": risk,
        "action": _object("actions", ITEMS["actions"], profile),
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
