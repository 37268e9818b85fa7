"""The JSON Schemas in schemas/ are generated from the same vocabularies the rules use, and the
real files validate against them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from goldlint.families.corpus import declaration, vocab
from goldlint.families.corpus import schemagen as corpus_gen
from goldlint.families.runcard import schemagen as runcard_gen
from goldlint.families.runcard import vocab as rc_vocab
from goldlint.resources import schema

DATA = Path(__file__).resolve().parents[2] / "data" / "rosetta"


@pytest.mark.parametrize("name", sorted(corpus_gen.SCHEMAS))
def test_corpus_schemas_are_generated_from_vocab(name: str) -> None:
    assert schema(name) == json.loads(corpus_gen.render(corpus_gen.SCHEMAS[name]())), "run python -m goldlint.families.corpus.schemagen"


def test_runcard_schema_is_generated_from_vocab() -> None:
    assert schema("runcard.schema.json") == json.loads(runcard_gen.render()), "run python -m goldlint.families.runcard.schemagen"


def _enum(s: dict[str, Any], *path: str) -> list[Any]:
    node: Any = s
    for step in path:
        node = node[step]
    return node["enum"]


def test_schema_vocabularies_are_the_rules_vocabularies() -> None:
    spec, harness, card = schema("corpus-spec.schema.json"), schema("corpus-harness.schema.json"), schema("runcard.schema.json")
    entry = ("$defs", "entry", "properties")
    assert _enum(spec, *entry, "segment") == list(vocab.SEGMENTS)
    assert _enum(spec, *entry, "provenance") == list(vocab.PROVENANCE)
    assert _enum(spec, *entry, "register") == list(vocab.REGISTERS)
    assert _enum(spec, *entry, "context") == list(vocab.CONTEXTS)
    assert _enum(spec, "$defs", "dataset", "properties", "provenance", "items") == list(vocab.PROVENANCE)
    assert spec["$defs"]["entry"]["required"] == [f.name for f in declaration.SPEC_ENTRY if f.required]
    assert harness["$defs"]["entry"]["required"] == [f.name for f in declaration.HARNESS_ENTRY if f.required]
    assert _enum(harness, *entry, "register") == list(vocab.HARNESS_REGISTERS)
    assert _enum(harness, *entry, "domain") == list(vocab.DOMAINS)
    assert _enum(harness, "properties", "domains", "items") == list(vocab.DOMAINS)
    assert _enum(harness, "properties", "segment") == list(vocab.SEGMENTS)
    assert harness["required"] == list(vocab.HARNESS_ROOT_REQUIRED)
    assert _enum(card, "properties", "method_card", "properties", "class") == list(rc_vocab.METHOD_CLASSES)
    assert _enum(card, "properties", "method_class") == list(rc_vocab.METHOD_CLASSES)
    assert _enum(card, "$defs", "scores", "properties", "quality_tier") == list(rc_vocab.TIERS)


def test_the_rules_use_the_same_lists() -> None:
    from goldlint.families.corpus import fastpath
    from goldlint.families.runcard import algorithms

    spec = {name: allowed for name, _, allowed in fastpath.SPEC_TESTS}
    harness = {name: allowed for name, _, allowed in fastpath.HARNESS_TESTS}
    assert spec["segment"] == frozenset(vocab.SEGMENTS) and harness["domain"] == frozenset(vocab.DOMAINS)
    assert spec["difficulty"] == harness["difficulty"] == declaration.TIERS
    assert list(rc_vocab.TIERS)[:-1] == [name for _, name in algorithms.QUALITY_TIERS]
    assert set(vocab.SEGMENT_MINIMUMS) == set(vocab.SEGMENTS)
    assert set(vocab.SEGMENTS) - vocab.SECRET_SEGMENTS == {"development", "diagnostic"}  # (the public ones)


@pytest.mark.parametrize("name", ["corpus-spec.schema.json", "corpus-harness.schema.json", "runcard.schema.json"])
def test_schemas_are_draft_2020_12(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))


def test_real_files_validate() -> None:
    harness = jsonschema.Draft202012Validator(schema("corpus-harness.schema.json"))
    for path in sorted((DATA / "curated").glob("*.json")):
        assert list(harness.iter_errors(json.loads(path.read_text(encoding="utf-8")))) == [], path
    card = jsonschema.Draft202012Validator(schema("runcard.schema.json"))
    assert list(card.iter_errors(json.loads((DATA / "run_card_example.json").read_text(encoding="utf-8")))) == []


def test_spec_schema_accepts_the_seed_example_and_refuses_a_typo() -> None:
    example = {
        "dataset": {"id": "edtekla-dev-v1", "version": "1.0", "language_pair": "EN→CRK", "source_language": "en", "target_language": "crk",
                    "created": "2026-05-01", "license": "CC-BY-NC-SA-4.0", "provenance": ["gold_standard", "textbook"]},
        "entries": [{"id": 42, "source": "I see the dog", "reference": "niwâpamâw atim", "segment": "gold_standard", "difficulty": 2,
                     "provenance": "gold_standard", "register": "conversational", "context": "declaration",
                     "morphological_analysis": "ni-wâpam-âw atim | 1sg-see.TA-3sg.DIR dog.AN", "notes": "…", "variant_class": "simple-ta-direct"}],
    }
    validator = jsonschema.Draft202012Validator(schema("corpus-spec.schema.json"))
    assert list(validator.iter_errors(example)) == []
    example["entries"][0]["segment"] = "gold-standard"
    assert len(list(validator.iter_errors(example))) == 1
