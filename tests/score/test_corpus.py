"""`corpus` scoring: parity with the public harness on its 24 real reports, the run card's
numbers, and a card that `goldlint check` accepts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from goldlint.engine import check_file
from goldlint.score import corpus, runcard
from goldlint.score.method import MethodSettings
from goldlint.score.model import Issues

from .helpers import DATA

REPORTS = sorted((DATA / "harness-reports").glob("*.json"))


def from_report(report: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[tuple[int], dict[str, Any]]]]:
    """The report's own entries as a harness-v3 corpus, and its predictions as JSONL records."""
    entries = [{"id": e["id"], "source": e["source"], "reference": e["expected"], "difficulty": e["difficulty"], "domain": e["domain"]}
               for e in report["entries"]]
    preds = [((n,), {"id": e["id"], "predicted": e["predicted"], "error": e["error"], "latency_seconds": e["latency_s"], "cost_usd": e["cost_usd"]})
             for n, e in enumerate(report["entries"])]
    return {"corpus_id": report["run_id"], "entries": entries}, preds


def test_there_are_24_real_reports() -> None:
    assert len(REPORTS) == 24


@pytest.mark.parametrize("path", REPORTS, ids=[p.name[13:60] for p in REPORTS])
def test_parity_with_the_harness_report(path: Path) -> None:
    report = json.loads(path.read_text(encoding="utf-8"))
    root, preds = from_report(report)
    issues = Issues()
    outcome, run = corpus.score(root, preds, issues)
    assert not issues.items
    assert run.scores["chrf_plus_plus"] == report["overall"]["corpus_chrf"]
    assert run.scores["exact_matches"] == report["overall"]["exact_match_count"]
    assert run.scores["exact_match_rate"] == report["overall"]["exact_match_rate"]
    assert run.scores["evaluated"] == report["overall"]["evaluated"]
    for result, entry in zip(run.results, report["entries"], strict=True):
        assert result["exact_match"] == entry["exact_match"]
        assert (result["entry_chrf"] or 0.0) == entry["chrf_score"]  # the harness writes 0.0 where chrF is skipped
    assert outcome.metrics["chrf_plus_plus"].value == report["overall"]["corpus_chrf"]


def test_exact_match_normalisation_and_empty_predictions() -> None:
    root = {"entries": [{"id": 1, "source": "s", "reference": "Ｃafé  au lait", "difficulty": 1},
                        {"id": 2, "source": "s", "reference": "niwâpamâw atim", "difficulty": 2},
                        {"id": 3, "source": "s", "reference": "", "difficulty": 2}]}
    preds = [((0,), {"id": 1, "predicted": " Ｃafé au LAIT\n"}), ((1,), {"id": 2, "predicted": "niwa\u0302pama\u0302w atim"}),
             ((2,), {"id": 3, "predicted": ""})]
    _, run = corpus.score(root, preds, Issues())
    assert [r["exact_match"] for r in run.results] == [True, True, False]  # NFC; an empty prediction never matches
    assert run.results[2]["entry_chrf"] is None  # skipped: both sides empty


def test_errors_missing_and_unknown_predictions() -> None:
    root = {"entries": [{"id": n, "source": "s", "reference": "r", "difficulty": 1} for n in (1, 2, 3)]}
    preds = [((0,), {"id": 1, "predicted": "r", "latency_seconds": 1.0}), ((1,), {"id": 2, "predicted": "", "error": "timeout"}),
             ((2,), {"id": 7, "predicted": "r"}), ((3,), {"id": 1, "predicted": "x"}), ((4,), {"predicted": "no id"})]
    issues = Issues()
    outcome, run = corpus.score(root, preds, issues)
    assert (run.scores["total"], run.scores["evaluated"], run.scores["errors"], run.scores["exact_matches"]) == (3, 1, 2, 1)
    assert [r["error"] for r in run.results] == [None, "timeout", "missing prediction"]
    assert sorted((i.code, i.where.path) for i in issues.items) == [
        ("SCO102", ("entries", 2, "id")), ("SCO103", (2,)), ("SCO104", (3, "id")), ("SCO105", (4,))]
    assert outcome.metrics["exact_match_rate"].samples_skipped == 2


def test_equivalent_match_from_variant_classes_and_variants() -> None:
    root = {"entries": [{"id": 1, "source": "a", "reference": "x one", "variant_class": "v", "difficulty": 1},
                        {"id": 2, "source": "b", "reference": "x two", "variant_class": "v", "difficulty": 1},
                        {"id": 3, "source": "c", "reference": "y", "variants": ["why"], "difficulty": 1}]}
    preds = [((0,), {"id": 1, "predicted": "X two"}), ((1,), {"id": 2, "predicted": "nope"}), ((2,), {"id": 3, "predicted": "why"})]
    outcome, run = corpus.score(root, preds, Issues())
    assert (run.scores["equivalent_matches"], run.scores["equivalent_match_rate"], run.scores["exact_matches"]) == (2, 0.6667, 0)
    no_variants = {"entries": [{"id": 1, "source": "a", "reference": "x", "difficulty": 1}]}
    outcome, run = corpus.score(no_variants, [((0,), {"id": 1, "predicted": "x"})], Issues())
    assert run.scores["equivalent_match_rate"] is None
    assert "variant" in (outcome.metrics["equivalent_match_rate"].reason or "")


