"""The xsid kind on real xSID excerpts (``tests/data/xsid``, attribution in its SOURCES.md)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from goldlint.engine import check_file
from goldlint.formats.conll_doc import ConllDocument

DATA = Path(__file__).resolve().parents[2] / "data" / "xsid"


def _found(name: str) -> list[str]:
    return [f"{d.code} {d.span.start.line}:{d.span.start.column}" for d in check_file(DATA / name).diagnostics]


def test_the_english_test_set_passes_xsids_own_checks_and_its_two_slot_annotations_disagree() -> None:
    result = check_file(DATA / "xSID-0.7" / "en.test.conll")
    assert result.kind == "xsid"
    assert Counter(d.code for d in result.diagnostics) == {"XSD110": 34, "XSD112": 1}
    doc = result.document
    assert isinstance(doc, ConllDocument) and len(doc.sentences) == 40
    # 24 of the excerpt's 40 sentences disagree (an independent count of its span sets, by hand-written script)
    firsts = [s.first_line + 1 for s in doc.sentences]
    disagreeing = {max(n for n, line in enumerate(firsts) if line <= d.span.start.line) for d in result.diagnostics if d.code == "XSD110"}
    assert len(disagreeing) == 24
    first = [d for d in result.diagnostics if d.code == "XSD110"][:2]
    assert [(d.span.start.line, d.span.start.column, d.span.end.column) for d in first] == [(3, 10, 32), (3, 33, 51)]
    assert first[0].message == ("`# slots:` gives `reminder/reference` 5:8 (`all`) (`reminder/reference` is in no slot inventory); "
                                "the tags give `reference` 5:8 (`all`)")
    assert first[1].message == "`# slots:` gives `reminder/noun` 9:18 (`reminders`) (`reminder/noun` is in no slot inventory); the tags have no slot there"


def test_the_new_dialect_is_said_once_per_file_and_the_old_one_not() -> None:
    assert _found("xSID-0.7/de.test.conll") == ["XSD112 4:9"]
    assert _found("xSID-0.7/ja.test.conll") == ["XSD112 4:9"]  # its `# text` is spaced otherwise than its tokens: no XSD105
    assert _found("xSID-0.4/de.test.conll") == []


def test_swiss_german_writes_text_de_in_the_old_dialect() -> None:
    result = check_file(DATA / "xSID-0.7" / "gsw.test.conll", in_memory=True)
    mixed = [d for d in result.diagnostics if d.code == "XSD111"]
    assert len(mixed) == 1 and (mixed[0].span.start.line, mixed[0].span.start.column) == (3, 10)
    assert "40 comment(s) `# key = value` (xSID 0.5+), 10 `# key: value` (xSID 0.4)" in mixed[0].message
    fix = mixed[0].fix
    assert fix is not None and fix.applicability == "safe" and len(fix.edits) == 10
    assert {e.new_text for e in fix.edits} == {" = "}
