"""`goldlint score --kind xsid`: both profiles on real xSID excerpts from the command line, and
the spec profile's pairing, spans and diagnostics on small files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from goldlint.formats import conll_doc
from goldlint.formats.conll_doc import ConllDocument
from goldlint.score import xsid, xsid_nlueval
from goldlint.score.model import Issues

XSID = Path(__file__).resolve().parents[1] / "data" / "xsid"
METRICS = ["intent_accuracy", "slot_f1", "slot_precision", "slot_recall", "fully_correct"]
# nluEval.py's own output on these files (tests/data/score/xsid/PROVENANCE.md)
NLUEVAL_DE = {"slot_recall": 0.8518518518518519, "slot_precision": 0.9583333333333334, "slot_f1": 0.9019607843137256,
              "intent_accuracy": 0.85, "fully_correct": 0.65}
SPEC_DE = {"slot_recall": 21 / 27, "slot_precision": 21 / 24, "slot_f1": 42 / 51, "intent_accuracy": 0.85, "fully_correct": 0.55}


def _score(tmp_path: Path, gold: str, pred: str, *args: str) -> tuple[int, dict[str, object], str]:
    report = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-m", "goldlint", "score", str(XSID / gold), str(XSID / "predictions" / pred), "--kind", "xsid",
                          "-o", str(report), "--html", str(tmp_path / "report.html"), *args],
                         capture_output=True, text=True, encoding="utf-8", check=False)
    return run.returncode, json.loads(report.read_text(encoding="utf-8")) if report.exists() else {}, run.stdout + run.stderr


def _values(report: dict[str, object]) -> dict[str, float]:
    metrics = report["metrics"]
    assert isinstance(metrics, dict) and list(metrics) == METRICS
    return {name: m["value"] for name, m in metrics.items()}


def test_xsid_profile_prints_nlueval_numbers_on_a_real_0_4_file(tmp_path: Path) -> None:
    code, report, out = _score(tmp_path, "xSID-0.4/de.test.conll", "xSID-0.4.de.test.pred.conll", "--profile", "xsid")
    assert code == 0, out
    assert report["kind"] == "xsid" and report["profile"] == "xsid"
    assert _values(report) == NLUEVAL_DE
    notes = " | ".join(report["notes"])  # type: ignore[arg-type]
    assert "2 predicted span(s) end one token off the gold span at the sentence's end" in notes
    assert "the spec profile (--profile spec) scores these files: intent_accuracy 0.8500, slot_f1 0.8235, fully_correct 0.5500" in notes
    assert (tmp_path / "report.html").read_text(encoding="utf-8").count("slot_f1") >= 1


def test_spec_profile_on_the_same_files(tmp_path: Path) -> None:
    code, report, out = _score(tmp_path, "xSID-0.4/de.test.conll", "xSID-0.4.de.test.pred.conll")
    assert code == 0, out
    assert report["profile"] == "spec"
    values = _values(report)
    assert all(abs(values[k] - SPEC_DE[k]) < 1e-12 for k in METRICS), values
    assert "intent_accuracy" in out and "0.8235" in out  # the terminal table


def test_a_0_7_file_is_all_zeros_for_nlueval_and_the_notes_say_why(tmp_path: Path) -> None:
    code, report, out = _score(tmp_path, "xSID-0.7/en.test.conll", "xSID-0.7.en.test.pred.conll", "--profile", "xsid")
    assert code == 0, out
    assert set(_values(report).values()) == {0.0}
    notes = " | ".join(report["notes"])  # type: ignore[arg-type]
    assert "the gold write 40 intent(s) as `# intent = x` (xSID 0.5+): nluEval.py reads only `# intent: x`, so it finds 0 intent(s)" in notes
    assert "the spec profile (--profile spec) scores these files: intent_accuracy 0.8750, slot_f1 0.8302, fully_correct 0.6500" in notes
    code, report, out = _score(tmp_path, "xSID-0.7/en.test.conll", "xSID-0.7.en.test.pred.conll")
    assert code == 0 and abs(_values(report)["slot_f1"] - 44 / 53) < 1e-12, out


def _doc(text: str) -> ConllDocument:
    return ConllDocument("x.conll", text)


def _sentence(tags: str, intent: str = "weather/find", head: str = "", sep: str = " =") -> str:
    words = tags.split()
    return head + f"# intent{sep} {intent}\n" + "".join(f"{n}\tw{n}\t{intent}\t{t}\n" for n, t in enumerate(words, 1)) + "\n"


def test_spec_spans_are_conllevals_and_exact_at_the_sentence_end() -> None:
    gold = _doc(_sentence("O B-datetime I-datetime", sep=":"))
    # cut short at the end: wrong for spec (nluEval counts it right); an I- without B- starts a span
    pred = _doc(_sentence("O B-datetime O") + _sentence("I-datetime O"))
    out = xsid.score(_doc(_sentence("O B-datetime I-datetime") + _sentence("B-datetime O")), pred, "spec", Issues())
    assert out.metrics["slot_precision"].value == 0.5 and out.metrics["slot_recall"].value == 0.5
    upstream = xsid.score(gold, _doc(_sentence("O B-datetime O", sep=":")), "xsid", Issues())
    assert upstream.metrics["slot_f1"].value == 1.0


def test_sentences_pair_by_id_and_missing_or_unknown_ones_are_reported() -> None:
    gold = _doc(_sentence("O", head="# id = 1\n") + _sentence("B-reference", head="# id = 2\n"))
    pred = _doc(_sentence("B-reference", head="# id = 2\n") + _sentence("O", head="# id = 9\n") + _sentence("O", head="# id = 2\n"))
    issues = Issues()
    out = xsid.score(gold, pred, "spec", issues)
    assert [(i.file, i.code, i.where.path) for i in issues.items] == [
        ("predictions", "SCO104", (2, "comments", 0)), ("gold", "SCO102", (0, "comments", 0)), ("predictions", "SCO103", (1, "comments", 0))]
    assert out.metrics["slot_f1"].value == 1.0 and out.metrics["slot_f1"].samples_skipped == 1
    assert out.counts["missing_predictions"] == 1 and out.counts["unknown_predictions"] == 1


def test_by_position_without_ids_and_unmeasured_precision_is_null() -> None:
    issues = Issues()
    out = xsid.score(_doc(_sentence("O") + _sentence("O")), _doc(_sentence("O")), "spec", issues)
    assert [(i.code, i.where.path) for i in issues.items] == [("SCO102", (1,))]
    assert out.metrics["intent_accuracy"].value == 1.0
    assert out.metrics["slot_precision"].value is None and out.metrics["slot_precision"].reason == "no slot predicted"


def test_pairing_reads_each_sentence_once_from_its_cells_and_forgets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring a large file builds no token objects (their line offsets are for placing a
    finding) and keeps no sentence's cells once its view is taken: counted, not timed."""
    block = "# id = {n}\n# intent = alarm/set_alarm\n1\twake\talarm/set_alarm\tO\n2\tat\talarm/set_alarm\tO\n3\tseven\talarm/set_alarm\tB-datetime\n\n"
    gold = ConllDocument("gold.conll", "".join(block.format(n=n) for n in range(200)))
    pred = ConllDocument("pred.conll", "".join(block.format(n=n) for n in range(0, 200, 2)))
    reads: list[int] = []
    offsets: list[int] = []
    read, line_offsets = conll_doc.Sentence._read, conll_doc.Sentence._line_offsets

    def counted_read(s: conll_doc.Sentence) -> None:
        reads.append(s.number)
        read(s)

    def counted_offsets(s: conll_doc.Sentence) -> list[int]:
        offsets.append(s.number)
        return line_offsets(s)

    monkeypatch.setattr(conll_doc.Sentence, "_read", counted_read)
    monkeypatch.setattr(conll_doc.Sentence, "_line_offsets", counted_offsets)
    issues = Issues()
    pairs, counts = xsid.pair(gold, pred, issues)
    assert len(pairs) == 100 and counts["missing_predictions"] == 100
    assert offsets == [n for n in range(1, 200, 2)]  # only where a missing prediction's SCO102 is placed
    assert len(reads) == 200 + 100 + 100  # every sentence once, and the 100 gold ones a finding is placed on
    assert not any(s._done for s in pred.sentences)


