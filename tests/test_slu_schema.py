"""The published JSON Schema of an SLU record agrees with the rules and accepts the real record."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

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
