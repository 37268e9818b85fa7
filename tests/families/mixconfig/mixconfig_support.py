"""Helpers for the mix-config family's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from goldlint import config as cfg
from goldlint.engine import FileResult, check_text

ONTOLOGY = Path(__file__).resolve().parents[2] / "data" / "truth" / "ontology.yaml"

SEED = """{
  "nlu": {
    "use_asr_results": true,
    "useEntityF1": true,
    "format_calendar_canonicals": true,
    "predicted_entities_to_ignore": {
      "_GLOBAL_": "^.+_SIZE$",
      "ORDER_COFFEE": "COFFEE_TYPE"
    }
  }
}
"""


def check(text: str, options: dict[str, Any] | None = None, folder: Path = ONTOLOGY.parent) -> FileResult:
    loaded = cfg.Loaded(cfg.settings_from({"mix-config": options or {}}), None, folder)
    return check_text(folder / "config.json", text, loaded)


def found(result: FileResult, code: str | None = None) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.start.line, d.span.start.column) for d in result.diagnostics if code is None or d.code == code]


def covered(result: FileResult, d: Any) -> str:
    assert result.text is not None
    return result.text[d.span.start_offset : d.span.end_offset]


def apply_fixes(text: str, result: FileResult, code: str) -> str:
    edits = [e for d in result.diagnostics if d.code == code and d.fix for e in d.fix.edits]
    for edit in sorted(edits, key=lambda e: e.span.start_offset, reverse=True):
        text = text[: edit.span.start_offset] + edit.new_text + text[edit.span.end_offset :]
    return text
