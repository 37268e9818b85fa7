"""The xsid checks' shortcuts (known-clean comment keys and tag sequences, the numbering,
intent cells, words and `# slots:` compared whole) report exactly what running every check
on every sentence reports, on real sentences with random defects."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint.engine import check_text, to_diagnostics
from goldlint.families.base import Context
from goldlint.families.xsid.family import XsidFamily
from goldlint.families.xsid.options import XsidOptions
from goldlint.findings import Report
from goldlint.formats.conll_doc import ConllDocument

REAL = (Path(__file__).resolve().parents[2] / "data" / "xsid" / "xSID-0.7" / "en.test.conll").read_text(encoding="utf-8")
SENTENCES = REAL.rstrip("\n").split("\n\n")[:12]
EDITS = ["tag-i", "tag-label", "tag-shape", "number", "intent-cell", "intent", "word", "slots", "slots-drop", "comment-key",
         "comment-twice", "columns", "text-space", "none"]


def _edit(block: str, edit: str, n: int) -> str:
    lines = block.split("\n")
    tokens = [k for k, line in enumerate(lines) if not line.startswith("#")]
    t = tokens[n % len(tokens)]
    cells = lines[t].split("\t")
    if edit == "tag-i":
        cells[3] = "I-" + (cells[3][2:] or "datetime")
    elif edit == "tag-label":
        cells[3] = "B-" + ("datetme" if n % 2 else "reference")
    elif edit == "tag-shape":
        cells[3] = "B_datetime"
    elif edit == "number":
        cells[0] = str(int(cells[0]) + 1 + n % 2)
    elif edit == "intent-cell":
        cells[2] = "weather/find" if cells[2] != "weather/find" else "PlayMusic"
    elif edit == "word":
        cells[1] = cells[1] + "x"
    elif edit == "columns":
        cells = cells[:2] + [cells[2] + " " + cells[3]]
    lines[t] = "\t".join(cells)
    for k, line in enumerate(lines):
        if edit == "intent" and line.startswith("# intent"):
            lines[k] = line + "x"
        elif edit == "slots" and line.startswith("# slots:"):
            lines[k] = line.replace(":", ";", 2).replace(";", ":", 1) if n % 2 else line + ",0:1:datetime"
        elif edit == "slots-drop" and line.startswith("# slots:"):
            lines[k] = "# slots: " + line[9:].partition(",")[2]
        elif edit == "comment-key" and line.startswith("# text ="):
            lines[k] = line.replace("# text", "# txet" if n % 2 else "# note", 1)
        elif edit == "comment-twice" and line.startswith("# intent"):
            lines.insert(k + 1, line)
            break
        elif edit == "text-space" and line.startswith("# text ="):
            lines[k] = line.replace(" ", "  ", 3)
    return "\n".join(lines)


def _findings(text: str, fast: bool) -> list[tuple[object, ...]]:
    path = Path("/nowhere/en.test.conll")
    doc = ConllDocument(str(path), text)
    report = Report()
    loaded = cfg.for_file(path)
    ctx = Context(path, XsidOptions(), loaded.settings)
    (XsidFamily().check if fast else XsidFamily().check_detailed)(doc, report, ctx)
    return [(d.code, d.span.start, d.span.end, d.message, d.fix) for d in to_diagnostics(report.findings, doc, path)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(SENTENCES) - 1), st.sampled_from(EDITS), st.integers(0, 20)), min_size=1, max_size=12))
def test_the_shortcuts_report_what_every_check_reports(edits: list[tuple[int, str, int]]) -> None:
    blocks = [SENTENCES[k] for k, _, _ in edits] + SENTENCES[:3]  # repeats: a sequence known clean, then an edited one
    blocks = [_edit(block, edit, n) for block, (_, edit, n) in zip(blocks, [*edits, *[(0, "none", 0)] * 3], strict=True)]
    text = "\n\n".join(blocks) + "\n\n"
    assert _findings(text, fast=True) == _findings(text, fast=False)


def test_the_real_excerpt_both_ways() -> None:
    assert _findings(REAL, fast=True) == _findings(REAL, fast=False)
    assert len(check_text(Path("en.test.conll"), REAL).diagnostics) == 35
