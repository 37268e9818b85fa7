"""`truth` scoring against a table computed by hand (written before the code ran).

Truth rows (1-based data rows) and the engine's answers:

| row | reference | returned | TP | pred | gold | all ok |
|---|---|---|---|---|---|---|
| 1 | COFFEE_SIZE "lg" | canonical lg (simplified: canonical) | 1 | 1 | 1 | yes |
| 2 | COFFEE_SIZE "large" | canonical "" → literal large (fallback to literal) | 1 | 1 | 1 | yes |
| 3 | COUNT 2 | no canonical, struct_value 2 (fallback to struct_value) | 1 | 1 | 1 | yes |
| 4 | SIZE {canonical lg, literal large}, TYPE {canonical latte} | both match; unnamed keys ignored | 2 | 2 | 2 | yes |
| 5 | SIZE {canonical sm, literal small} | literal "small coffee" | 0 | 1 | 1 | no |
| 6 | PERSON [Allison, James] | [James, Allison] (order matters) | 0 | 2 | 2 | no |
| 7 | PERSON [Bob, Eve] | [Bob, Eve, Mallory] | 2 | 3 | 2 | no |
| 8 | COFFEE_SIZE {} | nothing | 0 | 0 | 0 | yes |
| 9 | DRINK_SIZE {} (intent ORDER_TEA) | DRINK_SIZE returned, intent ORDER_COFFEE | 0 | 1 | 0 | no |
| 10 | BIRTH_DATE flattened month 7, day 21 | nested struct_value 7.0 / 21.0 | 1 | 1 | 1 | yes |
| 11 | SIZE lg, MILK oat | SIZE lg, MILK oat, COFFEE_TYPE drip, DRINK_TEMP hot | 2 | 4 | 2 | no |
| 12 | {} (CANCEL) | no prediction: skipped | – | – | – | – |

No ignores: TP 10, predicted 17, gold 13 → P 10/17, R 10/13, F1 20/30; intents 10/11 (row 9);
rows all correct 6/11 (rows 1 2 3 4 8 10); 11 measured, 1 skipped.

Ignores `_GLOBAL_: ^DRINK_` combined with `ORDER_COFFEE: COFFEE_TYPE`: row 4 keeps SIZE only
(1/1/1, ok), row 9 loses DRINK_SIZE on both sides (0/0/0, entities ok), row 11 loses
COFFEE_TYPE (intent pattern) and DRINK_TEMP (global pattern) (2/2/2, ok) → TP 9, predicted 13,
gold 12 → P 9/13, R 9/12, F1 18/25; rows all correct 8/11.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from goldlint.engine import check_file
from goldlint.score import truth
from goldlint.score.model import Issues
from goldlint.score.truth_match import MatchOptions, format_calendar, matches

DATE = {"nuance_CALENDAR": {"nuance_DATE": {"nuance_DATE_ABS": {"nuance_MONTH": 7.0, "nuance_DAY": 21.0}}}}
FLAT_DATE = {"nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_MONTH": 7, "nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_DAY": 21}

ROWS: list[tuple[str, str, dict[str, Any], str]] = [
    ("1-1.wav", "I would like a large coffee", {"COFFEE_SIZE": "lg"}, "ORDER_COFFEE"),
    ("1-2.wav", "a large one", {"COFFEE_SIZE": "large"}, "ORDER_COFFEE"),
    ("1-3.wav", "two coffees", {"COUNT": 2}, "ORDER_COFFEE"),
    ("1-4.wav", "I'd like a large iced latte", {"COFFEE_SIZE": {"canonical": "lg", "literal": "large"}, "COFFEE_TYPE": {"canonical": "latte"}}, "ORDER_COFFEE"),
    ("1-5.wav", "a small coffee please", {"COFFEE_SIZE": {"canonical": "sm", "literal": "small"}}, "ORDER_COFFEE"),
    ("1-6.wav", "send a note to Allison and James", {"PERSON": [{"literal": "Allison"}, {"literal": "James"}]}, "SEND_NOTE"),
    ("1-7.wav", "send a note to Bob and Eve", {"PERSON": [{"literal": "Bob"}, {"literal": "Eve"}]}, "SEND_NOTE"),
    ("1-8.wav", "just a coffee", {"COFFEE_SIZE": {}}, "ORDER_COFFEE"),
    ("1-9.wav", "just a tea", {"DRINK_SIZE": {}}, "ORDER_TEA"),
    ("1-10.wav", "my birthday is July twenty first", {"BIRTH_DATE": FLAT_DATE}, "SET_BIRTHDAY"),
    ("1-11.wav", "a large coffee with oat milk", {"COFFEE_SIZE": "lg", "MILK": "oat"}, "ORDER_COFFEE"),
    ("1-12.wav", "cancel", {}, "CANCEL"),
]

ANSWERS: list[tuple[str, str, dict[str, Any]]] = [
    ("1-1.wav", "ORDER_COFFEE", {"COFFEE_SIZE": [{"literal": "large", "canonical": "lg"}]}),
    ("1-2.wav", "ORDER_COFFEE", {"COFFEE_SIZE": [{"literal": "large", "canonical": ""}]}),
    ("1-3.wav", "ORDER_COFFEE", {"COUNT": [{"literal": "two", "struct_value": 2}]}),
    ("1-4.wav", "ORDER_COFFEE", {"COFFEE_SIZE": [{"literal": "large", "canonical": "lg", "formattedLiteral": "LARGE"}],
                                 "COFFEE_TYPE": [{"literal": "iced latte", "canonical": "latte"}]}),
    ("1-5.wav", "ORDER_COFFEE", {"COFFEE_SIZE": [{"literal": "small coffee", "canonical": "sm"}]}),
    ("1-6.wav", "SEND_NOTE", {"PERSON": [{"literal": "James"}, {"literal": "Allison"}]}),
    ("1-7.wav", "SEND_NOTE", {"PERSON": [{"literal": "Bob"}, {"literal": "Eve"}, {"literal": "Mallory"}]}),
    ("1-8.wav", "ORDER_COFFEE", {}),
    ("1-9.wav", "ORDER_COFFEE", {"DRINK_SIZE": [{"literal": "tea", "canonical": "regular"}]}),
    ("1-10.wav", "SET_BIRTHDAY", {"BIRTH_DATE": [{"literal": "July twenty first", "struct_value": DATE}]}),
    ("1-11.wav", "ORDER_COFFEE", {"COFFEE_SIZE": [{"literal": "large", "canonical": "lg"}], "MILK": [{"literal": "oat milk", "canonical": "oat"}],
                                  "COFFEE_TYPE": [{"literal": "coffee", "canonical": "drip"}], "DRINK_TEMP": [{"literal": "hot"}]}),
]

MIX_CONFIG = {"nlu": {"use_asr_results": True, "useEntityF1": True,
                      "predicted_entities_to_ignore": {"_GLOBAL_": "^DRINK_", "ORDER_COFFEE": "COFFEE_TYPE"}}}


def truth_tsv() -> str:
    lines = ["speaker\tcodedWvnm\ttranscription\tannotation\tintent"]
    lines += [f"1\t{audio}\t{text}\t{json.dumps(ann)}\t{intent}" for audio, text, ann, intent in ROWS]
    return "\n".join(lines) + "\n"


def results_tsv(key: str = "codedWvnm") -> str:
    lines = [f"{key}\tintent\tentities"]
    for n, (audio, intent, entities) in enumerate(ANSWERS, 1):
        lines.append(f"{audio if key == 'codedWvnm' else n}\t{intent}\t{json.dumps(entities)}")
    return "\n".join(lines) + "\n"


def gold_rows() -> list[truth.GoldRow]:
    return [truth.GoldRow(i, audio, intent, text, ann) for i, (audio, text, ann, intent) in enumerate(ROWS)]


def preds() -> list[truth.PredRow]:
    return [truth.PredRow(f"audio:{audio}", (i,), "predictions", intent, entities) for i, (audio, intent, entities) in enumerate(ANSWERS)]


def ignoring() -> truth.TruthOptions:
    from goldlint.families.mixconfig.patterns import compile_pattern

    return truth.TruthOptions(ignore={k: compile_pattern(v) for k, v in MIX_CONFIG["nlu"]["predicted_entities_to_ignore"].items()})  # type: ignore[misc]


def metric_values(outcome: Any) -> dict[str, Any]:
    return {name: m.value for name, m in outcome.metrics.items()}


EXPECTED_PLAIN = {"intent_accuracy": 10 / 11, "entity_precision": 10 / 17, "entity_recall": 10 / 13, "entity_f1": 20 / 30,
                  "rows_all_entities_correct": 6 / 11}
EXPECTED_IGNORING = {"intent_accuracy": 10 / 11, "entity_precision": 9 / 13, "entity_recall": 9 / 12, "entity_f1": 18 / 25,
                     "rows_all_entities_correct": 8 / 11}


def test_hand_computed_table_without_ignores() -> None:
    issues = Issues()
    outcome = truth.score(gold_rows(), preds(), truth.TruthOptions(), issues)
    assert metric_values(outcome) == pytest.approx(EXPECTED_PLAIN)
    m = outcome.metrics["entity_f1"]
    assert (m.samples_measured, m.samples_skipped) == (11, 1)
    assert (outcome.counts["true_positives"], outcome.counts["predicted_instances"], outcome.counts["gold_instances"]) == (10, 17, 13)
    assert [i.code for i in issues.items] == ["SCO102"]
    per = outcome.breakdowns["per_intent"]
    assert per["ORDER_COFFEE"] == pytest.approx({"count": 7, "intent_accuracy": 1.0, "entity_precision": 7 / 10, "entity_recall": 7 / 8,
                                                 "entity_f1": 14 / 18, "rows_all_entities_correct": 5 / 7})  # 2·7 / (2·7 + 3 + 1)
    assert per["ORDER_TEA"] == {"count": 1, "intent_accuracy": 0.0, "entity_precision": 0.0, "entity_recall": None, "entity_f1": 0.0,
                                "rows_all_entities_correct": 0.0}
    assert per["SEND_NOTE"]["entity_precision"] == pytest.approx(2 / 5) and "CANCEL" not in per
    assert sorted(f.key for f in outcome.failures) == ["1-11.wav", "1-5.wav", "1-6.wav", "1-7.wav", "1-9.wav"]


def test_hand_computed_table_with_global_and_per_intent_ignores() -> None:
    outcome = truth.score(gold_rows(), preds(), ignoring(), Issues())
    assert metric_values(outcome) == pytest.approx(EXPECTED_IGNORING)
    failure = next(f for f in outcome.failures if f.key == "1-9.wav")
    assert failure.gold["entities"] == {} and failure.prediction["entities"] == {}  # ignored entities vanish from the report


@pytest.mark.parametrize(("ref", "instance", "options", "expected"), [
    ("lg", {"canonical": "lg", "literal": "large"}, MatchOptions(), True),
    ("large", {"canonical": "lg", "literal": "large"}, MatchOptions(), False),  # canonical wins when non-empty
    (7, {"literal": "seven", "canonical": "7"}, MatchOptions(), True),  # numbers by value
    ({"literal": "large"}, {"literal": "large", "canonical": "xl"}, MatchOptions(), True),  # unnamed keys ignored
    ({"formattedLiteral": "LARGE"}, {"literal": "large"}, MatchOptions(), False),  # a named key must be returned
    (FLAT_DATE, {"struct_value": DATE}, MatchOptions(flattened=True), True),
    (FLAT_DATE, {"struct_value": DATE}, MatchOptions(flattened=False), False),
    (DATE, {"struct_value": DATE}, MatchOptions(flattened=False), True),  # nested reference, nested output
    (DATE, {"struct_value": DATE}, MatchOptions(flattened=True), False),
    ("yyyy/7/21", {"struct_value": DATE, "literal": "July twenty first"}, MatchOptions(format_calendar=True), True),
    ("yyyy/7/21", {"struct_value": DATE, "literal": "July twenty first"}, MatchOptions(), False),
    # (an integer no double holds, on either side, is compared exactly: it was an internal error,
    # OverflowError, found by a hostile-input sweep of goldlint score)
    ({"literal": 10**400}, {"literal": "Bob"}, MatchOptions(), False),
    ({"literal": "Bob"}, {"literal": 10**400}, MatchOptions(), False),
    ({"literal": 10**400}, {"literal": 10**400}, MatchOptions(), True),
    ({"literal": 10**400}, {"literal": 10**400 + 1}, MatchOptions(), False),
])
def test_instance_rules(ref: Any, instance: dict[str, Any], options: MatchOptions, expected: bool) -> None:
    assert matches(ref, instance, options) is expected


def test_calendar_formatting() -> None:
    with_year = {"nuance_CALENDAR": {"nuance_DATE": {"nuance_DATE_ABS": {"nuance_YEAR": 2017.0, "nuance_MONTH": 7.0, "nuance_DAY": 21.0}}}}
    time = {"nuance_CALENDAR": {"nuance_TIME": {"nuance_TIME_ABS": {"nuance_HOUR": 5.0, "nuance_MINUTE": 0.0, "nuance_AMPM": "pm"}}}}
    assert format_calendar(DATE) == "yyyy/7/21"
    assert format_calendar(with_year) == "2017/7/21"
    assert format_calendar(time) == "5:00 PM"
    assert format_calendar({"nuance_CALENDAR": {"nuance_DATE": {"nuance_DATE_REL": {}}}}) is None


def test_the_hand_made_files_through_the_cli(tmp_path: Path, cli: Any) -> None:
    gold = tmp_path / "truth.tsv"
    gold.write_text(truth_tsv(), encoding="utf-8")
    assert [d for d in check_file(gold).diagnostics if d.severity.value == "error"] == []
    results = tmp_path / "results.tsv"
    results.write_text(results_tsv(), encoding="utf-8")
    mix = tmp_path / "mix.json"
    mix.write_text(json.dumps(MIX_CONFIG), encoding="utf-8")
    out = tmp_path / "report.json"
    result = cli(str(gold), str(results), "--output", str(out))
    assert result.exit_code == 0, result.output
    assert {k: v["value"] for k, v in json.loads(out.read_text())["metrics"].items()} == pytest.approx(EXPECTED_PLAIN)
    result = cli(str(gold), str(results), "--mix-config", str(mix), "--output", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert {k: v["value"] for k, v in report["metrics"].items()} == pytest.approx(EXPECTED_IGNORING)
    assert report["mix_config"]["path"] == str(mix)
    by_row = tmp_path / "results_by_row.jsonl"
    by_row.write_text("".join(json.dumps({"row": n, "intent": i, "entities": e}) + "\n" for n, (_, i, e) in enumerate(ANSWERS, 1)), encoding="utf-8")
    result = cli(str(gold), str(by_row), "--ignore-entities", "_GLOBAL_=^DRINK_", "--ignore-entities", "ORDER_COFFEE=COFFEE_TYPE", "--output", str(out))
    assert result.exit_code == 0, result.output
    assert {k: v["value"] for k, v in json.loads(out.read_text())["metrics"].items()} == pytest.approx(EXPECTED_IGNORING)


def test_broken_entities_cell_is_a_positioned_diagnostic(tmp_path: Path, cli: Any) -> None:
    gold = tmp_path / "truth.tsv"
    gold.write_text(truth_tsv(), encoding="utf-8")
    results = tmp_path / "results.tsv"
    text = results_tsv().replace('{"PERSON": [{"literal": "James"}', '{"PERSON": [{"literal": "James"', 1)
    results.write_text(text, encoding="utf-8")
    result = cli(str(gold), str(results))
    assert result.exit_code == 1
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("1-6.wav"))
    assert f"results.tsv:{line}:" in result.stderr and "SCO101" in result.stderr


def test_a_prediction_not_in_the_results_format_is_a_positioned_diagnostic(tmp_path: Path, cli: Any) -> None:
    """A results row cut to its key, entity instances that are not objects, an entity that is
    neither a list nor an object, a JSONL line with its key alone: each was scored silently (a
    wrong intent, no entities, false positives), exit 0."""
    gold = tmp_path / "truth.tsv"
    gold.write_text(truth_tsv(), encoding="utf-8")
    lines = results_tsv().splitlines()
    lines[1] = "1-1.wav"
    lines[3] = lines[3].replace('"struct_value": 2}]', '"struct_value": 2}, 5, "x", null]')
    lines[5] = '1-5.wav\tORDER_COFFEE\t{"COFFEE_SIZE": "sm"}'
    results = tmp_path / "results.tsv"
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli(str(gold), str(results))
    assert result.exit_code == 1, result.output
    instance, entity = lines[3].index("5, ") + 1, lines[5].index('"sm"') + 1
    found = [line for line in result.output.splitlines() if "results.tsv:" in line and "SCO105" in line]
    assert [line.split(": SCO105")[0].rsplit("results.tsv:", 1)[1] for line in found] == [
        "2:1", f"4:{instance}", f"6:{entity}"], result.output
    assert "a prediction needs `intent` and `entities`" in found[0]
    assert "an instance of `COUNT` must be an object" in found[1] and found[1].endswith("found the number 5")
    assert "`COFFEE_SIZE` must be a list of instances or one instance object" in found[2] and found[2].endswith("found the string `sm`")
    jsonl = tmp_path / "results.jsonl"
    jsonl.write_text('{"codedWvnm": "1-1.wav"}\n' + "".join(json.dumps({"codedWvnm": a, "intent": i, "entities": e}) + "\n" for a, i, e in ANSWERS[1:]),
                     encoding="utf-8")
    result = cli(str(gold), str(jsonl))
    assert result.exit_code == 1 and "results.jsonl:1:1: SCO105 [error] a prediction needs `intent` and `entities`" in result.output, result.output


def test_the_results_columns_are_read_by_the_names_the_header_check_accepts(tmp_path: Path, cli: Any) -> None:
    """(An `Intent` header passed the check, then every row's intent was read as missing: 0.)"""
    gold = tmp_path / "truth.tsv"
    gold.write_text(truth_tsv(), encoding="utf-8")
    results = tmp_path / "results.tsv"
    results.write_text(results_tsv().replace("\tintent\t", "\tIntent\t", 1), encoding="utf-8")
    out = tmp_path / "report.json"
    result = cli(str(gold), str(results), "--output", str(out))
    assert result.exit_code == 0, result.output
    assert {k: v["value"] for k, v in json.loads(out.read_text())["metrics"].items()} == pytest.approx(EXPECTED_PLAIN)


def test_a_mix_config_with_errors_is_refused_like_gold(tmp_path: Path, cli: Any) -> None:
    gold = tmp_path / "truth.tsv"
    gold.write_text(truth_tsv(), encoding="utf-8")
    results = tmp_path / "results.tsv"
    results.write_text(results_tsv(), encoding="utf-8")
    mix = tmp_path / "mix.json"
    mix.write_text(json.dumps({"nlu": {"predicted_entities_to_ignore": {"_global_": "^DRINK_", "ORDER_COFFEE": "COFFEE_(TYPE"}}}), encoding="utf-8")
    result = cli(str(gold), str(results), "--mix-config", str(mix))
    assert result.exit_code == 1
    assert "MXC104" in result.stdout and "MXC102" in result.stdout and "mix.json:" in result.stdout
    out = tmp_path / "r.json"
    result = cli(str(gold), str(results), "--mix-config", str(mix), "--allow-invalid-gold", "--output", str(out))
    assert result.exit_code == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert any("COFFEE_(TYPE" in n and "not run" in n for n in report["notes"])  # a broken pattern is left out, and said so
    assert report["gold"]["lint"]["errors"] == 2 and report["gold"]["allow_invalid_gold"] is True
