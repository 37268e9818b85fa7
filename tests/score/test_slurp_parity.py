"""The `slurp` profile against SLURP's own evaluator (``scripts/evaluation``): its numbers on real
prediction files of the SLURP repository and on 250 generated pairs, micro and macro, run
once outside the repository (``tests/data/score/slurp/PROVENANCE.md``), equal to 1e-12."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from goldlint.formats.jsonl_doc import JsonlDocument
from goldlint.score import slurp
from goldlint.score.model import Issues

from .slurp_generate import fingerprint, generate

DATA = Path(__file__).resolve().parents[1] / "data"
NAMES = {"scenario_accuracy": "scenario", "action_accuracy": "action", "intent_accuracy": "intent", "entity_span_f1": "entities",
         "entity_word_f1": "entities_word", "entity_char_f1": "entities_char", "slu_f1": "slu_f1"}
TOLERANCE = 1e-12  # (macro means add the labels in the order of a Python set: the last bits may differ)


def _score(gold: str, pred: str, average: str, profile: str = "slurp") -> slurp.Outcome:  # type: ignore[name-defined]
    return slurp.score(JsonlDocument("g.jsonl", gold).records(), JsonlDocument("p.jsonl", pred).records(), profile, average, Issues())


@pytest.mark.parametrize("average", ["micro", "macro"])
@pytest.mark.parametrize("name", ["gold_hermit", "google_hermit", "multi_slurp_hermit"])
def test_real_predictions_of_the_slurp_repository(name: str, average: str) -> None:
    official = json.loads((DATA / "score" / "slurp" / "real.json").read_text(encoding="utf-8"))[name][average]
    gold = (DATA / "slurp" / "test.jsonl").read_text(encoding="utf-8")
    pred = (DATA / "slurp" / "predictions" / f"{name}.jsonl").read_text(encoding="utf-8")
    out = _score(gold, pred, average)
    for ours, theirs in NAMES.items():
        assert out.metrics[ours].value == pytest.approx(official[theirs], abs=TOLERANCE), ours
    assert out.counts["missing_predictions"] == official["not_predicted"]


def test_generated_pairs() -> None:
    expected = [json.loads(line) for line in (DATA / "score" / "slurp" / "parity.jsonl").read_text(encoding="utf-8").splitlines()]
    cases = generate()
    assert len(cases) == len(expected)
    raised = unpaired = 0
    for (gold, pred, _), row in zip(cases, expected, strict=True):
        assert fingerprint(gold, pred) == row["fingerprint"], f"case {row['case']}: the generator changed; run the evaluator again"
        for average in ("micro", "macro"):
            official = row["official"][average]
            out = _score(gold, pred, average)
            if out.counts["scored"] == 0:  # nothing paired: the evaluator prints 0 (or divides by zero), goldlint null with a reason
                unpaired += 1
                assert row["official"]["micro"]["gold"] == row["official"]["micro"]["not_predicted"], row["case"]
                assert all(m.value is None and m.reason == "no gold example has a prediction" for m in out.metrics.values())
                continue
            if "raises" in official:
                assert official["raises"] == "ZeroDivisionError", row["case"]
                raised += 1
                assert any(m.value is None and "divides by zero" in (m.reason or "") for m in out.metrics.values()), row["case"]
                continue
            for ours, theirs in NAMES.items():
                assert out.metrics[ours].value == pytest.approx(official[theirs], abs=TOLERANCE), (row["case"], average, ours)
            assert out.counts["missing_predictions"] == official["not_predicted"], row["case"]
    assert raised > 0 and unpaired < 10