def test_latency_usage_cost_fst_semantic() -> None:
    root = {"entries": [{"id": n, "source": "s", "reference": "r", "difficulty": 1, "provenance": "textbook"} for n in range(1, 6)]}
    preds = [((n,), {"id": n + 1, "predicted": "r", "latency_seconds": float(n + 1), "cost_usd": 0.01,
                     "usage": {"prompt_tokens": 10, "completion_tokens": 5, "reasoning_tokens": 1, "cached_tokens": 2},
                     "fst_accepted": n % 2 == 0, "semantic_score": 0.5}) for n in range(5)]
    _, run = corpus.score(root, preds, Issues())
    s = run.scores
    assert (s["avg_latency_seconds"], s["median_latency_seconds"], s["p95_latency_seconds"]) == (3.0, 3.0, 5.0)
    assert (s["fst_accepted"], s["fst_acceptance_rate"], s["semantic_score"]) == (3, 0.6, 0.5)
    assert run.totals == {"prompt_tokens": 50, "completion_tokens": 25, "reasoning_tokens": 5, "cached_tokens": 10,
                          "total_cost_usd": 0.05, "cost_per_entry_usd": 0.01}
    assert s["by_provenance"]["textbook"]["count"] == 5
    assert s["composite"] is not None and s["quality_tier"] in ("fluent", "deployable", "functional", "emerging", "baseline")


def _real_run(tmp_path: Path) -> tuple[Path, Any]:
    gold = tmp_path / "eng-sna-dev-v1.json"
    gold.write_bytes((DATA / "rosetta" / "eng-sna-dev-v1.json").read_bytes())
    report = json.loads(next(p for p in REPORTS if "haiku45_naive_all_b25_ebf42b" in p.name).read_text(encoding="utf-8"))
    preds = [((n,), {"id": e["id"], "predicted": e["predicted"], "latency_seconds": e["latency_s"], "cost_usd": e["cost_usd"]})
             for n, e in enumerate(report["entries"])]
    _, run = corpus.score(json.loads(gold.read_text(encoding="utf-8")), preds, Issues())
    return gold, run


def test_run_card_of_a_real_corpus_passes_goldlint_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # checked from the project folder: the corpus beside cards/ is inside the checked tree
    gold, run = _real_run(tmp_path)
    assert (run.scores["chrf_plus_plus"], run.scores["exact_matches"]) == (49.82, 8)
    settings = MethodSettings(model_slug="anthropic/claude-haiku-4.5", condition="naive", temperature=0.0, method_class="raw-llm",
                              system_prompt="Translate from English to Shona.", batch_size=25)
    card_path = tmp_path / "cards" / "card.json"
    card_path.parent.mkdir()
    card = runcard.build(run, settings, gold, card_path)
    card_path.write_text(json.dumps(card, ensure_ascii=False, indent=2), encoding="utf-8")
    assert card["dataset"]["path"] == "../eng-sna-dev-v1.json"
    result = check_file(card_path)
    assert result.kind == "runcard"
    assert result.diagnostics == []
    # the card is sealed: editing a score breaks it
    card["scores"]["chrf_plus_plus"] = 60.0
    card_path.write_text(json.dumps(card, ensure_ascii=False, indent=2), encoding="utf-8")
    assert "RUN102" in {d.code for d in check_file(card_path).diagnostics}


def test_a_deployable_card_needs_a_human_validation_record(tmp_path: Path) -> None:
    gold = tmp_path / "c.json"
    entries = [{"id": n, "source": f"s{n}", "reference": f"ref {n}", "difficulty": 1} for n in range(5)]
    gold.write_text(json.dumps({"entries": entries}), encoding="utf-8")
    _, run = corpus.score(json.loads(gold.read_text()), [((n,), {"id": n, "predicted": f"ref {n}"}) for n in range(5)], Issues())
    assert run.scores["quality_tier"] == "fluent"
    base = {"model_slug": "m", "condition": "c", "temperature": 0.0}
    card_path = tmp_path / "card.json"
    for extra, codes in (({}, {"RUN111"}), ({"human_validation": {"reviewers": 3, "verdict": "acceptable"}}, set())):
        card = runcard.build(run, MethodSettings(**base, **extra), gold, card_path)
        card_path.write_text(json.dumps(card), encoding="utf-8")
        assert {d.code for d in check_file(card_path).diagnostics} == codes
