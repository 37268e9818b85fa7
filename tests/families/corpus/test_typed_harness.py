"""A harness v3 corpus checked from its bytes (msgspec, :mod:`goldlint.families.corpus.typed_harness`):
for any change to a clean harness corpus, in any layout, a check that may take the byte path
gives exactly the diagnostics of one that may not, spans, offsets and fixes included; or the
byte path declines the file. Its free-form objects (``provenance``, ``metadata``) are where
it differs from the spec's reading: repeated keys, big integers, deep values and escapes
inside them are generated here."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from goldlint.engine import check_file
from tests.families.corpus.layouts import DROP, WHOLE, change_entries, written
from tests.families.corpus.layouts import LAYOUTS as ALL_LAYOUTS

WORDS = ["atim", "nipiy", "maskwa", "sīsīp", "wāpos", "mistik"]
DOMAINS = ["ui", "edu", "legal", "medical"]


def _clean(n: int = 240) -> dict[str, Any]:
    """A clean harness corpus: every tier, some registers and domains, provenance objects
    with licences, metadata with the file's languages, nested provenance and numbers."""
    entries = []
    for i in range(1, n + 1):
        licence = ["CC-BY-4.0", "CC0-1.0", "MIT"][i % 3]
        entry: dict[str, Any] = {
            "id": f"h_{i}", "source": f"dog {i}", "reference": f"{WORDS[i % 6]} {i}", "domain": DOMAINS[i % 4], "difficulty": i % 5 + 1,
            "register": ["conversational", "formal", "functional", "technical"][i % 4],
            "provenance": {"source_name": "tatoeba", "source_id": str(i), "license": licence, "url": f"https://example.org/{i}"},
            "metadata": {"source_lang": "eng", "target_lang": "crk", "target_sentence_id": str(1000 + i),
                         "provenance": {"source_name": "tatoeba", "license": licence, "url": ""},
                         "classification_confidence": i / 1000, "difficulty_word_count": 2, "tags": ["a", "b:c"]},
        }
        if i % 10 == 0:
            entry["morphological_analysis"] = "ni-wāpam-āw atim | 1-see-3 dog"
        if i % 7 == 0:
            entry["context"] = "question"
        entries.append(entry)
    return {"corpus_id": "t-eng-crk-dev", "version": "1.0.0",
            "language_pair": {"source": "eng", "target": "crk", "source_name": "English", "target_name": "Plains Cree"},
            "segment": "development", "created": "2026-11-22T10:00:00+00:00", "entry_count": n, "domains": DOMAINS,
            "entries": entries, "provenance": {"builder": "test", "license": "CC-BY-4.0", "source_url": "https://example.org"}}


VALUES = st.sampled_from([None, 0, 1, 5, 7, 2.0, True, "", " x", "x ", "h_1", "dog 1", "Dog 2", "development", "held_out", "formal", "formall",
                          "ui", "legal", "nope", "question", "a-b | c", "a | b", "at\u200bim", "at\u00a0im", "a\u0301", "сатim", "a: b",
                          "3", 10**30, -9223372036854775809, 1e300, [], {}, {"a": [1]}, {"license": "unknown"}, {"license": "n/a"},
                          {"license": "Apache-2.0"}, {"license": "Not-A-Licence"}, {"license": 5}, {"license": None}, {"license": {"a": 1}}, {"license": [1]},
                          {"source_lang": "fra"}, {"source_lang": "eng", "target_lang": "cre"}, {"target_lang": 3},
                          {"deep": {"deeper": {"deepest": [1]}}}, {"deep": [[1, [2]]]}, {"n": 10**30}, {"k:ey": "v:al"},
                          {"x": "\\u003a"}, {"x": "a\nb\t\"c\""}, DROP])
COPY = "(copied)"  # a value ``(COPY, k)``: entry k's value of the field (a duplicate id or source, most often)
CHANGES = st.lists(st.tuples(st.integers(0, 239), st.sampled_from(["id", "source", "reference"]), st.tuples(st.just(COPY), st.integers(0, 239))),
                   max_size=3)
FIELDS = st.sampled_from(["id", "source", "reference", "domain", "difficulty", "register", "provenance", "metadata", "segment", "context",
                          "notes", "variant_class", "morphological_analysis", "extra", "index", "source_text", WHOLE])
