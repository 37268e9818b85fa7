"""`semantic` scoring: the slower-whisper profile reproduces the shipped scorer's numbers of
SCORING.md on the real gold files; the spec profile's micro counts, severity weights and
maximum matching, computed by hand."""

from __future__ import annotations

import json
from typing import Any

import pytest

from goldlint.score import semantic
from goldlint.score.model import Issues, Outcome

from .helpers import DATA

GOLD = DATA / "slower-whisper"


def gold(name: str) -> semantic.Sample:
    value = json.loads((GOLD / f"{name}.json").read_text(encoding="utf-8"))
    return semantic.sample_of(value["meeting_id"], f"gold:{name}", (), value)


def pred(key: str, value: dict[str, Any]) -> semantic.Sample:
    return semantic.sample_of(key, "predictions", (key,), value)


def values(outcome: Outcome) -> dict[str, float | None]:
    return {name: None if m.value is None else round(m.value, 6) for name, m in outcome.metrics.items()}


# ami_meeting_001, partial prediction: 2 of 3 topics right plus one wrong; 2 of 3 gold risks
# (type, segment) found among 4 predicted; 2 of 3 actions matched among 3 predicted.
AMI_PARTIAL = {
    "topics": ["pricing", "contract", "billing"],
    "risks": [{"type": "escalation", "segment_id": 2}, {"type": "pricing", "segment_id": 5},
              {"type": "churn", "segment_id": 9}, {"type": "escalation", "segment_id": 7}],
    "actions": [{"text": "Send revised pricing proposal"}, {"text": "Schedule follow-up meeting with legal team."},
                {"text": "Book a venue for the offsite"}],
}


def test_slower_whisper_support_call_prediction_equals_gold() -> None:
    value = json.loads((GOLD / "support_call.json").read_text(encoding="utf-8"))
    outcome = semantic.score([gold("support_call")], [pred("support_call", value)], "slower-whisper", Issues())
    got = values(outcome)
    for name in ("topic_precision", "topic_recall", "topic_f1", "risk_precision", "risk_recall", "risk_f1",
                 "action_precision", "action_recall", "action_f1"):
        assert got[name] == 1.0
    assert outcome.breakdowns["by_severity"] == {level: {"precision": 1.0, "recall": 1.0, "f1": 1.0} for level in ("low", "medium", "high")}
    assert got["risk_f1_weighted"] is None and outcome.metrics["risk_f1_weighted"].reason


def test_slower_whisper_ami_meeting_001_partial_prediction() -> None:
    outcome = semantic.score([gold("ami_meeting_001")], [pred("ami_meeting_001", AMI_PARTIAL)], "slower-whisper", Issues())
    got = values(outcome)
    assert (got["topic_precision"], got["topic_recall"], got["topic_f1"]) == (0.666667, 0.666667, 0.666667)
    assert (got["risk_precision"], got["risk_recall"], got["risk_f1"]) == (0.5, 0.666667, 0.571429)
    assert (got["action_precision"], got["action_recall"], got["action_f1"]) == (0.666667, 0.666667, 0.666667)


def test_slower_whisper_greedy_actions_depend_on_order_spec_does_not() -> None:
    base = {"schema_version": 1, "meeting_id": "m", "topics": [], "risks": [],
            "actions": [{"text": "send the report"}, {"text": "send the reports"}]}
    g = semantic.sample_of("m", "gold", (), base)
    forward = {"topics": [], "risks": [], "actions": [{"text": "send the report today"}, {"text": "send our report"}]}
    backward = forward | {"actions": forward["actions"][::-1]}
    upstream = [semantic.score([g], [pred("m", p)], "slower-whisper", Issues()) for p in (forward, backward)]
    assert [o.breakdowns["per_sample"]["m"]["actions"]["matched"] for o in upstream] == [1, 2]
    spec = [semantic.score([g], [pred("m", p)], "spec", Issues()) for p in (forward, backward)]
    assert [o.breakdowns["actions"]["matched"] for o in spec] == [2, 2]
    assert spec[0].metrics["action_f1"].value == 1.0


