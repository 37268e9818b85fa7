"""A streamed JSONL file (read in chunks, parsed a batch of lines at a time) gets exactly
the diagnostics of the same text checked in memory, wherever the chunks happen to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from goldlint import config as cfg
from goldlint import engine
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

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
    return text


KINDS = ["clean"] * 6 + ["duplicate-key", "huge-integer", "overflow", "broken", "blank", "typo", "same-id", "colon-escape"]


def _shown(result: engine.FileResult) -> list[tuple[str, int, int, int, int, str]]:
    return [(d.code, d.span.start.line, d.span.start.column, d.span.end.line, d.span.end.column, d.message)
            for d in result.diagnostics if d.code != "GL009"]


@given(kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=30), chunk=st.integers(16, 3000),
       crlf=st.booleans(), final_break=st.booleans())
@example(kinds=["clean", "duplicate-key", "clean"], chunk=16, crlf=True, final_break=False)
@example(kinds=["clean", "overflow", "huge-integer"], chunk=4096, crlf=False, final_break=True)
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
