"""Helpers for the semantic family's tests: check a text with a given family config."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from goldlint import config as cfg
from goldlint.engine import FileResult, check_text

DATA = Path(__file__).resolve().parents[2] / "data" / "semantic"
REAL = DATA / "slower-whisper"

TEMPLATE = """{
  "schema_version": 1,
  "meeting_id": "m1",
  "topics": [{"label": "pricing", "segment_ids": [0, 1]}],
  "risks": [{"type": "escalation", "severity": "high", "segment_id": 1, "evidence": "I need a manager"}],
  "actions": [{"text": "Send pricing proposal", "segment_ids": [1]}]
}
"""


def loaded(options: dict[str, Any] | None = None, root: Path = DATA) -> cfg.Loaded:
    return cfg.Loaded(cfg.settings_from({"semantic": options or {}}), None, root)


def check(text: str, name: str = "m1.json", options: dict[str, Any] | None = None, folder: Path = DATA) -> FileResult:
    return check_text(folder / name, text, loaded(options, folder))


def found(result: FileResult, code: str | None = None) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.start.line, d.span.start.column) for d in result.diagnostics if code is None or d.code == code]


def one(result: FileResult, code: str) -> Any:
    hits = [d for d in result.diagnostics if d.code == code]
    assert len(hits) == 1, [(d.code, d.message) for d in result.diagnostics]
    return hits[0]


def apply_fixes(text: str, result: FileResult, code: str) -> str:
    edits = [e for d in result.diagnostics if d.code == code and d.fix for e in d.fix.edits]
    for edit in sorted(edits, key=lambda e: e.span.start_offset, reverse=True):
        text = text[: edit.span.start_offset] + edit.new_text + text[edit.span.end_offset :]
    return text
