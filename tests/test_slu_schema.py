"""The published JSON Schema of an SLU record agrees with the rules and accepts the real record."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from goldlint.families.slu import declaration, schemagen
from goldlint.families.slu.options import SluOptions
from goldlint.resources import schema

EXAMPLE = Path(__file__).parent.parent / "examples" / "ruslun" / "example_record.json"


def test_schema_is_valid_and_accepts_the_real_record() -> None:
    slu = schema("slu-record.schema.json")
    jsonschema.Draft202012Validator.check_schema(slu)
    jsonschema.validate(json.loads(EXAMPLE.read_text(encoding="utf-8")), slu)


def test_audio_type_vocabulary_is_the_rules_default() -> None:
    slu = schema("slu-record.schema.json")
    enum = slu["properties"]["meta"]["properties"]["audio"]["properties"]["type"]["enum"]
    assert enum == SluOptions().audio_types


def test_the_committed_schema_is_the_one_the_declaration_generates() -> None:
    assert schema(schemagen.NAME) == json.loads(schemagen.render(schemagen.record_schema())), "run python -m goldlint.families.slu.schemagen"


def test_the_schema_and_the_shape_check_require_the_same_fields() -> None:
    slu = schema(schemagen.NAME)
    for path, field in declaration.shape():
        node = slu
        for step in path[:-1]:
            node = node["properties"][step]
        assert path[-1] in node["required"], path
        assert node["properties"][path[-1]].get("type", "string") == field.type, path


def test_the_speaker_form_is_the_checks() -> None:
    pattern = schema(schemagen.NAME)["properties"]["meta"]["properties"]["speaker"]["pattern"]
    validator = jsonschema.Draft202012Validator({"type": "string", "pattern": pattern})
    for speaker, good in (("7_female_33", True), ("7_other_33", False), ("7_male_", False), ("x7_male_3", False), ("7_male_33 ", False)):
        assert validator.is_valid(speaker) is good, speaker
