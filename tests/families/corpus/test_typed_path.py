"""A spec corpus checked from its bytes (msgspec, :mod:`goldlint.families.corpus.typed`):
for any change to a clean corpus, in any layout, a check that may take the byte path gives
exactly the diagnostics of one that may not, spans, offsets and fixes included; or the byte
path declines the file."""

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

ENVELOPE = {"id": "t-eng-crk", "version": "1.0.0", "language_pair": "EN→CRK", "source_language": "en", "target_language": "crk",
            "created": "2026-11-22", "license": "CC-BY-4.0", "provenance": ["textbook", "elicited", "corpus"]}
WORDS = ["atim", "nipiy", "maskwa", "sīsīp", "wāpos", "mistik"]


def _clean(n: int = 240) -> dict[str, Any]:
    """A clean spec corpus: every tier, register, context and segment, large enough for COR114."""
    entries = []
    for i in range(1, n + 1):
        entry = {"id": i, "source": f"dog {i}", "reference": f"{WORDS[i % 6]} {i}", "segment": "development" if i % 4 else "diagnostic",
                 "difficulty": i % 5 + 1, "provenance": ["textbook", "elicited", "corpus"][i % 3],
                 "register": ["conversational", "formal", "educational"][i % 3],
                 "context": ["greeting", "declaration", "question", "instruction", "narrative"][i % 5]}
        if i % 10 == 0:
            entry["morphological_analysis"] = "ni-wāpam-āw atim | 1-see-3 dog"
        entries.append(entry)
    return {"dataset": dict(ENVELOPE), "entries": entries}


VALUES = st.sampled_from([None, 0, 1, 5, 7, 2.0, True, "", " x", "x ", "dog 1", "Dog 2", "development", "gold_standard", "formal",
                          "formall", "elicitd", "a-b | c", "a | b", "a-b | c-d", "at\u200bim", "at\u00a0im", "a\u0301", "сатim", "a: b",
                          "easy", "3", 10**30, [], {}, {"a": [1]}, "\\u003a", DROP])
FIELDS = st.sampled_from(["id", "source", "reference", "segment", "difficulty", "provenance", "register", "context", "notes",
                          "variant_class", "morphological_analysis", "extra", "index", "source_text", WHOLE])
_DUPLICATE = ('"difficulty": 3,', '"difficulty": 3, "difficulty": 4,')
_ESCAPED_COLON = ('"dog 7"', '"dog\\u003a7"')
EDITS: dict[str, list[tuple[str, str]]] = {  # each replacement made once
    "none": [],
    "duplicate-key": [_DUPLICATE],
    "duplicate-envelope-key": [('"version": "1.0.0",', '"version": "0.9:1", "version": "1.0.0",')],
    # a dropped member whose colon the colon of a string could hide
    "duplicate-note": [('"context": "greeting"', '"context": "greeting", "notes": "a: b", "notes": "ab"')],
    "colon-escape": [_ESCAPED_COLON],
    "duplicate-and-colon-escape": [_DUPLICATE, _ESCAPED_COLON],  # the escaped colon evens the count of colons out
    "explicit-null": [('"context": "greeting"', '"context": "greeting", "notes": null')],
    "crlf": [("\n", "\r\n")],
    "overflow": [('"id": 9,', '"id": 9e999,')],
    "huge-integer": [('"id": 9,', '"id": 123456789012345678901234567890,')],
}
TEXT_EDITS = st.sampled_from([*EDITS, "bom"])
# How the file is laid out: the entries' offsets are found differently when the gaps between
# them differ ("uneven"), and the array's key is looked for in the text ("entries-first",
# "escaped-key": written as ``"entr\u0069es"``, which the byte path cannot place).
LAYOUTS = st.sampled_from(ALL_LAYOUTS)


def _text(corpus: dict[str, Any], edit: str, layout: str = "indent") -> bytes:
    return written(corpus, EDITS.get(edit, []), layout, every=edit == "crlf", bom=edit == "bom")


def _changed(changes: list[tuple[int, str, Any]], envelope: dict[str, Any]) -> dict[str, Any]:
    corpus = copy.deepcopy(CLEAN)
    corpus["dataset"].update(envelope)
    change_entries(corpus["entries"], changes)
    return corpus


@given(changes=st.lists(st.tuples(st.integers(0, 239), FIELDS, VALUES), max_size=12), edit=TEXT_EDITS, layout=LAYOUTS,
       envelope=st.sampled_from([{}, {"license": "unknown"}, {"source_language": "eng"}, {"provenance": ["textbook"]}, {"extra": 1},
                                 {"entries": ["x"]}, {"version": 10**30}]))
