"""Ignore patterns: do they compile (MXC102), can they backtrack exponentially (MXC103),
and a matcher goldlint itself may use without ever hanging.

What MXC103 refuses (the test tool matches with a backtracking engine, so these can hang
it on a single entity name):

1. a repeated part (``*``, ``+``, ``{m,}``, ``{m,n}`` with n > 1) containing another repeated
   part whose characters can also begin what follows it inside the loop (the same text can
   be split between the two repeats in exponentially many ways): ``(a+)+``, ``(\\w+\\s?)*``,
   ``(a*b*)*``. ``([A-Z]+_)*`` is accepted: ``_`` cannot be a letter.
2. a repeated part holding alternatives that can match the same beginning: ``(a|a)*``,
   ``(\\w|\\d)+``, ``(a|aa)*``. ``(SIZE|SHOT)+`` is accepted: the branches differ at
   their second character.

Possessive repeats (``a++``) and atomic groups (``(?>...)``) never backtrack and are
exempt. The analysis is conservative (it may refuse an unambiguous pattern such as
``(\\d+\\.\\d+)*``) and linear in the pattern's length.

goldlint's own matching (:func:`compile_pattern`) uses RE2 (``google-re2``, a runtime
dependency), a linear-time engine, and refuses what RE2 cannot run (back-references,
look-arounds). Only where RE2 is missing does it fall back to Python's ``re``, and then
only for patterns this analysis accepts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from goldlint.families.mixconfig.regex_tree import Node, RegexParser, quiet_compile


@dataclass(frozen=True, slots=True)
class Danger:
    start: int  # the span of the repeat that can backtrack exponentially
    end: int
    reason: str


def compile_error(pattern: str) -> tuple[int, int, str] | None:
    """MXC102: ``(start, end, message)`` of Python's compile error, or ``None``."""
    try:
        quiet_compile(pattern)
    except re.error as exc:
        pos = exc.pos if exc.pos is not None else 0
        start = min(pos, max(len(pattern) - 1, 0))
        return start, min(start + 1, len(pattern)) if pattern else 0, f"{exc.msg} (at position {pos})"
    except (OverflowError, RecursionError) as exc:
        return 0, len(pattern), str(exc) or "pattern too complex"
    except ValueError:  # (``re`` reads a repeat count with ``int``, which refuses more than 4,300 digits)
        digits = re.search(r"[0-9]{4301,}", pattern)
        start, end = digits.span() if digits is not None else (0, len(pattern))
        return start, end, "a number of more digits than Python reads (4,300): the repetition number is too large"
    return None


def find_danger(pattern: str) -> Danger | None:
    """MXC103: the first construct that can backtrack exponentially, or ``None``.

    The pattern must compile; a pattern the small parser cannot read is reported as not
    analysable (``reason`` says so) so that callers can refuse to run it.
    """
    try:
        flags = quiet_compile(pattern).flags
        tree = RegexParser(pattern, flags).parse()
    except (re.error, ValueError, RecursionError, IndexError, AssertionError) as exc:
        return Danger(0, len(pattern), f"goldlint cannot analyse this pattern ({exc})")
    return _scan(tree, pattern)


def _walk(node: Node, enter_atomic: bool = False) -> list[Node]:
    """The node and its descendants, outermost first, not entering atomic parts (unless asked)."""
    out = [node]
    if node.atomic and not enter_atomic:
        return out
    stack = list(reversed(node.items))
    while stack:
        n = stack.pop()
        if n.atomic and not enter_atomic:
            continue
        out.append(n)
        stack.extend(reversed(n.items))
    return out


def _repeats(node: Node) -> bool:
    return node.kind == "repeat" and not node.atomic and (node.hi is None or node.hi > 1)


def nullable(n: Node) -> bool:
    if n.kind == "char":
        return False
    if n.kind in ("zero",):
        return True
    if n.kind == "seq":
        return all(nullable(i) for i in n.items)
    if n.kind == "alt":
        return any(nullable(i) for i in n.items)
    if n.kind == "repeat":
        return n.lo == 0 or nullable(n.items[0])
    return nullable(n.items[0])  # group


def first(n: Node) -> frozenset[str]:
    if n.kind == "char":
        return n.chars
    if n.kind == "zero":
        return frozenset()
    if n.kind == "seq":
        out: set[str] = set()
        for item in n.items:
            out |= first(item)
            if not nullable(item):
                break
        return frozenset(out)
    if n.kind == "alt":
        return frozenset().union(*(first(i) for i in n.items))
    if n.kind == "repeat" and n.hi == 0:
        return frozenset()
    return first(n.items[0])


def consumable(n: Node) -> frozenset[str]:
    return frozenset().union(*(x.chars for x in _walk(n, enter_atomic=True) if x.kind == "char"))


