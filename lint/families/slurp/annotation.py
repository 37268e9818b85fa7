"""A SLURP record's ``sentence_annotation``: its entities, where each is, and its plain text.

The syntax is ``grammars/slurp_annotation.lark``. A well-formed annotation (nearly every
one) is read by one regular expression, an entity of the grammar, and what is left between
entities has no bracket. The others are read as the grammar's parser reads them, terminal by
terminal, to say where and why they fail (the Lark parser, built on first use, only for one
that reading would take whole). Tests hold the pattern and that reading to Lark's answers.
Offsets are into the decoded string, so a diagnostic points inside the JSON string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from goldlint.resources import grammar_text

if TYPE_CHECKING:
    from lark import Lark, UnexpectedInput

ENTITY = re.compile(r"\[([^\s\[\]:]+)[ \t]*:[ \t]*([^\[\] \t][^\[\]]*)\]")


@dataclass(slots=True)
class Entity:
    type: str
    words: str
    start: int  # the `[`
    end: int  # just past the `]`
    type_at: tuple[int, int]
    words_at: tuple[int, int]


class Annotation:
    """The annotation read: each entity's type and words (``types``, ``words``, in order), the
    text, and where it does not parse. :attr:`entities` (with positions) are made when asked
    for: a clean record's checks compare types and words only."""

    __slots__ = ("value", "types", "words", "text", "problem", "_entities")

    def __init__(self, value: str, types: list[str], words: list[str], text: str, problem: tuple[int, int, str] | None = None,
                 entities: tuple[Entity, ...] | None = None) -> None:
        self.value = value  # the annotation as written
        self.types = types
        self.words = words
        self.text = text  # the annotation with each entity replaced by its words
        self.problem = problem  # (start, end, message): where it does not parse
        self._entities = entities

    @property
    def entities(self) -> tuple[Entity, ...]:
        """Each entity with its positions in the annotation (read again, by the pattern, on first use)."""
        if self._entities is None:
            self._entities = tuple(Entity(m.group(1), m.group(2), m.start(), m.end(), m.span(1), m.span(2))
                                   for m in ENTITY.finditer(self.value)) if self.problem is None else ()
        return self._entities

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Annotation) and (self.entities, self.text, self.problem) == (other.entities, other.text, other.problem)

    __hash__ = None  # type: ignore[assignment]

    def to_annotation(self, offset: int) -> int:
        """The offset in the annotation of character ``offset`` of :attr:`text`."""
        removed = 0  # characters of the annotation before this entity that are not in the text
        for e in self.entities:
            words = e.start - removed  # where the entity's words begin in the text
            if offset < words:
                break
            if offset < words + (e.words_at[1] - e.words_at[0]):
                return e.words_at[0] + offset - words
            removed += (e.words_at[0] - e.start) + (e.end - e.words_at[1])
        return offset + removed


@lru_cache(maxsize=1)
def _parser() -> Lark:
    from lark import Lark

    return Lark(grammar_text("slurp_annotation.lark"), parser="lalr", propagate_positions=True)


def well_formed(value: str) -> bool:
    """Whether the annotation parses (the pattern's answer: the grammar's, as a test holds)."""
    return _read(value) is not None


def parse_annotation(value: str) -> Annotation:
    read = _read(value)
    return read if read is not None else _with_grammar(value)


def _read(value: str) -> Annotation | None:
    """A well-formed annotation read by the pattern; None for any other (the grammar says where it fails).

    Split at the entities, the annotation is text, then each entity's type, words and the text
    after it. Entities hold no bracket, so it is well formed exactly when no bracket is left in
    its text (the pieces between entities)."""
    if "[" not in value and "]" not in value:
        return Annotation(value, [], [], value)  # (no entity: the text is the annotation)
    parts = ENTITY.split(value)  # (in C)
    types, words = parts[1::3], parts[2::3]
    del parts[1::3]  # (the text: what is outside the brackets, and each entity's words)
    text = "".join(parts)
    if "[" in text or "]" in text:
        return None
    return Annotation(value, types, words, text)


