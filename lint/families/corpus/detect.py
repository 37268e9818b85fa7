"""Whether a decoded value is a corpus (imported by detection: it imports nothing of the checks,
not even the field declaration, whose names it reads from :mod:`.detect_names`)."""

from __future__ import annotations

from typing import Any

from goldlint.families.corpus.detect_names import REFERENCE_KEYS, SOURCE_KEYS

HARNESS_KEYS = frozenset({"corpus_id", "entry_count", "domains"})
# (`target` too: a file that names its reference so is a corpus, told that the field is `reference`)
_REFERENCE_KEYS = (*REFERENCE_KEYS, "target")


def looks_like_entry(value: Any) -> bool:
    return isinstance(value, dict) and any(k in value for k in SOURCE_KEYS) and any(k in value for k in _REFERENCE_KEYS)


def detect(value: Any) -> bool:
    """Whether a decoded root (or a JSONL file's first record) is a corpus."""
    if isinstance(value, dict):
        if "entries" in value and ("dataset" in value or HARNESS_KEYS & value.keys()):
            return True
        if "corpus_id" in value and "language_pair" in value:
            return True
        entries = value.get("entries")
        if isinstance(entries, list) and entries and looks_like_entry(entries[0]):
            return True
        return looks_like_entry(value) and not ("run_card_hash" in value or "scores" in value)
    if isinstance(value, list) and value:
        return looks_like_entry(value[0])
    return False
