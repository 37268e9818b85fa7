"""COR116: `morphological_analysis` as `segmented words | glosses` (Leipzig rule 2).

A clean analysis is confirmed by a quick split in plain Python (a few microseconds), many
at once on one joined text. An analysis that fails it is read by a regular expression when
it is well formed (its words miscounted) and parsed with the Lark grammar
``grammars/gloss.lark`` when it is not, to say exactly where and why. Tests prove that the
three agree.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate, repeat
from operator import and_, eq
from typing import Any

import msgspec


class GlossProblem(msgspec.Struct, frozen=True):
    message: str
    start: int  # offsets in the analysis string
    end: int


_EMPTY_PIECE = re.compile(r"(?:^|\s)[-=]|[-=](?:\s|$)|[-=][-=]")


def morpheme_count(word: str) -> int | None:
    """Morphemes of one word: pieces between `-`/`=` plus one per `<infix>`; ``None`` for an empty piece."""
    if _EMPTY_PIECE.search(word):
        return None
    return word.count("-") + word.count("=") + word.count("<") + 1


_EMPTY_PIECE_EITHER_SIDE = re.compile(r"(?:^|[\s|])[-=]|[-=](?:[\s|]|$)|[-=][-=]")  # _EMPTY_PIECE, "|" ending a side
_NOT_A_BOUNDARY = re.compile(r"[^ \-=<]+")
_ONE_BOUNDARY = str.maketrans("=<", "--")


def is_clean(value: str) -> bool:
    """Whether the analysis is well formed and aligned (the fast path: a few C calls)."""
    left, bar, right = value.partition("|")
    if not bar or "|" in right or _EMPTY_PIECE_EITHER_SIDE.search(value):
        return False  # quick reject; the slow path says where
    words, glosses = " ".join(left.split()), " ".join(right.split())
    return bool(words) and bool(glosses) and _boundaries(words) == _boundaries(glosses)


def clean_flags(values: list[str]) -> list[bool]:
    """``list(map(is_clean, values))``, done on one joined text (a block of entries at
    once): each step is a C call over all the values, and what fails is traced back to its
    value."""
    flags = list(map((1).__eq__, map(str.count, values, repeat("|"))))
    sides_of = values if all(flags) else [v if one else "|" for v, one in zip(values, flags, strict=True)]
    joined = "\n".join(sides_of)
    if joined.count("\n") != len(values) - 1:  # a line break inside a value: one by one
        return list(map(is_clean, values))
    # One line per side (words, glosses, words, ...), whitespace collapsed as ``is_clean`` does.
    sides = list(map(" ".join, map(str.split, joined.replace("|", "\n").split("\n"))))
    flags = list(map(all, zip(flags, sides[0::2], sides[1::2], strict=False)))
    # In UTF-8 only ASCII characters are bytes below 128: bytes are as good as characters here.
    lines = "\n".join(sides).encode("utf-8", "surrogatepass")
    dashed = lines.translate(_ONE_DASH)
    if _has_empty_piece(dashed):  # (substring searches: the pattern below is slow where it finds nothing)
        ends = list(accumulate(map((1).__add__, map(len, lines.split(b"\n")))))  # each line's end, plus one
        for found in _EMPTY_PIECE_IN_LINES.finditer(dashed):
            flags[bisect_right(ends, found.start()) // 2] = False
    marks = lines.translate(_BOUNDARIES_AS_DASHES, _NOT_A_BOUNDARY_OR_SPACE).split(b"\n")
    return list(map(and_, flags, map(eq, marks[0::2], marks[1::2])))


_ONE_DASH = bytes.maketrans(b"=", b"-")
_BOUNDARIES_AS_DASHES = bytes.maketrans(b"=<", b"--")
_NOT_A_BOUNDARY_OR_SPACE = bytes(set(range(256)) - set(b" \n-=<"))
# ``_EMPTY_PIECE_EITHER_SIDE`` on sides already stripped and spaced by single spaces, one per
# line (``=`` as ``-``): a boundary at either end of a side, or next to a space or another.
# (Lookarounds: a match never takes the line break a match on the next line would need.)
_EMPTY_PIECE_IN_LINES = re.compile(rb"(?<![^ \n])-|-(?![^ \n])|--")


def _has_empty_piece(lines: bytes) -> bool:
    """Whether ``_EMPTY_PIECE_IN_LINES`` finds anything."""
    return (lines.startswith(b"-") or lines.endswith(b"-") or b"--" in lines
            or b" -" in lines or b"- " in lines or b"\n-" in lines or b"-\n" in lines)


def _boundaries(words: str) -> list[str]:
    """Each word's morpheme boundaries as dashes: ``"ni-wāpam-āw atim"`` → ``["--", ""]``."""
    return _NOT_A_BOUNDARY.sub("", words.translate(_ONE_BOUNDARY)).split(" ")


