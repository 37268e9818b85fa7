"""A streamed JSONL file (read in chunks, parsed a batch of lines at a time) gets exactly
the diagnostics of the same text checked in memory, wherever the chunks happen to end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint import engine

RECORD = {  # the first record of tests/data/cli/clean.jsonl
    "instruction": "Вопрос: {question}\n{annotation}\n<audio>",
    "inputs": {"audio": "samples/audio_1.wav", "question": "Что просит пользователь?",
               "annotation": "Намерения:\nrate_book: [best_rating, object_name, rating_value]\nplay_music: [artist, track]"},
    "outputs": {"intent": "rate_book", "slots": [{"object_name": "доктор живаго"}, {"rating_value": "три"}]},
    "meta": {"id": 1, "audio": {"type": "real"}, "speaker": "7_female_33"},
}


def _line(n: int, kind: str) -> str:
    record = json.loads(json.dumps(RECORD))
    record["meta"]["id"] = n
    text = json.dumps(record, ensure_ascii=False)
    if kind == "duplicate-key":
        return text.replace('"intent": "rate_book"', '"intent": "play_music", "intent": "rate_book"')
    if kind == "huge-integer":
        return text.replace(f'"id": {n}', '"id": 123456789012345678901234567890')
    if kind == "overflow":  # infinity to jiter, an error to orjson: a GL003 either way
        return text.replace(f'"id": {n}', '"id": 1E400')
    if kind == "broken":
        return text[: len(text) // 2]
    if kind == "blank":
        return ""
    if kind == "typo":
        return text.replace('"intent": "rate_book"', '"intent": "rate_bok"')
    if kind == "same-id":
        return text.replace(f'"id": {n}', '"id": 1')
    if kind == "colon-escape":
        return text.replace('"Что просит пользователь?"', '"\\u003a"')
    # What the byte path (slu/lines.py) reads from undecoded slices, or counts colons for:
    if kind == "duplicate-annotation":
        return text.replace('"inputs": {"audio"', '"inputs": {"annotation": "Намерения:\\nrate_book: []", "audio"')
    if kind == "duplicate-slot-key":
        return text.replace('{"rating_value": "три"}', '{"rating_value": "два", "rating_value": "три"}')
    if kind == "slot-colon":
        return text.replace('"три"', '"три: два"')
    if kind == "escaped-colon-and-duplicate":  # the escaped colon evens out the count of colons
        return text.replace('"три"', '"три\\u003a"').replace('"intent": "rate_book"', '"intent": "rate_book", "intent": "rate_book"')
    if kind == "extra-field":
        return text.replace('"speaker"', '"extra": 1, "speaker"')
    if kind == "other-question":
        return text.replace("Что просит пользователь?", "Что он просит?")
    if kind == "escaped-question":  # another text, the same string
        return text.replace("Что", "\\u0427то")
    if kind == "instruction-not-string":
        return text.replace(text[text.index('"instruction"'):text.index(', "inputs"')], '"instruction": ["x"]')
    if kind == "bool-id":
        return text.replace(f'"id": {n}', '"id": true')
    return text


KINDS = ["clean"] * 6 + ["duplicate-key", "huge-integer", "overflow", "broken", "blank", "typo", "same-id", "colon-escape",
                         "duplicate-annotation", "duplicate-slot-key", "slot-colon", "escaped-colon-and-duplicate", "extra-field",
                         "other-question", "escaped-question", "instruction-not-string", "bool-id"]


def _shown(result: engine.FileResult) -> list[tuple[Any, ...]]:
    """What a report shows of each diagnostic: place, message and its fix (placed by line and column)."""
    return [(d.code, d.span.start.line, d.span.start.column, d.span.end.line, d.span.end.column, d.message,
             None if d.fix is None else (d.fix.applicability, d.fix.message,
                                         [(e.span.start.line, e.span.start.column, e.span.end.line, e.span.end.column, e.new_text) for e in d.fix.edits]))
            for d in result.diagnostics if d.code != "GL009"]


@given(kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=30), chunk=st.integers(16, 3000),
       crlf=st.booleans(), final_break=st.booleans())
@example(kinds=["clean", "duplicate-key", "clean"], chunk=16, crlf=True, final_break=False)
@example(kinds=["clean", "overflow", "huge-integer"], chunk=4096, crlf=False, final_break=True)
@example(kinds=["clean", "duplicate-annotation", "duplicate-slot-key", "escaped-colon-and-duplicate", "clean"], chunk=4096, crlf=False,
         final_break=True)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_streamed_equals_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kinds: list[str], chunk: int,
                                   crlf: bool, final_break: bool) -> None:
    assume(any(kind != "blank" for kind in kinds))  # (a file of blank lines is GL010 before streaming)
    text = ("\r\n" if crlf else "\n").join(_line(n, kind) for n, kind in enumerate(kinds)) + ("\n" if final_break else "")
    path = tmp_path / "gold.jsonl"
    path.write_bytes(text.encode("utf-8"))
    cfg.load.cache_clear()
    monkeypatch.setattr(engine, "STREAM_ABOVE", 0)
    monkeypatch.setattr(engine, "_CHUNK", chunk)
    streamed = engine.check_file(path)
    in_memory = engine.check_file(path, in_memory=True)
    assert _shown(streamed) == _shown(in_memory)
    # CRLF: the stream reports the first one (it cannot fix in place); in memory, the file.
    has_crlf = "\r\n" in text
    assert any(d.code == "GL009" for d in streamed.diagnostics) == has_crlf == any(d.code == "GL009" for d in in_memory.diagnostics)


def test_a_line_longer_than_a_chunk_is_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text(_line(0, "clean") + "\n" + _line(1, "typo") + "\n", encoding="utf-8")
    monkeypatch.setattr(engine, "STREAM_ABOVE", 0)
    monkeypatch.setattr(engine, "_CHUNK", 7)
    streamed = engine.check_file(path)
    assert _shown(streamed) == _shown(engine.check_file(path, in_memory=True))
    assert any(d.span.start.line == 2 and "rate_bok" in d.message for d in streamed.diagnostics)


def test_invalid_utf8_is_reported_once_as_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """GL001 names the file's first invalid byte; the lines after it with others are read (and
    their syntax reported) as a text's decoding leaves them."""
    path = tmp_path / "gold.jsonl"
    bad = _line(1, "clean").encode("utf-8").replace(b"samples", b"sam\xfeples")
    path.write_bytes(_line(0, "clean").encode("utf-8") + b"\n" + bad + b"\n" + bad + b"\n")
    monkeypatch.setattr(engine, "STREAM_ABOVE", 0)
    streamed = engine.check_file(path)
    assert _shown(streamed) == _shown(engine.check_file(path, in_memory=True))
    assert [d.span.start.line for d in streamed.diagnostics if d.code == "GL001"] == [2]