def follow(n: Node, target: Node) -> tuple[frozenset[str], bool] | None:
    """What can come right after ``target`` inside ``n``, and whether ``n`` can end right after it."""
    if n is target:
        return frozenset(), True
    if n.kind == "seq":
        for k, item in enumerate(n.items):
            found = follow(item, target)
            if found is None:
                continue
            chars, tail = set(found[0]), found[1]
            for later in n.items[k + 1 :]:
                if not tail:
                    break
                chars |= first(later)
                tail = nullable(later)
            return frozenset(chars), tail
        return None
    if n.kind in ("alt", "group", "repeat"):
        for item in n.items:
            found = follow(item, target)
            if found is not None:
                if n.kind == "repeat" and found[1] and (n.hi is None or n.hi > 1):
                    return found[0] | first(item), True
                return found
    return None


def _prefix(n: Node) -> tuple[list[frozenset[str]], bool]:
    """The character sets of a branch's first positions, and whether they are all of it."""
    sets: list[frozenset[str]] = []
    items = n.items if n.kind == "seq" else [n]
    for item in items:
        if item.kind == "char":
            sets.append(item.chars)
        elif item.kind == "zero":
            continue
        else:
            return sets, False
    return sets, True


def _overlap(a: Node, b: Node) -> bool:
    pa, whole_a = _prefix(a)
    pb, whole_b = _prefix(b)
    if (not pa and whole_a) or (not pb and whole_b):
        return False  # an empty alternative consumes nothing
    for x, y in zip(pa, pb, strict=False):  # (the shorter one ends the comparison)
        if not x & y:
            return False
    if len(pa) == len(pb) or (len(pa) < len(pb) and whole_a) or (len(pb) < len(pa) and whole_b):
        return True  # the same text, or one branch a prefix of the other
    return not (whole_a and whole_b)  # an unknown tail after an agreeing prefix: assume overlap


def _scan(tree: Node, pattern: str) -> Danger | None:
    for outer in _walk(tree):
        if not _repeats(outer):
            continue
        body = outer.items[0]
        for inner in _walk(body):
            if _repeats(inner) and consumable(inner.items[0]):
                found = follow(body, inner)
                if found is None:
                    continue
                chars, tail = found
                if tail:
                    chars = chars | first(body)
                if consumable(inner.items[0]) & chars:
                    text = pattern[inner.start : inner.end]
                    return Danger(outer.start, outer.end, f"the repeat `{text}` inside a repeated part can split the same text in many ways (nested quantifiers)")
            if inner.kind == "alt":
                branches = inner.items
                for x in range(len(branches)):
                    for y in range(x + 1, len(branches)):
                        if _overlap(branches[x], branches[y]):
                            a, b = (pattern[branches[i].start : branches[i].end] for i in (x, y))
                            return Danger(outer.start, outer.end, f"the alternatives `{a}` and `{b}` of a repeated part can match the same text")
    return None


def beyond_linear_time(pattern: str) -> tuple[int, int, str] | None:
    """A construct RE2 cannot run (a back-reference, a look-around, a possessive repeat, an
    atomic group, a repeat count over 1,000) and where it is; ``None`` when RE2 runs the
    pattern (or is not installed: then :func:`compile_pattern` decides by the analysis)."""
    try:
        import re2  # type: ignore[import-not-found]
    except ImportError:
        return None
    options = re2.Options()
    options.log_errors = False
    try:
        re2.compile(pattern, options)
    except re2.error as exc:
        said = exc.args[0].decode("utf-8", "replace") if exc.args and isinstance(exc.args[0], bytes) else str(exc)
        construct = said.rpartition(": ")[2]
        at = pattern.find(construct) if construct else -1
        return (at, at + len(construct), said) if at >= 0 else (0, len(pattern), said)
    return None


def compile_pattern(pattern: str) -> Callable[[str], Any] | None:
    """A ``search`` function for ``pattern`` that never backtracks exponentially, or ``None``
    when goldlint refuses to run the pattern (see the module docstring)."""
    try:
        import re2  # type: ignore[import-not-found]
    except ImportError:
        re2 = None
    if re2 is not None:
        options = re2.Options()
        options.log_errors = False
        try:
            return re2.compile(pattern, options).search  # type: ignore[no-any-return]
        except re2.error:
            # Back-references and look-arounds: RE2 does not have them, and a backtracking
            # engine runs them in time the analysis below cannot bound (``a*a*a*a*(?=b)`` is
            # polynomial, not exponential). Refused: goldlint runs user patterns in linear time only.
            return None
    if compile_error(pattern) is not None or find_danger(pattern) is not None:
        return None
    return quiet_compile(pattern).search