_DUPLICATE = ('"difficulty": 3,', '"difficulty": 3, "difficulty": 4,')
_ESCAPED_COLON = ('"dog 7"', '"dog\\u003a7"')
EDITS: dict[str, list[tuple[str, str]]] = {  # each replacement made once
    "none": [],
    "duplicate-key": [_DUPLICATE],
    "duplicate-envelope-key": [('"version": "1.0.0",', '"version": "0.9:1", "version": "1.0.0",')],
    "duplicate-pair-key": [('"source": "eng",', '"source": "eng", "source": "fra",')],
    "duplicate-metadata-key": [('"difficulty_word_count": 2', '"difficulty_word_count": 2, "difficulty_word_count": 3')],
    # (the dropped member's colon hidden by a string's colon: the re-encoding counts it)
    "duplicate-metadata-url": [('"url": ""', '"url": "", "url": "a:b"')],
    "duplicate-provenance-key": [('"source_id": "5"', '"source_id": "x", "source_id": "5"')],
    "duplicate-nested-key": [('"url": ""', '"url": "", "license": "unknown"')],  # (in the metadata's provenance)
    "colon-escape": [_ESCAPED_COLON],
    "metadata-colon-escape": [('"target_sentence_id": "1007"', '"target_sentence_id": "10\\u003a07"')],
    "duplicate-and-colon-escape": [_DUPLICATE, _ESCAPED_COLON],  # the escaped colon evens the count of colons out
    "explicit-null": [('"context": "question"', '"context": "question", "notes": null')],
    "null-context": [('"context": "question"', '"context": null')],
    "crlf": [("\n", "\r\n")],
    "overflow": [('"difficulty_word_count": 2', '"difficulty_word_count": 2e999')],
    "huge-integer": [('"difficulty_word_count": 2', '"difficulty_word_count": 123456789012345678901234567890')],
    "too-many-digits": [('"difficulty_word_count": 2', '"difficulty_word_count": 1' + "0" * 5000)],
    "huge-integer-in-text": [('"dog 7"', '"dog 123456789012345678901234567890"')],
}
TEXT_EDITS = st.sampled_from([*EDITS, "bom"])
LAYOUTS = st.sampled_from(ALL_LAYOUTS)


def _text(corpus: dict[str, Any], edit: str, layout: str = "indent") -> bytes:
    return written(corpus, EDITS.get(edit, []), layout, every=edit == "crlf", bom=edit == "bom")


def _changed(changes: list[tuple[int, str, Any]], envelope: dict[str, Any]) -> dict[str, Any]:
    corpus = copy.deepcopy(CLEAN)
    corpus.update(copy.deepcopy(envelope))
    for name in [k for k, v in envelope.items() if v == DROP]:
        del corpus[name]
    copied = [(index, name, CLEAN["entries"][value[1]][name] if isinstance(value, tuple) and value[0] == COPY else value)
              for index, name, value in changes]
    change_entries(corpus["entries"], copied)
    return corpus


CLEAN = _clean()
ENVELOPES = st.sampled_from([{}, {"domains": ["ui", "edu"]}, {"language_pair": {"source": "eng", "target": "cre"}}, {"language_pair": None},
                             {"segment": "held_out"}, {"segment": DROP}, {"corpus_id": DROP, "entry_count": DROP, "domains": DROP},
                             {"entry_count": 7}, {"entry_count": 10**30}, {"entry_count": -9223372036854775809}, {"provenance": {"license": "unknown"}}, {"provenance": DROP},
                             {"corpus_id": DROP, "entry_count": DROP, "domains": DROP, "language_pair": DROP},  # (no longer harness v3)
                             {"extra": 1}, {"dataset": {}}, {"version": {"a": {"b": {"c": 1}}}}])


@given(changes=st.builds(list.__add__, st.lists(st.tuples(st.integers(0, 239), FIELDS, VALUES), max_size=12), CHANGES), edit=TEXT_EDITS,
       layout=LAYOUTS, envelope=ENVELOPES)
