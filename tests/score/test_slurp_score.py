"""`goldlint score --kind slurp` from the command line on real SLURP data, and the spec profile's
differences from the evaluator's, with the diagnostics of malformed predictions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from goldlint.families.slurp.rules import record
from goldlint.formats.jsonl_doc import JsonlDocument
from goldlint.score import slurp, slurp_upstream
from goldlint.score.model import Issues

DATA = Path(__file__).resolve().parents[1] / "data"
METRICS = ["scenario_accuracy", "action_accuracy", "intent_accuracy", "entity_span_f1", "entity_word_f1", "entity_char_f1", "slu_f1"]


def _cli(tmp_path: Path, pred: str, *args: str) -> tuple[int, dict[str, object], str]:
    report = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-m", "goldlint", "score", str(DATA / "slurp" / "test.jsonl"), str(DATA / "slurp" / "predictions" / pred),
                          "--kind", "slurp", "-o", str(report), "--html", str(tmp_path / "r.html"), *args],
                         capture_output=True, text=True, encoding="utf-8", check=False)
    return run.returncode, json.loads(report.read_text(encoding="utf-8")) if report.exists() else {}, run.stdout + run.stderr


@pytest.mark.parametrize("average", ["micro", "macro"])
def test_the_cli_prints_the_official_numbers_of_a_real_run(tmp_path: Path, average: str) -> None:
    official = json.loads((DATA / "score" / "slurp" / "real.json").read_text(encoding="utf-8"))["google_hermit"][average]
    code, report, out = _cli(tmp_path, "google_hermit.jsonl", "--profile", "slurp", "--average", average)
    assert code == 0, out
    metrics = report["metrics"]
    assert isinstance(metrics, dict) and list(metrics) == METRICS
    assert metrics["slu_f1"]["value"] == pytest.approx(official["slu_f1"], abs=1e-12)
    assert metrics["intent_accuracy"]["value"] == pytest.approx(official["intent"], abs=1e-12)
    assert metrics["slu_f1"]["samples_measured"] == 340  # the 340 recordings of the 100 utterances that google_hermit predicts
    assert "predictions keyed by the recording's `file`" in " ".join(report["notes"])  # type: ignore[arg-type]
    assert "slu_f1" in out and (tmp_path / "r.html").exists()
    # the average changes every number: the report and its titles say which one
    assert report["options"] == {"average": average}
    assert f"profile slurp · average {average}" in out
    assert f"profile slurp · average {average}" in (tmp_path / "r.html").read_text(encoding="utf-8")
    per_scenario = report["breakdowns"]["per_scenario"]  # type: ignore[index]
    assert all(isinstance(row[c], int) for row in per_scenario.values() for c in ("tp", "fp", "fn"))  # counts, not 4.0000


def test_predictions_from_audio_for_some_recordings_are_scored_not_refused(tmp_path: Path) -> None:
    """60 of the 356 recordings predicted: 296 missing recordings, more than the 100 records,
    yet 60 are scored (the refusal compared missing recordings with gold records)."""
    lines = (DATA / "slurp" / "predictions" / "google_hermit.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    part = tmp_path / "part.jsonl"
    part.write_text("".join(lines[:60]), encoding="utf-8")
    code, report, out = _cli(tmp_path, str(part))
    assert code == 0 and "no prediction could be scored" not in out, out
    assert report["counts"]["scored"] == 60 and report["counts"]["missing_predictions"] == 296  # type: ignore[index]
    assert report["counts"]["gold_examples"] == 356  # type: ignore[index]


def test_the_cli_refuses_an_average_it_does_not_know(tmp_path: Path) -> None:
    code, _, out = _cli(tmp_path, "gold_hermit.jsonl", "--average", "weighted")
    assert code == 2 and "--average `weighted`: micro or macro" in out


def _score(golds: list[dict[str, object]], preds: list[object], profile: str, issues: Issues | None = None) -> slurp.Outcome:  # type: ignore[name-defined]
    gold = "".join(json.dumps(g) + "\n" for g in golds)
    pred = "".join(json.dumps(p) + "\n" for p in preds)
    return slurp.score(JsonlDocument("g.jsonl", gold).records(), JsonlDocument("p.jsonl", pred).records(), profile, "micro", issues or Issues())


RIGHT = {"scenario": "alarm", "action": "set", "entities": [{"type": "time", "filler": "five am"}]}


def test_a_numeric_slurp_id_is_paired_by_spec_and_never_by_the_evaluator() -> None:
    spec = _score([record()], [{"slurp_id": 1, **RIGHT}], "spec")
    assert spec.metrics["slu_f1"].value == 1.0
    upstream = _score([record()], [{"slurp_id": 1, **RIGHT}], "slurp")
    assert upstream.counts["scored"] == 0 and upstream.counts["unknown_predictions"] == 1
    assert any("write `slurp_id` as a number" in note for note in upstream.notes)


def test_an_entity_with_an_extra_key_is_right_for_spec_and_wrong_for_the_evaluators_span_f1() -> None:
    pred = {"slurp_id": "1", **RIGHT, "entities": [{"type": "time", "filler": "five am", "span": [4, 5]}]}
    assert _score([record()], [pred], "spec").metrics["entity_span_f1"].value == 1.0
    upstream = _score([record()], [pred], "slurp")
    assert upstream.metrics["entity_span_f1"].value == 0.0 and upstream.metrics["entity_word_f1"].value == 1.0
    assert any("keys besides `type` and `filler`" in note for note in upstream.notes)


def test_no_entity_anywhere_is_null_for_spec_and_0_for_the_evaluator() -> None:
    golds = [record(sentence_annotation="wake me up at five am", entities=[])]
    pred = {"slurp_id": "1", **RIGHT, "entities": []}
    spec = _score(golds, [pred], "spec")
    assert spec.metrics["entity_span_f1"].value is None and spec.metrics["entity_span_f1"].reason == "no entity in the gold or the predictions"
    assert spec.metrics["intent_accuracy"].value == 1.0
    assert _score(golds, [pred], "slurp").metrics["entity_span_f1"].value == 0.0


def test_malformed_duplicate_and_unknown_predictions_are_positioned() -> None:
    issues = Issues()
    preds: list[object] = [[1], {"slurp_id": "1", "scenario": "alarm"}, {"slurp_id": "1", **RIGHT, "entities": [{"type": "time"}]},
                           {"slurp_id": "1", **RIGHT}, {"slurp_id": "1", **RIGHT}, {"slurp_id": "9", **RIGHT}]
    out = _score([record(), record(slurp_id=2)], preds, "spec", issues)
    assert [(i.code, i.where.path) for i in issues.items] == [
        ("SCO105", (0,)), ("SCO105", (1,)), ("SCO105", (2, "entities", 0)), ("SCO104", (4, "slurp_id")), ("SCO102", (1, "slurp_id")), ("SCO103", (5,))]
    assert out.counts["scored"] == 1 and out.counts["missing_predictions"] == 1


def test_an_array_or_an_object_where_a_label_or_a_key_belongs_is_a_malformed_prediction() -> None:
    """(An unhashable `slurp_id` or `scenario` was an internal error of the scorer; found by a
    hostile-input sweep of `goldlint score`.)"""
    issues = Issues()
    preds: list[object] = [{"slurp_id": [], **RIGHT}, {"slurp_id": "1", **RIGHT, "scenario": [["alarm"]]},
                           {"slurp_id": "1", **RIGHT, "action": {"set": 1}}, {"slurp_id": "1", **RIGHT}]
    for profile in ("spec", "slurp"):
        issues = Issues()
        out = _score([record()], preds, profile, issues)
        assert [(i.code, i.where.path) for i in issues.items] == [("SCO105", (0, "slurp_id")), ("SCO105", (1, "scenario")), ("SCO105", (2, "action"))]
        assert out.counts["scored"] == 1


def test_each_gold_recording_without_a_prediction_is_reported_at_its_file() -> None:
    issues = Issues()
    recordings = [{"file": f"audio-{n}.flac", "wer": 0.0, "ent_wer": None, "status": "correct"} for n in range(3)]
    out = _score([record(recordings=recordings)], [{"file": "audio-1.flac", **RIGHT}], "spec", issues)
    assert [(i.code, i.where.path) for i in issues.items] == [("SCO102", (0, "recordings", 0, "file")), ("SCO102", (0, "recordings", 2, "file"))]
    assert "no prediction for gold recording `audio-2.flac`" in issues.items[1].message
    assert out.counts["scored"] == 1 and out.metrics["slu_f1"].samples_skipped == 2


def test_a_gold_entity_type_that_is_a_number_is_scored_with_allow_invalid_gold() -> None:
    """(SLP101 in the gold; scored anyway, the entities compared to find the failures were
    sorted, and a number beside a string was an internal error.)"""
    golds = [record(entities=[{"span": [4, 5], "type": 5}, {"span": [0], "type": "event"}])]
    pred = {"slurp_id": "1", **RIGHT, "entities": [{"type": "5", "filler": "five am"}, {"type": "event", "filler": "wake"}]}
    for profile in ("spec", "slurp"):
        out = _score(golds, [pred], profile)
        assert out.metrics["entity_span_f1"].value == 0.5 and out.metrics["intent_accuracy"].value == 1.0
        assert [f.detail for f in out.failures] == ["entities"]


@pytest.mark.parametrize("field", ["type", "scenario", "action"])
def test_a_gold_label_that_is_a_list_is_unusable_gold_not_an_internal_error(field: str) -> None:
    """(SLP101 in the gold; scored with --allow-invalid-gold: a list as an entity type, a scenario
    or an action was counted under its label, and a list is no dict key: TypeError.)"""
    gold = record(entities=[{"span": [4, 5], "type": ["time"] if field == "type" else "time"}])
    if field != "type":
        gold[field] = [gold[field]]
    for profile in ("spec", "slurp"):
        out = _score([gold, record(slurp_id=2)], [{"slurp_id": "1", **RIGHT}, {"slurp_id": "2", **RIGHT}], profile)
        assert out.counts["gold_unusable"] == 1 and out.counts["gold_records"] == 2, out.counts


def test_the_distances_as_the_evaluator_reads_them() -> None:
    assert slurp_upstream.char_distance("", "") == 1.0  # textdistance 4.1.5: two empty strings are at distance 1
    assert slurp_upstream.word_distance("new york", "new\tyork") == 1.0  # one tab is no word boundary for jiwer 2.0.0
    assert slurp_upstream.word_distance("five am", "  five   am ") == 0.0
    with pytest.raises(slurp_upstream.EmptyGold):
        slurp_upstream.word_distance(" ", "x")
