"""YAML through ruamel.yaml's composer: every node keeps its start and end mark.

Only the node graph is composed (no Python objects are constructed from tags), so
loading is safe, and aliases are expanded under a budget so that a billion-laughs file
is refused instead of exhausting memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, JsonPath, Offsets
from goldlint.formats.base import Document
from goldlint.formats.json_scan import encode_string

MAX_NODES = 2_000_000  # nodes visited, aliases counted every time they are expanded
_PLAIN_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-/.")
_BOOL = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}


class _TooBig(Exception):
    pass


class YamlDocument(Document):
    format = "yaml"

    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        self._value: Any = None
        # path -> (key node, value node)
        self._nodes: dict[JsonPath, tuple[Node | None, Node]] = {}
        self._budget = MAX_NODES
        try:
            node = YAML(typ="safe", pure=True).compose(text)
        except MarkedYAMLError as exc:
            self.ok = False
            mark = exc.problem_mark or exc.context_mark
            at = mark.index if mark is not None else 0
            what = " ".join(x for x in (exc.context, exc.problem) if x)
            self.findings.append(Finding("GL003", Offsets(at, min(at + 1, len(text))), f"YAML: {what}"))
            return
        except (YAMLError, RecursionError, ValueError) as exc:
            self.ok = False
            self.findings.append(Finding("GL003", Offsets(0, 0), f"YAML: {exc}"))
            return
        if node is None:
            self._value = None
            return
        try:
            self._value = self._build(node, (), None)
        except _TooBig:
            self.ok = False
            self.findings.append(
                Finding("GL011", Offsets(0, 0), f"more than {MAX_NODES:,} YAML nodes after expanding aliases: refused")
            )
        except RecursionError:
            self.ok = False
            self.findings.append(Finding("GL011", Offsets(0, 0), "YAML nesting too deep: refused"))

    @property
    def root(self) -> Any:
        return self._value

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        if self.ok:
            yield (), self._value

    def _build(self, node: Node, path: JsonPath, key: Node | None) -> Any:
        self._budget -= 1
        if self._budget < 0:
            raise _TooBig
        self._nodes[path] = (key, node)
        if isinstance(node, ScalarNode):
            return _scalar(node)
        if isinstance(node, SequenceNode):
            return [self._build(item, path + (n,), None) for n, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            out: dict[Any, Any] = {}
            first: dict[Any, Node] = {}
            for key_node, value_node in node.value:
                k = _scalar(key_node) if isinstance(key_node, ScalarNode) else str(key_node.value)
                if k in first:
                    self.findings.append(
                        Finding(
                            "GL004",
                            Offsets(key_node.start_mark.index, key_node.end_mark.index),
                            f"duplicate key `{k}`: the earlier value is silently discarded",
                            extra={"first": Offsets(first[k].start_mark.index, first[k].end_mark.index)},
                        )
                    )
                first[k] = key_node
                out[k] = self._build(value_node, path + (k,), key_node)
            return out
        return None

    def resolve_at(self, locations: list[At]) -> list[Span | None]:
        assert self.index is not None
        out: list[Span | None] = []
        for loc in locations:
            span = None
            for n in range(len(loc.path), -1, -1):
                entry = self._nodes.get(loc.path[:n])
                if entry is None:
                    continue
                key, node = entry
                target = key if (loc.key and n == len(loc.path) and key is not None) else node
                start, end = target.start_mark.index, target.end_mark.index
                if n < len(loc.path):
                    end = min(start + 1, end)  # a missing field: point at its parent's start
                elif loc.inner is not None and isinstance(target, ScalarNode):
                    start, end = _inner(self.index.text, target, loc.inner) or (start, end)
                span = self.index.span(start, end)
                break
            out.append(span)
        return out

    def encode(self, where: At, value: str) -> str:
        entry = self._nodes.get(where.path)
        node = entry[1] if entry else None
        style = getattr(node, "style", None) if node is not None else None
        if where.inner is not None:
            if style == "'":
                return value.replace("'", "''")
            if style == '"':
                return encode_string(value)[1:-1]
            return value
        if style is None and value and set(value) <= _PLAIN_SAFE and value.lower() not in _BOOL and value.lower() not in ("null", "~"):
            return value
        return encode_string(value)


def _scalar(node: ScalarNode) -> Any:
    tag, text = node.tag, node.value
    tag = getattr(tag, "value", tag)
    if node.style is not None:
        return text
    try:
        if tag == "tag:yaml.org,2002:int":
            return int(text.replace("_", ""), 0) if text[:2] in ("0x", "0o") else int(text.replace("_", ""))
        if tag == "tag:yaml.org,2002:float":
            return float(text.replace("_", ""))
    except ValueError:
        return text
    if tag == "tag:yaml.org,2002:bool":
        return _BOOL.get(text.lower(), text)
    if tag == "tag:yaml.org,2002:null":
        return None
    return text


def _inner(text: str, node: ScalarNode, inner: tuple[int, int]) -> tuple[int, int] | None:
    """Offsets of a decoded range inside a one-line scalar; ``None`` when styles make it ambiguous."""
    start, end = node.start_mark.index, node.end_mark.index
    raw = text[start:end]
    if node.style is None and raw == node.value:
        return start + inner[0], start + inner[1]
    if node.style in ("'", '"') and raw[1:-1] == node.value:
        return start + 1 + inner[0], start + 1 + inner[1]
    return None
