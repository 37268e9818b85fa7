"""Scoring an SLU gold costs about one pass: the lint reads the gold, and the scorer's second
read of a streamed JSONL gold builds only each line's ``meta.id`` and ``outputs`` (a RuSLUn
line is 3 KB of instruction, question and inventory around them). Counted, not timed: no
line of a clean gold is parsed whole while it is scored, and the outcome is the one the
ordinary reading gives, lines that need it included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from goldlint import config as cfg
from goldlint.engine import read_document
from goldlint.formats import jsonl_doc
from goldlint.score import slu
from goldlint.score.model import Issues


def _record(n: int, **meta: Any) -> dict[str, Any]:
    return {"instruction": "x" * 2000, "inputs": {"audio": f"a{n}.wav", "question": "q", "annotation": "alarm_set: [time]"},
            "outputs": {"intent": "alarm_set", "slots": [{"time": f"{n} утра"}]}, "meta": {"id": n, **meta}}


def _score(gold: Path, predictions: list[tuple[tuple[Any, ...], Any]], whole: bool) -> tuple[Any, list[Any]]:
    doc = read_document(gold, cfg.for_file(gold))
    assert isinstance(doc, jsonl_doc.JsonlDocument)
    issues = Issues()
    outcome = slu.score(doc.records() if whole else doc, predictions, "spec", issues)
    return (outcome.metrics, outcome.counts, outcome.breakdowns), [(i.code, i.where, i.message) for i in issues.items]


def test_a_clean_gold_is_scored_without_parsing_its_lines_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(_record(n), ensure_ascii=False) + "\n" for n in range(500)), encoding="utf-8")
    predictions = [((n,), {"id": n, "output": json.dumps({"intent": "alarm_set", "slots": []})}) for n in range(0, 500, 2)]
    whole_lines: list[int] = []
    parsed = jsonl_doc.RawBatch.parsed

    def counted(batch: jsonl_doc.RawBatch) -> list[Any] | None:
        whole_lines.append(len(batch.starts))
        return parsed(batch)

    monkeypatch.setattr(jsonl_doc.RawBatch, "parsed", counted)
    fast = _score(gold, predictions, whole=False)
    assert whole_lines == []  # (the ordinary reading parses every line, in batches)
    assert fast == _score(gold, predictions, whole=True) and whole_lines


def test_lines_the_narrow_reading_does_not_know_are_read_the_ordinary_way(tmp_path: Path) -> None:
    mera = {"data": {"test": [_record(7)]}}
    lines = [_record(0), _record(1, extra=True), {**_record(2), "meta": {"id": "  two "}}, {**_record(3), "meta": {"id": True}},
             {k: v for k, v in _record(4).items() if k != "meta"}, mera, {**_record(5), "outputs": ""}, [_record(6)]]
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    predictions = [((n,), {"id": key, "output": '{"intent": "alarm_set", "slots": []}'}) for n, key in enumerate([0, 1, "two", 6, 7, 9])]
    fast = _score(gold, predictions, whole=False)
    assert fast == _score(gold, predictions, whole=True)
    counts = fast[0][1]
    assert counts["gold_records"] == 8 and counts["gold_hidden"] == 1 and counts["unknown_ids"] == 1, counts


# -- slurp: the same narrow second reading ----------------------------------------------

def _slurp(n: int) -> dict[str, Any]:
    return {"slurp_id": n, "sentence": "wake me up at five am", "sentence_annotation": "wake me up at [time : five am]", "intent": "alarm_set",
            "action": "set", "scenario": "alarm",
            "tokens": [{"surface": w, "id": i, "lemma": w, "pos": "NN"} for i, w in enumerate("wake me up at five am".split())],
            "recordings": [{"file": f"audio-{n}.flac", "wer": 0.0, "ent_wer": None, "status": "correct"}],
            "entities": [{"span": [4, 5], "type": "time"}]}


def _slurp_score(gold: Path, predictions: list[tuple[tuple[Any, ...], Any]], whole: bool) -> tuple[Any, list[Any]]:
    from goldlint.score import slurp

    doc = read_document(gold, cfg.for_file(gold))
    assert isinstance(doc, jsonl_doc.JsonlDocument)
    issues = Issues()
    outcome = slurp.score(doc.records() if whole else doc, predictions, "spec", "micro", issues)
    return (outcome.metrics, outcome.counts, outcome.breakdowns, outcome.notes), [(i.code, i.where, i.message) for i in issues.items]


@pytest.mark.parametrize("key", ["slurp_id", "file"])
def test_a_clean_slurp_gold_is_scored_without_parsing_its_lines_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(_slurp(n)) + "\n" for n in range(300)), encoding="utf-8")
    predictions = [((n,), {key: str(n) if key == "slurp_id" else f"audio-{n}.flac", "scenario": "alarm", "action": "set",
                           "entities": [{"type": "time", "filler": "five am" if n % 3 else "five"}]}) for n in range(0, 300, 2)]
    whole_lines: list[int] = []
    parsed = jsonl_doc.RawBatch.parsed

    def counted(batch: jsonl_doc.RawBatch) -> list[Any] | None:
        whole_lines.append(len(batch.starts))
        return parsed(batch)

    monkeypatch.setattr(jsonl_doc.RawBatch, "parsed", counted)
    narrow = _slurp_score(gold, predictions, whole=False)
    assert whole_lines == []
    assert narrow == _slurp_score(gold, predictions, whole=True) and whole_lines


@pytest.mark.parametrize("key", ["slurp_id", "file"])
def test_slurp_lines_of_another_shape_are_read_the_ordinary_way(tmp_path: Path, key: str) -> None:
    def without(record: dict[str, Any], name: str) -> dict[str, Any]:
        return {k: v for k, v in record.items() if k != name}

    odd = [_slurp(0), without(_slurp(1), "recordings"), {**_slurp(2), "entities": [{"span": [9], "type": "time"}]},
           {**_slurp(3), "entities": [{"span": [-1], "type": "time"}]}, {**_slurp(4), "entities": [{"span": [True], "type": 7}]},
           {**_slurp(5), "tokens": [{"surface": 5}]}, {**_slurp(6), "recordings": [{"file": ["a"]}]}, without(_slurp(7), "scenario"),
           {**_slurp(8), "recordings": []}, [_slurp(9)], {**_slurp(10), "slurp_id": None},
           {**_slurp(11), "tokens": [*_slurp(11)["tokens"], {"lemma": "x"}]}]
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(line) + "\n" for line in odd), encoding="utf-8")
    predictions = [((n,), {key: str(n) if key == "slurp_id" else f"audio-{n}.flac", "scenario": "alarm", "action": "set",
                           "entities": [{"type": "time", "filler": "five am"}]}) for n in range(12)]
    narrow = _slurp_score(gold, predictions, whole=False)
    assert narrow == _slurp_score(gold, predictions, whole=True)
    assert narrow[0][1]["gold_unusable"] >= 3, narrow[0][1]


def test_an_apostrophe_is_found_however_the_gold_line_writes_it(tmp_path: Path) -> None:
    """The narrow reading walks a gold answer for an apostrophe (SCO107) only when its line's
    bytes hold one: written as it is, or escaped as ``\\u0027``."""
    plain = {**_record(0), "outputs": {"intent": "alarm_set", "slots": [{"time": "o'clock"}]}}
    escaped = json.dumps({**_record(1), "outputs": {"intent": "alarm_set", "slots": [{"time": "x"}]}}, ensure_ascii=False)
    escaped = escaped.replace('"time": "x"', '"time": "o\\u0027clock"')
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps(plain, ensure_ascii=False) + "\n" + escaped + "\n" + json.dumps(_record(2)) + "\n", encoding="utf-8")
    predictions = [((n,), {"id": n, "output": '{"intent": "alarm_set", "slots": []}'}) for n in range(3)]
    narrow = _score(gold, predictions, whole=False)
    assert narrow == _score(gold, predictions, whole=True)
    assert [code for code, _, _ in narrow[1]].count("SCO107") == 2
