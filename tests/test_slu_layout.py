"""The layout path of `slu` JSONL lines (goldlint/families/slu/layout.py) gives the ordinary
clean path's verdicts: whatever it claims clean, the decoding way claims clean with the same
annotation and id; and a streamed file, which takes it, reports what the same text checked
in memory (the detailed way) reports."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.families.slu.fast import CleanCheck
from goldlint.families.slu.lines import CleanLines
from goldlint.families.slu.options import SluOptions
from tests.routes import assert_routes_agree
from tests.test_slu_fast_path import PATHS, VALUES, _record

GOLD = Path("/nonexistent-gold-dir")


def _lines() -> CleanLines:
    return CleanLines(CleanCheck(SluOptions(), GOLD), lambda *_: None, lambda *_: None)


def _line(record: Any) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode("utf-8")


FIRST = _line(_record([]))
# Byte edits aimed at what the layout does not compare: the audio path and the tail.
SNIPPETS = [b'"', b"\\", b":", b"{", b"}", b",", b" ", b"a", b"\x00", b"\xd0", b"\\u003a", b'"meta": {}, ', b'"outputs": 1, ',
            b'"id": 2, ', b'"intent": "play_music", ', b', "x": 1', b'\\"', b"\n"]
EDITS = st.lists(st.tuples(st.integers(0, 400), st.integers(0, 3), st.sampled_from(SNIPPETS)), max_size=3)


def _edited(line: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """``line`` with each edit applied: at ``back`` bytes from its end (or from the audio
    path's start when that is nearer to its start), ``cut`` bytes replaced by ``put``."""
    for back, cut, put in edits:
        at = max(0, len(line) - back) if back % 2 else min(len(line), line.find(b'"audio"') + back // 2)
        line = line[:at] + put + line[at + cut :]
    return line


def _verdicts(second: bytes) -> tuple[Any, Any]:
    """The layout's verdict on ``second`` after the clean first line, and the ordinary way's."""
    by_layout = _lines()
    assert by_layout.clean(FIRST, 0, len(FIRST)) is not None
    assert by_layout.layout is not None
    ordinary = _lines()
    ordinary.clean_decoded(FIRST, 0, len(FIRST))
    return by_layout.layout.clean(second, 0, len(second)), ordinary.clean_decoded(second, 0, len(second))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), max_size=3), EDITS)
def test_the_layout_claims_only_what_the_ordinary_way_claims(changes: list[tuple[tuple[Any, ...], Any]], edits: list[tuple[int, int, bytes]]) -> None:
    second = _edited(_line(_record(changes)), edits)
    by_layout, ordinary = _verdicts(second)
    assert by_layout is None or by_layout == ordinary, second


def test_lines_of_the_layout_take_it() -> None:
    """Not vacuous: a line differing in its audio path, answer and metadata is judged by the layout."""
    second = _line(_record([(("inputs", "audio"), "samples/a2.wav"), (("meta", "id"), 2), (("outputs", "slots"), [])]))
    assert _verdicts(second) == (("Intents:\nrate_book: [best_rating, rating_value]\nplay_music: [artist, track]", 2),) * 2


def test_a_line_of_another_layout_makes_none() -> None:
    record = _record([])
    reordered = {"meta": record["meta"], **{k: v for k, v in record.items() if k != "meta"}}
    line = _line(reordered)
    lines = _lines()
    assert lines.clean(line, 0, len(line)) is not None  # (clean, the ordinary way)
    assert lines.layout is None  # (its tail is not after its inputs)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), max_size=2), EDITS)
def test_every_route_reports_the_same(changes: list[tuple[tuple[Any, ...], Any]], edits: list[tuple[int, int, bytes]]) -> None:
    """A file of layout lines and edited ones: the streamed route (which takes the layout)
    reports what the others report."""
    second = _edited(_line(_record(changes)), edits)
    third = _line(_record([(("meta", "id"), 3)]))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.jsonl"
        path.write_bytes(b"\n".join((FIRST, second, third, second)) + b"\n")
        assert_routes_agree(path, "slu")


# ---------------------------------------------------------------- a batch at once
SPEAKERS = ["7_female_33", "12_male_40", "7_female_330", "7_female_2", "x", "7_male_33\n", "٣_male_33", "7_female_110", "07_male_003"]
AUDIOS = ["samples/a1.wav", "samples/a2.wav", "a.wav", "/a.wav", "../a.wav", "home", "samples/Home", "samples/..", "samples/.x", "s/a b.wav",
          "samples/", "samples/a.wav\nb", "tmp/a.wav", "samples/é.wav", "samples/..wav", "samples/MEDIA"]
