"""The published JSON Schema of a SLURP record is generated from the field tables the shape
check reads, accepts every real record, and rejects what SLP101 reports."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from goldlint.engine import check_text
from goldlint.families.slurp import schemagen
from goldlint.families.slurp.rules import record
from goldlint.resources import data_dir, schema

DATA = Path(__file__).resolve().parents[2] / "data" / "slurp"


def test_the_schema_in_schemas_is_the_generated_one() -> None:
    assert (data_dir("schemas") / "slurp-record.schema.json").read_text(encoding="utf-8") == schemagen.text(), \
        "run python -m goldlint.families.slurp.schemagen"


def test_it_accepts_the_real_records() -> None:
    validator = jsonschema.Draft202012Validator(schema("slurp-record.schema.json"))
    for name in ("test.jsonl", "devel.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            assert not list(validator.iter_errors(json.loads(line)))


def _mutations() -> list[dict[str, object]]:
    base = record()
    out: list[dict[str, object]] = [{**base, "slurp_id": "1"}, {**base, "sentence": 3}, {**base, "extra": 1},
                                    {**base, "recordings": [{"file": "a", "wer": None, "ent_wer": None, "status": "correct"}]},
                                    {**base, "recordings": [{"file": "a", "wer": 0, "ent_wer": 0.5, "status": "correct", "x": 1}]},
                                    {**base, "tokens": [{"surface": "a", "id": 0.5, "lemma": "a", "pos": "NN"}]},
                                    {**base, "entities": [{"span": ["4"], "type": "time"}]},
                                    {**base, "entities": [{"type": "time"}]}, {**base, "slurp_id": True}]
    for key in base:
        out.append({k: v for k, v in base.items() if k != key})
    return out


@pytest.mark.parametrize("value", _mutations(), ids=lambda v: json.dumps(v)[:60])
def test_the_schema_and_slp101_agree(value: dict[str, object]) -> None:
    schema_says = bool(list(jsonschema.Draft202012Validator(schema("slurp-record.schema.json")).iter_errors(value)))
    slp101 = any(d.code == "SLP101" for d in check_text(Path("t.jsonl"), json.dumps(value) + "\n", kind="slurp").diagnostics)
    assert schema_says and slp101
