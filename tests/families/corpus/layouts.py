"""A corpus changed and written out as the typed-path tests do it (both dialects): its entries
changed field by field, then written in one of several layouts, with one text edit made."""

from __future__ import annotations

import copy
import json
from typing import Any

WHOLE, DROP = "(the entry)", "(dropped)"  # as a field: the value replaces the whole entry; as a value: the field is removed

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


def change_entries(entries: list[Any], changes: list[tuple[int, str, Any]]) -> None:
    """Each change ``(index, field, value)`` made to ``entries`` in place (:data:`WHOLE`,
    :data:`DROP`: see there; an entry that is no object keeps its value)."""
    for index, name, value in changes:
        value = copy.deepcopy(value)  # (a sampled value is one object: a change must not grow it, e.g. into itself)
        if name == WHOLE:
            entries[index] = value
        elif isinstance(entries[index], dict) and value == DROP:
            entries[index].pop(name, None)
        elif isinstance(entries[index], dict):
            entries[index][name] = value
