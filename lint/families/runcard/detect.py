"""Whether a decoded value is a run card (imported by detection: kept free of the checks)."""

from __future__ import annotations

from typing import Any


def detect(value: Any) -> bool:
    """An object with ``run_card_hash``, or with ``fingerprint`` and ``scores``."""
    return isinstance(value, dict) and ("run_card_hash" in value or ("fingerprint" in value and "scores" in value))