def test_spec_profile_micro_counts_over_samples() -> None:
    samples = [gold("ami_meeting_001"), gold("support_call")]
    support = {"topics": ["support"], "risks": [{"type": "escalation", "severity": "medium"}], "actions": []}
    outcome = semantic.score(samples, [pred("ami_meeting_001", AMI_PARTIAL), pred("support_call", support)], "spec", Issues())
    got = values(outcome)
    # topics: ami TP2 FP1 FN1; support TP1 FP0 FN1 → TP3 FP1 FN2
    assert (got["topic_precision"], got["topic_recall"], got["topic_f1"]) == (0.75, 0.6, round(6 / 9, 6))
    # risks, type only: ami gold {escalation, pricing, churn} vs pred {escalation×2, pricing, churn} → 3 common of 4/3;
    # support gold {escalation, churn} vs {escalation} → 1 of 1/2 → TP4 FP1 FN1
    assert (got["risk_precision"], got["risk_recall"], got["risk_f1"]) == (0.8, 0.8, 0.8)
    # actions: ami 2 matched of 3/3; support 0 of 0/2 → P 2/3, R 2/5
    assert (got["action_precision"], got["action_recall"]) == (round(2 / 3, 6), 0.4)
    assert got["action_f1"] == round(2 * 2 / (2 * 2 + 1 + 3), 6)


def test_spec_severity_weighted_f1_by_hand() -> None:
    g = semantic.sample_of("m", "gold", (), {"topics": [], "actions": [], "risks": [
        {"type": "escalation", "severity": "high", "segment_id": 1},
        {"type": "churn", "severity": "low", "segment_id": 2},
        {"type": "pricing", "severity": "medium", "segment_id": 3}]})
    p = pred("m", {"topics": [], "actions": [], "risks": [
        {"type": "escalation", "severity": "high"},      # matched: 2.0
        {"type": "churn", "severity": "critical"},       # unmatched prediction: 4.0 (gold churn/low missed: 0.5)
        {"type": "pricing", "severity": "medium"}]})     # matched: 1.0
    outcome = semantic.score([g], [p], "spec", Issues())
    tp, fp, fn = 3.0, 4.0, 0.5
    assert outcome.metrics["risk_f1_weighted"].value == pytest.approx(2 * tp / (2 * tp + fp + fn))
    assert outcome.metrics["risk_f1"].value == 1.0  # type only
    by_level = outcome.breakdowns["by_severity"]
    assert by_level["high"]["f1"] == 1.0 and by_level["critical"]["precision"] == 0.0 and by_level["low"]["recall"] == 0.0


def test_severity_not_measured_and_vocabulary_mismatch() -> None:
    outcome = semantic.score([gold("ami_meeting_001")], [pred("ami_meeting_001", AMI_PARTIAL | {"topics": ["weather"]})], "spec", Issues())
    assert outcome.metrics["risk_f1_weighted"].value is None
    assert outcome.metrics["risk_f1_weighted"].reason.startswith("severity_not_measured")
    assert any(n.startswith("risk_note: severity_not_measured") for n in outcome.notes)
    assert any(n.startswith("topic_note: vocabulary_mismatch") for n in outcome.notes)
    assert outcome.breakdowns["per_sample"]["ami_meeting_001"]["topic_note"] == "vocabulary_mismatch"