# --------------------------------------------------------------------------- lone CR
# JSONL lines end at "\n" only; a lone "\r" (not before "\n") is JSON whitespace between
# tokens, but an editor line break (LSP's, and the in-memory TextIndex's): every position
# after one is on a later line. Streamed, the same positions, and the same GL009.

_STREAMED_GL009 = "; the file is too large to fix in place line by line: run --fix)"


def _everything(result: engine.FileResult) -> list[tuple[str, int, int, int, int, str]]:
    """Every diagnostic, GL009 included: streamed, its message says why it has no fix."""
    return [(d.code, d.span.start.line, d.span.start.column, d.span.end.line, d.span.end.column,
             d.message.replace(_STREAMED_GL009, ")") if d.code == "GL009" else d.message) for d in result.diagnostics]


def _both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, chunk: int) -> tuple[engine.FileResult, engine.FileResult]:
    path = tmp_path / "gold.jsonl"
    path.write_bytes(data)
    cfg.load.cache_clear()
    monkeypatch.setattr(engine, "STREAM_ABOVE", 0)
    monkeypatch.setattr(engine, "_CHUNK", chunk)
    streamed = engine.check_file(path)
    in_memory = engine.check_file(path, in_memory=True)
    for d in streamed.diagnostics:  # the stream's own GL009 wording, and no fix (nothing in memory to fix)
        assert d.code != "GL009" or (d.message.endswith(_STREAMED_GL009) and d.fix is None)
    return streamed, in_memory