def test_a_predicted_sentence_that_does_not_fit_its_gold_sentence_is_a_positioned_error(tmp_path: Path) -> None:
    """A token line dropped (every later span shifted) or a token line without its tag cell
    (read as `O`): scored silently before. The spec profile leaves the sentence out; the xsid
    profile keeps nluEval.py's number (it reads such a file without a word) and says so."""
    gold_text = _sentence("O B-datetime O") + _sentence("B-reference O") + _sentence("O B-datetime")
    cut = "# intent = weather/find\n1\tw1\tweather/find\tO\n2\tw2\tweather/find\tB-datetime\n\n"
    no_tag = "# intent = weather/find\n1\tw1\tweather/find\tB-reference\n2\tw2\tweather/find\n\n"
    pred_text = cut + no_tag + _sentence("O B-datetime")
    for profile in ("spec", "xsid"):
        issues = Issues()
        out = xsid.score(_doc(gold_text), _doc(pred_text), profile, issues)
        assert [(i.file, i.code, i.where.path) for i in issues.items] == [("predictions", "SCO105", (0,)), ("predictions", "SCO105", (1, "tokens", 1))]
        assert "predicted sentence 1 has 2 token lines, its gold sentence 3" in issues.items[0].message
        assert "a token line has 3 tab-separated cells, not 4" in issues.items[1].message
        assert out.counts["malformed_predictions"] == 2 and out.counts["missing_predictions"] == 2
    assert xsid.score(_doc(gold_text), _doc(pred_text), "spec", Issues()).metrics["slot_f1"].value == 1.0  # the one sentence that fits
    upstream = xsid.score(_doc(gold_text.replace("intent =", "intent:")), _doc(pred_text.replace("intent =", "intent:")), "xsid", Issues())
    totals = xsid_nlueval.evaluate(gold_text.replace("intent =", "intent:"), pred_text.replace("intent =", "intent:"))[0]
    assert upstream.metrics["slot_f1"].value == totals.f1() and totals.f1() < 1.0
    assert any("2 predicted sentence(s) do not fit their gold sentence (SCO105)" in note for note in upstream.notes), upstream.notes
    # real gold, its own tags as predictions: the first sentence's first token line dropped, the second's tag cells cut off
    lines = (XSID / "xSID-0.4" / "de.test.conll").read_text(encoding="utf-8").split("\n")
    lines = [line.rsplit("\t", 1)[0] if 12 <= n <= 16 else line for n, line in enumerate(lines) if n != 4]
    (tmp_path / "pred.conll").write_text("\n".join(lines), encoding="utf-8")
    code, report, out = _score(tmp_path, "xSID-0.4/de.test.conll", str(tmp_path / "pred.conll"))
    assert code == 1 and "pred.conll:1:1: SCO105 [error] predicted sentence 1 has 2 token lines, its gold sentence 3" in out, out
    assert "pred.conll:12:1: SCO105 [error] a token line has 3 tab-separated cells" in out, out
    assert _values(report)["slot_f1"] == 1.0 and report["counts"]["malformed_predictions"] == 2  # type: ignore[index]
