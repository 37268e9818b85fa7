"""The parser events of a YAML text, as plain tuples the composer in ``yaml_doc`` reads.

ruamel.yaml's pure-Python parser is the reference: its acceptance, its error messages and
its marks are what goldlint reports. It reads about 0.4 MB a second, so a 1 MB gold file
took seconds on every save. libyaml (PyYAML's C parser) reads the same text 25 times
faster and, on the plain block-and-flow YAML that gold files are written in, gives the
same events at the same character offsets. ``libyaml_events`` gives its events there,
and only there:

- texts with what the two parsers read differently (a tab but one between two characters
  of a line that are neither blanks nor ``#``, NEL/LS/PS line breaks, a BOM, directives,
  ``...`` document ends) go to ruamel.yaml from the start;
- the libyaml stream stops with ``NotExact`` at a tag written other than ``!!name`` or
  ``!name`` (after the anchor, if any) followed by a blank, at an anchor or alias whose name
  the two parsers end differently (libyaml's names are letters, digits, ``-`` and ``_``;
  YAML 1.2's run to a blank or a flow indicator: both parsers agree only where the name
  is followed by one of those), at a root block scalar or a
  block scalar libyaml alone accepts, at a single pair in a flow sequence, at an empty
  scalar in a flow collection, after ``?`` or before an explicit key, and at any libyaml
  error (so that the message is ruamel.yaml's). The caller then reads the text again
  with ``ruamel_events``;
- an empty value after ``key:`` is marked where ruamel.yaml marks it: at the next token.

tests/test_yaml_events.py holds the two streams equal on generated and mutated YAML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from goldlint.formats.yaml_implicit import IMPLICIT_1_2

try:  # PyYAML built with libyaml; without it every text is read by ruamel.yaml
    from yaml import events as lev
    from yaml._yaml import CParser
except ImportError:  # pragma: no cover - PyYAML wheels ship libyaml on every platform goldlint supports
    CParser = None

SCALAR, SEQUENCE, MAPPING, END, ALIAS, DOCUMENT = range(6)


class Event(NamedTuple):
    kind: int
    start: Any  # a mark: ``.index`` is a character offset into the text
    end: Any
    value: str | None = None  # a scalar's text
    implicit: Any = None  # a scalar's (plain, quoted) pair; a collection's flag
    style: str | None = None  # a scalar's quote or block indicator; None when plain
    flow_style: bool | None = None
    anchor: str | None = None  # an anchor, or the name an alias refers to
    tag: str | None = None  # an explicit tag (``!`` counts as none)


class NotExact(Exception):
    """libyaml's events would not be ruamel.yaml's for this text: read it with ruamel.yaml."""


class Mark:
    """A mark libyaml did not make: ``index`` is a character offset, as in a parser's marks."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


# ruamel.yaml's implicit types of plain scalars in YAML 1.2 (a document without a %YAML
# directive): first character -> (tag, pattern) in the order they are tried. Written out in
# :mod:`.yaml_implicit` (ruamel.yaml itself is imported only for a text libyaml cannot read
# as it does: its import is a fifth of a one-file check), held equal to ruamel.yaml's by
# tests/test_yaml_events.py; ``python -m goldlint.formats.yaml_events`` rewrites it.
_YAML_1_2: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    first: [(tag, re.compile(pattern, flags)) for tag, pattern, flags in resolvers] for firsts, resolvers in IMPLICIT_1_2 for first in firsts}
_STR = "tag:yaml.org,2002:str"

# What libyaml and ruamel.yaml read differently, whatever the context. A tab is read alike
# inside a line's text (a quoted scalar, a comment): not next to a blank, a line's start or
# end (separation, indentation, folding), nor before a `#` (a comment for one, text for the other).
_DIFFERENT = re.compile(r"[\x85\u2028\u2029\ufeff]|^(?:%|\.\.\.)|(?<![^\s])\t|\t(?![^\s#])", re.MULTILINE)
# A tag both parsers read alike: a short handle and plain name characters, then a blank
# (after the node's anchor, if any: the order ``&a !t``, which is checked first).
_SIMPLE_TAG = re.compile(r"(?:&[^ \t\r\n,\[\]{}]+ +)?(!!?)([A-Za-z0-9_./:-]+)(?=[ \r\n]|\Z)")
_CORE = "tag:yaml.org,2002:"
# A block scalar header both accept: indicators, then a comment only after white space.
_BLOCK_HEADER = re.compile(r"[|>](?:[1-9][+-]?|[+-][1-9]?)?(?:[ \t]+(?:#[^\r\n]*)?)?(?:\r\n|\r|\n|$)")
_BLANK_LINES = re.compile(r"(?:[ ]*(?:\r\n|\r|\n))*(?:[ ]+\Z)?")  # blank lines (and spaces that end the text)
# What ruamel.yaml skips before the token that marks an empty value.
_TO_NEXT_TOKEN = re.compile(r"(?:[ ]+|(?<![^ \r\n])#[^\r\n]*|\r\n|\r|\n)*")


