"""Did-you-mean suggestions for misspelt vocabulary values and keys, and for a whole number
written as a string. (difflib is imported by the first suggestion: a clean file asks for none.)"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache


def closest(value: str, choices: Iterable[str], cutoff: float = 0.75) -> list[str]:
    """The choices close to ``value``, best first (case and ``-``/``_`` differences count as close)."""
    return list(_closest(value, tuple(choices), cutoff))


def unambiguous(value: str, choices: Iterable[str]) -> str | None:
    """The one choice ``value`` is a typo of, or ``None`` when there is none or several."""
    return _unambiguous(value, tuple(choices))


# A file that misspells a value usually misspells it the same way many times: each answer
# is kept (difflib compares the value with every choice, 100 µs and more).
@lru_cache(maxsize=1024)
def _closest(value: str, options: tuple[str, ...], cutoff: float) -> tuple[str, ...]:
    folded = {_fold(c): c for c in options}
    if _fold(value) in folded:
        return (folded[_fold(value)],)
    import difflib

    return tuple(difflib.get_close_matches(value, options, n=3, cutoff=cutoff))


@lru_cache(maxsize=1024)
def _unambiguous(value: str, options: tuple[str, ...]) -> str | None:
    folded = [c for c in options if _fold(c) == _fold(value)]
    if len(folded) == 1:
        return folded[0]
    import difflib

    matches = difflib.get_close_matches(value, options, n=2, cutoff=0.75)
    if len(matches) == 1:
        return matches[0]
    if len(matches) == 2:
        ratios = [difflib.SequenceMatcher(None, value, m).ratio() for m in matches]
        if ratios[0] - ratios[1] >= 0.1:
            return matches[0]
    return None


def did_you_mean(value: str, choices: Iterable[str]) -> str:
    found = closest(value, choices)
    return f" (did you mean `{found[0]}`?)" if found else ""


def _fold(s: str) -> str:
    return s.casefold().replace("-", "_").replace(" ", "_")


def written_integer(text: str) -> int | None:
    """The integer ``text`` writes in ASCII digits alone (``"3"``), or None: ``"²"`` and ``"٣"``
    are digits to ``str.isdigit`` but no JSON number, and a number of more digits than the
    interpreter converts (4,300 by default) is read as none."""
    if not (text.isascii() and text.isdigit()):
        return None
    try:
        return int(text)
    except ValueError:  # (more digits than ``int`` converts)
        return None