@example(changes=[], edit="none", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-key", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-envelope-key", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-note", envelope={}, layout="indent")
@example(changes=[(3, "notes", "a: b")], edit="duplicate-note", envelope={}, layout="indent")
@example(changes=[], edit="colon-escape", envelope={}, layout="indent")
@example(changes=[], edit="duplicate-and-colon-escape", envelope={}, layout="indent")
@example(changes=[], edit="explicit-null", envelope={}, layout="indent")
@example(changes=[], edit="overflow", envelope={}, layout="indent")
@example(changes=[], edit="huge-integer", envelope={}, layout="indent")
@example(changes=[(5, "variant_class", "v")], edit="none", envelope={}, layout="indent")  # a class of one entry: COR117
@example(changes=[(0, WHOLE, "entry"), (1, "register", "formall")], edit="none", envelope={}, layout="indent")  # the first entry is no object
@example(changes=[(4, "index", 1)], edit="none", envelope={}, layout="indent")  # a legacy name near the start: the legacy dialect
@example(changes=[(9, "difficulty", 6), (30, "id", 10**30), (31, "source", "dog 9"), (32, "reference", "at\u00a0im")], edit="none",
         envelope={"entries": ["x"]}, layout="indent")
@example(changes=[(9, "extra", {"a": [1]})], edit="none", envelope={}, layout="uneven")
# (integers below 64 bits: orjson reads them as floats, unless a 20-digit run has the whole file read exactly)
@example(changes=[(5, "id", -9223372036854775809)], edit="none", envelope={"version": -9223372036854775809}, layout="indent")
@example(changes=[(5, "difficulty", -9223372036854775809), (7, "notes", "12345678901234567890")], edit="none", envelope={}, layout="indent")
@example(changes=[(9, "extra", 1), (10, "notes", "\\u003a")], edit="none", envelope={}, layout="escaped-key")
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_byte_path_and_ordinary_path_agree(tmp_path: Path, shown: Any, changes: list[tuple[int, str, Any]], edit: str, envelope: dict[str, Any],
                                           layout: str) -> None:
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(_changed(changes, envelope), edit, layout))
    assert shown(path, False) == shown(path, True)


CLEAN = _clean()


def test_a_clean_corpus_is_claimed_from_its_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(CLEAN, "none"))
    result = check_file(path, need_document=False)
    assert (result.diagnostics, result.kind, result.document) == ([], "corpus", None)  # no document: the byte path took it
    assert check_file(path).document is not None  # a caller that needs the values gets them


def test_a_defective_corpus_is_checked_from_its_bytes(tmp_path: Path, shown: Any) -> None:
    """Defects of every kind, in entries the typed decoder takes and in entries it refuses:
    the byte path claims the file (no document) and finds what the ordinary way finds."""
    changes = [(9, "difficulty", 6), (19, "register", "formall"), (29, "id", 5), (39, "reference", "at\u00a0im"), (49, "extra", 1),
               (59, "morphological_analysis", "a-b | c"), (69, "source", "dog 3"), (79, WHOLE, "entry"), (89, "provenance", "x"),
               (99, "reference", "atim "), (109, "context", DROP), (119, "id", 10**30)]
    for layout in ("indent", "minified", "uneven", "entries-first"):
        path = tmp_path / f"{layout}.json"
        path.write_bytes(_text(_changed(changes, {"license": "unknown"}), "none", layout))
        result = check_file(path, need_document=False)
        assert (result.kind, result.document) == ("corpus", None), layout
        assert len({d.code for d in result.diagnostics}) >= 9
        assert shown(path, False) == shown(path, True)


def test_a_finding_is_placed_in_the_entries_not_in_a_nested_copy_of_them(tmp_path: Path, shown: Any) -> None:
    """An envelope member that holds an array named ``entries`` of the same text (a note, a
    copy): the finding of an entry is on the line of the root's entries, as the ordinary way
    places it (it was once placed in the copy, on line 1)."""
    entry = '{"id": 1, "source": "dog", "reference": " nipiy"}'
    path = tmp_path / "corpus.json"
    path.write_text('{"notes": {"entries": [' + entry + ']}, "dataset": {"id": "t-eng-crk", "version": "1.0.0", '
                    '"language_pair": "EN→CRK", "source_language": "en", "target_language": "crk", "created": "2026-11-22", '
                    '"license": "CC-BY-4.0", "provenance": ["elicited"]},\n"entries": [' + entry + "]}", encoding="utf-8")
    found = [d for d in check_file(path, need_document=False).diagnostics if d.code == "GL008"]
    assert [(d.span.start.line, d.span.start.column) for d in found] == [(2, 54)]
    assert shown(path, False) == shown(path, True)


def test_a_depth_limit_sends_deep_entries_the_ordinary_way(tmp_path: Path, shown: Any) -> None:
    (tmp_path / "goldlint.yaml").write_text("max-depth: 9\n")
    for depth, refused in ((6, False), (7, True)):  # (the entry is at level 3)
        corpus = _changed([(3, "extra", json.loads("[" * depth + "]" * depth))], {})
        path = tmp_path / "corpus.json"
        path.write_bytes(_text(corpus, "none"))
        found = shown(path, False)
        assert found == shown(path, True)
        assert any("nesting deeper than 9 levels" in d[2] for d in found) == refused


def test_no_vocabulary_word_has_a_colon() -> None:
    """The byte path counts colons to find dropped keys, taking the controlled vocabularies'
    words, the field names and the harness envelope's names to have none (both dialects)."""
    from goldlint.families.corpus import declaration, typed_harness

    fields = [f for flavour in declaration.ENTRY.values() for f in flavour]
    words = [f.name for f in fields] + [w for f in fields if f.allowed is not None for w in f.allowed] + [m[0] for m in typed_harness.HARNESS.envelope]
    assert len(words) > 60
    assert not [w for w in words if ":" in str(w)]


@pytest.mark.parametrize(("old", "new"), [(b'"license"', b'"lic\xc1nse"'),  # in an envelope key (found by the fuzzer)
                                          (b'"dog 7"', b'"dog\xc17"'),  # in an entry's string
                                          (b'"context": "greeting"', b'"context": "greeting", "n\xc1": 1')])  # in a key the types refuse
def test_invalid_utf8_anywhere_sends_the_file_the_ordinary_way(tmp_path: Path, shown: Any, old: bytes, new: bytes) -> None:
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(CLEAN, "none").replace(old, new, 1))
    found = shown(path, False)
    assert found == shown(path, True)
    assert "GL001" in {d[0] for d in found}  # (invalid UTF-8)
