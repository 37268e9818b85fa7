"""`slu` scoring: SCORING.md's reference table (mera profile) to the number, and every rule
of the spec profile and of the prediction formats."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.score import slu
from goldlint.score.model import Issues, Outcome

from .helpers import ruslun_record

RATEBOOK = {"intent": "RateBook", "slots": [{"object_name": "доктор живаго"}, {"rating_value": "три"},
                                            {"best_rating": "шести"}, {"rating_unit": "звезд"}]}
TWO = {"intent": "ratebook", "slots": [{"object_name": "доктор живаго"}, {"rating_value": "три"}]}


def run(gold_outputs: Any, prediction: Any, profile: str, *, record_id: int = 2) -> tuple[Outcome, Issues]:
    record = ruslun_record() | {"outputs": gold_outputs}
    record["meta"] = record["meta"] | {"id": record_id}
    issues = Issues()
    item = prediction if isinstance(prediction, dict) and ("id" in prediction or "meta" in prediction) else {"id": record_id, "output": prediction}
    return slu.score([((), record)], [((0,), item)], profile, issues), issues


def values(outcome: Outcome) -> tuple[float | None, float | None]:
    return outcome.metrics["intent_exact_match"].value, outcome.metrics["slot_f1"].value


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


# SCORING.md: "Reference numbers produced by the official scorer on hand-made cases".
MERA_TABLE = [
    ("exact gold JSON, intent RateBook (capitalised)", RATEBOOK, dumps(RATEBOOK), 0, 1.0),
    ("both sides no slots, wrong intent", {"intent": "alarm/cancel_alarm", "slots": []},
     dumps({"intent": "alarm/show_alarms", "slots": []}), 0, 1.0),
    ("1 of 2 gold slots predicted", TWO, dumps({"intent": "ratebook", "slots": [{"object_name": "доктор живаго"}]}), 1, 0.667),
    ("prediction repeats one gold slot (3 predicted, 2 gold)", TWO,
     dumps({"intent": "ratebook", "slots": [{"object_name": "доктор живаго"}, {"object_name": "доктор живаго"}, {"rating_value": "три"}]}), 1, 0.8),
    ("trailing space in one of two values", TWO,
     dumps({"intent": "ratebook", "slots": [{"object_name": "доктор живаго"}, {"rating_value": "три "}]}), 1, 0.5),
    ("number 7 against gold \"7\"", {"intent": "ratebook", "slots": [{"rating_value": "7"}]},
     '{"intent": "ratebook", "slots": [{"rating_value": 7}]}', 1, 1.0),
]


@pytest.mark.parametrize(("case", "gold", "output", "intent", "slot_f1"), MERA_TABLE, ids=[c[0] for c in MERA_TABLE])
def test_mera_profile_reproduces_the_reference_table(case: str, gold: Any, output: str, intent: int, slot_f1: float) -> None:
    outcome, issues = run(gold, output, "mera")
    got_intent, got_f1 = values(outcome)
    assert got_intent == intent
    assert round(got_f1, 3) == slot_f1  # the table's precision
    assert not issues.items


def test_mera_exact_fractions() -> None:
    assert values(run(TWO, MERA_TABLE[2][2], "mera")[0])[1] == 2 / 3
    assert values(run(TWO, MERA_TABLE[3][2], "mera")[0])[1] == 0.8
    assert values(run(TWO, MERA_TABLE[4][2], "mera")[0])[1] == 0.5


def test_mera_notes_the_capitalised_intent_defect() -> None:
    outcome, _ = run(RATEBOOK, dumps(RATEBOOK), "mera")
    assert any("RateBook" in n and "SLU112" in n for n in outcome.notes)
    assert outcome.breakdowns["confusion"] == {"rows": ["RateBook"], "columns": ["RateBook", "(other)", "(unparsable)"], "matrix": [[0, 1, 0]]}


def test_spec_profile_folds_case_and_spaces_on_both_sides() -> None:
    assert values(run(RATEBOOK, dumps(RATEBOOK), "spec")[0]) == (1.0, 1.0)
    assert values(run(TWO, MERA_TABLE[4][2], "spec")[0]) == (1.0, 1.0)  # "три " = "три"
    spaced = dumps({"intent": " RateBook ", "slots": [{"Object_Name": "Доктор   Живаго"}, {"rating_value": "три"}]})
    assert values(run(TWO, spaced, "spec")[0]) == (1.0, 1.0)
    assert values(run(TWO, spaced, "mera")[0]) == (0.0, 0.5)


@pytest.mark.parametrize("output", [dumps([TWO]), dumps({"intent": "ratebook", "slots": {"object_name": "доктор живаго"}}),
                                    dumps({"intent": "ratebook", "slots": ["доктор живаго"]})])
def test_mera_scores_0_what_would_crash_the_official_scorer(output: str) -> None:
    outcome, issues = run(TWO, output, "mera")
    assert values(outcome) == (0.0, 0.0)
    assert outcome.counts["scorer_crashes"] == 1
    assert [i.code for i in issues.items] == ["SCO106"]
    assert any("crash" in n for n in outcome.notes)


def test_spec_accepts_slots_as_one_object_and_multi_key_slots() -> None:
    one_object = dumps({"intent": "ratebook", "slots": {"object_name": "доктор живаго", "rating_value": "три"}})
    assert values(run(TWO, one_object, "spec")[0]) == (1.0, 1.0)
    multi_key_gold = {"intent": "ratebook", "slots": [{"object_name": "доктор живаго", "rating_value": "три"}]}
    assert values(run(multi_key_gold, dumps(TWO), "spec")[0]) == (1.0, 1.0)


@pytest.mark.parametrize("slots", [None, "missing"])
def test_missing_or_null_slots_are_empty(slots: Any) -> None:
    prediction = {"intent": "alarm/cancel_alarm"} if slots == "missing" else {"intent": "alarm/cancel_alarm", "slots": None}
    assert values(run({"intent": "alarm/cancel_alarm", "slots": []}, dumps(prediction), "spec")[0]) == (1.0, 1.0)


def test_unparsable_answer_scores_0_and_is_counted() -> None:
    outcome, issues = run(TWO, "The intent is RateBook", "spec")
    assert values(outcome) == (0.0, 0.0)
    assert outcome.counts["unparsable_predictions"] == 1
    assert issues.items[0].code == "SCO106" and issues.items[0].where.path == (0, "output")
    assert outcome.failures[0].detail.startswith("unparsable")


def test_prediction_formats() -> None:
    parsed = {"id": 2, "intent": "RateBook", "slots": RATEBOOK["slots"]}
    assert values(run(RATEBOOK, parsed, "spec")[0]) == (1.0, 1.0)
    assert values(run(RATEBOOK, parsed, "mera")[0]) == (0.0, 1.0)  # parsed predictions are lower-cased too
    mera_item = {"outputs": dumps(RATEBOOK), "meta": {"id": 2}}
    assert values(run(RATEBOOK, mera_item, "spec")[0]) == (1.0, 1.0)
    record = ruslun_record()
    submission = {"data": {"test": [{"outputs": dumps(RATEBOOK), "meta": {"id": 2}}]}}
    outcome = slu.score([((), record)], [((), submission)], "spec", Issues())
    assert values(outcome) == (1.0, 1.0)


def test_python_quoted_gold_outputs_are_read() -> None:
    python_quoted = "{'intent': 'ratebook', 'slots': [{'object_name': 'доктор живаго'}, {'rating_value': 'три'}]}"
    assert values(run(python_quoted, dumps(TWO), "mera")[0]) == (1.0, 1.0)


def test_ids_missing_unknown_duplicate_and_hidden() -> None:
    records = [ruslun_record() | {"meta": {"id": n, "audio": {"type": "real"}, "speaker": "7_female_33"}} for n in (1, 2, 3)]
    records[2]["outputs"] = ""  # a hidden answer
    predictions = [((0,), {"id": 1, "output": dumps(RATEBOOK)}), ((1,), {"id": 1, "output": "x"}),
                   ((2,), {"id": 99, "output": "x"}), ((3,), {"output": "no id"}), ((4,), "not an object")]
    issues = Issues()
    outcome = slu.score([((), records)], predictions, "spec", issues)
    assert outcome.counts == {"gold_records": 3, "gold_with_answers": 2, "gold_hidden": 1, "gold_unusable": 0, "predictions": 5,
                              "missing_predictions": 1, "unknown_ids": 1, "duplicate_ids": 1, "malformed_predictions": 2,
                              "unparsable_predictions": 2, "scorer_crashes": 0}  # counted over the whole predictions file
    m = outcome.metrics["intent_exact_match"]
    assert (m.value, m.samples_measured, m.samples_skipped, m.coverage) == (1.0, 1, 2, 1 / 3)
    codes = sorted((i.file, i.code, i.where.path) for i in issues.items)
    assert codes == [("gold", "SCO102", (1, "meta", "id")), ("predictions", "SCO103", (2,)), ("predictions", "SCO104", (1, "id")),
                     ("predictions", "SCO105", (3,)), ("predictions", "SCO105", (4,)), ("predictions", "SCO106", (1, "output")),
                     ("predictions", "SCO106", (2, "output"))]


def test_nothing_measured_is_null_with_a_reason() -> None:
    outcome = slu.score([((), ruslun_record())], [], "spec", Issues())
    for name in ("intent_exact_match", "slot_f1", "slot_f1_micro"):
        metric = outcome.metrics[name]
        assert metric.value is None and metric.reason and metric.samples_skipped == 1


def test_micro_f1_and_per_intent() -> None:
    records = [ruslun_record() | {"meta": {"id": n, "audio": {"type": "real"}, "speaker": "7_female_33"}, "outputs": TWO} for n in (1, 2)]
    predictions = [((0,), {"id": 1, "output": dumps(TWO)}),
                   ((1,), {"id": 2, "output": dumps({"intent": "playmusic", "slots": [{"object_name": "доктор живаго"}]})})]
    outcome = slu.score([((), records)], predictions, "spec", Issues())
    # pairs: 3 common of 3 predicted and 4 gold → P 1, R 0.75
    assert outcome.metrics["slot_f1_micro"].value == pytest.approx(2 * 0.75 / 1.75)
    assert outcome.metrics["slot_f1"].value == pytest.approx((1 + 2 / 3) / 2)
    assert outcome.breakdowns["per_intent"] == {"ratebook": {"count": 2, "intent_exact_match": 0.5, "slot_f1": pytest.approx(5 / 6)}}
    assert outcome.breakdowns["confusion"]["matrix"] == [[1, 1, 0]]
    assert [f.key for f in outcome.failures] == ["2"]


@pytest.mark.parametrize("slots", ['"кино"', "5", "true", '["кино"]'])
def test_spec_slots_of_the_wrong_shape_are_a_diagnostic_and_a_wrong_slot(slots: str) -> None:
    outcome, issues = run(TWO, '{"intent": "ratebook", "slots": ' + slots + "}", "spec")
    assert values(outcome)[0] == 1.0 and values(outcome)[1] < 1.0  # one predicted pair that matches nothing
    assert [i.code for i in issues.items] == ["SCO106"] and "matches nothing" in issues.items[0].message


@pytest.mark.parametrize("slots", ["{}", '""', "false", "0", "null"])
def test_falsy_slots_are_no_slots_in_both_profiles(slots: str) -> None:
    gold = {"intent": "alarm/time_left_on_alarm", "slots": []}
    for profile in ("spec", "mera"):
        outcome, issues = run(gold, '{"intent": "alarm/time_left_on_alarm", "slots": ' + slots + "}", profile)
        assert values(outcome) == (1.0, 1.0) and not issues.items and not outcome.counts["scorer_crashes"]


def test_mera_compares_intents_as_python_does() -> None:
    assert values(run({"intent": "42", "slots": []}, '{"intent": 42, "slots": []}', "mera")[0]) == (0.0, 1.0)
    assert values(run({"intent": "42", "slots": []}, '{"intent": 42, "slots": []}', "spec")[0]) == (1.0, 1.0)  # spec folds str() of both


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["time", "date", "\0"]), st.sampled_from(["7", "8", "\0"])), max_size=12),
       st.lists(st.tuples(st.sampled_from(["time", "date", "\0"]), st.sampled_from(["7", "8", "\0"])), max_size=12))
def test_the_slot_overlap_of_a_few_pairs_is_the_multiset_one(predicted: list[tuple[str, str]], gold: list[tuple[str, str]]) -> None:
    from goldlint.score.metrics import multiset_overlap

    assert slu._overlap(predicted, gold) == multiset_overlap(predicted, gold)
