"""Parse an SLU record's ``annotation`` string into its inventory: intent → allowed slots.

The text is a preamble line, one ``Intent: [slot, ...]`` line per intent, and optional
trailing text. Intent lines are parsed with the Lark grammar ``slu_annotation.lark``;
problems carry offsets into the decoded annotation string so that diagnostics point
inside the JSON string. Every distinct annotation is parsed once per process: a file of
100,000 records usually carries a single inventory.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import msgspec

from goldlint.resources import grammar_text

if TYPE_CHECKING:
    from lark import Lark

_INTENT_LINE = re.compile(r"[ \t]*[^\s:,\[\]]+[ \t]*:[ \t]*\[")
# An intent line without its colon (`weather/find [a, b]`): read as the intent line it is.
# Before the first intent line it must look like one to the end (a preamble may hold brackets).
_NO_COLON = re.compile(r"[ \t]*([^\s:,\[\]]+)[ \t]*\[")
_NO_COLON_WHOLE = re.compile(r"[ \t]*[^\s:,\[\]]+[ \t]*\[[ \t]*(?:[^\s:,\[\]]+[ \t]*(?:,[ \t]*[^\s:,\[\]]+[ \t]*)*)?\]?[ \t]*")
_LINE = re.compile(r"[^\n]*\n?")


class Problem(msgspec.Struct, frozen=True):
    start: int
    end: int
    message: str
    fix: str | None = None  # the text that mends [start, end), when that is certain
    fix_message: str = ""


class Inventory(msgspec.Struct, frozen=True):
    intents: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    # offsets of each intent name and slot list in the annotation, for pointing at them
    intent_spans: dict[str, tuple[int, int]] = msgspec.field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    unread: tuple[str, ...] = ()  # lines of the block that could not be read (a problem says why)

    def allowed(self, intent: str) -> tuple[str, ...] | None:
        return self.intents.get(intent)

    def may_list(self, intent: str) -> bool:
        """Whether an unreadable line may hold ``intent``: then its absence from :attr:`intents`
        is a consequence of that line's problem, not a defect of its own."""
        return any(intent in line for line in self.unread)


@lru_cache(maxsize=1)
def _parser() -> Lark:
    from lark import Lark  # (only for a line the pattern refuses: a clean file never imports lark)

    return Lark(grammar_text("slu_annotation.lark"), parser="lalr", propagate_positions=True)


@lru_cache(maxsize=256)
def parse_inventory(annotation: str) -> Inventory:
    """The inventory, and each problem on the line that has it: a line that breaks the block
    is blamed, not the intent line after it, and the lines after it are still read."""
    intents: dict[str, tuple[str, ...]] = {}
    spans: dict[str, tuple[int, int]] = {}
    problems: list[Problem] = []
    unread: list[str] = []
    state = "preamble"  # preamble → intents → trailer
    between: list[tuple[int, str]] = []  # lines after the intent lines so far: the trailer, unless an intent line follows
    offset = 0
    for m in _LINE.finditer(annotation):
        raw = m.group()
        if not raw:
            break
        line = raw.rstrip("\n").rstrip("\r")
        start = offset
        offset += len(raw)
        no_colon = None if _INTENT_LINE.match(line) else _NO_COLON.match(line)
        if no_colon is not None and (state != "preamble" or _NO_COLON_WHOLE.fullmatch(line)):
            end = no_colon.end(1)
            problems.append(Problem(start + end, start + end, f"expected `:` after the intent name `{no_colon.group(1)}`",
                                    ":", f"insert `:` after `{no_colon.group(1)}`"))
            line = line[:end] + ":" + line[end:]  # (read as mended; offsets past the colon are one too far, see below)
            _blame(between, problems, unread)
            state = "intents"
            _parse_line(line, start, intents, spans, problems, unread, inserted=end)
        elif _INTENT_LINE.match(line):
            if state == "trailer":
                _blame(between, problems, unread)
            state = "intents"
            _parse_line(line, start, intents, spans, problems, unread)
        elif state in ("intents", "trailer"):
            state = "trailer"
            between.append((start, line))
        elif state == "preamble" and not line.strip() and intents:
            state = "trailer"
    if not intents and not problems:
        problems.append(Problem(0, min(len(annotation), 1), "no `Intent: [slots]` line: the annotation lists no intents"))
    return Inventory(intents, spans, tuple(problems), tuple(unread))


