"""Comparing an output with its stored snapshot.

A missing snapshot fails: a deleted one must not pass unnoticed by being written again.
``GOLDLINT_UPDATE_SNAPSHOTS=1`` is the one way to write (or accept a change to) a snapshot.
"""

from __future__ import annotations

import os
from pathlib import Path

UPDATE = "GOLDLINT_UPDATE_SNAPSHOTS"


def assert_snapshot(path: Path, actual: str) -> None:
    if os.environ.get(UPDATE):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"snapshot {path.name} is missing ({UPDATE}=1 writes it)"
    assert actual == path.read_text(encoding="utf-8"), f"snapshot {path.name} changed ({UPDATE}=1 to accept)"