@example(changes=[], edit="none", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-key", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-envelope-key", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-pair-key", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-metadata-key", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-metadata-url", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-provenance-key", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-nested-key", envelope={}, layout="indent")
@example(changes=[], edit="colon-escape", envelope={}, layout="indent")
@example(changes=[], edit="metadata-colon-escape", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-and-colon-escape", envelope={}, layout="indent")
@example(changes=[], edit="explicit-null", envelope={}, layout="indent")
@example(changes=[], edit="null-context", envelope={}, layout="indent")
@example(changes=[], edit="overflow", envelope={}, layout="indent")
@example(changes=[], edit="huge-integer", envelope={}, layout="indent")
@example(changes=[], edit="too-many-digits", envelope={}, layout="indent")
@example(changes=[], edit="huge-integer-in-text", envelope={}, layout="indent")
@example(changes=[], edit="none", envelope={}, layout="entries-first")
@example(changes=[(5, "variant_class", "v")], edit="none", envelope={}, layout="indent")  # a class of one entry: COR117
@example(changes=[(3, "provenance", None), (4, "provenance", {"license": "unknown"}), (9, "provenance", {"license": "unknown"})], edit="none",
         envelope={}, layout="indent")  # null provenance (COR115), a placeholder licence counted (COR105)
@example(changes=[(3, "metadata", {"source_lang": "fra"}), (8, "metadata", {"deep": {"deeper": {"deepest": [1]}}}), (9, "metadata", {"n": 10**30})],
         edit="none", envelope={}, layout="indent")
@example(changes=[(2, "segment", "held_out"), (6, "source", "dog 2"), (7, "id", "h_2"), (8, "domain", "legal")], edit="none",
         envelope={"domains": ["ui", "edu"]}, layout="indent")
@example(changes=[(0, WHOLE, "entry"), (1, "register", "formall")], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "source", "dog 2")], edit="none", envelope={}, layout="indent")  # one defect at a time, in clean company
@example(changes=[(6, "source", " ")], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "id", "h_2")], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "segment", "held_out")], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "reference", "at\u00a0im")], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "morphological_analysis", "a-b | c")], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "provenance", {"license": "Not-A-Licence"})], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "provenance", {"license": "unknown"}), (8, "provenance", {"license": "unknown"})], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "metadata", {"source_lang": "fra"})], edit="none", envelope={}, layout="indent")
@example(changes=[(6, "provenance", {"license": {"a": 1}})], edit="none", envelope={}, layout="indent")  # (unhashable: no word to look up)
@example(changes=[(6, "domain", "legal")], edit="none", envelope={"domains": ["ui", "edu"]}, layout="indent")
@example(changes=[(0, "extra", 1)], edit="none", envelope={"corpus_id": DROP, "entry_count": DROP, "domains": DROP, "language_pair": DROP},
         layout="indent")  # a corpus by its first entry, of the spec dialect: not the harness's to read
@example(changes=[(4, "index", 1)], edit="none", envelope={}, layout="indent")
@example(changes=[(9, "difficulty", -9223372036854775809)], edit="none", envelope={}, layout="indent")
@example(changes=[], edit="none", envelope={"extra": 1}, layout="indent")
@example(changes=[], edit="none", envelope={"version": -9223372036854775809}, layout="indent")  # (orjson: a float)
@example(changes=[(9, "difficulty", -9223372036854775809), (12, "notes", "12345678901234567890")], edit="none", envelope={}, layout="indent")
@example(changes=[], edit="none", envelope={"language_pair": None}, layout="indent")
@example(changes=[], edit="none", envelope={"corpus_id": DROP, "entry_count": DROP, "domains": DROP, "language_pair": DROP}, layout="indent")
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_byte_path_and_ordinary_path_agree(tmp_path: Path, shown: Any, changes: list[tuple[int, str, Any]], edit: str, envelope: dict[str, Any],
                                           layout: str) -> None:
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(_changed(changes, envelope), edit, layout))
    assert shown(path, False) == shown(path, True)


