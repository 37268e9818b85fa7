"""The path at the cursor in YAML: the composed nodes of the checker's reader
(:mod:`goldlint.formats.yaml_doc`), or indentation when the buffer does not compose (a
quote left open, a half-typed ``key:``)."""

from __future__ import annotations

import re

from goldlint.findings import JsonPath
from goldlint.formats.yaml_doc import Node, YamlDocument
from goldlint.formats.yaml_events import MAPPING, SCALAR, SEQUENCE
from goldlint.server.pathat import Spot

_KEY_LINE = re.compile(r"^(?P<indent>[ ]*)(?P<dash>-[ ]+)?(?P<key>[^\s#:'\"][^#:]*?|\"[^\"]*\"|'[^']*'):(?:[ ]+|$)(?P<rest>.*)$")
_DASH_LINE = re.compile(r"^(?P<indent>[ ]*)-(?:[ ]+|$)(?P<rest>.*)$")


def yaml_spot(text: str, cursor: int, document: YamlDocument | None = None) -> Spot | None:
    """The path at ``cursor``; ``document``: ``text`` as read already, if the caller has it."""
    cursor = max(0, min(cursor, len(text)))
    document = document or YamlDocument("buffer.yaml", text)
    if not document.ok:
        return indentation_spot(text, cursor)
    node = document.root_node
    if node is None:
        return Spot((), fmt="yaml")
    try:
        return _walk(text, node, (), cursor)
    except RecursionError:
        return None


def _key_value(node: Node) -> str | int:
    value = node.value if node.kind == SCALAR else str(node.value)
    if node.kind == SCALAR and node.style is None and re.fullmatch(r"-?\d+", value):
        return int(value)
    return value


def _quote(node: Node) -> str | None:
    return node.style if node.style in ("'", '"') else None


def _walk(text: str, node: Node, path: JsonPath, cursor: int) -> Spot | None:
    if node.kind == SCALAR:
        return Spot(path, token=(node.start, node.end), quote=_quote(node), fmt="yaml")
    if node.kind == MAPPING:
        for key, value in node.value:
            k0, k1 = key.start, key.end
            name = _key_value(key)
            if k0 <= cursor <= k1:
                return Spot(path + (name,), is_key=True, token=(k0, k1), quote=_quote(key) if key.kind == SCALAR else None, fmt="yaml")
            if _empty(value) and k1 < cursor and "\n" not in text[k1:cursor]:
                return Spot(path + (name,), fmt="yaml")  # `key: |` with nothing typed yet
            if value.start <= cursor <= value.end and not _empty(value):
                return _walk(text, value, path + (name,), cursor)
        return None
    if node.kind == SEQUENCE:
        for n, item in enumerate(node.value):
            if item.start <= cursor <= item.end:
                return _walk(text, item, path + (n,), cursor)
        return None
    return None


def _empty(node: Node) -> bool:
    return node.kind == SCALAR and node.value == "" and node.style is None


def indentation_spot(text: str, cursor: int) -> Spot | None:
    """The path from indentation alone: the cursor's line, then every less indented line above."""
    line_start = text.rfind("\n", 0, cursor) + 1
    line_end = text.find("\n", cursor)
    line = text[line_start : len(text) if line_end < 0 else line_end].rstrip("\r")
    col = cursor - line_start
    m = _KEY_LINE.match(line)
    steps: list[str | int] = []
    token: tuple[int, int] | None
    if m and col > m.end("key"):
        steps.append(_unquote(m.group("key")))
        is_key = False
        rest_at = m.start("rest")
        token = (line_start + rest_at, line_start + len(line)) if m.group("rest") else None
        indent = len(m.group("indent"))
        dash = m.group("dash")
    else:
        is_key = True
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        dash = None
        if stripped.startswith("- "):
            dash, stripped = "- ", stripped[2:]
        start = line_start + len(line) - len(stripped)
        word = stripped.split(":", 1)[0]
        steps.append(word.strip("'\""))
        token = (start, start + len(word))
    if dash:
        steps.insert(0, _index(text, line_start, indent))
        indent_limit = indent
    else:
        indent_limit = indent
    steps = _parents(text, line_start, indent_limit) + steps
    quote = None
    if token is not None and text[token[0] : token[0] + 1] in ("'", '"'):
        quote = text[token[0]]
    return Spot(tuple(steps), is_key=is_key, token=token, quote=quote, fmt="yaml")


def _parents(text: str, line_start: int, indent: int) -> list[str | int]:
    """Keys (and sequence indexes) of the less indented lines above ``line_start``."""
    out: list[str | int] = []
    pos = line_start
    while indent > 0 and pos > 0:
        prev_end = pos - 1
        prev_start = text.rfind("\n", 0, prev_end) + 1
        line = text[prev_start:prev_end].rstrip("\r")
        pos = prev_start
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        this = len(line) - len(stripped)
        if this >= indent:
            continue
        m = _KEY_LINE.match(line)
        if m:
            key_indent = len(m.group("indent")) + (len(m.group("dash")) if m.group("dash") else 0)
            if key_indent < indent:
                out.insert(0, _unquote(m.group("key")))
            if m.group("dash"):
                out.insert(0, _index(text, prev_start, this))
        elif _DASH_LINE.match(line):
            out.insert(0, _index(text, prev_start, this))
        indent = this
    return out


def _index(text: str, line_start: int, indent: int) -> int:
    """Which item of its sequence the ``- `` line at ``line_start`` is (0-based)."""
    n = 0
    pos = line_start
    while pos > 0:
        prev_end = pos - 1
        prev_start = text.rfind("\n", 0, prev_end) + 1
        line = text[prev_start:prev_end].rstrip("\r")
        pos = prev_start
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        this = len(line) - len(stripped)
        if this < indent or (this == indent and not stripped.startswith("-")):
            break
        if this == indent:
            n += 1
    return n


def _unquote(key: str) -> str:
    key = key.strip()
    if len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"":
        return key[1:-1]
    return key
