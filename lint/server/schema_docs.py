"""Field descriptions from the JSON Schemas in ``schemas/`` (hover on a key).

A kind's schemas are the files named after it (``<kind>.schema.json``, ``<kind>.json``,
then every file whose name starts with ``<kind>.`` / ``<kind>-``, e.g. one per dialect); the
first that describes the path answers. A path is followed
through ``properties``, ``patternProperties``, ``additionalProperties``, ``items``,
``prefixItems``, local ``$ref`` and the branches of ``allOf`` / ``anyOf`` / ``oneOf``.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from goldlint.resources import data_dir

_MAX_ENUM = 12


@lru_cache(maxsize=32)
def schemas_for(kind: str) -> tuple[dict[str, Any], ...]:
    """The kind's schemas, best first (a kind may have one per dialect or profile)."""
    try:
        folder = data_dir("schemas")
    except FileNotFoundError:
        return ()
    names = sorted(p.name for p in folder.iterdir() if p.suffix == ".json")
    exact = [n for n in (f"{kind}.schema.json", f"{kind}.json") if n in names]
    chosen = exact + [n for n in names if n not in exact and n.startswith((f"{kind}.", f"{kind}-", f"{kind}_"))]
    out = []
    for name in chosen:
        try:
            value = json.loads((folder / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(value, dict):
            out.append(value)
    return tuple(out)


def describe(schema: dict[str, Any], path: tuple[str | int, ...]) -> str | None:
    """Markdown for the field at ``path``: its description (or title), type and allowed values."""
    node = _follow(schema, schema, path)
    if node is None:
        return None
    node = _deref(schema, node)
    text = node.get("description") or node.get("title")
    if not isinstance(text, str) or not text.strip():
        return None
    out = text.strip()
    enum = node.get("enum")
    if isinstance(enum, list) and 0 < len(enum) <= _MAX_ENUM:
        out += "\n\nAllowed: " + ", ".join(f"`{json.dumps(v, ensure_ascii=False)}`" for v in enum)
    return out


def field_doc(kind: str, path: tuple[str | int, ...], fmt: str | None) -> str | None:
    if not path:
        return None
    candidates = [path]
    if fmt == "jsonl":
        candidates.append((0,) + path)  # a schema of the whole file: records are its items
    if fmt == "tsv" and len(path) > 2:
        candidates.append(path[2:])  # a schema of the JSON inside a cell
    for schema in schemas_for(kind):
        for candidate in candidates:
            found = describe(schema, candidate)
            if found:
                return found
    return None


def _deref(root: dict[str, Any], node: Any, depth: int = 0) -> Any:
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#") and depth < 32:
        target: Any = root
        for part in node["$ref"][1:].split("/")[1:]:
            part = part.replace("~1", "/").replace("~0", "~")
            target = target.get(part) if isinstance(target, dict) else None
        if not isinstance(target, dict):
            return node
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        node, depth = merged, depth + 1
    return node


def _follow(root: dict[str, Any], node: Any, path: tuple[str | int, ...], depth: int = 0) -> Any:
    if depth > 64:
        return None
    node = _deref(root, node)
    if not path:
        return node
    if not isinstance(node, dict):
        return None
    step, rest = path[0], path[1:]
    for child in _children(node, step):
        found = _follow(root, child, rest, depth + 1)
        if found is not None:
            return found
    for key in ("allOf", "anyOf", "oneOf"):
        for branch in node.get(key) or []:
            found = _follow(root, branch, path, depth + 1)
            if found is not None:
                return found
    return None


def _children(node: dict[str, Any], step: str | int) -> list[Any]:
    out: list[Any] = []
    if isinstance(step, str):
        props = node.get("properties")
        if isinstance(props, dict) and step in props:
            out.append(props[step])
        for pattern, sub in (node.get("patternProperties") or {}).items():
            try:
                if re.search(pattern, step):
                    out.append(sub)
            except re.error:
                continue
        if isinstance(node.get("additionalProperties"), dict):
            out.append(node["additionalProperties"])
    else:
        prefix = node.get("prefixItems")
        if isinstance(prefix, list) and step < len(prefix):
            out.append(prefix[step])
        if isinstance(node.get("items"), dict):
            out.append(node["items"])
    return out
