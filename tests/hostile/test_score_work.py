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
