"""Whether a decoded value is SLU gold (imported by detection: it imports nothing of the checks,
not even the field declaration, whose names it reads from :mod:`.detect_names`)."""

from __future__ import annotations

from typing import Any

from goldlint.families.slu.detect_names import RECORD_KEYS


def is_record(value: Any) -> bool:
    """The keys a record has even when its answer is hidden."""
    return isinstance(value, dict) and all(key in value for key in RECORD_KEYS)


def detect(value: Any) -> bool:
    """A record, an array of records, or MERA's task file ``{"data": {split: [records]}}``."""
    if is_record(value):
        return True
    if isinstance(value, list):
        return bool(value) and is_record(value[0])
    if isinstance(value, dict) and isinstance(value.get("data"), dict):
        return any(isinstance(v, list) and v and is_record(v[0]) for v in value["data"].values())
    return False
