"""A JSON file checked after one parse of its bytes (:func:`goldlint.formats.json_read.parse_bytes`,
placed by :meth:`goldlint.formats.json_items.ItemsDocument.of_value`) gets exactly the
diagnostics of the ordinary way through its decoded text, spans, offsets and fixes
included; and the bytes are parsed only when the ordinary reader would have nothing to say.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from goldlint import engine
from goldlint.engine import check_file
from goldlint.formats.json_read import parse_bytes

DATA = Path(__file__).parent / "data"
HARNESS = json.loads((DATA / "rosetta" / "curated" / "eng-amh-dev-v1.json").read_text(encoding="utf-8"))
SLU = [json.loads(line) for name in ("clean.jsonl", "defective.jsonl")
       for line in (DATA / "slu" / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def _never_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("the file was read the ordinary way")

    monkeypatch.setattr(engine, "make_document", refuse)


@pytest.mark.parametrize("name", ["harness", "slu-array"])
def test_a_defective_file_is_checked_from_one_parse_of_its_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shown: Any,
                                                                 name: str) -> None:
    value: Any = copy.deepcopy(HARNESS) if name == "harness" else SLU
    if name == "harness":
        value["entries"][3]["register"] = "formall"
        value["entries"][5]["provenance"]["license"] = "CC-BY-9.9"
        value["entries"][7]["id"] = value["entries"][6]["id"]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(value, ensure_ascii=False, indent=2), encoding="utf-8")
    expected = shown(path, True)
    assert len({d[0] for d in expected}) >= 2
    with monkeypatch.context() as patch:
        _never_the_text(patch)
        result = check_file(path, need_document=False)
        assert (result.kind, result.document, result.text) == ("corpus" if name == "harness" else "slu", None, None)
        assert shown(path, False) == expected


def test_the_bytes_are_parsed_only_when_the_text_has_nothing_to_say() -> None:
    assert parse_bytes(b'{"a": [1, "b:c"]}').ok
    for text in (b'{"a": 1,}', b'{"a": 1, "a": 2}', b'{"a\\u003a": 1}', b'{"a": 123456789012345678901}', b"\xff",
                 b'{"a": "\xc3"}', b""):
        assert not parse_bytes(text).ok, text
    assert not parse_bytes(b"[[[[1]]]]", max_depth=3).ok  # (may be too deep: the reader says where)
    assert parse_bytes(b"[[[[1]]]]", max_depth=4).ok


# How a file is changed: (old, new) replaced once in its text (bytes: in its UTF-8).
EDITS: dict[str, tuple[Any, Any] | None] = {
    "none": None,
    "duplicate-key": ('"difficulty": ', '"difficulty": 9, "difficulty": '),
    "colon-escape": ('"source": "', '"source": "\\u003a'),
    "huge-integer": ('"difficulty": ', '"difficulty": 123456789012345678901234, "x": '),
    "trailing-comma": ("}\n", "},\n"),
    "crlf": ("\n", "\r\n"),
    "bom": ("{", "\ufeff{"),
    "invalid-utf8": (b'": "', b'": "\xc1'),  # the first string value
}
FIELDS = ["id", "source", "reference", "domain", "difficulty", "register", "provenance", "metadata", "segment", "notes", "x"]
VALUES = [None, 3, "", " x", "formall", "ui", "newz", "dog", {}, {"license": "unknown"}, {"license": "MIT"}, {"source_lang": "fra"},
          [1, {"a": "é"}], "a\u200bb"]


@given(changes=st.lists(st.tuples(st.integers(0, 19), st.sampled_from(FIELDS), st.sampled_from(VALUES)), max_size=6),
       edit=st.sampled_from(sorted(EDITS)), layout=st.sampled_from(["indent", "minified", "entries-first"]),
       shape=st.sampled_from(["harness", "entries", "slu-array", "unrecognised"]))
@example(changes=[], edit="none", layout="indent", shape="harness")
@example(changes=[(3, "register", "formall")], edit="none", layout="minified", shape="entries")
@example(changes=[(1, "x", 1)], edit="none", layout="indent", shape="slu-array")
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_bytes_path_and_ordinary_path_agree(tmp_path: Path, shown: Any, changes: list[tuple[int, str, Any]], edit: str, layout: str,
                                            shape: str) -> None:
    """A harness corpus, a bare list of its entries (flat), an SLU array and a file of no
    known kind, changed: whatever path the check takes, the same diagnostics."""
    value: Any = copy.deepcopy(HARNESS)
    value["entries"] = value["entries"][:20]
    if shape == "entries":
        value = value["entries"]
    elif shape == "slu-array":
        value = copy.deepcopy(SLU[:20])
    elif shape == "unrecognised":
        value = {"records": value["entries"]}
    items = value if isinstance(value, list) else value.get("entries", value.get("records"))
    for n, name, new in changes:
        if n < len(items) and isinstance(items[n], dict):
            items[n][name] = new
    if layout == "entries-first" and isinstance(value, dict) and "entries" in value:
        value = {"entries": value.pop("entries"), **value}
    data = json.dumps(value, ensure_ascii=False, indent=None if layout == "minified" else 2).encode("utf-8")
    if EDITS[edit] is not None:
        old, new = (side if isinstance(side, bytes) else side.encode("utf-8") for side in EDITS[edit])
        data = data.replace(old, new, -1 if edit == "crlf" else 1)
    path = tmp_path / "gold.json"
    path.write_bytes(data)
    assert shown(path, False) == shown(path, True)


def test_a_check_from_the_bytes_places_by_line_and_keeps_its_fixes(tmp_path: Path) -> None:
    """A check's own reading of a file's bytes is for diagnostics only: its findings are placed
    by line and column without decoding the text before them into file offsets (which no
    reporter reads, and which ``--fix`` takes from the text it reads itself); the fixes are
    still shown, and ``--fix`` still applies them."""
    value: Any = copy.deepcopy(HARNESS)
    value["entries"][3]["register"] = "formall"
    path = tmp_path / "corpus.json"
    path.write_text(json.dumps(value, ensure_ascii=False, indent=2), encoding="utf-8")
    found = [d for d in check_file(path, need_document=False).diagnostics if d.fix is not None]
    assert found and all(d.span.start_offset == -1 for d in found)
    assert all(e.span.start_offset == -1 and e.span.start.line > 1 for d in found for e in d.fix.edits)  # type: ignore[union-attr]
    fixable = [d for d in check_file(path).diagnostics if d.fix is not None]
    assert [d.span for d in fixable] == [d.span for d in found] and all(d.span.start_offset > 0 for d in fixable)


@pytest.mark.parametrize("colon", [" :", "\n  :", "\t:"])
def test_an_slu_array_whose_instruction_key_is_spaced_from_its_colon_is_checked_as_written_tight(
        tmp_path: Path, shown: Any, colon: str) -> None:
    """The SLU family's byte sniff is ``"instruction":`` (key and colon together, so that a spec
    corpus's context `instruction` does not offer its file to the SLU reading): an array that
    spaces the colon from the key is not sniffed, goes the ordinary way, and is still an SLU
    array with every finding of the same array written tight, at the same lines."""
    tight = json.dumps(SLU[:20], ensure_ascii=False, indent=2)
    assert tight.count('"instruction":') == len(SLU[:20]) > 1
    (tmp_path / "tight.json").write_text(tight, encoding="utf-8")
    spaced = tmp_path / "spaced.json"
    spaced.write_text(tight.replace('"instruction":', '"instruction"' + colon), encoding="utf-8")
    assert check_file(spaced, need_document=False).kind == "slu"
    assert shown(spaced, False) == shown(spaced, True)
    lines_down = colon.count("\n")  # (each record's findings after its key move down as many lines)

    def said(path: Path) -> list[tuple[Any, ...]]:
        return sorted((d[0], d[2], d[3]) for d in shown(path, False))

    found = said(spaced)
    assert found == said(tmp_path / "tight.json") and len({d[0] for d in found}) >= 2
    if not lines_down:
        assert [d[1][0].line for d in shown(spaced, False)] == [d[1][0].line for d in shown(tmp_path / "tight.json", False)]
