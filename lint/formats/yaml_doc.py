"""YAML read into a node graph in which every node keeps its start and end mark.

The events come from libyaml where it reads the text as ruamel.yaml does, else from
ruamel.yaml (``yaml_events``).

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
from itertools import repeat
from operator import itemgetter
from typing import Any

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, Findings, JsonPath, Offsets
from goldlint.formats import yaml_events
from goldlint.formats.base import Document, Limits
from goldlint.formats.json_scan import encode_string
from goldlint.formats.yaml_events import ALIAS, DOCUMENT, END, MAPPING, SCALAR, SEQUENCE
from goldlint.rules.general import DUPLICATE_KEY, LIMIT_EXCEEDED, SYNTAX_ERROR
from goldlint.textindex import TextIndex

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


class Node:
    """A composed node: a scalar's text, a sequence's nodes or a mapping's (key, value)
    pairs, with the character offsets where its text starts and ends.

    A document may hold ``max-yaml-nodes`` of these, so each is kept small: the end is held
    as the length of the node's text (a scalar's is short, and Python shares the int objects
    of small numbers, where an offset into a large text is a new int for every node)."""

    __slots__ = ("flow_style", "kind", "length", "start", "style", "tag", "value")

    def __init__(self, kind: int, tag: str, value: Any, start: int, end: int, style: str | None = None,
                 flow_style: bool | None = None) -> None:
        self.kind, self.tag, self.value, self.start, self.length = kind, tag, value, start, end - start
        self.style, self.flow_style = style, flow_style

    @property
    def end(self) -> int:
        return self.start + self.length

    @end.setter
    def end(self, end: int) -> None:
        self.length = end - self.start


class YamlDocument(Document):
    format = "yaml"

    def __init__(self, path: str, text: str, limits: Limits | None = None) -> None:
        super().__init__(path, text)
        self.limits = limits or Limits()
        self._value: Any = None
        self._root: Node | None = None  # the composed node graph, once its values are built
        # A mapping node's (id) -> its pairs by key, made when a path through it is first looked up.
        self._by_key: dict[int, dict[str, tuple[Node, Node]]] = {}
        self._budget = self.limits.max_yaml_nodes
        self._aliased = False  # whether an alias repeats a value written elsewhere
        self._block_scalars = False  # whether a `|` or `>` scalar is written
        try:
            node = self._compose(text)
        except _Refused as exc:
            self.ok = False
            self.findings.append(Finding(LIMIT_EXCEEDED.code, Offsets(exc.at, min(exc.at + 1, len(text))), exc.message))
            return
        except yaml_events.Problem as exc:
            self.ok = False
            at = exc.at or 0
            self.findings.append(Finding(SYNTAX_ERROR.code, Offsets(at, min(at + 1, len(text)) if exc.at is not None else 0), f"YAML: {exc.message}"))
            return
        except (ValueError, OverflowError) as exc:
            # ruamel's scanner turns a `\\U` escape into a character with chr(), unchecked: one
            # above U+10FFFF raises here, without a mark.
            self.ok = False
            at, escape = _escape_beyond_unicode(text)
            if escape:
                self.findings.append(Finding(SYNTAX_ERROR.code, Offsets(at, at + len(escape)),
                                             f"YAML: escape `{escape}` is not a Unicode character (above U+10FFFF)"))
            else:
                self.findings.append(Finding(SYNTAX_ERROR.code, Offsets(0, 0), f"YAML: {exc}"))
            return
        except RecursionError as exc:
            self.ok = False
            self.findings.append(Finding(SYNTAX_ERROR.code, Offsets(0, 0), f"YAML: {exc}"))
            return
        if node is None:
            self._value = None
            return
        try:
            self._value = self._build(node)
        except _TooBig:  # the composer counted the same nodes: a defence in depth only
            self.ok = False
            self.findings.append(
                Finding(LIMIT_EXCEEDED.code, Offsets(0, 0), f"more than {self.limits.max_yaml_nodes:,} YAML nodes after expanding aliases (max-yaml-nodes): refused")
            )

    @property
    def root(self) -> Any:
        return self._value

    @property
    def root_node(self) -> Node | None:
        """The composed node graph (None when the text did not compose or is empty)."""
        return self._root

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        if self.ok:
            yield (), self._value

    # ------------------------------------------------------------------ composing

    def _compose(self, text: str) -> Node | None:
        """The node graph of the single document in ``text``: from libyaml's events where
        they are ruamel.yaml's, else from ruamel.yaml's (see ``yaml_events``)."""
        fast = yaml_events.libyaml_events(text)
        if fast is not None:
            # What composing libyaml's events reports (a tag it read) is taken back if they
            # turn out not to be ruamel.yaml's: ruamel.yaml's reading then reports it again.
            findings = self.findings
            back = findings.mark() if isinstance(findings, Findings) else None
            try:
                return self._compose_events(fast, yaml_events.resolve_1_2)
            except yaml_events.NotExact:
                if back is not None:
                    back()
        try:
            _check_flow_depth(text, self.limits.max_depth)
        except _Refused as refused:
            raise self._placed_exactly(text, refused) from None
        stream, resolve = yaml_events.ruamel_events(text)
        return self._compose_events(stream, resolve)

    def _placed_exactly(self, text: str, refused: _Refused) -> _Refused:
        """The flow guard counts brackets only; the first level past the limit also counts the
        block collections around them (`- - [[[…`: two levels more). ruamel.yaml composes the
        text up to the refused bracket — whose flow depth the limit bounds, so this reading
        stays cheap — and says where; what that reading reports besides is taken back."""
        findings = self.findings
        kept = len(findings)
        back = findings.mark() if isinstance(findings, Findings) else None
        try:
            stream, resolve = yaml_events.ruamel_events(text[: refused.at + 1])
            self._compose_events(stream, resolve)
        except _Refused as exact:
            if exact.at <= refused.at:
                refused = exact
        except (yaml_events.Problem, _TooBig, RecursionError, ValueError):
            pass  # (the prefix ends inside the document: its errors are not the text's)
        finally:
            if back is not None:
                back()
            else:
                del findings[kept:]
        return refused

    def _compose_events(self, stream: Iterator[yaml_events.Event], resolve: yaml_events.Resolve) -> Node | None:
        """The node graph built from parser events without recursion, within the limits."""
        max_depth, max_nodes = self.limits.max_depth, self.limits.max_yaml_nodes
        anchors: dict[Any, Node] = {}
        sizes: dict[int, int] = {}  # id(collection node) -> its node count, aliases expanded
        open_: list[tuple[Node, int]] = []  # collections being composed, with the count before each
        keys: list[Node | None] = []  # per open mapping: the key waiting for its value
        root: Node | None = None
        total = 0  # nodes so far, aliases expanded
        documents = 0
        try:
            for event in stream:
                kind = event.kind
                if kind == DOCUMENT:
                    documents += 1
                    if documents > 1:
                        raise yaml_events.Problem(event.start.index, "expected a single document in the stream but found another document")
                    continue
                if kind == END:
                    node, before = open_.pop()
                    keys.pop()
                    node.end = event.end.index
                    sizes[id(node)] = total - before
                    continue
                if kind == ALIAS:
                    self._aliased = True
                    anchored = anchors.get(event.anchor)
                    if anchored is None:
                        raise yaml_events.Problem(event.start.index, f"found undefined alias {event.anchor!r}")
                    node = anchored
                    if any(node is n for n, _ in open_):
                        raise _Refused(event.start.index,
                                       f"alias `*{event.anchor}` refers to a collection that contains it (a recursive document): refused")
                    total += sizes.get(id(node), 1)
                    if total > max_nodes:
                        raise _Refused(event.start.index, f"alias `*{event.anchor}` expands the document past {max_nodes:,} YAML nodes "
                                       "(max-yaml-nodes; a billion-laughs file?): refused")
                    self._attach(node, open_, keys)
                    if len(open_) == 0:
                        root = root or node
                    continue
                total += 1
                if total > max_nodes:
                    raise _Refused(event.start.index, f"more than {max_nodes:,} YAML nodes (max-yaml-nodes): refused")
                tag = event.tag
                if tag is not None and tag not in _DATA_TAGS:
                    self._unsafe_tag(tag, event.start.index)
                if kind == SCALAR:
                    if event.style is not None and event.style in "|>":
                        self._block_scalars = True
                    if tag is None:
                        tag = resolve(event.value, event.implicit)
                    node = Node(SCALAR, tag, event.value, event.start.index, event.end.index, event.style)
                else:
                    if len(open_) >= max_depth:
                        raise _Refused(event.start.index, f"nesting deeper than {max_depth:,} levels (max-depth): refused")
                    node = Node(kind, tag or "", [], event.start.index, event.start.index, flow_style=event.flow_style)
                if event.anchor is not None:
                    anchors[event.anchor] = node
                if not open_:
                    root = node
                else:
                    self._attach(node, open_, keys)
                if kind != SCALAR:
                    open_.append((node, total - 1))
                    keys.append(None)
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
        return root

    def _unsafe_tag(self, tag: str, at: int) -> None:
        shown = tag.replace("tag:yaml.org,2002:", "!!")
        what = "would make a Python object" if "python/" in tag else "is not a YAML data type"
        self.findings.append(Finding(SYNTAX_ERROR.code, Offsets(at, min(at + len(shown), len(self.text or ""))),
                                     f"YAML: the tag `{shown}` {what}: goldlint reads the value as plain data and never "
                                     "constructs it, and a safe loader (yaml.safe_load) refuses the file"))

    @staticmethod
    def _attach(node: Node, open_: list[tuple[Node, int]], keys: list[Node | None]) -> None:
        if not open_:
            return
        parent = open_[-1][0]
        if parent.kind == SEQUENCE:
            parent.value.append(node)
        elif keys[-1] is None:
            keys[-1] = node
        else:
            parent.value.append((keys[-1], node))
            keys[-1] = None

    # ------------------------------------------------------------------ values

    def _build(self, root: Node) -> Any:
        """Python values of the node graph (aliases expanded), without recursion.

        Depth first in document order; each open collection holds an iterator over its
        children (not a list of them), and no path is made per node: a path is looked up in
        the graph when a finding is placed (``_entry``)."""
        text = self.text or ""
        self._root = root
        top: list[Any] = [None]
        # per open collection: its (node, the container to put its value in, the slot there) still to build
        stack: list[Iterator[tuple[Node, Any, Any]]] = [iter(((root, top, 0),))]
        while stack:
            item = next(stack[-1], None)
            if item is None:
                stack.pop()
                continue
            node, container, slot = item
            self._budget -= 1
            if self._budget < 0:
                raise _TooBig
            kind = node.kind
            if kind == SCALAR:
                container[slot] = self._scalar_value(node)
                continue
            if kind == SEQUENCE:
                out: Any = [None] * len(node.value)
                container[slot] = out
                stack.append(zip(node.value, repeat(out), range(len(node.value))))
                continue
            if kind == MAPPING:
                out = {}
                container[slot] = out
                first: dict[Any, Node] = {}
                keys = []
                for key_node, _ in node.value:
                    k = _key_text(text, key_node)
                    if k in first:
                        self.findings.append(
                            Finding(
                                DUPLICATE_KEY.code,
                                Offsets(key_node.start, key_node.end),
                                f"duplicate key `{k}`: the earlier value is silently discarded",
                                extra={"first": Offsets(first[k].start, first[k].end)},
                            )
                        )
                    first[k] = key_node
                    out[k] = None  # the key's place in the mapping: its first occurrence, as a reader keeps it
                    keys.append(k)
                # in document order: a repeated key's last value wins
                stack.append(zip(map(itemgetter(1), node.value), repeat(out), keys))
                continue
            container[slot] = None
        return top[0]

    def _entry(self, path: JsonPath) -> tuple[Node | None, Node] | None:
        """The (key node, value node) at ``path`` in the built graph (a repeated key: its last
        pair, whose value the mapping holds); None where no node is."""
        node = self._root
        if node is None:
            return None
        key: Node | None = None
        for step in path:
            if node.kind == SEQUENCE:
                if not isinstance(step, int) or not 0 <= step < len(node.value):
                    return None
                key, node = None, node.value[step]
            elif node.kind == MAPPING:
                pair = self._pairs(node).get(step) if isinstance(step, str) else None
                if pair is None:
                    return None
                key, node = pair
            else:
                return None
        return key, node

    def nodes_by_path(self) -> dict[JsonPath, tuple[Node | None, Node]]:
        """Every path of the built value with its (key node, value node), as ``_entry`` finds
        them, in document order: made on demand (for tests and tools), never kept."""
        out: dict[JsonPath, tuple[Node | None, Node]] = {}
        if self._root is None:
            return out
        text = self.text or ""
        stack: list[tuple[JsonPath, Node | None, Node]] = [((), None, self._root)]
        while stack:
            path, key, node = stack.pop()
            out[path] = (key, node)
            if node.kind == SEQUENCE:
                stack.extend(((*path, n), None, item) for n, item in reversed(list(enumerate(node.value))))
            elif node.kind == MAPPING:
                # (a repeated key: its last pair, at its first place; not cached, as _pairs does)
                pairs = {_key_text(text, k): (k, v) for k, v in node.value}
                stack.extend(((*path, k), kn, vn) for k, (kn, vn) in reversed(pairs.items()))
        return out

    def _pairs(self, node: Node) -> dict[str, tuple[Node, Node]]:
        pairs = self._by_key.get(id(node))
        if pairs is None:
            text = self.text or ""
            pairs = self._by_key[id(node)] = {_key_text(text, k): (k, v) for k, v in node.value}
        return pairs


    def _scalar_value(self, node: Node) -> Any:
        if node.tag == "tag:yaml.org,2002:int" and node.style is None and len(node.value) > _INT_DIGITS:
            self.findings.append(Finding(LIMIT_EXCEEDED.code, Offsets(node.start, node.start + 1),
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
                entry = self._entry(loc.path[:n])
                if entry is None:
                    continue
                key, node = entry
                target = key if (loc.key and n == len(loc.path) and key is not None) else node
                start, end = target.start, _end(self.index.text, target)
                if n < len(loc.path):
                    end = min(start + 1, end)  # a missing field: point at its parent's start
                elif target is node and _block_under_key(self.index, node, key):
                    # A block sequence written at its key's own indentation: no text written in its
                    # place (a flow collection, a scalar) could stand there, so no fix may edit it.
                    whole = self.index.span(start, end)
                    span = Span(whole.start, whole.end)
                    break
                elif loc.inner is not None and target.kind == SCALAR:
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

    def block_items(self, path: JsonPath) -> list[tuple[int, int]] | None:
        """Where each item of the block sequence at ``path`` starts (at its ``-``) and ends (its
        text's end); None when there is no block sequence there. Between two items there is
        only white space and comments, so the items can be cut out and put back one by one."""
        entry = self._entry(path)
        text = self.text or ""
        if entry is None or entry[1].kind != SEQUENCE or entry[1].flow_style is True:
            return None
        if self._aliased or self._block_scalars:
            # An item may use what another defines; the lines of a block scalar (`|`, `>`) are
            # read by their indentation, and blanking the lines around one can change it.
            return None
        out = []
        dash: int | None = entry[1].start  # a block sequence starts at its first `-`
        for item in entry[1].value:
            if dash is None or text[dash] != "-" or dash >= item.start:
                return None
            end = _end(text, item)
            out.append((dash, end))
            dash = _next_dash(text, end)
        return out

    def encode(self, where: At, value: str) -> str:
        entry = self._entry(where.path)
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


def _key_text(text: str, key: Node) -> str:
    """A mapping key as the text written, as JSON's are: `1`, `true` or `null` as a key is a
    string to every rule (which all assume string keys), never a number or None; a
    collection as a key (`? [a, b]`) is its text."""
    return key.value if key.kind == SCALAR else text[key.start : _end(text, key)]


def _end(text: str, node: Node) -> int:
    """Where a node's own text ends. A block collection's end mark is where the next token
    starts (past the line break and the next line's indentation): its text ends with its
    last item. A block scalar's ends before the line breaks that close it."""
    while node.kind != SCALAR and node.flow_style is not True and node.value:
        last = node.value[-1]
        node = last[1] if node.kind == MAPPING else last
    start, end = node.start, node.end
    if node.kind == SCALAR and node.style in ("|", ">"):
        end = start + len(text[start:end].rstrip(" \t\r\n"))
    return end


# After an item: blank lines, comments, and the next item's `-` first on its line.
_NEXT_DASH = re.compile(r"(?:[ \t]*(?:#[^\r\n]*)?(?:\r\n|\r|\n))+[ ]*(?=-(?:[ \r\n]|$))")


def _next_dash(text: str, end: int) -> int | None:
    m = _NEXT_DASH.match(text, end)
    return m.end() if m else None


def _block_under_key(index: TextIndex, node: Node, key: Node | None) -> bool:
    return (node.kind == SEQUENCE and node.flow_style is not True and key is not None
            and index.position(node.start).column <= index.position(key.start).column)


def _scalar(node: Node) -> Any:
    tag, text = node.tag, node.value
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
    """Refuse flow collections nested deeper than ``max_depth`` before ruamel.yaml sees them.

    ruamel.yaml's scanner spends time quadratic in the flow depth (it re-checks a possible
    key per open level at every token), so a deep ``[[[[…`` would take seconds just to
    reach the limit. This scan is linear: brackets outside quoted scalars and comments are
    counted. Outside any flow collection a bracket opens one only where a node starts (at the
    start of a line or after a blank): ``-[[[[`` is a plain scalar, not a nesting (an unbalanced
    bracket inside a plain scalar can then only make the count smaller).
    """
    if text.count("[") + text.count("{") <= max_depth:
        return
    depth = 0
    for m in _FLOW_TOKEN.finditer(text):
        c = m.group()
        if c in "[{":
            at = m.start()
            if depth == 0 and at > 0 and text[at - 1] not in " \t\r\n":
                continue  # (inside a plain scalar of block context)
            depth += 1
            if depth > max_depth:
                raise _Refused(m.start(), f"nesting deeper than {max_depth:,} levels (max-depth): refused")
        elif c in "]}":
            depth = max(depth - 1, 0)


# YAML double-quoted escapes that stand for one character; \x, \u and \U take 2, 4 and 8 hex digits.
_ONE_CHAR_ESCAPES = frozenset('0abtnvfre "/\\N_LP\t')
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


def _inner(text: str, node: Node, inner: tuple[int, int]) -> tuple[int, int] | None:
    """Offsets of a decoded range inside a one-line scalar; ``None`` when it cannot be placed exactly."""
    start, end = node.start, node.end
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


_LONG_ESCAPE = re.compile(r"\\U([0-9A-Fa-f]{8})")


def _escape_beyond_unicode(text: str) -> tuple[int, str]:
    """The first ``\\UXXXXXXXX`` escape above U+10FFFF, and where it is; (0, "") when none."""
    for m in _LONG_ESCAPE.finditer(text):
        if int(m.group(1), 16) > 0x10FFFF:
            return m.start(), m.group()
    return 0, ""
