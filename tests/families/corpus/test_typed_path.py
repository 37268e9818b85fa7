"""The spec corpus's clean path from bytes (msgspec, :mod:`goldlint.families.corpus.typed`)
claims a file only when the ordinary check finds nothing: for any change to a clean corpus,
a check that may take the byte path gives exactly the diagnostics of one that may not."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from goldlint import config as cfg
from goldlint.engine import check_file
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

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
                          "a-b | c", "a | b", "at\u200bim", "a\u0301", "сатim", "a: b", 10**30, [], {}])
FIELDS = st.sampled_from(["id", "source", "reference", "segment", "difficulty", "provenance", "register", "context", "notes",
                          "variant_class", "morphological_analysis", "extra"])
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


def _text(corpus: dict[str, Any], edit: str) -> bytes:
    text = json.dumps(corpus, ensure_ascii=False, indent=2)
    for old, new in EDITS.get(edit, []):
        text = text.replace(old, new, -1 if edit == "crlf" else 1)
    return (("\ufeff" if edit == "bom" else "") + text).encode("utf-8")


def _shown(path: Path, need_document: bool) -> list[tuple[Any, ...]]:
    cfg.load.cache_clear()
    result = check_file(path, need_document=need_document)
    return [(d.code, d.span.start.line, d.span.start.column, d.message, d.severity) for d in result.diagnostics]


@given(changes=st.lists(st.tuples(st.integers(0, 239), FIELDS, VALUES), max_size=3), edit=TEXT_EDITS,
       envelope=st.sampled_from([{}, {"license": "unknown"}, {"source_language": "eng"}, {"provenance": ["textbook"]}, {"extra": 1}]))
@example(changes=[], edit="none", envelope={})
@example(changes=[], edit="duplicate-key", envelope={})
@example(changes=[], edit="duplicate-envelope-key", envelope={})
@example(changes=[], edit="duplicate-note", envelope={})
@example(changes=[(3, "notes", "a: b")], edit="duplicate-note", envelope={})
@example(changes=[], edit="colon-escape", envelope={})
@example(changes=[], edit="duplicate-and-colon-escape", envelope={})
@example(changes=[], edit="explicit-null", envelope={})
@example(changes=[], edit="overflow", envelope={})
@example(changes=[], edit="huge-integer", envelope={})
@example(changes=[(5, "variant_class", "v")], edit="none", envelope={})  # a class of one entry: COR117
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_byte_path_and_ordinary_path_agree(tmp_path: Path, changes: list[tuple[int, str, Any]], edit: str, envelope: dict[str, Any]) -> None:
    corpus = copy.deepcopy(CLEAN)
    corpus["dataset"].update(envelope)
    for index, name, value in changes:
        corpus["entries"][index][name] = value
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(corpus, edit))
    assert _shown(path, need_document=False) == _shown(path, need_document=True)


CLEAN = _clean()


def test_a_clean_corpus_is_claimed_from_its_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "corpus.json"
    path.write_bytes(_text(CLEAN, "none"))
    result = check_file(path, need_document=False)
    assert (result.diagnostics, result.kind, result.document) == ([], "corpus", None)  # no document: the byte path took it
    assert check_file(path).document is not None  # a caller that needs the values gets them


def test_no_vocabulary_word_has_a_colon() -> None:
    """The byte path counts colons to find dropped keys, taking the controlled vocabularies'
    words (and the field names) to have none."""
    from goldlint.families.corpus import typed, vocab

    words = [*vocab.SEGMENTS, *vocab.PROVENANCE, *vocab.REGISTERS, *vocab.CONTEXTS, *typed._FIELDS, "context"]
    assert not [w for w in words if ":" in w]
