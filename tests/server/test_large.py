"""A 10,000-record JSON Lines file: an edit is checked line by line at once, and the full
check that follows (rules across records) ends exactly where a check from scratch ends."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from lsprotocol import types

from goldlint.engine import check_text
from goldlint.server.textbuffer import TextBuffer

from .helpers import DATA, change, open_doc, units, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")
RECORDS = 10_000


def big_file() -> list[str]:
    template = (DATA / "clean.jsonl").read_text(encoding="utf-8").splitlines()[0]
    return [template.replace('"id": 1,', f'"id": {n + 1},') for n in range(RECORDS)]


Where = tuple[str, int, int, int, int]


def _where(code: str, rng: types.Range) -> Where:
    return (code, rng.start.line, rng.start.character, rng.end.line, rng.end.character)


def from_scratch(path: Path, text: str, encoding: str) -> list[Where]:
    buffer = TextBuffer(text)
    result = check_text(path, text, explicit=False)
    return sorted(_where(d.code, buffer.range_of(d.span.start_offset, d.span.end_offset, encoding)) for d in result.diagnostics)


def mirrored_edits(client, uri: str, mirror: TextBuffer) -> Callable[[int, str, str, str], None]:
    """``edit(version, old, new, after)``: the first ``old`` after ``after`` becomes ``new``,
    in the server's document and in ``mirror`` alike."""

    def edit(version: int, old: str, new: str, after: str) -> None:
        start = mirror.text.index(old, mirror.text.index(after))
        begin, end = mirror.position_at(start, client.encoding), mirror.position_at(start + len(old), client.encoding)
        mirror.replace(start, start + len(old), new)
        change(client, uri, version, (begin.line, begin.character), (end.line, end.character), new)

    return edit


async def open_clean(client, path: Path, text: str) -> tuple[str, TextBuffer, Callable[[int, str, str, str], None], dict]:
    """Open a clean document: its uri, a mirror of its text, ``edit`` (:func:`mirrored_edits`),
    and the server's check counters before any edit."""
    from .test_abuse import checks

    uri = open_doc(client, path, text)
    assert not (await wait_published(client, uri)).diagnostics
    mirror = TextBuffer(text)
    return uri, mirror, mirrored_edits(client, uri, mirror), await checks(client)


def got(params: types.PublishDiagnosticsParams) -> list[Where]:
    return sorted(_where(str(d.code), d.range) for d in params.diagnostics)


async def test_edits_in_a_large_jsonl_file(client, work: Path) -> None:
    lines = big_file()
    path = work / "large.jsonl"
    uri = open_doc(client, path, "\n".join(lines) + "\n")
    assert not (await wait_published(client, uri)).diagnostics
    enc = client.encoding

    # 1. A typo in record 5,000: its own line is checked at once.
    row = 5_000
    at = units(lines[row][: lines[row].index('"play_music"') + 1], enc)
    change(client, uri, 2, (row, at), (row, at + len("play_music")), "play_musik")
    lines[row] = lines[row].replace('"play_music"', '"play_musik"', 1)
    quick = await wait_published(client, uri, lambda p: p.version == 2)
    assert [(d.code, d.range.start.line) for d in quick.diagnostics] == [("SLU102", row)]

    # 2. A record pasted above it, reusing id 7: lines move; only the full check sees the duplicate.
    pasted = lines[6]
    change(client, uri, 3, (100, 0), (100, 0), pasted + "\n")
    lines.insert(100, pasted)
    text = "\n".join(lines) + "\n"
    expected = from_scratch(path, text, enc)
    assert [w[0] for w in expected] == ["SLU102", "SLU105", "SLU105"]
    final = await wait_published(client, uri, lambda p: p.version == 3 and got(p) == expected)
    assert {str(d.code) for d in final.diagnostics} == {"SLU102", "SLU105"}
    assert [d.range.start.line for d in final.diagnostics if d.code == "SLU102"] == [row + 1]

    # 3. A line split in two and joined again, then undone: the quick checks keep every
    #    position right, and the last full check agrees with a check from scratch.
    split = units(lines[200][:40], enc)
    change(client, uri, 4, (200, split), (200, split), "\n")
    change(client, uri, 5, (200, split), (201, 0), "")
    change(client, uri, 6, (row + 1, at), (row + 1, at + len("play_musik")), "play_music")
    lines[row + 1] = lines[row + 1].replace('"play_musik"', '"play_music"', 1)
    text = "\n".join(lines) + "\n"
    expected = from_scratch(path, text, enc)
    final = await wait_published(client, uri, lambda p: p.version == 6 and got(p) == expected)
    assert {str(d.code) for d in final.diagnostics} == {"SLU105"}


