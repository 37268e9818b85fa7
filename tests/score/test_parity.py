"""Differential parity: goldlint's parity profiles against the official scorers' own numbers.

The official scorers (MERA's ruslun ``utils.py`` behind lm-eval's lowercase filter,
slower-whisper's ``semantic_metrics.py``, the Rosetta harness's own run pipeline and run card) were run
once, outside the repository, on the cases of :mod:`tests.score.parity.generate`; their
numbers are committed in ``tests/data/score/parity/`` (provenance in ``PROVENANCE.md``).

- Where the official scorer returns numbers, goldlint's equal them to 1e-6.
- Where it raises, goldlint gives a number anyway and a positioned diagnostic naming the
  problem (documented behaviour; the report's notes say what upstream does).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from goldlint.score import corpus, runcard, semantic, slu
from goldlint.score.model import Issues

from .helpers import DATA, ruslun_record
from .parity.generate import SHAPES, fingerprint, generate

PARITY = DATA / "parity"
TOLERANCE = 1e-6


def cases(kind: str) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(case, official result): the issue's shapes as written, then the random cases rebuilt by the generator."""
    for line in (PARITY / f"{kind}-shapes.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        yield {k: v for k, v in row.items() if k != "official"}, row["official"]
    expected = [json.loads(line) for line in (PARITY / f"{kind}.jsonl").read_text(encoding="utf-8").splitlines()]
    generated = generate(kind)
    assert len(generated) == len(expected)
    for case, row in zip(generated, expected, strict=True):
        assert fingerprint(case) == row["fingerprint"], f"case {row['case']}: the generator changed; regenerate the official numbers"
        yield case, row["official"]


def close(a: float | None, b: float | None) -> bool:
    return a is not None and b is not None and abs(a - b) <= TOLERANCE


# ---------------------------------------------------------------- slu / mera


def score_slu(case: dict[str, Any]) -> tuple[Any, Issues]:
    record = ruslun_record() | {"outputs": case["gold"]}
    record["meta"] = record["meta"] | {"id": 1}
    issues = Issues()
    return slu.score([((), record)], [((0,), {"id": 1, "output": case["output"]})], "mera", issues), issues


def test_slu_mera_equals_the_official_scorer_on_every_case() -> None:
    mismatches, raised = [], 0
    for n, (case, official) in enumerate(cases("slu")):
        outcome, issues = score_slu(case)
        intent, f1 = outcome.metrics["intent_exact_match"].value, outcome.metrics["slot_f1"].value
        if "raises" in official:
            raised += 1
            codes = {i.code for i in issues.items}
            assert intent is not None and f1 is not None, (n, case)
            assert codes & {"SCO106", "SCO107"}, (n, case, official)  # the crash's cause, positioned
        elif not (close(intent, official["intent_EM"]) and close(f1, official["slot_f1"])):
            mismatches.append((n, case, official, (intent, f1)))
    assert not mismatches, mismatches[:5]
    assert raised > 100  # the adversarial share is really exercised


def test_slu_shapes_of_the_issue() -> None:
    shapes = {c["output"]: o for c, o in cases("slu") if c["gold"] == SHAPES["slu"][0]["gold"]}
    fenced = next(k for k in shapes if k.startswith("```json {"))
    assert shapes[fenced] == {"intent_EM": 1, "slot_f1": 1.0}
    outcome, _ = score_slu({"gold": SHAPES["slu"][0]["gold"], "output": fenced})
    assert (outcome.metrics["intent_exact_match"].value, outcome.metrics["slot_f1"].value) == (1.0, 1.0)


def test_slu_apostrophe_gold_is_warned_at_the_apostrophe() -> None:
    gold = {"intent": "play_music", "slots": [{"artist": "guns n' roses"}]}
    for outputs in (gold, json.dumps(gold)):
        outcome, issues = score_slu({"gold": outputs, "output": json.dumps(gold)})
        found = [i for i in issues.items if i.code == "SCO107"]
        assert len(found) == 1
        where = found[0].where
        if isinstance(outputs, dict):
            assert where.path[-4:] == ("outputs", "slots", 0, "artist") and where.inner == (6, 7)
        else:
            at = outputs.index("'")
            assert where.path[-1] == "outputs" and where.inner == (at, at + 1)
        assert any("apostrophe" in note for note in outcome.notes)


def test_slu_official_aggregate_counts_missing_predictions_as_zero() -> None:
    records = []
    for n in (1, 2):
        record = ruslun_record() | {"outputs": {"intent": "play_music", "slots": []}}
        record["meta"] = record["meta"] | {"id": n}
        records.append(((n,), record))
    issues = Issues()
    outcome = slu.score(records, [((0,), {"id": 1, "output": '{"intent": "play_music", "slots": []}'})], "mera", issues)
    intent = outcome.metrics["intent_exact_match"]
    assert (intent.value, intent.official) == (1.0, 0.5)
    assert intent.as_json()["official_aggregate"] == 0.5
    spec = slu.score(records, [((0,), {"id": 1, "output": '{"intent": "play_music", "slots": []}'})], "spec", Issues())
    assert "official_aggregate" not in spec.metrics["intent_exact_match"].as_json()


# ---------------------------------------------------------------- semantic / slower-whisper


def score_semantic(case: dict[str, Any]) -> tuple[Any, Issues]:
    issues = Issues()
    gold = semantic.sample_of("m", "gold", (), case["gold"])
    pred = semantic.sample_of("m", "predictions", ("m",), case["prediction"])
    return semantic.score([gold], [pred], "slower-whisper", issues), issues


def test_semantic_slower_whisper_equals_the_official_scorer_on_every_case() -> None:
    mismatches, raised = [], 0
    for n, (case, official) in enumerate(cases("semantic")):
        outcome, issues = score_semantic(case)
        m = outcome.metrics
        if "raises" in official:
            raised += 1
            assert all(m[f"{a}_f1"].value is not None for a in ("topic", "risk", "action")), (n, case)
            assert any(i.code == "SCO105" for i in issues.items), (n, case, official)
            continue
        got = {a: {k: m[f"{a}_{k}"].value for k in ("precision", "recall", "f1")} for a in ("topic", "risk", "action")}
        want = {a: official[a] for a in ("topic", "risk")} | {"action": official["action"]}
        buckets = outcome.breakdowns["by_severity"]
        ok = all(close(got[a][k], want[a][k]) for a in got for k in ("precision", "recall", "f1"))
        ok = ok and all(close(buckets[level][k], official["by_severity"][level][k]) for level in ("low", "medium", "high")
                        for k in ("precision", "recall", "f1"))
        if not ok:
            mismatches.append((n, case, official, got))
    assert not mismatches, mismatches[:3]
    assert raised > 100


# ---------------------------------------------------------------- corpus / harness


CARD_SCORES = ("total", "evaluated", "errors", "exact_matches", "exact_match_rate", "chrf_plus_plus")


def test_corpus_equals_the_harness_on_every_case() -> None:
    mismatches, refused = [], 0
    for n, (case, official) in enumerate(cases("corpus")):
        issues = Issues()
        _, run = corpus.score({"entries": case["entries"]}, [((k,), p) for k, p in enumerate(case["predictions"])], issues)
        got = {k: run.scores[k] for k in CARD_SCORES}
        want = {k: official[k] for k in CARD_SCORES}
        # The harness refuses the card of a vacuous run (its numbers are then the report's).
        card_refused = "run_card" in official
        refused += card_refused
        if got != want or (runcard.refusal(run) is not None) != card_refused:
            mismatches.append((n, case, official, got))
    assert not mismatches, mismatches[:3]
    assert refused > 10  # vacuous runs are really exercised


@pytest.mark.parametrize("error", [False, 0, "", None])
def test_corpus_falsy_error_is_no_error(error: Any) -> None:
    entries = [{"id": "a", "reference": "Mhoro, nyika."}]
    _, run = corpus.score({"entries": entries}, [((0,), {"id": "a", "predicted": "Mhoro, nyika.", "error": error})], Issues())
    assert (run.scores["errors"], run.scores["exact_matches"]) == (0, 1)
