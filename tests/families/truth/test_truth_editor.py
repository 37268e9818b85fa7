"""Editor help, the published annotation schema, config, detection and rule docs."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from truth_support import CLEAN, DATA, check, found

from goldlint import config as cfg
from goldlint.engine import check_file
from goldlint.families import FAMILIES
from goldlint.families.truth.ontology import OntologyError, build, load_ontology
from goldlint.families.truth.schema import build_schema, schema_text
from goldlint.families.truth.vocab import ENTITY_KEYS, PREDEFINED_SEGMENT
from goldlint.formats.tsv_doc import TsvDocument
from goldlint.resources import data_dir, schema
from goldlint.rules.registry import get

FAMILY = FAMILIES["truth"]
ROOT = TsvDocument("t.tsv", CLEAN).root


def test_entity_dict_key_completions() -> None:
    opts = FAMILY.Options()
    # a key being typed inside an entity dict: the dict's path plus the text typed so far
    keys = FAMILY.completions(ROOT, (0, "annotation", "COFFEE_SIZE", "can"), opts)
    assert keys is not None and [k for k, _ in keys] == ["literal", "canonical", "formattedLiteral"]
    assert FAMILY.completions(ROOT, (2, "annotation", "PERSON", 1, ""), opts) == keys
    # the cursor inside the value of an entity whose value is an object or a list
    assert FAMILY.completions(ROOT, (0, "annotation", "COFFEE_SIZE"), opts) == keys
    assert FAMILY.completions(ROOT, (2, "annotation", "PERSON"), opts) == keys
    # a string value, a plain cell, an entity name without an ontology: nothing to offer
    assert FAMILY.completions(ROOT, (3, "annotation", "COFFEE_SIZE"), opts) is None
    assert FAMILY.completions(ROOT, (0, "transcription"), opts) is None


def test_intent_and_entity_completions_with_an_ontology() -> None:
    opts = FAMILY.Options(ontology=str(DATA / "ontology.yaml"))
    intents = FAMILY.completions(ROOT, (0, "intent"), opts)
    assert intents is not None and "SET_BIRTHDAY" in [i for i, _ in intents]
    entities = FAMILY.completions(ROOT, (0, "annotation"), opts)  # row 0 is ORDER_COFFEE
    assert entities is not None and [e for e, _ in entities] == ["COFFEE_COUNT", "COFFEE_SIZE", "COFFEE_TYPE"]
    assert FAMILY.completions(ROOT, (0, "annotation", "COFFEE_T"), opts) == entities  # an entity name being typed
    calendar = FAMILY.completions(ROOT, (6, "annotation"), opts)  # SET_BIRTHDAY
    assert calendar == [("BIRTH_DATE", "calendar entity (isA nuance_CALENDARX)")]
    assert FAMILY.completions(ROOT, (0, "intent"), FAMILY.Options()) is None


def test_column_completions_and_hover() -> None:
    columns = FAMILY.completions(ROOT, ("header", 0), FAMILY.Options())
    assert columns is not None and [c for c, _ in columns] == ["speaker", "codedWvnm", "transcription", "annotation", "intent"]
    assert "canonical value" in (FAMILY.hover(ROOT, (0, "annotation", "COFFEE_SIZE", "canonical"), FAMILY.Options()) or "")
    hover = FAMILY.hover(ROOT, (2, "intent"), FAMILY.Options(ontology=str(DATA / "ontology.yaml")))
    assert hover == "**intent `SEND_NOTE`** — entities: PERSON"


def test_schema_file_is_built_from_the_vocabulary() -> None:
    assert (data_dir("schemas") / "truth-annotation.schema.json").read_text(encoding="utf-8") == schema_text()
    published = schema("truth-annotation.schema.json")
    assert published == build_schema()
    assert list(published["$defs"]["entityDict"]["properties"]) == list(ENTITY_KEYS)
    assert PREDEFINED_SEGMENT in published["$defs"]["predefined"]["propertyNames"]["pattern"]


def test_schema_accepts_the_clean_annotations_and_refuses_what_tru104_reports() -> None:
    validator = jsonschema.Draft202012Validator(schema("truth-annotation.schema.json"))
    for line in CLEAN.split("\n")[1:-1]:
        assert list(validator.iter_errors(json.loads(line.split("\t")[3]))) == []
    for bad in ({"A": {"canonicle": "x"}}, {"A": True}, {"A": []}, {"A": [{}]}, {"B": {"nuance_CALENDAR..nuance_DAY": 1}}, {"B": {"nuance_CALENDAR.nuance_DAY": "7"}}):
        assert list(validator.iter_errors(bad)), bad


def test_ontology_from_goldlint_yaml_is_relative_to_the_config(tmp_path: Path) -> None:
    (tmp_path / "nlu").mkdir()
    (tmp_path / "nlu" / "onto.json").write_text(json.dumps({"ORDER_COFFEE": ["COFFEE_SIZE"]}), encoding="utf-8")
    (tmp_path / "goldlint.yaml").write_text("truth:\n  ontology: nlu/onto.json\n", encoding="utf-8")
    (tmp_path / "data").mkdir()
    gold = tmp_path / "data" / "t.tsv"
    gold.write_text("transcription\tannotation\tintent\na large one\t{\"COFFEE_SIZE\": \"lg\", \"EXTRA\": 1}\tORDER_COFFE\n", encoding="utf-8")
    result = check_file(gold)
    assert found(result) == [("TRU107", 2, 35), ("TRU106", 2, 47)]
    cfg.load.cache_clear()


def test_unreadable_ontology_is_reported_once_not_raised(tmp_path: Path) -> None:
    result = check(CLEAN, {"ontology": "missing.yaml"}, folder=tmp_path)
    assert found(result) == [("TRU106", 1, 1)]
    assert "cannot be read" in result.diagnostics[0].message


def test_an_ontology_that_does_not_parse_is_said_on_one_line_with_its_place(tmp_path: Path) -> None:
    """ruamel.yaml's own text is several lines, each with a caret under the YAML: one line here."""
    (tmp_path / "onto.yaml").write_text("ORDER_COFFEE: [COFFEE_SIZE\nX: [Y]\n", encoding="utf-8")
    result = check(CLEAN, {"ontology": "onto.yaml"}, folder=tmp_path)
    assert found(result) == [("TRU106", 1, 1)]
    message = result.diagnostics[0].message
    assert "\n" not in message and "does not parse at line 2, column 2:" in message, message


