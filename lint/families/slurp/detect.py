"""Whether a decoded record is a SLURP record (imported by detection: kept free of the checks)."""

from __future__ import annotations

from typing import Any


def detect(value: Any) -> bool:
    return isinstance(value, dict) and "slurp_id" in value and ("sentence_annotation" in value or "scenario" in value)
