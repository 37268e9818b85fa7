"""Whether a decoded value is an NLU test tool's config (imported by detection: kept free of the checks)."""

from __future__ import annotations

from typing import Any


def detect(value: Any) -> bool:
    return isinstance(value, dict) and "nlu" in value
