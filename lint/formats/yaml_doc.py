"""YAML through ruamel.yaml's parser: every node keeps its start and end mark.

Safe by construction: only a node graph is built, from the parser's events, by the
composer below; no tag (``!!python/object``, ``!!binary``, any local tag) ever makes a
Python object, and a tagged value is read as the plain value it is written as.

Bounded: the composer is iterative (deep nesting cannot overflow the stack) and refuses
with a GL011 that points at the exact place where a limit is crossed: a collection nested
deeper than ``max-depth``, an alias whose expansion takes the document past
``max-yaml-nodes`` nodes (a billion-laughs file is refused at its first big alias, having
read only its text), or an alias to a collection that contains it (a recursive document).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, JsonPath, Offsets
from goldlint.formats.base import Document, Limits
from goldlint.formats.json_scan import encode_string

MAX_NODES = Limits().max_yaml_nodes  # nodes after expanding aliases (each use of an alias counts its whole value)
# Tags a safe loader constructs as plain data; any other (``!!python/…``, a local ``!tag``) is reported.
_DATA_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in
                       ("str", "int", "float", "bool", "null", "seq", "map", "binary", "timestamp", "set", "omap", "pairs", "merge", "value"))
_PLAIN_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-/.")
_BOOL = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}
_INT_DIGITS = 4300  # Python's own limit for int() of a decimal string (a guard against quadratic time)


class _Refused(Exception):
    """A limit was crossed at ``at`` (a character offset)."""

    def __init__(self, at: int, message: str) -> None:
        super().__init__(message)
        self.at, self.message = at, message


class _TooBig(Exception):
    pass


class YamlDocument(Document):
    format = "yaml"

    def __init__(self, path: str, text: str, limits: Limits | None = None) -> None:
        super().__init__(path, text)
        self.limits = limits or Limits()
        self._value: Any = None
        # path -> (key node, value node)
        self._nodes: dict[JsonPath, tuple[Node | None, Node]] = {}
        self._budget = self.limits.max_yaml_nodes
        try:
            _check_flow_depth(text, self.limits.max_depth)
            node = self._compose(text)
        except _Refused as exc:
            self.ok = False
            self.findings.append(Finding("GL011", Offsets(exc.at, min(exc.at + 1, len(text))), exc.message))
            return
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
            self._value = self._build(node)
        except _TooBig:  # the composer counted the same nodes: a defence in depth only
            self.ok = False
            self.findings.append(
                Finding("GL011", Offsets(0, 0), f"more than {self.limits.max_yaml_nodes:,} YAML nodes after expanding aliases (max-yaml-nodes): refused")
            )

    @property
    def root(self) -> Any:
        return self._value

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        if self.ok:
            yield (), self._value

    # ------------------------------------------------------------------ composing

    def _compose(self, text: str) -> Node | None:
        """The node graph of the single document in ``text``, built from parser events without recursion."""
        yaml = YAML(typ="safe", pure=True)
        events = yaml.parse(text)
        resolver = yaml.resolver
        max_depth, max_nodes = self.limits.max_depth, self.limits.max_yaml_nodes
        anchors: dict[Any, Node] = {}
        sizes: dict[int, int] = {}  # id(collection node) -> its node count, aliases expanded
        open_: list[tuple[Node, int]] = []  # collections being composed, with the count before each
        keys: list[Node | None] = []  # per open mapping: the key waiting for its value
        root: Node | None = None
        total = 0  # nodes so far, aliases expanded
        documents = 0
        try:
            for event in events:
                if isinstance(event, (StreamStartEvent, DocumentEndEvent, StreamEndEvent)):
                    continue
                if isinstance(event, DocumentStartEvent):
                    documents += 1
                    if documents > 1:
                        raise MarkedYAMLError("expected a single document in the stream", root.start_mark if root else None,
                                              "but found another document", event.start_mark)
                    continue
                if isinstance(event, CollectionEndEvent):
                    node, before = open_.pop()
                    keys.pop()
                    node.end_mark = event.end_mark
                    sizes[id(node)] = total - before
                    continue
                if isinstance(event, AliasEvent):
                    anchored = anchors.get(event.anchor)
                    if anchored is None:
                        raise MarkedYAMLError(None, None, f"found undefined alias {event.anchor!r}", event.start_mark)
                    node = anchored
                    if any(node is n for n, _ in open_):
                        raise _Refused(event.start_mark.index,
                                       f"alias `*{event.anchor}` refers to a collection that contains it (a recursive document): refused")
                    total += sizes.get(id(node), 1)
                    if total > max_nodes:
                        raise _Refused(event.start_mark.index, f"alias `*{event.anchor}` expands the document past {max_nodes:,} YAML nodes "
                                       "(max-yaml-nodes; a billion-laughs file?): refused")
                    self._attach(node, open_, keys)
                    if len(open_) == 0:
                        root = root or node
                    continue
                total += 1
                if total > max_nodes:
                    raise _Refused(event.start_mark.index, f"more than {max_nodes:,} YAML nodes (max-yaml-nodes): refused")
                tag = event.ctag
                if tag is not None and str(tag) != "!" and str(tag) not in _DATA_TAGS:
                    self._unsafe_tag(str(tag), event.start_mark.index)
                if isinstance(event, ScalarEvent):
                    if tag is None or str(tag) == "!":
                        tag = resolver.resolve(ScalarNode, event.value, event.implicit)
                    node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style, anchor=event.anchor)
                else:
                    if len(open_) >= max_depth:
                        raise _Refused(event.start_mark.index, f"nesting deeper than {max_depth:,} levels (max-depth): refused")
                    cls = SequenceNode if isinstance(event, SequenceStartEvent) else MappingNode
                    if tag is None or str(tag) == "!":
                        tag = resolver.resolve(cls, None, event.implicit)
                    node = cls(tag, [], event.start_mark, None, flow_style=event.flow_style, anchor=event.anchor)
                if event.anchor is not None:
                    anchors[event.anchor] = node
                if not open_:
                    root = node
                else:
                    self._attach(node, open_, keys)
                if isinstance(event, (SequenceStartEvent, MappingStartEvent)):
                    open_.append((node, total - 1))
                    keys.append(None)
        finally:
            events.close()
        return root

    def _unsafe_tag(self, tag: str, at: int) -> None:
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        what = "would make a Python object" if "python/" in tag else "is not a YAML data type"
        self.findings.append(Finding("GL003", Offsets(at, min(at + len(shown), len(self.text or ""))),
                                     f"YAML: the tag `{shown}` {what}: goldlint reads the value as plain data and never "
                                     "constructs it, and a safe loader (yaml.safe_load) refuses the file"))

    @staticmethod
    def _attach(node: Node, open_: list[tuple[Node, int]], keys: list[Node | None]) -> None:
        if not open_:
            return
        parent = open_[-1][0]
        if isinstance(parent, SequenceNode):
            parent.value.append(node)
        elif keys[-1] is None:
            keys[-1] = node
        else:
            parent.value.append((keys[-1], node))
            keys[-1] = None

    # ------------------------------------------------------------------ values

    def _build(self, root: Node) -> Any:
        """Python values of the node graph (aliases expanded), without recursion; records every path."""
        self._nodes[()] = (None, root)
        top: list[Any] = [None]
        # (node, path, the container to put its value in, the slot there)
        stack: list[tuple[Node, JsonPath, Any, Any]] = [(root, (), top, 0)]
        while stack:
            node, path, container, slot = stack.pop()
            self._budget -= 1
            if self._budget < 0:
                raise _TooBig
            if isinstance(node, ScalarNode):
                container[slot] = self._scalar_value(node)
                continue
            if isinstance(node, SequenceNode):
                out: Any = [None] * len(node.value)
                container[slot] = out
                for n in range(len(node.value) - 1, -1, -1):
                    self._nodes[path + (n,)] = (None, node.value[n])
                    stack.append((node.value[n], path + (n,), out, n))
                continue
            if isinstance(node, MappingNode):
                out = {}
                container[slot] = out
                first: dict[Any, Node] = {}
                children = []
                for key_node, value_node in node.value:
                    # A key is the text written, as JSON's are: `1`, `true` or `null` as a key is a
                    # string to every rule (which all assume string keys), never a number or None.
                    k = key_node.value if isinstance(key_node, ScalarNode) else str(key_node.value)
                    try:
                        hash(k)
                    except TypeError:
                        k = str(k)
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
                    out[k] = None  # the key's place in the mapping: its first occurrence, as a reader keeps it
                    self._nodes[path + (k,)] = (key_node, value_node)
                    children.append((value_node, path + (k,), out, k))
                stack.extend(reversed(children))  # in document order: a repeated key's last value wins
                continue
            container[slot] = None
        return top[0]

    def _scalar_value(self, node: ScalarNode) -> Any:
        tag = getattr(node.tag, "value", node.tag)
        if tag == "tag:yaml.org,2002:int" and node.style is None and len(node.value) > _INT_DIGITS:
            self.findings.append(Finding("GL011", Offsets(node.start_mark.index, node.start_mark.index + 1),
                                         f"an integer with more digits than Python converts ({_INT_DIGITS}): read as text"))
            return node.value
        return _scalar(node)

    # ------------------------------------------------------------------ positions

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
                start, end = target.start_mark.index, _end(self.index.text, target)
                if n < len(loc.path):
                    end = min(start + 1, end)  # a missing field: point at its parent's start
                elif target is node and _block_under_key(node, key):
                    # A block sequence written at its key's own indentation: no text written in its
                    # place (a flow collection, a scalar) could stand there, so no fix may edit it.
                    whole = self.index.span(start, end)
                    span = Span(whole.start, whole.end)
                    break
                elif loc.inner is not None and isinstance(target, ScalarNode):
                    exact = _inner(self.index.text, target, loc.inner)
                    if exact is None:
                        # The range cannot be placed exactly (a multi-line or block scalar): show the
                        # whole scalar, but without offsets, so that no fix edits the wrong characters.
                        whole = self.index.span(start, end)
                        span = Span(whole.start, whole.end)
                        break
                    start, end = exact
                span = self.index.span(start, end)
                break
            out.append(span)
        return out

    def encode(self, where: At, value: str) -> str:
        entry = self._nodes.get(where.path)
        node = entry[1] if entry else None
        if where.key and entry is not None and entry[0] is not None:
            node = entry[0]
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


def _end(text: str, node: Node) -> int:
    """Where a node's own text ends. A block collection's end mark is where the next token
    starts (past the line break and the next line's indentation): its text ends with its
    last item. A block scalar's ends before the line breaks that close it."""
    while isinstance(node, (SequenceNode, MappingNode)) and node.flow_style is not True and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(node, MappingNode) else last
    start, end = node.start_mark.index, node.end_mark.index
    if isinstance(node, ScalarNode) and node.style in ("|", ">"):
        end = start + len(text[start:end].rstrip(" \t\r\n"))
    return end


def _block_under_key(node: Node, key: Node | None) -> bool:
    return (isinstance(node, SequenceNode) and node.flow_style is not True and key is not None
            and node.start_mark.column <= key.start_mark.column)


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


_FLOW_TOKEN = re.compile(r"""[\[\]{}]|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\n]|'')*'?|(?:^|(?<=[ \t]))#[^\n]*""", re.MULTILINE)


def _check_flow_depth(text: str, max_depth: int) -> None:
    """Refuse flow collections nested deeper than ``max_depth`` before the parser sees them.

    ruamel.yaml's scanner spends time quadratic in the flow depth (it re-checks a possible
    key per open level at every token), so a deep ``[[[[…`` would take seconds just to
    reach the limit. This scan is linear: brackets outside quoted scalars and comments are
    counted (an unbalanced bracket inside a plain scalar can only make the count smaller).
    """
    if text.count("[") + text.count("{") <= max_depth:
        return
    depth = 0
    for m in _FLOW_TOKEN.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > max_depth:
                raise _Refused(m.start(), f"nesting deeper than {max_depth:,} levels (max-depth): refused")
        elif c in "]}":
            depth = max(depth - 1, 0)


# YAML double-quoted escapes that stand for one character; \x, \u and \U take 2, 4 and 8 hex digits.
_ONE_CHAR_ESCAPES = frozenset('0abtnvfre "/\\N_LP\t')
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


def _inner(text: str, node: ScalarNode, inner: tuple[int, int]) -> tuple[int, int] | None:
    """Offsets of a decoded range inside a one-line scalar; ``None`` when it cannot be placed exactly."""
    start, end = node.start_mark.index, node.end_mark.index
    raw = text[start:end]
    if "\n" in raw or "\r" in raw:
        return None  # folded lines: a decoded character may stand for a line break
    if node.style is None:
        return (start + inner[0], start + inner[1]) if raw == node.value else None
    if node.style not in ("'", '"') or len(raw) < 2 or raw[0] != node.style or raw[-1] != node.style:
        return None
    body = raw[1:-1]
    if body == node.value:
        return start + 1 + inner[0], start + 1 + inner[1]
    starts = _decoded_starts(body, node.style)
    if starts is None or len(starts) != len(node.value) + 1 or not 0 <= inner[0] <= inner[1] < len(starts):
        return None
    return start + 1 + starts[inner[0]], start + 1 + starts[inner[1]]


def _decoded_starts(body: str, style: str) -> list[int] | None:
    """For each decoded character of a quoted scalar's body, where it starts in the body (plus the end)."""
    out: list[int] = []
    i, n = 0, len(body)
    while i < n:
        out.append(i)
        c = body[i]
        if style == "'":
            i += 2 if c == "'" and body[i + 1 : i + 2] == "'" else 1
            continue
        if c != "\\":
            i += 1
            continue
        e = body[i + 1 : i + 2]
        if e in _ONE_CHAR_ESCAPES and e:
            i += 2
        elif e in _HEX_ESCAPES:
            i += 2 + _HEX_ESCAPES[e]
        else:
            return None
    out.append(n)
    return out
