"""Completions and hover for corpus files: every controlled vocabulary, by dialect."""

from __future__ import annotations

from typing import Any

from goldlint.families.corpus import dialects, vocab


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


def completions(root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
    name, item = _field(path)
    harness = _harness(root)
    extra = options
    table: dict[str, str] | None = None
    if name == "segment" and not item:
        table = {**vocab.SEGMENTS, **{s: "Configured extension." for s in extra.extra_segments + extra.extra_secret_segments}}
    elif name == "provenance" and (item or not harness):
        if harness:
            return None
        table = {**vocab.PROVENANCE, **{s: "Configured extension." for s in extra.extra_provenance}}
    elif name == "register" and not item:
        base = vocab.HARNESS_REGISTERS if harness else vocab.REGISTERS
        table = {**base, **{s: "Configured extension." for s in extra.extra_registers}}
    elif name == "context" and not item:
        table = {**vocab.CONTEXTS, **{s: "Configured extension." for s in extra.extra_contexts}}
    elif (name == "domain" and not item) or (name == "domains" and item):
        table = {**vocab.DOMAINS, **{s: "Configured extension." for s in extra.extra_domains}}
    elif name == "difficulty" and not item:
        return [(str(k), v) for k, v in vocab.DIFFICULTY.items()]
    if table is None:
        return None
    return list(table.items())


def hover(root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
    name, _item = _field(path)
    value: Any = root
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return None
    if name == "difficulty" and isinstance(value, int) and value in vocab.DIFFICULTY:
        return f"**Difficulty {value}** — {vocab.DIFFICULTY[value]}"
    tables = {"segment": vocab.SEGMENTS, "context": vocab.CONTEXTS, "domain": vocab.DOMAINS, "domains": vocab.DOMAINS,
              "register": vocab.HARNESS_REGISTERS if _harness(root) else vocab.REGISTERS, "provenance": vocab.PROVENANCE}
    table = tables.get(name or "")
    if table is not None and isinstance(value, str) and value in table:
        return f"**{name} `{value}`** — {table[value]}"
    if path == () or (isinstance(root, dict) and path == ("entries",)):
        return f"Rosetta corpus, **{dialects.dialect_of(root)}** dialect."
    return None