Resolve = Callable[[str, Any], str]  # (a scalar's text, its implicit pair) -> its tag


def libyaml_events(text: str) -> Iterator[Event] | None:
    """libyaml's events of ``text`` (resolve their scalars with ``resolve_1_2``), or None
    when the text has what the two parsers read differently. The stream may raise
    ``NotExact`` while it is read: then read ``ruamel_events(text)`` instead."""
    if CParser is None or _DIFFERENT.search(text):
        return None
    return _libyaml_events(text)


def ruamel_events(text: str) -> tuple[Iterator[Event], Resolve]:
    """ruamel.yaml's events of ``text``; its errors are raised as :class:`Problem`."""
    from ruamel.yaml import YAML
    from ruamel.yaml.nodes import ScalarNode

    yaml = YAML(typ="safe", pure=True)
    resolver = yaml.resolver  # follows the document's %YAML directive

    def resolve(value: str, implicit: Any) -> str:
        return str(resolver.resolve(ScalarNode, value, implicit))

    return _from_ruamel(yaml.parse(text)), resolve


def resolve_1_2(value: str, implicit: Any) -> str:
    """ruamel.yaml's ``resolve`` of a scalar in YAML 1.2, without its per-call version lookup."""
    if implicit[0]:
        for tag, pattern in _YAML_1_2.get(value[:1], ()):
            if pattern.match(value):
                return tag
    return _STR


class Problem(Exception):
    """What ruamel.yaml found wrong with a text: where (a character offset; None when it did
    not say) and what."""

    def __init__(self, at: int | None, message: str) -> None:
        super().__init__(message)
        self.at = at
        self.message = message