def _with_lone_cr(n: int, kind: str) -> bytes:
    text = _line(n, "typo" if kind != "clean-cr" else "clean")
    if kind in ("cr-inside", "clean-cr"):  # whitespace between members, before the typo on the same line
        text = text.replace(', "outputs"', ',\r "outputs"')
    elif kind == "cr-in-string":  # a raw control character in a string: GL003, after the CR
        text = text.replace("просит", "про\rсит")
    elif kind == "cr-twice":
        text = text.replace('"inputs"', '\r\r"inputs"').replace('"meta"', '\r "meta"')
    elif kind == "two-records":  # two records on one JSONL line, a lone CR between them: GL003
        text = text + "\r" + _line(n, "typo")
    elif kind == "invalid-utf8":  # GL001 after a lone CR: its line counts the CR too
        return text.replace('"inputs"', '\r"inputs"').encode("utf-8").replace("Что".encode(), b"\xd7\xf2\xee", 1)
    elif kind != "typo":
        text = _line(n, kind)
    return text.encode("utf-8")


CR_KINDS = ["cr-inside", "clean-cr", "cr-in-string", "cr-twice", "two-records", "typo", "clean", "duplicate-key", "broken", "blank", "same-id"]
BREAKS = [b"\n", b"\r\n", b"\r\r\n", b"\r\n\r"]  # LF, CRLF, a lone CR then CRLF, CRLF then a lone CR (at the next line's start)


def _cr_text(kinds: list[str], breaks: list[int], final: bytes) -> bytes:
    out = b""
    for n, kind in enumerate(kinds):
        out += _with_lone_cr(n, kind) + (BREAKS[breaks[n % len(breaks)]] if n < len(kinds) - 1 else final)
    return out


@given(kinds=st.lists(st.sampled_from(CR_KINDS), min_size=1, max_size=12), breaks=st.lists(st.integers(0, len(BREAKS) - 1), min_size=1, max_size=12),
       final=st.sampled_from([b"", b"\n", b"\r\n", b"\r"]), chunk=st.integers(16, 3000))
@example(kinds=["cr-inside", "typo"], breaks=[0], final=b"\n", chunk=4096)
@example(kinds=["two-records", "typo", "cr-twice"], breaks=[1, 2], final=b"\r", chunk=16)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_lone_cr_streamed_equals_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kinds: list[str], breaks: list[int],
                                           final: bytes, chunk: int) -> None:
    assume(any(kind != "blank" for kind in kinds))
    streamed, in_memory = _both(tmp_path, monkeypatch, _cr_text(kinds, breaks, final), chunk)
    assert _everything(streamed) == _everything(in_memory)


@pytest.mark.parametrize("chunk", [16, 100, 1 << 22])
def test_lone_cr_inside_a_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    data = _cr_text(["clean", "cr-inside", "typo"], [0], b"\n")
    streamed, in_memory = _both(tmp_path, monkeypatch, data, chunk)
    assert _everything(streamed) == _everything(in_memory)
    found = [(code, line) for code, line, *_ in _everything(streamed)]
    # the typo of JSONL line 2 is after its CR: editor line 3; JSONL line 3 is editor line 4
    assert found == [("GL009", 2), ("SLU102", 3), ("SLU102", 4)]
    gl009 = next(d for d in in_memory.diagnostics if d.code == "GL009")
    assert gl009.message == "mixed line endings (1 line break(s) not LF)"
    assert gl009.fix is None  # the CR is no JSONL line end: made an LF, it would split the record


@pytest.mark.parametrize("chunk", [16, 100, 1 << 22])
def test_lone_cr_between_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    data = _cr_text(["two-records", "typo"], [0], b"\n")
    streamed, in_memory = _both(tmp_path, monkeypatch, data, chunk)
    assert _everything(streamed) == _everything(in_memory)
    found = [(code, line, col) for code, line, col, *_ in _everything(streamed)]
    assert found[:2] == [("GL009", 1, len(_line(0, "typo")) + 1), ("GL003", 2, 1)]  # the second record starts editor line 2
    assert found[2][:2] == ("SLU102", 3)


def test_lone_cr_at_every_chunk_boundary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _cr_text(["cr-inside", "two-records", "cr-twice", "typo"], [0, 1, 2], b"\r")
    cuts = {at + d for at, byte in enumerate(data) if byte == 0x0D for d in (-1, 0, 1, 2)}  # a chunk ends just before, at, after a CR
    expected = None
    for chunk in sorted(c for c in cuts if c > 0):
        streamed, in_memory = _both(tmp_path, monkeypatch, data, chunk)
        expected = expected or _everything(in_memory)
        assert _everything(streamed) == expected, chunk


