"""A model's raw SLU answer, parsed the way MERA's official ruslun scorer parses it.

Steps (SCORING.md): strip whitespace; remove one code fence (```` ```lang … ``` ````) or a
pair of single back-ticks; remove one leading ``json:`` or ``json\\n`` (any case); if the
whole string is wrapped in matching quotes, unwrap it as a Python literal; then JSON.
Anything else is unparsable.

Then the answer's parts: :func:`slot_pairs` makes the multiset of (type, value) pairs
under a profile's comparison (``spec`` folds case and spaces on both sides; ``mera``
compares ``str()`` as written).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from typing import Any

_FENCE = re.compile(r"```[^\n`]*\n?(.*?)\n?\s*```", re.DOTALL)
_JSON_PREFIX = re.compile(r"json(?::|\n)", re.IGNORECASE)


@dataclass(slots=True)
class Parsed:
    value: Any  # the decoded JSON value, or None
    problem: str | None  # why it is unparsable


def parse_raw(text: str) -> Parsed:
    t = text.strip()
    fence = _FENCE.fullmatch(t)
    if fence:
        t = fence.group(1).strip()
    elif len(t) >= 2 and t[0] == "`" and t[-1] == "`":
        t = t[1:-1].strip()
    prefix = _JSON_PREFIX.match(t)
    if prefix:
        t = t[prefix.end():].strip()
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "\"'":
        try:
            inner = ast.literal_eval(t)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            inner = None
        if isinstance(inner, str):
            t = inner.strip()
    if not t:
        return Parsed(None, "empty answer")
    try:
        return Parsed(json.loads(t), None)
    except ValueError as exc:
        return Parsed(None, f"not JSON after the official clean-up ({exc.args[0].split(':')[0]})")


def fold(value: Any) -> str:
    """The spec profile's comparison form: case-folded, trimmed, inner whitespace collapsed."""
    return " ".join(str(value).casefold().split())


def lower_strings(value: Any) -> Any:
    """Every string of a decoded value lower-cased (MERA lower-cases the prediction text)."""
    if isinstance(value, str):
        return value.lower()
    if isinstance(value, list):
        return [lower_strings(v) for v in value]
    if isinstance(value, dict):
        return {lower_strings(k): lower_strings(v) for k, v in value.items()}
    return value


@dataclass(slots=True)
class Answer:
    intent: str | None  # comparison form; None = no intent
    pairs: list[tuple[str, str]]  # comparison form
    crash: str | None = None  # mera: why the official scorer would crash on it


def answer_of(value: Any, profile: str) -> Answer | None:
    """The comparable answer in a decoded prediction or gold ``outputs``; ``None`` if it holds none."""
    if isinstance(value, list):
        return Answer(None, [], "a JSON list, not an object") if profile == "mera" else None
    if not isinstance(value, dict):
        return None
    intent = value.get("intent")
    slots = value.get("slots")
    crash = None
    if profile == "mera":
        if isinstance(slots, dict):
            crash = "`slots` is an object, not a list"
        elif isinstance(slots, list) and any(not isinstance(item, dict) for item in slots):
            crash = "a slot is not an object"
        if crash:
            return Answer(None, [], crash)
    return Answer(None if intent is None else _form(intent, profile), slot_pairs(slots, profile))


def slot_pairs(slots: Any, profile: str) -> list[tuple[str, str]]:
    """(type, value) pairs: every pair of every slot object; missing or null slots are none.

    In the spec profile a lone ``slots`` object counts as one multi-key slot and a slot
    that is not an object counts as one predicted pair that matches nothing.
    """
    if slots is None:
        return []
    if isinstance(slots, dict):
        slots = [slots]
    if not isinstance(slots, list):
        return [("\0", "\0")]
    out: list[tuple[str, str]] = []
    for item in slots:
        if isinstance(item, dict):
            out.extend((_form(k, profile), _form(v, profile)) for k, v in item.items())
        else:
            out.append(("\0", "\0"))
    return out


def _form(value: Any, profile: str) -> str:
    return fold(value) if profile == "spec" else str(value)
