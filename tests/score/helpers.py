"""Shared helpers of the score tests: the test-data folder, small writers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data" / "score"


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def ruslun_record() -> dict[str, Any]:
    return json.loads((DATA / "ruslun" / "example_record.json").read_text(encoding="utf-8"))
