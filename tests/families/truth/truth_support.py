"""Helpers for the truth family's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from goldlint import config as cfg
from goldlint.engine import FileResult, check_text

DATA = Path(__file__).resolve().parents[2] / "data" / "truth"
CLEAN = (DATA / "clean.tsv").read_text(encoding="utf-8")
WITH_ONTOLOGY = {"ontology": "ontology.yaml"}


def loaded(options: dict[str, Any] | None = None, root: Path = DATA) -> cfg.Loaded:
    return cfg.Loaded(cfg.settings_from({"truth": options or {}}), None, root)


def check(text: str, options: dict[str, Any] | None = None, name: str = "truth.tsv", folder: Path = DATA, kind: str | None = None) -> FileResult:
    return check_text(folder / name, text, loaded(options, folder), kind=kind)


def found(result: FileResult, code: str | None = None) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.start.line, d.span.start.column) for d in result.diagnostics if code is None or d.code == code]


def one(result: FileResult, code: str) -> Any:
    hits = [d for d in result.diagnostics if d.code == code]
    assert len(hits) == 1, [(d.code, d.message) for d in result.diagnostics]
    return hits[0]


def covered(result: FileResult, d: Any) -> str:
    assert result.text is not None
    return result.text[d.span.start_offset : d.span.end_offset]


def apply_fixes(text: str, result: FileResult, code: str) -> str:
    edits = [e for d in result.diagnostics if d.code == code and d.fix for e in d.fix.edits]
    for edit in sorted(edits, key=lambda e: e.span.start_offset, reverse=True):
        text = text[: edit.span.start_offset] + edit.new_text + text[edit.span.end_offset :]
    return text


def row(text: str, n: int) -> str:
    """Line ``n`` (1-based) of ``text``."""
    return text.split("\n")[n - 1]


def replace_in_line(text: str, n: int, old: str, new: str) -> str:
    lines = text.split("\n")
    assert old in lines[n - 1], (old, lines[n - 1])
    lines[n - 1] = lines[n - 1].replace(old, new, 1)
    return "\n".join(lines)