@pytest.fixture
def claims(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each file was claimed by the typed reading (a document was returned), in order."""
    from goldlint.families.corpus import typed

    made: list[bool] = []
    check_bytes = typed.check_bytes

    def spy(*args: Any) -> Any:
        document = check_bytes(*args)
        made.append(document is not None)
        return document

    monkeypatch.setattr(typed, "check_bytes", spy)
    return made


def test_a_clean_harness_corpus_is_claimed_from_its_bytes(tmp_path: Path, claims: list[bool]) -> None:
    for layout in ("indent", "minified", "uneven", "entries-first"):
        path = tmp_path / "corpus.json"
        path.write_bytes(_text(CLEAN, "none", layout))
        result = check_file(path, need_document=False)
        assert (result.diagnostics, result.kind, claims) == ([], "corpus", [True]), layout
        claims.clear()


def test_a_defective_harness_corpus_is_checked_from_its_bytes(tmp_path: Path, shown: Any, claims: list[bool]) -> None:
    """Defects of every kind, in entries the typed decoder takes and in entries it refuses:
    the byte path claims the file and finds what the ordinary way finds."""
    changes = [(9, "difficulty", 6), (19, "register", "formall"), (29, "id", "h_5"), (39, "reference", "at\u00a0im"), (49, "extra", 1),
               (59, "morphological_analysis", "a-b | c"), (69, "source", "dog 3"), (79, WHOLE, "entry"), (89, "provenance", None),
               (99, "reference", "atim "), (109, "metadata", {"source_lang": "fra"}), (119, "id", 10**30), (129, "domain", "legal"),
               (139, "provenance", {"license": "unknown"}), (149, "segment", "held_out"), (159, "metadata", {"n": 10**30}),
               (169, "provenance", {"license": "Not-A-Licence"}), (179, "metadata", {"deep": {"deeper": {"deepest": [1]}}}),
               (189, "variant_class", "v"), (199, "context", "nope"), (200, "source", "  "), (210, "source", "dog 7"),
               (220, "id", "h_8"), (230, "segment", "diagnostic")]
    for envelope in ({}, {"domains": ["ui", "edu", "medical"]}):  # (the second sends every entry of the domain `legal` the per-entry way)
        for layout in ("indent", "minified", "uneven", "entries-first"):
            path = tmp_path / f"{layout}.json"
            path.write_bytes(_text(_changed(changes, envelope), "none", layout))
            result = check_file(path, need_document=False)
            assert (result.kind, claims) == ("corpus", [True]), layout
            assert len({d.code for d in result.diagnostics}) >= 12
            assert shown(path, False) == shown(path, True)
            claims.clear()


def test_colons_in_texts_and_objects_are_counted(tmp_path: Path, claims: list[bool]) -> None:
    """Colons inside ids, texts, notes and free-form objects (keys and values) are the
    text's own, not a repeated key's: the file is claimed."""
    changes = [(i, "id", f"h:{i}") for i in range(240)] + [(3, "source", "dog: 3"), (4, "reference", "a:b"), (5, "notes", "n: 1"),
                                                           (6, "variant_class", "v:1"), (7, "variant_class", "v:1"),
                                                           (8, "metadata", {"k:ey": "v:al", "l": ["x:y", {"a:b": "c:d"}]})]
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(_changed(changes, {"corpus_id": "t:1", "created": "2026-11-22T10:00:00+00:00"}), "none", "minified"))
    result = check_file(path, need_document=False)
    assert (result.diagnostics, claims) == ([], [True])


def test_a_clean_spec_corpus_is_not_tried_as_a_harness_one(tmp_path: Path) -> None:
    """The harness's reading is tried first only where a harness root starts."""
    from goldlint.families.corpus import typed_harness

    assert typed_harness.first(_text(CLEAN, "none"))
    assert not typed_harness.first(json.dumps({"dataset": {"id": "x"}, "entries": []}).encode())


@pytest.mark.parametrize("edit", ["duplicate-metadata-key", "duplicate-metadata-url", "duplicate-provenance-key", "duplicate-nested-key",
                                  "metadata-colon-escape", "huge-integer-in-text", "too-many-digits", "overflow"])
def test_what_the_ordinary_way_finds_in_free_form_objects_is_found(tmp_path: Path, shown: Any, edit: str) -> None:
    """Repeated keys deep in an entry's objects (GL004), and what the reader refuses there,
    are found: the byte path declines such a file, or finds the same."""
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(CLEAN, edit, "compact"))
    found = shown(path, False)
    assert found == shown(path, True)
    if edit.startswith("duplicate"):
        assert "GL004" in {d[0] for d in found}


def test_a_depth_limit_sends_deep_metadata_the_ordinary_way(tmp_path: Path, shown: Any) -> None:
    (tmp_path / "goldlint.yaml").write_text("max-depth: 8\n")
    for depth, refused in ((4, False), (5, True)):  # (the metadata is at level 4)
        corpus = _changed([(3, "metadata", {"a": json.loads("[" * depth + "]" * depth)})], {})
        path = tmp_path / "corpus.json"
        path.write_bytes(_text(corpus, "none"))
        found = shown(path, False)
        assert found == shown(path, True)
        assert any("nesting deeper than 8 levels" in d[2] for d in found) == refused


_CONFIG = """corpus:
  governance-repo: true
  extra-domains: [wiki]
  extra-registers: [poetic]
  extra-fields: [reviewer]
  extra-secret-segments: [vault]
  segment-minimums: {development: 300}
"""


@pytest.mark.parametrize("envelope", [{}, {"segment": "vault"}, {"reviewer": "x"}, {"domains": ["ui", "edu", "legal", "medical", "wiki"]}])
def test_configured_vocabularies_and_fields_agree(tmp_path: Path, shown: Any, claims: list[bool], envelope: dict[str, Any]) -> None:
    """Words and fields a configuration adds (each reported once, as info) are the per-entry
    way's to judge: the typed entries refuse them, and the file's findings are the same. (A
    configured field of the envelope: the ordinary way reads the file.)"""
    (tmp_path / "goldlint.yaml").write_text(_CONFIG)
    changes = [(5, "domain", "wiki"), (6, "register", "poetic"), (7, "reviewer", "x"), (8, "segment", "vault"), (9, "domain", "wiki"),
               (10, "register", "poetic"), (11, "reviewer", "y"), (12, "segment", "development")]
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(_changed(changes, envelope), "none", "indent"))
    found = shown(path, False)
    assert claims == ["reviewer" not in envelope]
    assert found == shown(path, True)
    assert {"COR108", "COR114"} <= {d[0] for d in found}