def read_with_grammar(value: str) -> Annotation:
    """The Lark reading of a well-formed annotation (what the tests compare the pattern with)."""
    from lark import Token, Tree

    tree = _parser().parse(value)
    entities = []
    pieces = []
    for node in tree.children:
        if isinstance(node, Tree):
            kind, words = (child for child in node.children if isinstance(child, Token))
            entities.append(Entity(str(kind), str(words), int(node.meta.start_pos), int(node.meta.end_pos),
                                   (int(kind.start_pos or 0), int(kind.end_pos or 0)), (int(words.start_pos or 0), int(words.end_pos or 0))))
            pieces.append(str(words))
        else:
            pieces.append(str(node))
    return Annotation(value, [e.type for e in entities], [e.words for e in entities], "".join(pieces), None, tuple(entities))


def _with_grammar(value: str) -> Annotation:
    failure = _where_it_fails(value)
    if failure is not None:
        return Annotation(value, [], [], value, _problem_at(value, *failure), ())
    from lark import UnexpectedInput  # (lark only for an annotation neither reading settles: start-up, issue 18)

    try:
        return read_with_grammar(value)
    except UnexpectedInput as exc:
        return Annotation(value, [], [], value, _problem(value, exc), ())


@lru_cache(maxsize=1)
def _terminals() -> dict[str, re.Pattern[str]]:
    """The grammar's terminals (``TYPE: /.../``), compiled from the grammar's own text."""
    return {name: re.compile(pattern) for name, pattern in re.findall(r"^(\w+): /(.*)/$", grammar_text("slurp_annotation.lark"), re.M)}


def _where_it_fails(value: str) -> tuple[bool, int] | None:
    """Where the grammar's parser stops on ``value`` without Lark (which costs a twentieth of a
    second to import and build): whether it ran out of text inside an entity, and the offset
    of the first thing it could not take. Each terminal is read as the parser reads it, whole
    (greedily), in the one place the grammar allows it: outside entities TEXT, or a ``[`` that
    opens one; in an entity TYPE, the separator, WORDS, then its ``]``. None when the text is
    read to its end (the grammar then says what it holds). A test holds this to Lark's answer."""
    terminals = _terminals()
    text, entity = terminals["TEXT"], (terminals["TYPE"], terminals["_SEP"], terminals["WORDS"])
    at, end = 0, len(value)
    while at < end:
        char = value[at]
        if char == "]":
            return False, at
        if char != "[":
            at = text.match(value, at).end()  # type: ignore[union-attr]  # (a character not a bracket: TEXT takes it)
            continue
        at += 1
        for terminal in entity:
            found = terminal.match(value, at)
            if found is None:  # (no terminal matches an empty text)
                return at == end, at
            at = found.end()
        if at == end or value[at] != "]":  # (WORDS stop only at a bracket: a `[` here opens an entity inside this one)
            return at == end, at
        at += 1
    return None


def _problem(value: str, exc: UnexpectedInput) -> tuple[int, int, str]:
    from lark import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        return _problem_at(value, True, len(value))
    found = exc.pos_in_stream if isinstance(exc, UnexpectedCharacters) else getattr(getattr(exc, "token", None), "start_pos", None)
    return _problem_at(value, False, len(value) if found is None else int(found))


def _problem_at(value: str, at_end: bool, at: int) -> tuple[int, int, str]:
    """SLP102's place and words for an annotation the parser stops on at offset ``at`` (``at_end``:
    out of text inside an entity)."""
    if at_end:
        opened = value.rfind("[")
        return opened, opened + 1, "this `[` is never closed: an entity is `[type : words]`"
    char = value[at : at + 1]
    opened = value.rfind("[", 0, at)
    inside = opened >= 0 and value.rfind("]", 0, at) < opened
    if char == "]" and not inside:
        return at, at + 1, "this `]` closes no `[`"
    if char == "[" and inside:
        return at, at + 1, f"a `[` inside the entity opened at offset {opened}: entities do not nest (the `]` before it is missing?)"
    if inside and at == opened + 1:
        return at, at + 1, "expected the entity's type right after `[`: an entity is `[type : words]`"
    if inside and value.find(":", opened, at) < 0:
        return at, at + 1, f"expected `:` after the entity type `{value[opened + 1 : at].strip()}`: an entity is `[type : words]`"
    if inside:
        return at, at + 1, "an entity without its words: an entity is `[type : words]`"
    return at, min(at + 1, len(value)), f"unexpected `{char}`: an entity is `[type : words]`"