INTENTS = ["rate_book", "play_music", "RateBook", "rate_bok", "play_music "]
SLOT_LISTS = st.lists(st.dictionaries(st.sampled_from(["rating_value", "best_rating", "artist", "track", "x"]),
                                      st.sampled_from(["три", "пять звёзд", "Три", "3", "цой", "c\u0430м", " три", "кино\nи"]), min_size=1, max_size=1),
                      max_size=3)
RECORDS = st.lists(st.tuples(st.sampled_from(SPEAKERS), st.sampled_from(AUDIOS), st.sampled_from(INTENTS), SLOT_LISTS), max_size=12)
ANNOTATION = _record([])["inputs"]["annotation"]
INSTRUCTION = _record([])["instruction"]
INPUTS = dict.fromkeys(_record([])["inputs"])


@settings(max_examples=400, deadline=None)
@given(RECORDS, st.booleans())
def test_fields_clean_many_is_fields_clean_of_each(records: list[tuple[str, str, str, list[Any]]], warm: bool) -> None:
    """Column by column, the same verdicts as record by record (its caches cold, or warmed by them)."""
    check = CleanCheck(SluOptions(), GOLD)
    one_by_one = bytes(check.fields_clean(ANNOTATION, speaker, INSTRUCTION, INPUTS, audio, intent, slots)
                       for speaker, audio, intent, slots in records)
    many = CleanCheck(SluOptions(), GOLD) if not warm else check
    columns = [list(column) for column in zip(*records, strict=True)] if records else [[], [], [], []]
    assert many.fields_clean_many(ANNOTATION, INSTRUCTION, INPUTS, columns[0], columns[1], columns[2], columns[3]) == one_by_one


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), max_size=2), EDITS), max_size=8), st.booleans())
def test_a_batch_is_judged_as_each_line_alone(lines: list[tuple[list[tuple[tuple[Any, ...], Any]], list[tuple[int, int, bytes]]]],
                                              first_clean: bool) -> None:
    """The first clean line sets the layout (a line before the batch, or one in it); the
    others, edited, are judged at once: each verdict the ordinary way's for that line alone."""
    bodies = [FIRST] * first_clean + [_edited(_line(_record(changes)), edits) for changes, edits in lines]
    data = b"\n".join(bodies)
    starts = [sum(len(b) + 1 for b in bodies[:k]) for k in range(len(bodies))]
    ends = [start + len(body) for start, body in zip(starts, bodies, strict=True)]
    batch = _lines()
    if first_clean:
        batch.clean(FIRST, 0, len(FIRST))
        assert batch.layout is not None
    alone = [_lines().clean_decoded(data, start, end) for start, end in zip(starts, ends, strict=True)]
    assert batch.clean_batch(data, starts, ends) == alone


def test_lines_of_no_layout_are_tried_as_one_now_and_then(monkeypatch: Any) -> None:
    """A file whose clean lines fit no layout (its inputs after its answer) does not pay for
    trying each line as one: one try, then one every thousand clean lines."""
    from goldlint.families.slu import lines as lines_module

    tries = []
    made = lines_module.Layout.of

    def counted(*args: Any) -> Any:
        tries.append(1)
        return made(*args)

    monkeypatch.setattr(lines_module.Layout, "of", counted)
    record = _record([])
    reordered = {"meta": record["meta"], "outputs": record["outputs"], "instruction": record["instruction"], "inputs": record["inputs"]}
    line = _line(reordered)
    data = b"\n".join([line] * 2500)
    starts = list(range(0, len(data), len(line) + 1))
    ends = [start + len(line) for start in starts]
    judge = _lines()
    assert judge.clean_batch(data, starts, ends) == [_lines().clean_decoded(line, 0, len(line))] * 2500
    assert judge.layout is None and len(tries) == 3


def test_a_speaker_age_of_thousands_of_digits_is_implausible_on_every_route() -> None:
    """int() refuses more than 4,300 digits: such an age is SLU107, not a crash, on every
    route (the batch's match over a batch's speakers, the cached verdicts, the detailed check)."""
    lines = [_line(_record([(("meta", "id"), n)])) for n in range(3)]
    lines.insert(2, _line(_record([(("meta", "id"), 9), (("meta", "speaker"), "7_female_" + "9" * 5000)])))
    lines.append(_line(_record([(("meta", "id"), 10), (("meta", "speaker"), "7_female_" + "0" * 5000 + "33")])))  # (33: plausible)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.jsonl"
        path.write_bytes(b"\n".join(lines) + b"\n")
        assert_routes_agree(path, "slu")
        from goldlint import config as cfg
        from goldlint.engine import check_file

        found = [(d.code, d.span.start.line) for d in check_file(path, cfg.Loaded(cfg.Settings(), None, GOLD)).diagnostics]
    assert found == [("SLU107", 3)]