async def test_edits_in_a_large_json_corpus(client, work: Path) -> None:
    """A 10,000-entry corpus: an edit inside an entry is checked at once on its own (the
    server's counters show a quick check), what needs the whole file comes with the full
    check, and an edit outside every entry is checked whole."""
    from tests.bench.corpus_data import spec_document

    from .test_abuse import checks

    root = spec_document(RECORDS)
    text = json.dumps(root, ensure_ascii=False, indent=2)
    path = work / "large-corpus.json"
    uri, mirror, edit, before = await open_clean(client, path, text)
    enc = client.encoding

    # 1. A register misspelt in entry 5,000: the quick check of that entry finds it.
    edit(2, '"register": "', '"register": "x', after='"id": 5000,')
    line = mirror.position_at(mirror.text.index('"x', mirror.text.index('"id": 5000,')), enc).line
    quick = await wait_published(client, uri, lambda p: p.version == 2)
    assert [(d.code, d.range.start.line) for d in quick.diagnostics] == [("COR108", line)]
    assert (await checks(client)).get("quick_published", 0) > before.get("quick_published", 0)

    # 2. Entry 7,000 takes the id of entry 12: only the full check sees the duplicate.
    edit(3, '"id": 7000,', '"id": 12,', after='"id": 6999,')
    expected = from_scratch(path, mirror.text, enc)
    assert sorted(w[0] for w in expected) == ["COR107", "COR108"]
    await wait_published(client, uri, lambda p: p.version == 3 and got(p) == expected)

    # 3. The envelope edited (outside every entry), then entry 5,000 mended: checked whole.
    edit(4, '"version": "', '"version": "9', after='"dataset"')
    edit(5, '"register": "x', '"register": "', after='"id": 5000,')
    expected = from_scratch(path, mirror.text, enc)
    final = await wait_published(client, uri, lambda p: p.version == 5 and got(p) == expected)
    assert "COR107" in {str(d.code) for d in final.diagnostics} and "COR108" not in {str(d.code) for d in final.diagnostics}


async def test_edits_in_a_large_yaml_document(client, work: Path) -> None:
    """A semantic gold file of 10,000 records in YAML: an edit inside an item of its lists is
    checked at once on its own, and the full check that follows agrees with a fresh one."""
    from tests.bench import semantic_data

    from .test_abuse import checks

    text = semantic_data.yaml_text(semantic_data.document(RECORDS, "large-semantic"))
    path = work / "large-semantic.yaml"
    uri, mirror, edit, before = await open_clean(client, path, text)
    enc = client.encoding

    # 1. A risk's severity misspelt: the quick check of that item finds it, on its line.
    risk = mirror.text.index("  - type:", mirror.text.index("risks:") + 5000)
    edit(2, 'severity: "', 'severity: "x', after=mirror.text[risk : risk + 40])
    line = mirror.position_at(mirror.text.index('severity: "x'), enc).line
    quick = await wait_published(client, uri, lambda p: p.version == 2)
    assert [d.range.start.line for d in quick.diagnostics] == [line]
    assert (await checks(client)).get("quick_published", 0) > before.get("quick_published", 0)
    expected = from_scratch(path, mirror.text, enc)
    assert got(quick) == expected

    # 2. The envelope edited (outside every item), then the risk mended: checked whole.
    edit(3, "schema_version: 1", "schema_version: 1 ", after="schema_version")
    edit(4, 'severity: "x', 'severity: "', after="risks:")
    expected = from_scratch(path, mirror.text, enc)
    await wait_published(client, uri, lambda p: p.version == 4 and got(p) == expected)


async def test_edits_in_a_large_truth_file(client, work: Path) -> None:
    """A 10,000-row truth TSV: an edited row is checked at once with the header line."""
    from tests.bench import truth_data

    from .test_abuse import checks

    folder = work / "truth-large"
    folder.mkdir()
    (folder / "goldlint.yaml").write_text(truth_data.CONFIG, encoding="utf-8")
    (folder / "ontology.yaml").write_text(truth_data.ONTOLOGY, encoding="utf-8")
    lines = truth_data.lines(RECORDS)
    path = folder / "truth.tsv"
    uri = open_doc(client, path, "\n".join(lines) + "\n", language="tsv")
    assert not (await wait_published(client, uri)).diagnostics
    before = await checks(client)

    row = next(n for n in range(6_000, RECORDS) if lines[n].endswith("\tSEND_NOTE"))
    at = len(lines[row]) - len("SEND_NOTE")
    change(client, uri, 2, (row, at), (row, at + len("SEND_NOTE")), "SEND_NOTES")
    quick = await wait_published(client, uri, lambda p: p.version == 2)
    assert [(d.code, d.range.start.line) for d in quick.diagnostics] == [("TRU106", row)]
    assert (await checks(client)).get("quick_published", 0) > before.get("quick_published", 0)
    lines[row] = lines[row][:at] + "SEND_NOTES"
    expected = from_scratch(path, "\n".join(lines) + "\n", client.encoding)
    await wait_published(client, uri, lambda p: p.version == 2 and got(p) == expected)
