"""Completions and hover for corpus files: every controlled vocabulary, by dialect."""

from __future__ import annotations

from itertools import chain
from typing import Any

from goldlint.families.corpus import declaration, dialects
from goldlint.families.declare import Field


def _harness(root: Any) -> bool:
    if isinstance(root, dict) and "entries" not in root:
        return "domain" in root or "metadata" in root  # a JSONL record
    return dialects.dialect_of(root) == "harness"


def _field(path: tuple[str | int, ...]) -> tuple[str | None, bool]:
    """The field a path names, and whether it is an item of a list field (``domains[2]``)."""
    if not path:
        return None, False
    last = path[-1]
    if isinstance(last, int) and len(path) >= 2 and isinstance(path[-2], str):
        return path[-2], True
    return (last, False) if isinstance(last, str) else (None, False)


def _declared(root: Any, name: str | None, item: bool) -> Field | None:
    """The declared entry field a completion or hover is about, by the file's dialect (an
    envelope's list of domains offers the entries' domains)."""
    if name == "domains" and item:
        name, item = "domain", False
    if name is None or item:
        return None
    return declaration.FIELDS["harness" if _harness(root) else "spec"].get(name)


def completions(root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
    name, item = _field(path)
    if name == "provenance" and item and not _harness(root):  # ``dataset.provenance`` lists entry tags
        item = False
    field = _declared(root, name, item)
    if field is None or field.allowed is None:
        return None
    table = dict(field.choices())
    table.update((s, "Configured extension.") for s in chain.from_iterable(getattr(options, o) for o in declaration.EXTENSIONS.get(field.name, ())))
    return list(table.items())


def hover(root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
    name, _item = _field(path)
    value: Any = root
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return None
    field = _declared(root, "domain" if name == "domains" else name, False)  # (a list's item: what the list holds)
    if field is not None and field.range is not None and type(value) is int and value in field.allowed:  # type: ignore[operator]
        return f"**Difficulty {value}** — {(field.docs or {}).get(value, '')}"
    if field is not None and field.values is not None and isinstance(value, str) and value in field.values:
        return f"**{name} `{value}`** — {field.values[value]}"
    if path == () or (isinstance(root, dict) and path == ("entries",)):
        return f"Rosetta corpus, **{dialects.dialect_of(root)}** dialect."
    return None