def test_missing_unknown_and_coverage() -> None:
    issues = Issues()
    samples = [gold("ami_meeting_001"), gold("support_call"), gold("design_review")]
    outcome = semantic.score(samples, [pred("ami_meeting_001", AMI_PARTIAL), pred("nope", AMI_PARTIAL)], "spec", issues)
    assert outcome.counts == {"gold_samples": 3, "predictions": 2, "missing_predictions": 2, "unknown_ids": 1}
    topic = outcome.metrics["topic_f1"]
    assert (topic.samples_measured, topic.samples_skipped, topic.coverage) == (1, 2, 1 / 3)
    assert sorted(i.code for i in issues.items) == ["SCO102", "SCO102", "SCO103"]
    assert outcome.breakdowns["coverage"] == {"samples_total": 3, "samples_with_gold_labels": 3, "samples_with_topics": 3,
                                              "samples_with_risks": 3, "samples_with_actions": 3, "gold_label_coverage": 1.0}


def test_nothing_to_measure_is_null() -> None:
    outcome = semantic.score([gold("support_call")], [], "spec", Issues())
    assert all(m.value is None and m.reason for m in outcome.metrics.values())


def test_all_ten_real_gold_files_score_against_themselves() -> None:
    samples = [semantic.sample_of(p.stem, p.name, (), json.loads(p.read_text(encoding="utf-8"))) for p in sorted(GOLD.glob("*.json"))]
    preds = [pred(s.key, s.raw) for s in samples]
    for profile in ("spec", "slower-whisper"):
        outcome = semantic.score(samples, preds, profile, Issues())
        assert len(samples) == 10
        assert all(m.value == 1.0 for name, m in outcome.metrics.items() if name != "risk_f1_weighted" or profile == "spec")
        assert outcome.failures == []


@pytest.mark.parametrize("profile", ["spec", "slower-whisper"])
def test_actions_too_many_to_compare_are_not_matched_and_said_so(profile: str) -> None:
    """Issue 23: a meeting predicting 60,000 templated actions against as many gold ones ran for hours
    (each pair may cost a difflib run). Past MAX_ACTION_PAIRS the prediction is scored as if it had
    no action, with SCO108 at its actions — and no pair is compared."""
    many = [{"text": f"follow up on item {n}"} for n in range(3200)]
    gold_value = {"meeting_id": "m", "topics": ["x"], "actions": [{"text": f"follow up on item {n}"} for n in range(3200)]}
    prediction = {"topics": ["x"], "actions": many}
    issues = Issues()
    outcome = semantic.score([semantic.sample_of("m", "gold", (), gold_value)], [pred("m", prediction)], profile, issues)
    assert 3200 * 3200 > semantic.MAX_ACTION_PAIRS
    [issue] = [i for i in issues.items if i.code == "SCO108"]
    assert issue.file == "predictions" and issue.where.path == ("m", "actions")
    assert "10,240,000 pairs" not in issue.message and "3,200 predicted actions against 3,200 gold ones" in issue.message
    got = values(outcome)
    assert got["action_recall"] == 0.0  # every gold action missed, none matched
    assert got["topic_f1"] == 1.0  # the rest of the meeting is scored as usual


def test_actions_within_the_bound_are_matched(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound is on pairs: the partial AMI prediction (3 × 3 actions) is matched under a bound of 9 and not under 8."""
    monkeypatch.setattr(semantic, "MAX_ACTION_PAIRS", 9)
    monkeypatch.setattr("goldlint.score.textmatch.MAX_ACTION_PAIRS", 9)
    outcome = semantic.score([gold("ami_meeting_001")], [pred("ami_meeting_001", AMI_PARTIAL)], "spec", issues := Issues())
    assert not issues.count(semantic.PREDICTION_VALUE_OUT_OF_RANGE) and values(outcome)["action_recall"] == 0.666667
    monkeypatch.setattr("goldlint.score.textmatch.MAX_ACTION_PAIRS", 8)
    outcome = semantic.score([gold("ami_meeting_001")], [pred("ami_meeting_001", AMI_PARTIAL)], "spec", issues := Issues())
    assert issues.count(semantic.PREDICTION_VALUE_OUT_OF_RANGE) == 1 and values(outcome)["action_recall"] == 0.0
