"""A file of millions of tiny broken records (``[{}, {}, …]`` with ``--kind slu``: three SLU117
each) gives a bounded number of diagnostics and costs bounded work: at most
``FINDINGS_PER_RULE`` findings without a fix per rule and file, the rest counted by one GL012
at the first of them, and the check stops after ``FINDINGS_PER_FILE`` findings with a GL011
where it stopped. (A 45 MB file of empty objects grew past 23 GB and was killed; 400,000 of
them gave 1,200,000 diagnostics.) Work is counted, not timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from goldlint import config as cfg
from goldlint.diagnostics import Severity
from goldlint.engine import check_file, check_text
from goldlint.families.slu import records
from goldlint.findings import FINDINGS_PER_FILE, FINDINGS_PER_RULE, At, Change, Finding, Findings, Report, safe_fix


def _empties(n: int) -> str:
    return "[" + ",".join(["{}"] * n) + "]"


def test_findings_past_the_cap_are_counted_by_one_gl012_per_rule() -> None:
    report = Report()
    for n in range(FINDINGS_PER_RULE + 5):
        report.add("SLU117", At((n,)), "missing")
    report.add("SLU101", At((0,)), "other")
    codes = [f.code for f in report.findings]
    assert codes.count("SLU117") == FINDINGS_PER_RULE and codes.count("GL012") == 1 and codes.count("SLU101") == 1
    summary = next(f for f in report.findings if f.code == "GL012")
    assert summary.where == At((FINDINGS_PER_RULE,)) and summary.extra["hidden"] == 5
    assert report.added == FINDINGS_PER_RULE + 6


def test_findings_of_an_abandoned_reading_are_taken_back_with_their_counts() -> None:
    """A YAML text libyaml reads part of before stepping aside is read again by ruamel.yaml:
    what the first reading reported (a tag) is forgotten, caps and GL012 counts included."""
    findings = Findings(cap=3)
    for n in range(5):
        findings.append(Finding("GL003", At((n,)), "tag"))
    before = [(f.code, f.where, dict(f.extra)) for f in findings], findings.added
    back = findings.mark()
    for n in range(4):
        findings.append(Finding("GL003", At((n,)), "tag"))
        findings.append(Finding("GL004", At((n,)), "key"))
    back()
    assert ([(f.code, f.where, dict(f.extra)) for f in findings], findings.added) == before
    findings.append(Finding("GL004", At((9,)), "key"))
    assert [f.code for f in findings].count("GL004") == 1


def test_findings_with_a_fix_are_all_kept() -> None:
    report = Report()
    for n in range(FINDINGS_PER_RULE + 5):
        report.add("GL008", At((n,)), "space", safe_fix("strip", Change(At((n,)), "x")))
    assert len(report.findings) == FINDINGS_PER_RULE + 5 and all(f.code == "GL008" for f in report.findings)


def test_a_readers_findings_are_capped_too() -> None:
    findings = Findings(Finding("GL003", At((n,)), "bad line") for n in range(FINDINGS_PER_RULE * 2))
    assert len(findings) == FINDINGS_PER_RULE + 1 and findings[-1].code == "GL012" and findings[-1].extra["hidden"] == FINDINGS_PER_RULE


def test_a_file_of_empty_records_gives_a_bounded_report(tmp_path: Path) -> None:
    gold = tmp_path / "gold.json"
    gold.write_text(_empties(3 * FINDINGS_PER_RULE), encoding="utf-8")  # 9,000 SLU117, under the stop
    result = check_file(gold, kind="slu", need_document=False)
    codes = [d.code for d in result.diagnostics]
    assert codes.count("SLU117") == FINDINGS_PER_RULE and codes.count("GL012") == 1 and "GL011" not in codes
    summary = next(d for d in result.diagnostics if d.code == "GL012")
    assert summary.severity is Severity.ERROR and "8,000 more SLU117" in summary.message
    first_hidden = (summary.span.start.line, summary.span.start.column)
    assert first_hidden == (1, 2 + 3 * (FINDINGS_PER_RULE // 3))  # the record of the 1,001st finding (three per record)
    # The same through the text (the language server's way) and as JSON Lines.
    assert [d.code for d in check_text(gold, gold.read_text(encoding="utf-8"), kind="slu").diagnostics] == codes
    lines = tmp_path / "gold.jsonl"
    lines.write_text("{}\n" * (3 * FINDINGS_PER_RULE), encoding="utf-8")
    assert [d.code for d in check_file(lines, kind="slu").diagnostics].count("SLU117") == FINDINGS_PER_RULE


def test_gl012_goes_with_its_rules_select_and_ignore(tmp_path: Path) -> None:
    gold = tmp_path / "gold.json"
    gold.write_text(_empties(FINDINGS_PER_RULE), encoding="utf-8")
    (tmp_path / "goldlint.yaml").write_text("ignore: [SLU117]\n", encoding="utf-8")
    cfg.load.cache_clear()
    codes = {d.code for d in check_file(gold, kind="slu").diagnostics}
    assert "SLU117" not in codes and "GL012" not in codes
    (tmp_path / "goldlint.yaml").write_text("ignore: [GL012]\n", encoding="utf-8")
    cfg.load.cache_clear()
    codes = {d.code for d in check_file(gold, kind="slu").diagnostics}
    assert "SLU117" in codes and "GL012" not in codes


@pytest.fixture
def shape_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = records.check_shape

    def counted(*args: object) -> bool:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    import goldlint.families.slu.family as family

    monkeypatch.setattr(family, "check_shape", counted)
    return calls


def test_the_check_stops_after_the_files_findings_whatever_the_records(tmp_path: Path, shape_checks: list[int]) -> None:
    """Work bounded by the findings, not the records: twice the records, the same work."""
    work = []
    for n in (FINDINGS_PER_FILE, 2 * FINDINGS_PER_FILE):
        gold = tmp_path / f"gold{n}.json"
        gold.write_text(_empties(n), encoding="utf-8")
        shape_checks[0] = 0
        result = check_file(gold, kind="slu", need_document=False)
        work.append(shape_checks[0])
        stop = [d for d in result.diagnostics if d.code == "GL011"]
        assert len(stop) == 1 and "the check stopped here" in stop[0].message and stop[0].severity is Severity.ERROR
        assert len(result.diagnostics) == FINDINGS_PER_RULE + 2  # 1,000 SLU117, their GL012, the GL011
    assert work[0] == work[1] <= FINDINGS_PER_FILE // 3 + 1, work
