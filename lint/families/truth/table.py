"""TRU101 (header), TRU102 (cells per row), TRU106 (intent) and TRU110 (audio files).

The header decides the columns: a name in another case, or a header written with spaces,
is reported and then read as meant, so that the rows are still checked.
"""

from __future__ import annotations

import re

from goldlint.diagnostics import Severity
from goldlint.families.base import Report
from goldlint.families.truth.detect import looks_like_row
from goldlint.families.truth.ontology import Ontology
from goldlint.families.truth.rules import DUPLICATE_AUDIO, INTENT_UNKNOWN, TRUTH_HEADER, WRONG_CELL_COUNT
from goldlint.families.truth.vocab import COLUMNS, REQUIRED
from goldlint.findings import At, Change, Offsets, free_renames, safe_fix, unsafe_fix
from goldlint.formats.tsv_doc import TsvDocument
from goldlint.rules.file_rules import check_gold_text
from goldlint.suggest import did_you_mean

_KNOWN = {c.casefold(): c for c in COLUMNS}
_SPACES = re.compile(r" {2,}| (?=\{)")  # in a text cell: where a tab was probably typed as spaces


def check_header(doc: TsvDocument, report: Report) -> None:
    """TRU101; names the document's columns as the tool will read them."""
    header = doc.header
    assert header is not None
    cells = header.values
    if len(cells) == 1 and len(cells[0].split()) > 1 and sum(w.casefold() in _KNOWN for w in cells[0].split()) >= 2:
        words = cells[0].split()
        TRUTH_HEADER.report(report, At(("header", 0)), "the header's cells are separated by spaces, not tabs",
                            safe_fix("separate the header's cells with tabs", Change(At(("header", 0)), "\t".join(words))))
        doc.set_columns([_KNOWN.get(w.casefold(), w) for w in words])
        _required(doc, report)
        return
    if not any(c.strip().casefold() in _KNOWN for c in cells) and looks_like_row(cells):
        layout = "\t".join(COLUMNS)
        fix = None
        if len(cells) == len(COLUMNS):
            fix = unsafe_fix("insert the documented header", Change(Offsets(header.start, header.start), layout + "\n"))
        TRUTH_HEADER.report(report, Offsets(header.start, header.end),
                            "header row missing: the first line is a test case (the documented header is `" + " ".join(COLUMNS) + "`)", fix)
        doc.set_columns(list(COLUMNS), header_is_data=True)
        return
    names: list[str] = []
    first: dict[str, int] = {}  # name -> its first cell (a list lookup made a wide header quadratic)
    renames = {k: _KNOWN[cell.strip().casefold()] for k, cell in enumerate(cells) if cell not in COLUMNS and cell.strip().casefold() in _KNOWN}
    offered = free_renames(set(cells), renames)  # (`Intent` beside `intent` is not renamed: that column would appear twice)
    for k, cell in enumerate(cells):
        name = cell
        where = At(("header", k))
        if cell in COLUMNS:
            pass
        elif k in renames:
            name = renames[k]
            TRUTH_HEADER.report(report, where, f"column `{cell}` must be written `{name}`: the tool finds columns by their exact name",
                                safe_fix(f"rename the column to `{name}`", Change(where, name, as_string=True)) if k in offered else None)
        elif not cell.strip():
            TRUTH_HEADER.report(report, where, "empty column name")
        else:
            TRUTH_HEADER.report(report, where, f"unknown column `{cell}`{did_you_mean(cell, list(COLUMNS))}; the tool reads "
                                + ", ".join(COLUMNS), severity=Severity.WARNING)
        if name in first and name.strip():
            TRUTH_HEADER.report(report, where, f"column `{name}` appears twice (also cell {first[name] + 1}): the tool reads only one of them")
        first.setdefault(name, k)
        names.append(name)
    if names != cells:
        doc.set_columns(names)
    _required(doc, report)


def _required(doc: TsvDocument, report: Report) -> None:
    for name in REQUIRED:
        if name not in doc.columns:
            TRUTH_HEADER.report(report, At(("header",)), f"required column `{name}` is missing")


def check_cell_count(doc: TsvDocument, report: Report, i: int) -> bool:
    """TRU102 for row ``i``; whether the row's cells line up with the header."""
    row, want = doc.rows[i], len(doc.columns)
    have = row.cell_count  # (the cells past the header are counted, not all held)
    if have == want:
        return True
    if have > want:
        WRONG_CELL_COUNT.report(report, At((i, want)), f"row has {have} cells, the header has {want}: is there a tab inside a cell?")
        return False
    for k, value in enumerate(row.values):
        m = None if value.lstrip().startswith(("{", "[")) else _SPACES.search(value)
        if m:
            WRONG_CELL_COUNT.report(report, At((i, k)).inside(m.start(), m.end()),
                                    f"row has {have} cell{'s' if have != 1 else ''}, the header has {want}: these spaces look like a missing tab "
                                    "(cells are separated by one tab)")
            return False
    WRONG_CELL_COUNT.report(report, At((i, have - 1)), f"row has {have} cell{'s' if have != 1 else ''}, the header has {want}: "
                            f"{want - have} cell{'s are' if want - have != 1 else ' is'} missing")
    return False


def check_audio(report: Report, i: int, audio: str | None, seen: dict[str, int], line: int) -> None:
    """TRU110."""
    if audio is None or not audio.strip():
        return
    key = audio.strip()
    if key in seen:
        DUPLICATE_AUDIO.report(report, At((i, "codedWvnm")), f"audio `{key}` is already the audio of the test case on line {seen[key]}")
    else:
        seen[key] = line


def check_intent(report: Report, i: int, intent: str | None, ontology: Ontology | None) -> None:
    """TRU106 (and GL006–GL008 on the intent)."""
    if intent is None:
        return
    where = At((i, "intent"))
    if not intent.strip():
        INTENT_UNKNOWN.report(report, where, "intent is empty")
        return
    check_gold_text(report, where, intent)
    if ontology is not None and intent not in ontology.intents and intent.strip() not in ontology.intents:
        INTENT_UNKNOWN.report(report, where, f"intent `{intent}` is not in the ontology `{ontology.path.name}`{did_you_mean(intent, list(ontology.intents))}")
