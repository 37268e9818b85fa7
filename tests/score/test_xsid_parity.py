"""The `xsid` profile against xSID's own evaluator: the numbers ``scripts/nluEval.py`` printed
on 300 generated gold/prediction pairs (run once, outside the repository: provenance in
``tests/data/score/xsid/PROVENANCE.md``), equal to 1e-12; where it raised, goldlint says why."""

from __future__ import annotations

import json
from pathlib import Path

from goldlint.formats.conll_doc import ConllDocument
from goldlint.score import xsid
from goldlint.score.model import Issues

from .xsid_generate import fingerprint, generate

DATA = Path(__file__).resolve().parents[1] / "data" / "score" / "xsid"
NAMES = {"recall": "slot_recall", "precision": "slot_precision", "slot-f1": "slot_f1", "intents": "intent_accuracy", "fullCor": "fully_correct"}


def test_xsid_profile_equals_nlueval_on_every_generated_pair() -> None:
    expected = [json.loads(line) for line in (DATA / "parity.jsonl").read_text(encoding="utf-8").splitlines()]
    cases = generate()
    assert len(cases) == len(expected)
    raised = 0
    for (gold, pred), row in zip(cases, expected, strict=True):
        assert fingerprint(gold, pred) == row["fingerprint"], f"case {row['case']}: the generator changed; run nluEval again"
        out = xsid.score(ConllDocument("g.conll", gold), ConllDocument("p.conll", pred), "xsid", Issues())
        official = row["official"]
        if "raises" in official:
            assert official["raises"] == "ZeroDivisionError"
            raised += 1
            assert all(m.value is None and "divides by zero" in (m.reason or "") for m in out.metrics.values()), row["case"]
            continue
        for theirs, ours in NAMES.items():
            value = out.metrics[ours].value
            assert value is not None and abs(value - official[theirs]) <= 1e-12, (row["case"], ours, value, official[theirs])
    assert raised == 6
