"""`goldlint score` on the command line: exit codes, the JSON report (snapshot), the run card,
folders, usage errors, and the progress bar only on a terminal."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from goldlint.engine import check_file
from goldlint.score import terminal
from tests.snapshot import assert_snapshot

from .helpers import DATA, ruslun_record, write_jsonl

SNAPSHOT = DATA / "snapshots" / "slu_report.json"
RATEBOOK = {"intent": "RateBook", "slots": [{"object_name": "доктор живаго"}, {"rating_value": "три"}]}


@pytest.fixture
def slu_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    monkeypatch.chdir(tmp_path)
    records = []
    for n, intent in ((1, "RateBook"), (2, "RateBook"), (3, "alarm/cancel_alarm")):
        record = ruslun_record()
        record["meta"] = record["meta"] | {"id": n}
        if intent != "RateBook":
            record["outputs"] = {"intent": intent, "slots": []}
        records.append(record)
    Path("gold.json").write_text(json.dumps(records, ensure_ascii=False, indent=2), encoding="utf-8")
    write_jsonl(Path("preds.jsonl"), [
        {"id": 1, "output": "```json\n" + json.dumps(RATEBOOK, ensure_ascii=False) + "\n```"},
        {"id": 2, "output": "I think it is RateBook"},
        {"id": 3, "intent": "alarm/cancel_alarm", "slots": []},
    ])
    return "gold.json", "preds.jsonl"


def test_clean_run_exit_0_and_report_snapshot(slu_files: tuple[str, str], cli: Any) -> None:
    result = cli(*slu_files, "--output", "report.json")
    assert result.exit_code == 0, result.output
    report = json.loads(Path("report.json").read_text(encoding="utf-8"))
    assert list(report) == ["kind", "profile", "goldlint_version", "gold", "predictions", "counts", "metrics", "breakdowns", "notes"]
    report["goldlint_version"] = "<version>"
    assert_snapshot(SNAPSHOT, json.dumps(report, ensure_ascii=False, indent=2) + "\n")  # a change is a reviewed change
    assert "intent_exact_match" in result.stdout and "per intent" in result.stdout
    assert "SCO106" in result.stderr  # the unparsable answer, positioned
    assert "preds.jsonl:2:" in result.stderr


def test_metric_fields_are_complete(slu_files: tuple[str, str], cli: Any) -> None:
    cli(*slu_files, "--output", "report.json", "--profile", "mera")
    report = json.loads(Path("report.json").read_text(encoding="utf-8"))
    assert report["profile"] == "mera"
    for name, metric in report["metrics"].items():
        # the mera profile's two means also carry MERA's own aggregate (a missing prediction counted as 0)
        extra = ["official_aggregate"] if name in ("intent_exact_match", "slot_f1") else []
        assert list(metric) == ["value", "reason", "coverage", "samples_measured", "samples_skipped", *extra]
    assert report["metrics"]["intent_exact_match"]["value"] == pytest.approx(1 / 3)  # only the lower-case gold intent can match
    assert any("SLU112" in n for n in report["notes"])


def test_invalid_gold_is_refused_with_its_diagnostics(slu_files: tuple[str, str], cli: Any) -> None:
    records = json.loads(Path("gold.json").read_text(encoding="utf-8"))
    records[1]["meta"]["id"] = 1  # SLU105: duplicate id
    Path("gold.json").write_text(json.dumps(records, ensure_ascii=False, indent=2), encoding="utf-8")
    result = cli(*slu_files, "--output", "report.json")
    assert result.exit_code == 1
    assert "SLU105" in result.stdout and "gold.json:" in result.stdout
    assert "not scored" in result.stderr
    assert not Path("report.json").exists()


def test_allow_invalid_gold_is_recorded(slu_files: tuple[str, str], cli: Any) -> None:
    records = json.loads(Path("gold.json").read_text(encoding="utf-8"))
    records[2]["outputs"]["intent"] = "alarm/cancel_alarn"  # SLU102: not in the inventory
    Path("gold.json").write_text(json.dumps(records, ensure_ascii=False, indent=2), encoding="utf-8")
    result = cli(*slu_files, "--output", "report.json", "--allow-invalid-gold")
    assert result.exit_code == 0, result.output
    report = json.loads(Path("report.json").read_text(encoding="utf-8"))
    assert report["gold"]["allow_invalid_gold"] is True and report["gold"]["lint"]["errors"] == 1
    assert "--allow-invalid-gold" in report["notes"][0]
    assert "--allow-invalid-gold" in result.stdout


def test_malformed_predictions_are_positioned_errors(slu_files: tuple[str, str], cli: Any) -> None:
    Path("preds.jsonl").write_text('{"id": 1, "output": "{}"}\n{"id": 2, "output": \n{"output": "x"}\n', encoding="utf-8")
    result = cli(*slu_files, "--output", "report.json")
    assert result.exit_code == 1
    assert "preds.jsonl:2:" in result.stderr and "SCO101" in result.stderr  # the broken line
    assert "preds.jsonl:3:1: SCO105" in result.stderr  # no id
    assert "gold.json:" in result.stderr and "SCO102" in result.stderr  # ids 2 and 3 have no prediction
    report = json.loads(Path("report.json").read_text(encoding="utf-8"))
    assert report["metrics"]["slot_f1"]["samples_skipped"] == 2  # still scored, coverage says how much


@pytest.mark.parametrize(("args", "message"), [
    (["--profile", "slower-whisper"], "unknown profile"),
    (["--kind", "corpus"], "--model-slug"),
])
def test_usage_errors_exit_2(slu_files: tuple[str, str], cli: Any, args: list[str], message: str) -> None:
    result = cli(*slu_files, *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_missing_files_exit_2(tmp_path: Path, cli: Any) -> None:
    result = cli(str(tmp_path / "nope.json"), str(tmp_path / "p.jsonl"))
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_a_run_card_is_not_scored(tmp_path: Path, cli: Any) -> None:
    card = tmp_path / "card.json"
    card.write_text(json.dumps({"run_card_hash": "0" * 64, "fingerprint": {}, "scores": {}}), encoding="utf-8")
    result = cli(str(card), str(card), "--allow-invalid-gold")
    assert result.exit_code == 2 and "runcard" in result.stderr


def test_corpus_run_card_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Any) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(DATA / "rosetta" / "eng-sna-dev-v1.json", "corpus.json")
    report = json.loads(next((DATA / "harness-reports").glob("*haiku45_naive_all_b25_ebf42b*")).read_text(encoding="utf-8"))
    write_jsonl(Path("preds.jsonl"), [{"id": e["id"], "predicted": e["predicted"], "latency_seconds": e["latency_s"]} for e in report["entries"]])
    Path("prompt.txt").write_text("Translate the sentence from English to Shona.", encoding="utf-8")
    Path("method.yaml").write_text("model_slug: anthropic/claude-haiku-4.5\ncondition: naive\ntemperature: 0.0\n"
                                   "run_id: 3f2b8c1e-9a4d-4c7e-8b1a-2d6e5f7a9c0b\ntimestamp: '2026-06-12T12:47:49Z'\n", encoding="utf-8")
    result = cli("corpus.json", "preds.jsonl", "--method", "method.yaml", "--system-prompt", "prompt.txt",
                 "--method-class", "raw-llm", "--output", "out/card.json", "--html", "out/report.html")
    assert result.exit_code == 0, result.output
    card = json.loads(Path("out/card.json").read_text(encoding="utf-8"))
    assert card["scores"]["chrf_plus_plus"] == 49.82 and card["scores"]["exact_matches"] == 8
    assert card["system_prompt_used"].startswith("Translate") and card["method_class"] == "raw-llm"
    assert card["run_id"] == "3f2b8c1e-9a4d-4c7e-8b1a-2d6e5f7a9c0b"
    assert check_file(Path("out/card.json")).diagnostics == []
    assert "by difficulty" in result.stdout
    assert "<svg" in Path("out/report.html").read_text(encoding="utf-8")


def test_corpus_method_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Any) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(DATA / "rosetta" / "eng-sna-dev-v1.json", "corpus.json")
    write_jsonl(Path("preds.jsonl"), [])
    Path("method.yaml").write_text("model_slug: m\ncondition: c\ntemprature: 0.0\n", encoding="utf-8")
    result = cli("corpus.json", "preds.jsonl", "--method", "method.yaml")
    assert result.exit_code == 2 and "did you mean `temperature`" in result.stderr
    result = cli("corpus.json", "preds.jsonl", "--model-slug", "m", "--condition", "c", "--temperature", "0", "--method-class", "raw_llm")
    assert result.exit_code == 2 and "raw-llm" in result.stderr


def test_semantic_folder_gold_and_predictions(tmp_path: Path, cli: Any) -> None:
    gold = DATA / "slower-whisper"
    preds = tmp_path / "preds"
    preds.mkdir()
    for path in gold.glob("*.json"):
        value = json.loads(path.read_text(encoding="utf-8"))
        (preds / path.name).write_text(json.dumps({k: value[k] for k in ("topics", "risks", "actions")}), encoding="utf-8")
    out = tmp_path / "r.json"
    result = cli(str(gold), str(preds), "--profile", "slower-whisper", "--output", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["kind"] == "semantic" and len(report["gold"]["files"]) == 10 and len(report["predictions"]["files"]) == 10
    assert report["metrics"]["topic_f1"]["value"] == 1.0
    mapping = tmp_path / "all.json"
    mapping.write_text(json.dumps({p.stem: json.loads(p.read_text()) for p in preds.glob("*.json")}), encoding="utf-8")
    result = cli(str(gold), str(mapping), "--output", str(out))
    assert result.exit_code == 0 and json.loads(out.read_text())["metrics"]["risk_f1_weighted"]["value"] == 1.0


def test_semantic_gold_with_the_wrong_vocabulary_is_refused(tmp_path: Path, cli: Any) -> None:
    folder = tmp_path / "gold"
    folder.mkdir()
    for path in (DATA / "slower-whisper").glob("*.json"):
        shutil.copy(path, folder / path.name)  # no goldlint.yaml
    preds = tmp_path / "p.json"
    preds.write_text('{"support_call": {"topics": ["support"], "risks": [], "actions": []}}', encoding="utf-8")
    result = cli(str(folder), str(preds))
    assert result.exit_code == 0, result.stdout  # auto: judged by the profile its labels follow
    result = cli(str(folder), str(preds), "--profile", "slower-whisper")  # the README's command
    assert result.exit_code == 0 and "SEM10" not in result.stdout, result.stdout
    result = cli(str(folder), str(preds), "--profile", "spec")
    assert result.exit_code == 1 and result.stdout.count("SEM109") == 10, result.stdout  # the vocabulary --profile names


def test_a_run_with_nothing_scorable_writes_no_score(tmp_path: Path, cli: Any) -> None:
    """Every prediction malformed or for an unknown id: no report, no run card, exit 1, and why."""
    gold = tmp_path / "eng-sna-dev-v1.json"
    shutil.copy(DATA / "rosetta" / "eng-sna-dev-v1.json", gold)
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"id": "nowhere", "predicted": "x"}\nnot json\n', encoding="utf-8")
    card = tmp_path / "card.json"
    result = cli(str(gold), str(preds), "--model-slug", "m", "--condition", "c", "--temperature", "0", "--output", str(card))
    assert result.exit_code == 1 and not card.exists()
    assert "no prediction could be scored" in result.stderr and "no report written" in result.stderr
    assert "p.jsonl:1:1: SCO103" in result.stdout and "p.jsonl:2:1: SCO101" in result.stdout, result.stdout


def test_a_vacuous_corpus_run_gets_no_run_card(tmp_path: Path, cli: Any) -> None:
    """Every prediction reports an error: nothing was evaluated, so no card is minted (exit 1,
    and why), as the harness's ``execute_run`` fails the run and ``publish.assemble_run_card``
    refuses its card."""
    gold = tmp_path / "eng-sna-dev-v1.json"
    shutil.copy(DATA / "rosetta" / "eng-sna-dev-v1.json", gold)
    ids = [e["id"] for e in json.loads(gold.read_text(encoding="utf-8"))["entries"]]
    preds = tmp_path / "p.jsonl"
    write_jsonl(preds, [{"id": i, "predicted": "", "error": "timeout"} for i in ids])
    card = tmp_path / "card.json"
    result = cli(str(gold), str(preds), "--model-slug", "m", "--condition", "c", "--temperature", "0", "--output", str(card))
    assert result.exit_code == 1 and not card.exists()
    assert f"no entry was evaluated ({len(ids)} of {len(ids)}" in result.stderr and "vacuous" in result.stderr, result.stderr
    write_jsonl(preds, [{"id": i, "predicted": "", "error": "timeout" if n else None} for n, i in enumerate(ids)])
    result = cli(str(gold), str(preds), "--model-slug", "m", "--condition", "c", "--temperature", "0", "--output", str(card))
    assert result.exit_code == 0 and json.loads(card.read_text(encoding="utf-8"))["scores"]["evaluated"] == 1, result.output


def test_progress_bar_only_on_a_terminal(slu_files: tuple[str, str], cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    result = cli(*slu_files)
    assert "scoring" not in result.stderr and "\x1b[" not in result.stdout + result.stderr
    monkeypatch.delenv("CI", raising=False)
    cases = [(True, terminal.LONG_RUN, True), (True, terminal.LONG_RUN - 1, False), (False, 10**6, False), ("CI", 10**6, False)]
    for terminal_like, total, shown in cases:
        if terminal_like == "CI":
            monkeypatch.setenv("CI", "true")
        buffer = io.StringIO()
        console = Console(file=buffer, force_terminal=bool(terminal_like), force_interactive=bool(terminal_like))
        with terminal.progress(console, total, "scoring slu") as tick:
            tick(total // 2)
        assert ("scoring slu" in buffer.getvalue()) is shown


def test_score_rules_are_documented() -> None:
    from goldlint.rules.registry import get

    for code in ("SCO101", "SCO102", "SCO103", "SCO104", "SCO105", "SCO106"):
        rule = get(code)
        assert rule is not None and rule.family == "score" and rule.examples


def test_semantic_malformed_predictions(tmp_path: Path, cli: Any) -> None:
    preds = tmp_path / "preds.json"
    preds.write_text('{\n  "support_call": "nothing",\n  "ami_meeting_001": {"topics": "pricing", "risks": [], "actions": []}\n}\n', encoding="utf-8")
    out = tmp_path / "r.json"
    result = cli(str(DATA / "slower-whisper"), str(preds), "--output", str(out))
    assert result.exit_code == 1
    assert "preds.json:2:19: SCO105" in result.stderr  # the value of support_call
    assert "preds.json:3:33: SCO105" in result.stderr  # topics is not a list
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["counts"]["malformed_predictions"] == 2 and report["counts"]["missing_predictions"] == 9
    assert report["metrics"]["topic_f1"]["samples_measured"] == 0 and report["metrics"]["risk_f1"]["samples_measured"] == 1


def test_the_gold_hash_is_of_the_bytes_scored_read_once(slu_files: tuple[str, str], cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report's gold SHA-256 comes from the bytes the check read, not from a second reading
    of the file (which costs a pass and may see another file if it changed meanwhile)."""
    import hashlib

    from goldlint.score import inputs

    def second_read(path: Path) -> str:
        raise AssertionError(f"{path} read a second time to hash it")

    monkeypatch.setattr(inputs, "sha256_of", second_read)
    result = cli(*slu_files, "--output", "report.json")
    assert result.exit_code == 0, result.output
    report = json.loads(Path("report.json").read_text(encoding="utf-8"))
    assert report["gold"]["sha256"] == hashlib.sha256(Path(slu_files[0]).read_bytes()).hexdigest()