@pytest.mark.parametrize("chunk", [16, 300, 1 << 22])
def test_crlf_mixed_with_lone_cr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    data = _cr_text(["typo", "cr-inside", "duplicate-key", "cr-in-string", "typo"], [1, 2, 3, 1], b"\r\n")
    streamed, in_memory = _both(tmp_path, monkeypatch, data, chunk)
    assert _everything(streamed) == _everything(in_memory)
    gl009 = [d for d in in_memory.diagnostics if d.code == "GL009"]
    crs = data.count(b"\r")
    assert [(d.span.start.line, d.message) for d in gl009] == [(1, f"CRLF line endings ({crs} line break(s) not LF)")]


def test_invalid_utf8_after_a_lone_cr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _cr_text(["clean", "invalid-utf8", "typo"], [0], b"\n")
    streamed, in_memory = _both(tmp_path, monkeypatch, data, 64)
    assert _everything(streamed) == _everything(in_memory)
    assert [(code, line) for code, line, *_ in _everything(streamed) if code == "GL001"] == [("GL001", 3)]  # JSONL line 2, after its CR


def test_only_lone_crs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _with_lone_cr(0, "cr-inside") + b"\r" + _with_lone_cr(1, "clean")  # one JSONL line, two records: GL003
    streamed, in_memory = _both(tmp_path, monkeypatch, data, 32)
    assert _everything(streamed) == _everything(in_memory)
    assert [(d.code, d.span.start.line, d.message) for d in in_memory.diagnostics if d.code in ("GL003", "GL009")] == [
        ("GL009", 1, "CR line endings (2 line break(s) not LF)"), ("GL003", 3, 'extra data, found "{"')]


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(st.sampled_from(["{}", '{"a": "é"}', "", "x" * 40, "\r", "{\r}", "\udcff", "я" * 7]), max_size=40),
       wanted=st.sets(st.integers(0, 45)), block=st.sampled_from([1, 5, 16, 64]))
def test_placing_steps_over_the_lines_no_finding_is_on(lines: list[str], wanted: set[int], block: int) -> None:
    """The placing pass of a streamed file reads only the lines findings are on, stepping over
    runs of others a block at a time: each wanted line comes out as a full reading gives it
    (number, text, editor line; and its character offset, the bytes being valid UTF-8)."""
    import tempfile

    data = "\n".join(lines).encode("utf-8", errors="surrogateescape")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.jsonl"
        path.write_bytes(data)
        full = {line[0]: line for line in engine._decoded_lines(path, 1 << 20)}
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(engine, "_SKIP", block)
            got = {line[0]: line for line in engine._decoded_lines(path, 1 << 20, frozenset(wanted))}
    valid = b"\xff" not in data
    for number in wanted & set(full):
        assert got[number][0::2] == full[number][0::2]  # number and editor line
        assert got[number][2] == full[number][2]
        if valid:
            assert got[number][1] == full[number][1]


def test_placing_a_streamed_files_findings_counts_no_characters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A streamed file's findings are placed by line and column and it is never edited from
    them (``--fix`` reads the whole text): the placing pass does not count every character
    before them (a pass over the file nothing reads). Their fixes are still shown."""
    text = "\n".join(_line(n, "typo" if n == 180 else "clean") for n in range(200)) + "\n"
    path = tmp_path / "gold.jsonl"
    path.write_bytes(text.encode("utf-8"))
    cfg.load.cache_clear()
    monkeypatch.setattr(engine, "STREAM_ABOVE", 0)
    counted: list[int] = []
    count = engine._utf8_chars
    monkeypatch.setattr(engine, "_utf8_chars", lambda data: counted.append(len(data)) or count(data))
    streamed = engine.check_file(path)
    assert counted == []
    in_memory = engine.check_file(path, in_memory=True)
    assert _shown(streamed) == _shown(in_memory) and [d.code for d in streamed.diagnostics] == ["SLU102"]
    assert streamed.diagnostics[0].fix is not None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(["\n", " ", "\t", "\r", "\x0b", "\x85", "\u2028", "\u3000", "{", "}", "a", "é"]), max_size=40))
def test_the_lines_a_record_may_be_on_are_the_lines_with_content(text: str) -> None:
    """An in-memory JSONL text's records are read from the lines with more than white space,
    found at once (:func:`_content_lines`): exactly the lines of ``_split_lines`` that a blank
    check would not pass over, with their numbers, offsets and editor lines."""
    from goldlint.formats.jsonl_doc import _content_lines, _split_lines

    assert list(_content_lines(text)) == [line for line in _split_lines(text) if line[2].strip()]
