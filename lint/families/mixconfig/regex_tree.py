"""A small parser of Python regular expressions into a tree with source spans.

Only what the backtracking analysis (:mod:`.patterns`) needs: characters (as sets of probe
characters), sequences, alternations, groups, repeats and zero-width items, each with its
``[start, end)`` in the pattern. It runs only on patterns Python's ``re`` has compiled,
in time linear in the pattern (plus one probe match per character class).
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from functools import lru_cache

# Characters that stand for "all characters" when testing what a class can match.
_BASE = "".join(chr(c) for c in range(0x180)) + "".join(chr(c) for c in range(0x391, 0x3CA)) + "".join(chr(c) for c in range(0x400, 0x460))
_BASE += "\u00a0\u2003\u2028\u3000中日٣\U0001F600"
_WHOLE = re.compile(r"\?(?:#[^)]*|P=\w+|[aiLmsux]+)\)")
_PREFIX = re.compile(r"\?(?::|>|=|!|<=|<!|P<\w+>|[aiLmsux]*(?:-[imsx]*)?:|\(\w+\))")
_ESCAPE = re.compile(r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|0[0-7]{0,2}|[1-9][0-9]?|.)", re.DOTALL)
_BRACES = re.compile(r"\{(\d*)(?:(,)(\d*))?\}")


@dataclass(slots=True)
class Node:
    kind: str  # "char", "zero", "seq", "alt", "group", "repeat"
    start: int
    end: int
    items: list[Node] = field(default_factory=list)
    chars: frozenset[str] = frozenset()
    lo: int = 1
    hi: int | None = 1  # None: unbounded
    atomic: bool = False  # an atomic group, or a possessive repeat: it never backtracks


class RegexParser:
    def __init__(self, pattern: str, flags: int) -> None:
        self.p = pattern
        self.i = 0
        self.flags = flags & (re.IGNORECASE | re.DOTALL | re.ASCII)
        self.probes = _BASE + "".join(sorted(set(pattern)))

    def parse(self) -> Node:
        node = self._alt()
        if self.i != len(self.p):
            raise ValueError(f"unbalanced `)` at {self.i}")
        return node

    def _alt(self) -> Node:
        start = self.i
        branches = [self._seq()]
        while self.i < len(self.p) and self.p[self.i] == "|":
            self.i += 1
            branches.append(self._seq())
        return branches[0] if len(branches) == 1 else Node("alt", start, self.i, branches)

    def _seq(self) -> Node:
        start = self.i
        items: list[Node] = []
        while self.i < len(self.p) and self.p[self.i] not in "|)":
            atom = self._atom()
            items.append(self._quantified(atom))
        return Node("seq", start, self.i, items)

    def _quantified(self, atom: Node) -> Node:
        p = self.p
        while self.i < len(p):
            c = p[self.i]
            if c in "*+?":
                lo, hi = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
                self.i += 1
            elif c == "{":
                m = _BRACES.match(p, self.i)
                if m is None or (not m.group(1) and not m.group(2)):
                    return atom
                lo = int(m.group(1) or 0)
                hi = lo if m.group(2) is None else (int(m.group(3)) if m.group(3) else None)
                self.i = m.end()
            else:
                return atom
            atomic = False
            if self.i < len(p) and p[self.i] in "?+":
                atomic = p[self.i] == "+"
                self.i += 1
            atom = Node("repeat", atom.start, self.i, [atom], lo=lo, hi=hi, atomic=atomic)
        return atom

    def _atom(self) -> Node:
        p, start = self.p, self.i
        c = p[start]
        if c == "(":
            return self._group()
        if c == "[":
            end = _class_end(p, start)
            self.i = end
            return Node("char", start, end, chars=self._probe(p[start:end]))
        if c == "\\":
            m = _ESCAPE.match(p, start)
            assert m is not None
            self.i = m.end()
            text = m.group()
            if text[1] in "AbBZ":
                return Node("zero", start, self.i)
            if text[1].isdigit() and text[1] != "0":  # a back-reference: any text, possibly empty
                return Node("repeat", start, self.i, [Node("char", start, self.i, chars=frozenset(self.probes))], lo=0, hi=None)
            return Node("char", start, self.i, chars=self._probe(text))
        self.i += 1
        if c in "^$":
            return Node("zero", start, self.i)
        return Node("char", start, self.i, chars=self._probe(c if c != "." else "."))

    def _group(self) -> Node:
        p, start = self.p, self.i
        self.i += 1
        zero = atomic = False
        if p.startswith("?", self.i):
            whole = _WHOLE.match(p, self.i)  # (?#comment), (?P=name), (?aiLmsux): nothing to repeat
            if whole is not None:
                self.i = whole.end()
                if whole.group().startswith("?P="):
                    return Node("repeat", start, self.i, [Node("char", start, self.i, chars=frozenset(self.probes))], lo=0, hi=None)
                return Node("zero", start, self.i)
            m = _PREFIX.match(p, self.i)
            if m is None:
                raise ValueError(f"unknown group at {start}")
            kind = m.group()
            zero = kind in ("?=", "?!", "?<=", "?<!")
            atomic = kind == "?>"
            self.i = m.end()
        body = self._alt()
        if self.i >= len(p) or p[self.i] != ")":
            raise ValueError(f"missing `)` for the group at {start}")
        self.i += 1
        if zero:
            return Node("zero", start, self.i, [body])
        return Node("group", start, self.i, [body], atomic=atomic)

    def _probe(self, atom: str) -> frozenset[str]:
        return _probe(atom, self.flags, self.probes)


def quiet_compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile`` without Python's warnings about the pattern (``[[`` or ``--`` in a class:
    "possible nested set"): a user's pattern is judged by the rules, never echoed to stderr."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return re.compile(pattern, flags)


@lru_cache(maxsize=4096)
def _probe(atom: str, flags: int, probes: str) -> frozenset[str]:
    rx = quiet_compile(atom, flags)
    return frozenset(c for c in probes if rx.fullmatch(c))


def _class_end(p: str, i: int) -> int:
    """The offset just past the character class ``[...]`` that starts at ``i``."""
    j = i + 1
    if j < len(p) and p[j] == "^":
        j += 1
    if j < len(p) and p[j] == "]":
        j += 1
    while j < len(p) and p[j] != "]":
        j += 2 if p[j] == "\\" else 1
    return j + 1