def problem(exc: Exception) -> Problem:
    """ruamel.yaml's error (a ``YAMLError``) as one line and the offset it names. (Its str() is
    several lines: the context and the problem, each with the text's line and a caret under it.)"""
    from ruamel.yaml.error import MarkedYAMLError
    from ruamel.yaml.reader import ReaderError

    if isinstance(exc, MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        return Problem(mark.index if mark is not None else 0, " ".join(x for x in (exc.context, exc.problem) if x))
    if isinstance(exc, ReaderError):
        # (a character YAML does not allow: no mark, but its offset into the text; its str()
        # would add a second line naming "<unicode string>")
        return Problem(exc.position, f"unacceptable character #x{exc.character:04x}: {exc.reason}")
    return Problem(None, str(exc))


def does_not_parse(exc: Exception, text: str) -> str:
    """ruamel.yaml's error on ``text``, said of a file read whole (an ontology) on one line:
    where, then what."""
    from goldlint.textindex import TextIndex

    found = problem(exc)
    if found.at is None:
        return f"does not parse: {found.message}"
    at = TextIndex(text).position(found.at)
    return f"does not parse at line {at.line}, column {at.column}: {found.message}"


def _from_ruamel(stream: Iterator[Any]) -> Iterator[Event]:
    from ruamel.yaml import events as rev
    from ruamel.yaml.error import YAMLError

    try:
        for e in stream:
            t = type(e)
            if t is rev.ScalarEvent:
                yield Event(SCALAR, e.start_mark, e.end_mark, e.value, e.implicit, e.style, None, e.anchor, _tag(e.ctag))
            elif t is rev.SequenceStartEvent or t is rev.MappingStartEvent:
                kind = SEQUENCE if t is rev.SequenceStartEvent else MAPPING
                yield Event(kind, e.start_mark, e.end_mark, None, e.implicit, None, e.flow_style, e.anchor, _tag(e.ctag))
            elif t is rev.SequenceEndEvent or t is rev.MappingEndEvent:
                yield Event(END, e.start_mark, e.end_mark)
            elif t is rev.AliasEvent:
                yield Event(ALIAS, e.start_mark, e.end_mark, anchor=e.anchor)
            elif t is rev.DocumentStartEvent:
                yield Event(DOCUMENT, e.start_mark, e.end_mark)
    except YAMLError as exc:
        raise problem(exc) from None
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()


def _tag(tag: Any) -> str | None:
    if tag is None:
        return None
    shown = str(tag)
    return None if shown == "!" else shown


def _libyaml_events(text: str) -> Iterator[Event]:
    try:
        parser = CParser(text)
    except Exception as exc:  # a lone surrogate cannot be encoded for libyaml
        raise NotExact from exc
    flows: list[bool] = []  # the open collections: whether each is a flow one
    tabs = _Tabs(text)
    try:
        while True:
            try:
                e = parser.get_event()
            except Exception as exc:  # a libyaml error: ruamel.yaml words it
                raise NotExact from exc
            t = type(e)
            tabs.none_before(e.start_mark.index)
            if t is lev.ScalarEvent:
                tag = None if e.tag is None else _same_tag(text, e.start_mark.index, e.tag)
                if e.style in ("'", '"'):
                    tabs.inside(text.index(e.style, e.start_mark.index), e.end_mark.index)
                if e.anchor is not None:
                    _same_name(text, e.start_mark.index, "&", e.anchor)
                start, end, style = e.start_mark, e.end_mark, e.style or None
                if style is not None and style in "|>":
                    _block_scalar_header(text, start.index, flows)
                if style is None and start.index == end.index:
                    if any(flows):
                        raise NotExact  # an empty value in a flow collection: marked elsewhere
                    start = end = _empty_value_mark(text, start.index)
                yield Event(SCALAR, start, end, e.value, e.implicit, style, None, e.anchor, tag)
            elif t is lev.SequenceStartEvent or t is lev.MappingStartEvent:
                opening = e.start_mark.index
                tag = None if e.tag is None else _same_tag(text, opening, e.tag)
                if e.anchor is not None:
                    opening = _same_name(text, opening, "&", e.anchor)
                if e.tag is not None:
                    opening = _after_tag(text, opening)
                if e.flow_style and t is lev.MappingStartEvent and text[opening : opening + 1] != "{":
                    raise NotExact  # a single pair in a flow sequence (`[a: 1]`): ruamel.yaml refuses some libyaml reads
                flows.append(bool(e.flow_style))
                yield Event(SEQUENCE if t is lev.SequenceStartEvent else MAPPING, e.start_mark, e.end_mark,
                            None, e.implicit, None, e.flow_style, e.anchor, tag)
            elif t is lev.SequenceEndEvent or t is lev.MappingEndEvent:
                flows.pop()
                yield Event(END, e.start_mark, e.end_mark)
            elif t is lev.DocumentStartEvent:
                yield Event(DOCUMENT, e.start_mark, e.end_mark)
            elif t is lev.AliasEvent:
                _same_name(text, e.start_mark.index, "*", e.anchor)
                yield Event(ALIAS, e.start_mark, e.end_mark, anchor=e.anchor)
            elif t is lev.StreamEndEvent:
                tabs.none_before(len(text))
                return
    finally:
        parser.dispose()


class _Tabs:
    """The tabs of a text, each to be inside a quoted scalar: the only place where libyaml
    and ruamel.yaml read one alike (ruamel.yaml refuses one in a plain scalar, libyaml not;
    the texts with a tab at a blank or a line's end went to ruamel.yaml from the start).
    Met in order as the events go by: raise ``NotExact`` at a tab left behind."""

    __slots__ = ("_at", "_tabs")

    def __init__(self, text: str) -> None:
        self._tabs = [m.start() for m in re.finditer("\t", text)] if "\t" in text else []
        self._at = 0

    def none_before(self, offset: int) -> None:
        if self._at < len(self._tabs) and self._tabs[self._at] < offset:
            raise NotExact

    def inside(self, opening: int, end: int) -> None:
        """The tabs of the quoted scalar whose quote is at ``opening`` and which ends at ``end``."""
        self.none_before(opening)
        tabs, at = self._tabs, self._at
        while at < len(tabs) and tabs[at] < end:
            at += 1
        self._at = at


def _same_tag(text: str, at: int, tag: str) -> str:
    """The tag libyaml read for the node at ``at``, if it is written simply; else raise
    ``NotExact`` (a verbatim ``!<…>``, an escape, a tag before the anchor, a flow indicator
    after it, the non-specific ``!``: the readers' rules or events differ there)."""
    written = _SIMPLE_TAG.match(text, at)
    if written is None:
        raise NotExact
    handle, name = written.groups()
    if (_CORE + name if handle == "!!" else "!" + name) != tag:
        raise NotExact
    return tag


def _after_tag(text: str, at: int) -> int:
    """Past the tag at ``at`` and the spaces after it (it was checked by :func:`_same_tag`)."""
    while at < len(text) and text[at] not in " \r\n":
        at += 1
    while text[at : at + 1] == " ":
        at += 1
    return at


_NAME_ENDS = frozenset(" \r\n,]}")  # what ends an anchor's or alias's name for both parsers


def _same_name(text: str, at: int, indicator: str, name: str) -> int:
    """Raise ``NotExact`` unless ``indicator`` and ``name`` are written at ``at`` and end
    there for ruamel.yaml too: libyaml ends a name at any character but a letter, digit,
    ``-`` or ``_`` (``&a:b`` is its anchor ``a``), YAML 1.2 only at a blank or a flow
    indicator (ruamel.yaml's ``a:b``). Where the node's own text starts: after the
    name and the spaces that follow it on its line."""
    end = at + 1 + len(name)
    if text[at : at + 1] != indicator or text[at + 1 : end] != name or (end < len(text) and text[end] not in _NAME_ENDS):
        raise NotExact
    while text[end : end + 1] == " ":
        end += 1
    return end


def _block_scalar_header(text: str, at: int, flows: list[bool]) -> None:
    """Raise ``NotExact`` unless both parsers read the block scalar at ``at`` alike: not at
    the root, a header both accept, and no line of spaces before its first text (ruamel.yaml
    refuses one that is more indented than that text; libyaml does not)."""
    header = _BLOCK_HEADER.match(text, at)
    if not flows or header is None:
        raise NotExact
    leading = _BLANK_LINES.match(text, header.end())
    if leading is not None and " " in leading.group():
        raise NotExact


def _empty_value_mark(text: str, at: int) -> Mark:
    """Where ruamel.yaml marks the empty scalar libyaml marks at ``at``: after ``key:``,
    at the next token; after ``-``, where libyaml does. Anywhere else (an explicit ``?``
    key, a flow mapping's key without a value) the two differ in ways not worth following."""
    j = at - 1
    while j >= 0 and text[j] == " ":
        j -= 1
    before = text[j] if j >= 0 else ""
    if before == ":":
        skipped = _TO_NEXT_TOKEN.match(text, at)  # (it always matches, perhaps nothing)
        token = skipped.end() if skipped else at
        if text[token : token + 1] in ("?", ":"):
            raise NotExact  # an explicit key or value next: ruamel.yaml marks past its indicator
        return Mark(token)
    if before == "-":
        return Mark(at)
    raise NotExact


def render_implicit() -> str:
    """:mod:`.yaml_implicit` as ruamel.yaml's resolver of YAML 1.2 makes it."""
    from ruamel.yaml.resolver import VersionedResolver

    groups: dict[tuple[tuple[str, str, int], ...], list[str]] = {}
    for first, resolvers in VersionedResolver().versioned_resolver.items():
        groups.setdefault(tuple((tag, pattern.pattern, pattern.flags) for tag, pattern in resolvers), []).append(first)
    rows = "".join(f"    ({tuple(firsts)!r}, {list(resolvers)!r}),\n" for resolvers, firsts in groups.items())
    return (f'''"""ruamel.yaml's implicit types of plain scalars in YAML 1.2: (first characters, [(tag, pattern,
flags)] in the order they are tried).

Written by ``python -m goldlint.formats.yaml_events`` from the installed ruamel.yaml;
tests/test_yaml_events.py holds it equal. Do not edit."""

IMPLICIT_1_2: list[tuple[tuple[str, ...], list[tuple[str, str, int]]]] = [
{rows}]
''')


if __name__ == "__main__":
    from pathlib import Path

    Path(__file__).with_name("yaml_implicit.py").write_text(render_implicit(), encoding="utf-8")
