"""Whether a TSV table is a truth file (imported by detection: kept free of the checks)."""

from __future__ import annotations

from typing import Any

from goldlint.families.truth.detect_names import COLUMN_NAMES

_KNOWN = {c.casefold() for c in COLUMN_NAMES}


def looks_like_row(cells: list[str]) -> bool:
    """A first line that is a test case, not a header: an annotation or an audio file name."""
    return any(c.lstrip().startswith("{") or c.strip().lower().endswith((".wav", ".flac", ".mp3")) for c in cells)


def detect(value: Any) -> bool:
    header = getattr(value, "header", None)
    if header is None:
        return False
    words = {w.casefold() for cell in header.values for w in cell.split()}
    if "entities" in words and not words & {"transcription", "annotation"}:
        return False  # the tool's results file (`codedWvnm intent entities`): predictions, not gold
    return bool(words & _KNOWN) or looks_like_row(header.values)