def test_ontology_shapes() -> None:
    onto = build(Path("o.json"), {"intents": {"A": ["X", "D"]}, "entities": {"D": {"isA": "nuance_CALENDARX"}, "Y": "nuance_CALENDARX"}})
    assert onto.entities == {"X", "D", "Y"} and onto.calendar == {"D", "Y", "nuance_CALENDARX"}
    assert onto.intents == {"A": {"X", "D"}}
    with pytest.raises(OntologyError):
        build(Path("o.json"), {"A": "X"})
    with pytest.raises(OntologyError):
        build(Path("o.json"), [1])
    assert load_ontology(DATA / "ontology.yaml") is load_ontology(DATA / "ontology.yaml")


def test_detection() -> None:
    assert FAMILY.detect(TsvDocument("t.tsv", CLEAN))
    assert FAMILY.detect(TsvDocument("t.tsv", CLEAN.split("\n", 1)[1]))  # no header: a row with an annotation
    assert not FAMILY.detect(TsvDocument("t.tsv", "name\tage\nann\t3\n"))
    # the test tool's results file (predictions) is not gold: skipped, as a TSV of no kind is
    assert not FAMILY.detect(TsvDocument("r.tsv", "codedWvnm\tintent\tentities\n1-1.wav\tGREET\t{}\n"))
    assert FAMILY.detect(TsvDocument("t.tsv", "codedWvnm\tannotaton\tintent\n"))  # a misspelt truth header is still truth
    result = check("name\tage\nann\t3\n")  # a TSV of no kind: skipped, not reported
    assert (result.diagnostics, result.skipped) == ([], "kind not recognised")


def test_nested_predefined_values_follow_the_config() -> None:
    nested = '{"BIRTH_DATE": {"nuance_CALENDAR": {"nuance_DATE": {"nuance_DATE_ABS": {"nuance_MONTH": 7}}}}}'
    text = "transcription\tannotation\tintent\nJuly\t" + nested + "\tSET_BIRTHDAY\n"
    result = check(text)
    assert found(result) == [("TRU109", 2, 41)]
    assert "nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_MONTH" in result.diagnostics[0].message
    assert found(check(text, {"flattened-predefined": False})) == []
    flat = CLEAN.split("\n")[7]
    assert found(check("speaker\tcodedWvnm\ttranscription\tannotation\tintent\n" + flat + "\n", {"flattened-predefined": False})) == [("TRU109", 2, 60), ("TRU109", 2, 125)]


@pytest.mark.parametrize("code", [f"TRU1{n:02d}" for n in range(1, 11)])
def test_every_rule_is_documented(code: str) -> None:
    rule = get(code)
    assert rule is not None and rule.family == "truth" and rule.summary and rule.why and rule.examples
