"""A corpus written out as the typed-path tests write it (both dialects): in one of several
layouts, with one text edit made."""

from __future__ import annotations

import json
from typing import Any

LAYOUTS = ("indent", "compact", "minified", "uneven", "entries-first", "escaped-key")


def written(corpus: dict[str, Any], edits: list[tuple[str, str]], layout: str = "indent", every: bool = False, bom: bool = False) -> bytes:
    """``corpus`` as UTF-8 JSON in ``layout``, each of ``edits`` replaced once (``every``: everywhere)."""
    if layout == "entries-first":
        corpus = {"entries": corpus["entries"], **{k: v for k, v in corpus.items() if k != "entries"}}
    if layout == "compact":
        text = json.dumps(corpus, ensure_ascii=False)
    elif layout == "minified":
        text = json.dumps(corpus, ensure_ascii=False, separators=(",", ":"))
    else:
        text = json.dumps(corpus, ensure_ascii=False, indent=2)
    if layout == "uneven":
        text = text.replace("},\n    {", "},\n\n    {", 1).replace("},\n    {", "} ,\n  {", 1)
    if layout == "escaped-key":
        text = text.replace('"entries":', '"entr\\u0069es":', 1)
    for old, new in edits:
        text = text.replace(old, new, -1 if every else 1)
    return (("\ufeff" if bom else "") + text).encode("utf-8")
