"""Whether a decoded value is semantic gold (imported by detection: kept free of the checks)."""

from __future__ import annotations

from typing import Any


def detect(value: Any) -> bool:
    return isinstance(value, dict) and "schema_version" in value and "meeting_id" in value
