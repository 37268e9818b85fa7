"""Offsets converted by counting from the nearest point already known.

Converting an offset in a large text (to a line number, to a byte offset) costs a scan
from somewhere known. A file with findings asks for a few thousand of them, in no
particular order; each answer is kept as a new starting point, so all of them together
cost about one pass over the text instead of one each.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable


class Checkpoints:
    """``convert(x)`` for ascending ``x``, given ``step(x0, y0, x) = y`` that counts from a known pair."""

    __slots__ = ("_step", "_xs", "_ys")

    def __init__(self, step: Callable[[int, int, int], int]) -> None:
        self._xs = [0]
        self._ys = [0]
        self._step = step

    def convert(self, x: int) -> int:
        at = bisect_right(self._xs, x) - 1
        x0 = self._xs[at]
        if x0 == x:
            return self._ys[at]
        y = self._step(x0, self._ys[at], x)
        self._xs.insert(at + 1, x)
        self._ys.insert(at + 1, y)
        return y

    def learn(self, x: int, y: int) -> None:
        """Keep a pair found some other way (the inverse conversion)."""
        at = bisect_right(self._xs, x)
        if self._xs[at - 1] != x:
            self._xs.insert(at, x)
            self._ys.insert(at, y)
