"""The property of issue 20: any JSON value in any prediction field gives a report or a
diagnostic, never exit 2 (an internal error). Driven by hypothesis through the real command,
for every kind; and a run card that ``score`` writes from odd predictions passes ``check``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import DATA, ruslun_record
from .test_truth import truth_tsv

SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=10**25, max_value=10**40)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
           | st.sampled_from(["", " ", "'", "\ud800", "{}", "[]", '{"intent": 1}', "```json\n{}\n```", "null", "x" * 4400]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
DEEP = st.integers(min_value=1, max_value=3000).map(lambda n: json.loads("[" * n + "]" * n) if n < 900 else "[" * n + "]" * n)
ANY = JSON | DEEP

# (kind, gold, a valid prediction, the fields to replace: paths into the prediction)
SEMANTIC_GOLD = DATA / "slower-whisper" / "support_call.json"
CORPUS_GOLD = DATA / "rosetta" / "eng-sna-dev-v1.json"
FIELDS: dict[str, list[tuple[Any, ...]]] = {
    "slu": [("id",), ("output",), ("intent",), ("slots",), ("slots", 0), ("slots", 0, "object_name"), ("meta",), ()],
    "semantic": [("support_call",), ("support_call", "topics"), ("support_call", "topics", 0), ("support_call", "risks"),
                 ("support_call", "risks", 0), ("support_call", "risks", 0, "type"), ("support_call", "risks", 0, "segment_id"),
                 ("support_call", "actions"), ("support_call", "actions", 0), ("support_call", "actions", 0, "text"), ()],
    "corpus": [("id",), ("predicted",), ("error",), ("latency_seconds",), ("usage",), ("usage", "prompt_tokens"), ("cost_usd",),
               ("fst_accepted",), ("semantic_score",), ()],
    "truth": [("codedWvnm",), ("row",), ("intent",), ("entities",), ("entities", "COFFEE_SIZE"), ("entities", "COFFEE_SIZE", 0), ()],
}


def base(kind: str) -> Any:
    if kind == "slu":
        return {"id": 2, "output": "", "intent": "ratebook", "slots": [{"object_name": "доктор живаго"}]}
    if kind == "semantic":
        return {"support_call": {"topics": ["pricing"], "risks": [{"type": "churn", "severity": "high", "segment_id": 1}],
                                 "actions": [{"text": "send the report"}]}}
    if kind == "corpus":
        entry = json.loads(CORPUS_GOLD.read_text(encoding="utf-8"))["entries"][0]
        return {"id": entry["id"], "predicted": "x", "latency_seconds": 1.0, "usage": {"prompt_tokens": 3}, "cost_usd": 0.1}
    return {"codedWvnm": "1-1.wav", "intent": "ORDER_COFFEE", "entities": {"COFFEE_SIZE": [{"literal": "large", "canonical": "lg"}]}}


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return value | {head: replaced(value.get(head), rest, new)}
    if isinstance(value, list) and isinstance(head, int) and head < len(value):
        return [replaced(v, rest, new) if n == head else v for n, v in enumerate(value)]
    return {head: replaced(None, rest, new)} if isinstance(head, str) else [replaced(None, rest, new)]


def gold_for(kind: str, where: Path) -> Path:
    if kind == "slu":
        gold = where / "gold.jsonl"
        gold.write_text(json.dumps(ruslun_record(), ensure_ascii=False) + "\n", encoding="utf-8")
        return gold
    if kind == "truth":
        gold = where / "truth.tsv"
        gold.write_text(truth_tsv(), encoding="utf-8")
        return gold
    return SEMANTIC_GOLD if kind == "semantic" else CORPUS_GOLD


def dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (RecursionError, ValueError):
        return json.dumps(value)


@pytest.mark.parametrize("kind", list(FIELDS))
def test_any_json_value_in_any_prediction_field_never_exits_2(kind: str, tmp_path: Path, cli: Any) -> None:
    gold = gold_for(kind, tmp_path)
    suffix = ".json" if kind == "semantic" else ".jsonl"
    extra = ["--profile", "slower-whisper"] if kind == "semantic" else []

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(field=st.sampled_from(FIELDS[kind]), value=ANY, mera=st.booleans())
    def run(field: tuple[Any, ...], value: Any, mera: bool) -> None:
        prediction = replaced(base(kind), field, value)
        text = dumps(prediction) + "\n"
        preds = tmp_path / f"preds{suffix}"
        preds.write_text(text, encoding="utf-8", errors="surrogatepass")
        args = [str(gold), str(preds), "--allow-invalid-gold", "--kind", kind, "--output", str(tmp_path / "out.json"), *extra]
        if kind == "slu" and mera:
            args += ["--profile", "mera"]
        if kind == "corpus":
            args += ["--model-slug", "m", "--condition", "c", "--temperature", "0", "--method-class", "raw-llm"]
        result = cli(*args)
        assert result.exit_code in (0, 1), (field, text[:300], result.output[-500:])
        assert "internal error" not in result.output

    run()


def test_a_card_written_from_odd_predictions_passes_check(tmp_path: Path, cli: Any) -> None:
    from goldlint.engine import check_file

    entries = json.loads(CORPUS_GOLD.read_text(encoding="utf-8"))["entries"]
    ids = [e["id"] for e in entries]
    sets = {
        "all_errors": [{"id": i, "predicted": "x", "error": "timeout"} for i in ids],
        "odd_numbers": [{"id": i, "predicted": "x", "latency_seconds": -1 if n % 2 else 1e300, "cost_usd": -2, "semantic_score": 50,
                         "usage": {"prompt_tokens": 10**30, "completion_tokens": -5}} for n, i in enumerate(ids)]
        + [{"id": 99999, "predicted": "y"}, {"id": 12, "predicted": "z"}],
        "falsy_errors": [{"id": i, "predicted": "x", "error": False} for i in ids[:5]] + [{"id": ids[5]}],
    }
    for name, rows in sets.items():
        preds = tmp_path / f"{name}.jsonl"
        preds.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        card = tmp_path / f"{name}.card.json"
        result = cli(str(CORPUS_GOLD), str(preds), "--model-slug", "m", "--condition", "c", "--temperature", "0",
                     "--method-class", "raw-llm", "--output", str(card))
        assert result.exit_code in (0, 1), result.output
        if name == "all_errors":  # a vacuous run: no card, as the harness refuses one
            assert result.exit_code == 1 and not card.exists() and "vacuous" in result.stderr, result.output
            continue
        data = json.loads(card.read_text(encoding="utf-8"))
        assert 0 <= data["scores"]["semantic_score"] <= 1 if data["scores"]["semantic_score"] is not None else True
        assert isinstance(data["scores"]["exact_match_rate"], float)
        errors = [d for d in check_file(card).diagnostics if d.severity.name == "ERROR"]
        assert not errors, (name, [str(d.message) for d in errors])
    odd = tmp_path / "odd_numbers.jsonl"
    result = cli(str(CORPUS_GOLD), str(odd), "--model-slug", "m", "--condition", "c", "--temperature", "0", "--method-class", "raw-llm",
                 "--output", str(tmp_path / "again.json"))
    assert result.exit_code == 1 and "SCO108" in result.stderr  # out-of-range values are diagnostics, positioned
    assert f"{odd.name}:1:" in result.stderr


DEEP_TEXT = "[" * 1000 + "]" * 1000
CRASHES = [  # issue 23's `score` crash list and issue 20's crash shapes: each a diagnostic now
    ("slu", "preds.jsonl", json.dumps({"id": 2, "output": DEEP_TEXT}) + "\n", ["--profile", "mera"], "SCO106"),
    ("slu", "preds.jsonl", json.dumps({"id": 2, "output": DEEP_TEXT}) + "\n", [], "SCO106"),
    ("slu", "preds.jsonl", '{"id": 2, "intent": ' + DEEP_TEXT + ', "slots": [{"a": ' + DEEP_TEXT + "}]}\n", ["--profile", "mera"], "SCO106"),
    ("slu", "preds.jsonl", json.dumps({"id": 2, "output": '{"intent": "\\ud800", "slots": [{"\\udc00": "x"}]}'}) + "\n", ["--profile", "mera"], None),
    ("slu", "preds.jsonl", json.dumps({"id": 2, "output": '{"intent": "x", "slots": "кино"}'}) + "\n", ["--profile", "mera"], "SCO106"),
    ("truth", "results.tsv", "row\tintent\tentities\n" + "9" * 5000 + "\tORDER_COFFEE\t{}\n", [], "SCO105"),
    ("corpus", "preds.jsonl", None, [], "SCO108"),
    ("semantic", "preds.json", json.dumps({"support_call": {"topics": [5], "risks": [], "actions": []}}), ["--profile", "slower-whisper"], "SCO105"),
    ("semantic", "preds.json", json.dumps({"support_call": {"topics": [["a"]], "risks": [{"type": ["churn"]}], "actions": [{"text": 5}]}}), [], "SCO105"),
    ("semantic", "preds.json", json.dumps({"support_call": {"topics": [["a"]], "risks": [{"type": ["churn"]}], "actions": [{"text": 5}]}}),
     ["--profile", "slower-whisper"], "SCO105"),
]


@pytest.mark.parametrize(("kind", "name", "text", "extra", "code"), CRASHES)
def test_each_former_crash_is_a_positioned_diagnostic(kind: str, name: str, text: str | None, extra: list[str], code: str | None,
                                                      tmp_path: Path, cli: Any) -> None:
    gold = gold_for(kind, tmp_path)
    preds = tmp_path / name
    if text is None:  # a corpus prediction with a 30-digit token count
        entry = json.loads(CORPUS_GOLD.read_text(encoding="utf-8"))["entries"][0]
        text = json.dumps({"id": entry["id"], "predicted": "x", "usage": {"prompt_tokens": 10**30}}) + "\n"
        extra = ["--model-slug", "m", "--condition", "c", "--temperature", "0", "--method-class", "raw-llm"]
    preds.write_text(text, encoding="utf-8")
    result = cli(str(gold), str(preds), "--allow-invalid-gold", "--kind", kind, "--output", str(tmp_path / "r.json"),
                 "--html", str(tmp_path / "r.html"), *extra)
    assert result.exit_code in (0, 1), result.output[-400:]
    assert "internal error" not in result.output
    if "no prediction could be scored" in result.stderr:  # its only prediction was unreadable: no report, exit 1
        assert result.exit_code == 1 and not (tmp_path / "r.json").exists()
    else:
        assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    if code is not None:
        said = result.stdout + result.stderr  # (diagnostics go to stdout when no report is written)
        assert f"{name}:1:" in said or f"{name}:2:" in said
        assert code in said