@lru_cache(maxsize=1)
def parser() -> Any:
    from lark import Lark

    from goldlint.resources import grammar_text

    return Lark(grammar_text("gloss.lark"), parser="lalr", propagate_positions=True)


def check(value: str) -> list[GlossProblem]:
    """Every problem of one analysis; ``[]`` when it is clean."""
    if is_clean(value):
        return []
    body = value.strip()
    base = len(value) - len(value.lstrip())
    if not body:
        return [GlossProblem("empty `morphological_analysis`: expected `segmented words | glosses`", 0, len(value))]
    sides = _read_well_formed(body, base)
    if sides is None:  # (not well formed: Lark, imported only now, says where)
        from lark.exceptions import UnexpectedInput

        try:
            tree = parser().parse(body)
        except UnexpectedInput as exc:
            return [_syntax(exc, body, base)]
        sides = (_words(tree.children[0], base), _words(tree.children[1], base))
    left, right = sides
    problems: list[GlossProblem] = []
    for (word, s, e), (gloss, _, _) in zip(left, right, strict=False):
        a, b = morpheme_count(word), morpheme_count(gloss)
        if a != b:
            problems.append(GlossProblem(
                f"`{word}` has {a} morpheme{'s' * (a != 1)} but its gloss `{gloss}` has {b} (Leipzig rule 2: one gloss per morpheme)", s, e))
    if len(left) != len(right):
        longer, side = (left, "segmented") if len(left) > len(right) else (right, "glossed")
        word, s, e = longer[min(len(left), len(right))]
        what = "has no gloss" if side == "segmented" else "glosses no word"
        problems.append(GlossProblem(
            f"{len(left)} segmented word{'s' * (len(left) != 1)} but {len(right)} glossed: `{word}` {what}", s, e))
    return problems


_WORD = r"[^\s|=\-]+(?:[-=][^\s|=\-]+)*"  # gloss.lark's ``word``: morphemes joined by boundaries
_WELL_FORMED = re.compile(rf"{_WORD}(?:\s+{_WORD})*\s*\|\s*{_WORD}(?:\s+{_WORD})*")  # gloss.lark's ``start``
_TOKEN = re.compile(r"\S+")
Words = list[tuple[str, int, int]]  # each word, with its offsets in the analysis


def _read_well_formed(body: str, base: int) -> tuple[Words, Words] | None:
    """The words of both sides of a stripped analysis, read by a regular expression when
    the grammar would parse it (a misaligned analysis usually is well formed: the Lark
    parser, 30 ms to build and 200 µs a parse, is spared); None: let the grammar say why not."""
    if _WELL_FORMED.fullmatch(body) is None:
        return None
    bar = body.index("|")
    return ([(m.group(), base + m.start(), base + m.end()) for m in _TOKEN.finditer(body, 0, bar)],
            [(m.group(), base + m.start(), base + m.end()) for m in _TOKEN.finditer(body, bar + 1)])


def _words(line: Any, base: int) -> Words:
    out = []
    for word in line.children:
        text = "".join(str(tok) for tok in word.children)
        out.append((text, word.meta.start_pos + base, word.meta.end_pos + base))
    return out


def _syntax(exc: Any, body: str, base: int) -> GlossProblem:
    at = getattr(exc, "pos_in_stream", None)
    at = len(body) if at is None or at < 0 else at
    token = getattr(exc, "token", None)
    kind = getattr(token, "type", "")
    text = str(token) if token is not None else body[at : at + 1]
    if kind == "$END":
        if "|" not in body:
            return GlossProblem("no `|` between the segmented words and their glosses (expected `segmented words | glosses`)", base, base + len(body))
        return GlossProblem("nothing after `|`: the glosses are missing", base + len(body) - 1, base + len(body))
    if kind == "_BAR":
        if at == 0:
            return GlossProblem("nothing before `|`: the segmented words are missing", base, base + len(text))
        bar = body.index("|", at)
        return GlossProblem("a second `|`: expected exactly one, between the segmented words and their glosses", base + bar, base + bar + 1)
    if kind == "SEP" or kind == "_SP":
        return GlossProblem("empty morpheme: a `-` or `=` boundary at the edge of a word or next to another", base + at - (kind == "_SP"), base + at + (kind == "SEP"))
    return GlossProblem(f"unexpected `{text}` in the analysis", base + at, base + at + max(len(text), 1))
