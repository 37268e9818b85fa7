"""The entry declaration (``goldlint.families.corpus.declaration``) is what every path says:
where two paths disagreed before it (the harness's optional ``context``, a null ``notes``),
the check, the clean paths, the schema and completion now give one verdict."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from goldlint.engine import check_file
from goldlint.families.corpus import declaration, editor, schemagen
from goldlint.families.corpus.options import CorpusOptions
from goldlint.families.declare import compile_tests
from tests.families.corpus.test_typed_path import CLEAN

HARNESS = Path(__file__).resolve().parents[2] / "data" / "rosetta" / "curated" / "eng-sna-dev-v1.json"


def _codes(path: Path, text: str, need_document: bool) -> list[tuple[str, int]]:
    path.write_text(text, encoding="utf-8")
    return [(d.code, d.span.start.line) for d in check_file(path, need_document=need_document).diagnostics if d.code in ("COR101", "COR108")]


@pytest.mark.parametrize(("context", "codes"), [("question", []), (None, []), ("questoin", ["COR108"]), (7, ["COR101"])])
@pytest.mark.parametrize("layout", ["json-block", "json-next-to-a-defect", "jsonl"])
def test_a_harness_entry_context_is_judged_by_its_declaration(tmp_path: Path, context: Any, codes: list[str], layout: str) -> None:
    corpus = json.loads(HARNESS.read_text(encoding="utf-8"))
    entry = corpus["entries"][5]
    entry["context"] = context
    if layout == "json-next-to-a-defect":
        entry["extra"] = 1
    if layout == "jsonl":
        text, name = "".join(json.dumps(e) + "\n" for e in corpus["entries"]), "c.jsonl"
    else:
        text, name = json.dumps(corpus, indent=1), "c.json"
    for need_document in (True, False):
        assert [code for code, _ in _codes(tmp_path / name, text, need_document)] == codes, need_document
    schema = schemagen.harness_schema()["$defs"]["entry"]["properties"]["context"]
    assert jsonschema.Draft202012Validator(schema).is_valid(context) is (codes == [])


@pytest.mark.parametrize("name", ["notes", "variant_class", "morphological_analysis"])
def test_a_null_optional_field_is_absent_for_the_check_and_the_schema(tmp_path: Path, name: str) -> None:
    corpus = copy.deepcopy(CLEAN)
    corpus["entries"][3][name] = None
    for need_document in (True, False):
        assert _codes(tmp_path / "c.json", json.dumps(corpus), need_document) == []
    assert jsonschema.Draft202012Validator(schemagen.spec_schema()).is_valid(corpus)


@pytest.mark.parametrize("flavour", ["spec", "harness"])
def test_completion_offers_each_declared_vocabulary(flavour: str) -> None:
    root: Any = {"dataset": {}, "entries": [{}]} if flavour == "spec" else {"corpus_id": "x", "language_pair": {}, "entries": [{}]}
    for field in declaration.ENTRY[flavour]:
        offered = editor.completions(root, ("entries", 0, field.name), CorpusOptions())
        if field.allowed is None:
            assert offered is None, field.name
        else:
            assert [value for value, _ in offered or []] == [str(v) for v in (field.values or sorted(field.allowed))], field.name


@pytest.mark.parametrize("value", [None, "", "formal", "formall", 3, 3.0, True, [], {}, "development"])
def test_compiled_tests_are_the_fields_own_verdict(value: Any) -> None:
    for fields in declaration.ENTRY.values():
        for field in fields:
            if field.nonblank:
                continue  # (texts are judged apart: their sources must be new as well)
            passes = compile_tests(((field.name, field.python, field.allowed),))
            assert passes({field.name: value}) is (field.accepts(value) and value is not None), field.name  # (a test asks for a value)
            assert passes({}) is False
