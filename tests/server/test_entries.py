"""The entries of a large JSON document, followed across edits and checked alone.

The server's quick check of a JSON document checks only its edited entries
(:mod:`goldlint.server.items`). It may miss what only the whole file shows (a duplicate
id, a leaked source: the full check follows), but whatever it reports inside an entry,
placed exactly, the full check reports too: that is what is held here, for every entry of
a document of each family with defects of every kind.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from goldlint import config as cfg
from goldlint.engine import check_text, make_document
from goldlint.formats.json_scan import array_items, locate
from goldlint.server.items import ItemMap, sparse_text
from goldlint.server.textbuffer import TextBuffer
from tests.bench import corpus_data, runcard_data, semantic_data, slu_data

# The rules that compare an entry with the others: a quick check of one entry cannot see them.
ACROSS_ENTRIES = {"COR107", "COR112", "SLU105", "RUN109", "SEM105"}


def _slu(tmp_path: Path) -> str:
    path = tmp_path / "records.json"
    slu_data.write_json_array(path, 300, error_every=20)
    return path.read_text(encoding="utf-8")


def _dumped_yaml(value: Any) -> str:
    """YAML as ruamel.yaml writes it (items at their key's indentation), with comments between items."""
    out = io.StringIO()
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.width = 4096
    yaml.dump(value, out)
    lines = out.getvalue().split("\n")
    return "\n".join(f"# item {n}\n{line}" if line.startswith("- ") and n % 7 == 0 else line for n, line in enumerate(lines))


DOCUMENTS = {
    "corpus-spec": lambda _: json.dumps(corpus_data.spec_document(400, defective=True), ensure_ascii=False, indent=2),
    "corpus-harness": lambda _: json.dumps(corpus_data.harness_document(400, defective=True), ensure_ascii=False, indent=2),
    "runcard": lambda _: json.dumps(runcard_data.card(400, defective=True), indent=1),
    "semantic": lambda _: json.dumps(semantic_data.document(400, "m1", defective=True), separators=(",", ":")),
    "slu": _slu,
    "semantic-yaml": lambda _: semantic_data.yaml_text(semantic_data.document(400, "m1", defective=True)),
    "semantic-yaml-dumped": lambda _: _dumped_yaml(semantic_data.document(400, "m1", defective=True)),
    "corpus-yaml": lambda _: _dumped_yaml(corpus_data.spec_document(400, defective=True)),
}


def _fmt(name: str) -> str:
    return "yaml" if name.endswith(("yaml", "dumped")) else "json"


def _check(tmp_path: Path, text: str, fmt: str = "json", **kw: Any) -> Any:
    return check_text(tmp_path / f"doc.{fmt}", text, cfg.Loaded(cfg.Settings(), None, tmp_path), explicit=False, fmt=fmt, **kw)


def _map(text: str, fmt: str = "json") -> ItemMap | None:
    return ItemMap.of(make_document("doc", text, fmt))


@pytest.mark.parametrize("name", DOCUMENTS)
def test_an_entry_checked_alone_reports_only_what_the_full_check_reports_there(name: str, tmp_path: Path) -> None:
    text, fmt = DOCUMENTS[name](tmp_path), _fmt(name)
    full = _check(tmp_path, text, fmt)
    assert full.kind is not None and any(d.code not in ACROSS_ENTRIES for d in full.diagnostics)
    entries = ItemMap.of(full.document)
    assert entries is not None
    seen = 0
    for k in range(len(entries.starts)):
        start, end = entries.starts[k], entries.ends[k]
        wanted = {_key(d, 0) for d in full.diagnostics if start <= d.span.start_offset and d.span.end_offset <= end}
        sparse = sparse_text(text, dataclasses.replace(entries, dirty=frozenset({k})))
        quick = _check(tmp_path, sparse.text, fmt, kind=full.kind, partial=True)
        (lo, hi, shift), = sparse.shifts
        got = {_key(d, shift) for d in quick.diagnostics if lo <= d.span.start_offset and d.span.end_offset <= hi}
        assert got <= wanted, (k, got - wanted)
        assert {w for w in wanted if w[0] not in ACROSS_ENTRIES} <= got, (k, wanted - got)
        seen += len(got)
    assert seen  # (the defects were inside entries, and found there)


def _key(d: Any, shift: int) -> tuple[Any, ...]:
    return d.code, d.span.start.line, d.span.start.column, d.span.start_offset - shift, d.span.end_offset - shift, d.message


def test_the_entries_are_where_the_standard_decoder_finds_them() -> None:
    root = corpus_data.spec_document(100)
    text = json.dumps(root, ensure_ascii=False, indent=2)
    entries = _map(text)
    assert entries is not None
    open_at = locate(text, [(("entries",), False)])[(("entries",), False)][0]
    assert list(zip(entries.starts, entries.ends, strict=True)) == list(array_items(text, open_at))
    assert entries.arrays == ((open_at + 1, text.rindex("]"), 0, 100),)  # between `[` and `]`


def test_small_arrays_and_scalars_are_not_followed() -> None:
    assert _map('{"a": [1, 2, 3]}') is None
    assert _map("3") is None
    assert _map("a: [" + ", ".join(["1"] * 40) + "]\n", "yaml") is None  # a flow sequence: not cut into items


@pytest.mark.parametrize("seed", range(5))
def test_edits_inside_entries_move_the_map_as_a_fresh_one_would_be(seed: int) -> None:
    rnd = random.Random(seed)
    root = corpus_data.spec_document(80)
    text = json.dumps(root, ensure_ascii=False, indent=2)
    buffer, entries = TextBuffer(text), _map(text)
    edited = set()
    for _ in range(20):
        k = rnd.randrange(80)
        root["entries"][k]["source"] += rnd.choice(["x", "ё\n→", ""]) * rnd.randrange(3)
        start = buffer.text.index('"source": ', entries.starts[k]) + len('"source": ')
        end = buffer.text.index('",\n', start) + 1
        change = buffer.replace(start, end, json.dumps(root["entries"][k]["source"], ensure_ascii=False))
        entries = entries.follow(change)
        edited.add(k)
        fresh = _map(buffer.text)
        assert (entries.starts, entries.ends, entries.arrays) == (fresh.starts, fresh.ends, fresh.arrays)
    assert entries.dirty == edited


@pytest.mark.parametrize("seed", range(3))
def test_edits_inside_yaml_items_move_the_map_as_a_fresh_one_would_be(seed: int) -> None:
    rnd = random.Random(seed)
    root = semantic_data.document(200, "m1")
    text = semantic_data.yaml_text(root)
    buffer, entries = TextBuffer(text), _map(text, "yaml")
    assert entries is not None and len(entries.arrays) == 2  # the risks and the actions
    edited = set()
    for _ in range(20):
        k = rnd.randrange(len(entries.starts))
        if text[entries.starts[k] :].startswith("- text: "):  # an action: retype its text, maybe across lines
            start = buffer.text.index("- text: ", entries.starts[k]) + len("- text: ")
            end = buffer.text.index("\n", start)
            change = buffer.replace(start, end, rnd.choice(['"Call back ё"', "'two\n      lines'", "x"]))
        else:  # a risk: add a line at the item's end
            change = buffer.replace(entries.ends[k], entries.ends[k], rnd.choice(["\n    note: added", ""]))
        entries = entries.follow(change)
        edited.add(k)
        fresh = _map(buffer.text, "yaml")
        assert (entries.starts, entries.ends, entries.arrays) == (fresh.starts, fresh.ends, fresh.arrays)
        text = buffer.text
    assert entries.dirty == edited


def test_yaml_sparse_text_keeps_the_edited_items_in_place() -> None:
    root = semantic_data.document(200, "m1")
    text = semantic_data.yaml_text(root)
    entries = _map(text, "yaml")
    assert entries is not None
    risks = entries.arrays[0][2]
    entries = dataclasses.replace(entries, dirty=frozenset({risks + 5, risks + 6, risks + 40}))
    sparse = sparse_text(text, entries)
    kept = YAML(typ="safe", pure=True).load(sparse.text)
    assert kept["risks"] == [root["risks"][k] for k in (5, 6, 40)]
    assert kept["topics"] == root["topics"] and kept["summary"] == root["summary"]
    assert sparse.text.count("\n") == text.count("\n")
    for lo, hi, shift in sparse.shifts:
        assert sparse.text[lo:hi] == text[lo - shift : hi - shift]
        assert sparse.text.count("\n", 0, lo) == text.count("\n", 0, lo - shift)


@pytest.mark.parametrize(
    "item",
    [
        "- a: folded\n    plain\n  b: 1 # a comment after the item\n",
        "-\n  a: 1\n\n  # a comment inside\n  b: 'two\n    lines'\n",
        "- - nested\n  - {flow: [1, 2]}\r\n",
    ],
)
def test_each_yaml_item_kept_alone_reads_as_it_does_in_the_whole(item: str) -> None:
    text = "k:\n" + item * 40 + "z: 1\n"
    whole = YAML(typ="safe", pure=True).load(text)
    entries = _map(text, "yaml")
    assert entries is not None and len(entries.starts) == 40
    for k in (0, 17, 39):
        sparse = sparse_text(text, dataclasses.replace(entries, dirty=frozenset({k})))
        assert YAML(typ="safe", pure=True).load(sparse.text) == {"k": [whole["k"][k]], "z": 1}


@pytest.mark.parametrize("text", ["k:\n" + "- a: &x 1\n- b: *x\n" * 20, "k:\n" + "- |+\n  kept\n\n" * 40, "k:\n" + "- |\n\n- a #\n" * 20])
def test_yaml_items_that_do_not_stand_alone_are_not_followed(text: str) -> None:
    assert _map(text, "yaml") is None  # an alias to another item; block scalars, read by their lines


def test_an_edit_outside_every_entry_ends_the_map() -> None:
    root = corpus_data.spec_document(40)
    text = json.dumps(root, ensure_ascii=False, indent=2)
    entries = _map(text)
    between = entries.ends[3] + 1  # after the comma that ends entry 3
    assert entries.follow(TextBuffer(text).replace(between, between, " ")) is None
    envelope = text.index('"dataset"')
    assert entries.follow(TextBuffer(text).replace(envelope, envelope + 1, '"')) is None


def test_the_sparse_text_keeps_the_edited_entries_in_place() -> None:
    root = corpus_data.spec_document(60)
    text = json.dumps(root, ensure_ascii=False, indent=2)
    entries = dataclasses.replace(_map(text), dirty=frozenset({5, 6, 40}))
    sparse = sparse_text(text, entries)
    kept = json.loads(sparse.text)
    assert kept["dataset"] == root["dataset"]
    assert kept["entries"] == [root["entries"][k] for k in (5, 6, 40)]
    assert sparse.text.count("\n") == text.count("\n")
    for (lo, hi, shift), k in zip(sparse.shifts, (5, 6, 40), strict=True):
        assert sparse.text[lo:hi] == text[lo - shift : hi - shift] == text[entries.starts[k] : entries.ends[k]]
        line = text.count("\n", 0, entries.starts[k])
        assert sparse.text.count("\n", 0, lo) == line
        assert lo - sparse.text.rfind("\n", 0, lo) == entries.starts[k] - text.rfind("\n", 0, entries.starts[k])  # same column


def test_a_truth_row_checked_with_its_header_alone_reports_only_what_the_full_check_reports(tmp_path: Path) -> None:
    """The same for the rows of a large truth TSV, which the quick check reads with the header line."""
    from tests.bench import truth_data

    (tmp_path / "ontology.yaml").write_text(truth_data.ONTOLOGY, encoding="utf-8")
    loaded = cfg.Loaded(cfg.settings_from({"truth": {"ontology": "ontology.yaml"}}), tmp_path / "goldlint.yaml", tmp_path)
    lines = truth_data.lines(800, defective=True)
    text = "\n".join(lines) + "\n"
    full = check_text(tmp_path / "truth.tsv", text, loaded, explicit=False)
    assert full.kind == "truth" and len({d.code for d in full.diagnostics}) >= 6
    seen = 0
    for row in range(1, len(lines)):
        sparse = lines[0] + "\n" * row + lines[row] + "\n"  # what the server's quick check writes
        quick = check_text(tmp_path / "truth.tsv", sparse, loaded, kind="truth", explicit=False, fmt="tsv", partial=True)
        got = {(d.code, d.span.start.line, d.span.start.column, d.message) for d in quick.diagnostics if d.span.start.line == row + 1}
        wanted = {(d.code, d.span.start.line, d.span.start.column, d.message) for d in full.diagnostics if d.span.start.line == row + 1}
        assert got <= wanted, (row, got - wanted)
        assert {w for w in wanted if w[0] != "TRU110"} <= got, (row, wanted - got)  # TRU110: an audio used twice
        seen += len(got)
    assert seen