def _blame(between: list[tuple[int, str]], problems: list[Problem], unread: list[str]) -> None:
    """Lines between two intent lines break the block: each is reported where it is."""
    for start, line in between:
        if line.strip():
            problems.append(Problem(start, start + len(line), "not an `Intent: [slot, ...]` line, in the middle of the inventory's intent lines"))
            unread.append(line)
        else:
            problems.append(Problem(start, start + len(line), "blank line in the middle of the inventory: its intent lines must be one block"))
    between.clear()


def _parse_line(line: str, base: int, intents: dict[str, tuple[str, ...]], spans: dict[str, tuple[int, int]], problems: list[Problem],
                unread: list[str], inserted: int | None = None) -> None:
    """Read one intent line; ``inserted``: where a missing `:` was put in for the reading (the
    offsets after it are mapped back to the annotation's)."""
    def at(offset: int) -> int:
        return offset - 1 if inserted is not None and offset > inserted else offset

    found: list[Problem] = []
    read = _read_well_formed(line) or _read_with_grammar(line, base, found)
    problems.extend(Problem(base + at(p.start - base), base + at(p.end - base), p.message) for p in found)
    if read is None:
        unread.append(line)
        return
    (name, start), slot_tokens = read
    slot_tokens = [(value, at(s), at(e)) for value, s, e in slot_tokens]
    slots: list[str] = []
    for value, slot_start, slot_end in slot_tokens:
        if value in slots:
            problems.append(Problem(base + slot_start, base + slot_end, f"slot `{value}` listed twice for intent `{name}`"))
        slots.append(value)
    start += base
    if name in intents:
        problems.append(Problem(start, start + len(name), f"intent `{name}` listed twice in the annotation"))
    intents[name] = tuple(slots)
    spans[name] = (start, start + len(name))


_Read = tuple[tuple[str, int], list[tuple[str, int, int]]]  # (intent, its offset), [(slot, start, end)]

# The grammar's language as one pattern: NAME tokens, with spaces and tabs between them.
_NAME = r"[^\s:,\[\]]+"
_WELL_FORMED = re.compile(rf"[ \t]*({_NAME})[ \t]*:[ \t]*\[[ \t]*((?:{_NAME}[ \t]*(?:,[ \t]*{_NAME}[ \t]*)*)?)\][ \t]*")
_SLOT_NAME = re.compile(_NAME)


def _read_well_formed(line: str) -> _Read | None:
    """A line the grammar accepts, read by one pattern (the Lark parser, built on first use
    and then about 50 µs a line, is left for lines it refuses, to say why); None otherwise.
    A test holds the two readings to the same result."""
    m = _WELL_FORMED.fullmatch(line)
    if m is None:
        return None
    at = m.start(2)
    return (m.group(1), m.start(1)), [(s.group(), at + s.start(), at + s.end()) for s in _SLOT_NAME.finditer(m.group(2))]


def _read_with_grammar(line: str, base: int, problems: list[Problem]) -> _Read | None:
    from lark import UnexpectedInput

    try:
        tree = _parser().parse(line)
    except UnexpectedInput as exc:
        at = base + _column_offset(line, exc)
        expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])
        what = ", ".join(_readable(e) for e in expected) if expected else "a well-formed `Intent: [slot, ...]` line"
        char = line[at - base : at - base + 1]
        found = f"`{char}`" if char else "the end of the line"
        problems.append(Problem(at, min(at + 1, base + len(line)) if char else at, f"annotation: expected {what}, found {found}"))
        return None
    name: Any = tree.children[0]
    slots = [slot.children[0] for slot in tree.children[1:] if slot is not None]  # type: ignore[union-attr]
    return (str(name), name.start_pos or 0), [(str(t), t.start_pos, t.end_pos) for t in slots]  # type: ignore[union-attr, misc]


def _column_offset(line: str, exc: Any) -> int:
    from lark import UnexpectedEOF

    if isinstance(exc, UnexpectedEOF) or getattr(getattr(exc, "token", None), "type", None) == "$END":
        return len(line)
    pos = getattr(exc, "pos_in_stream", None)
    if pos is None:
        token = getattr(exc, "token", None)
        pos = getattr(token, "start_pos", None)
    if pos is None:
        pos = max(0, (getattr(exc, "column", 1) or 1) - 1)
    return min(int(pos), len(line))


_NAMES = {"RSQB": "`]`", "LSQB": "`[`", "COMMA": "`,`", "COLON": "`:`", "NAME": "a name", "$END": "the end of the line"}


def _readable(terminal: str) -> str:
    return _NAMES.get(terminal, terminal)