ONE_KIND_OPTIONS = {  # an option that applies to one kind only, with a value it accepts
    "--model-slug": ["org/model"], "--condition": ["baseline"], "--temperature": ["0"], "--system-prompt": ["prompt.txt"],
    "--method-class": ["raw-llm"], "--method": ["method.yaml"], "--mix-config": ["mix.json"], "--ignore-entities": ["_GLOBAL_=x"],
    "--flattened-predefined": [], "--nested-predefined": [], "--format-calendar-canonicals": [], "--no-format-calendar-canonicals": [],
    "--action-threshold": ["0.5"], "--average": ["macro"],
}


def test_every_one_kind_option_is_listed() -> None:
    from goldlint.score.run import KIND_OPTIONS

    assert {name for option, _, _ in KIND_OPTIONS for name in option.split("/")} == set(ONE_KIND_OPTIONS)


@pytest.mark.parametrize("option", sorted(ONE_KIND_OPTIONS))
def test_an_option_of_another_kind_is_a_usage_error_not_ignored(slu_files: tuple[str, str], cli: Any, option: str) -> None:
    """`--average macro` on SLU gold changed nothing and said nothing: the user meant something by it."""
    result = cli(*slu_files, option, *ONE_KIND_OPTIONS[option])
    assert result.exit_code == 2, result.output
    assert "applies to" in result.stderr and "gold only" in result.stderr and "slu gold" in result.stderr
