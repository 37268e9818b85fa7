"""What a semantic gold file (one meeting) contributes to the dataset checks: its topics and
risk types, counted per split (DS106, DS107), and its `meeting_id`, unique across the
dataset's files (DS105). It has no text to compare: a meeting's labels are about its
transcript, which lives elsewhere."""

from __future__ import annotations

from collections.abc import Iterator, Set
from typing import Any

from goldlint.dataset.collect import Declared
from goldlint.findings import At


def items(doc: Any, labelled: bool = True, only: Set[int] | None = None) -> Iterator[tuple[int, Declared]]:
    """The meeting, its one item (key 0)."""
    root = doc.root
    if not isinstance(root, dict) or (only is not None and 0 not in only):
        return
    topics = {t.get("label") for t in root.get("topics") or [] if isinstance(t, dict)}
    risks = {r.get("type") for r in root.get("risks") or [] if isinstance(r, dict)}
    categories = () if not labelled else (*sorted(f"topic {t}" for t in topics if isinstance(t, str)), *sorted(f"risk {r}" for r in risks if isinstance(r, str)))
    ident = root.get("meeting_id")
    where = At(("meeting_id",)) if "meeting_id" in root else At(())
    yield 0, Declared(where, None, "", None, categories, ident if isinstance(ident, str) and ident.strip() else None, where)
