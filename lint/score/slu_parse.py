"""A model's raw SLU answer, parsed the way MERA's official ruslun scorer parses it.

The clean-up (MERA_MULTIMODAL ``multimodal_tasks/ruslun/utils.py``, ``clean_json_text``), step
by step and in this order, each applied when it matches:

1. strip whitespace;
2. a whole-string code fence: three back-ticks, an optional ``\\w+`` language tag, optional
   whitespace, the body, three back-ticks at the very end (the body is stripped);
3. then (not instead) one pair of single back-ticks around the whole string;
4. one leading ``json`` (any case) followed by optional whitespace and ``:``, ``\\n`` or ``\\r``;
5. matching outer quotes: unwrapped as a Python literal, or simply cut off when that fails;
6. strip, then JSON (:func:`json.loads`, as upstream: ``NaN`` and ``Infinity`` included).

Then the answer's parts: :func:`answer_of` makes the comparable intent and the multiset of
(type, value) pairs under a profile (``spec`` folds case and spaces on both sides; ``mera``
keeps the decoded values and compares ``str()`` of slot types and values, as upstream).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from typing import Any

_FENCE = re.compile(r"^```(?:\w+)?\s*(.*)\s*```$", re.DOTALL)
_JSON_PREFIX = re.compile(r"^\s*json\s*[:\n\r]\s*", re.IGNORECASE)
_DEPTH_ERRORS = (RecursionError, MemoryError)


@dataclass(slots=True)
class Parsed:
    value: Any  # the decoded JSON value, or None
    problem: str | None  # why it is unparsable
    crash: str | None = None  # the exception MERA's scorer raises on this text, if it raises


def clean(text: str) -> str:
    """MERA's clean-up of a (lower-cased, in its pipeline) raw answer, steps 1–5."""
    t = text.strip()
    fence = _FENCE.match(t)
    if fence:
        t = fence.group(1).strip()
    if t.startswith("`") and t.endswith("`"):
        t = t[1:-1].strip()
    t = _JSON_PREFIX.sub("", t, count=1)
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "'\"":
        t = _unquoted(t)
    return t.strip()


def _unquoted(t: str) -> str:
    try:
        inner = ast.literal_eval(t)
    except Exception:  # noqa: BLE001 - upstream cuts the quotes off on any failure, so must we
        return t[1:-1]
    return inner if isinstance(inner, str) else _safe_str(inner)


def parse_raw(text: str) -> Parsed:
    t = clean(text)
    if not t:
        return Parsed(None, "empty answer")
    try:
        value = json.loads(t)
    except json.JSONDecodeError as exc:
        return Parsed(None, f"not JSON after the official clean-up ({exc.msg})")
    except _DEPTH_ERRORS:
        return Parsed(None, "the JSON is nested too deeply to decode", "RecursionError")
    except ValueError as exc:  # an integer over the interpreter's digit limit
        return Parsed(None, f"the JSON cannot be decoded ({_first_words(exc)})", "ValueError")
    if value is None:
        return Parsed(None, "the answer is JSON `null`")
    return Parsed(value, None)


def fold(value: Any) -> str:
    """The spec profile's comparison form: case-folded, trimmed, inner whitespace collapsed."""
    return " ".join((value if type(value) is str else _safe_str(value)).casefold().split())


def lower_strings(value: Any) -> Any:
    """Every string of a decoded value lower-cased (MERA lower-cases the prediction text).

    Iterative, so a prediction nested thousands of levels deep cannot exhaust the stack.
    """
    root: list[Any] = [value]
    stack: list[tuple[Any, Any, Any]] = [(root, 0, value)]
    while stack:
        parent, slot, item = stack.pop()
        if isinstance(item, str):
            parent[slot] = item.lower()
        elif isinstance(item, list):
            copy: list[Any] = list(item)
            parent[slot] = copy
            stack.extend((copy, n, v) for n, v in enumerate(item))
        elif isinstance(item, dict):
            new: dict[Any, Any] = {}
            for k, v in item.items():
                key = k.lower() if isinstance(k, str) else k
                new[key] = v
                stack.append((new, key, v))
            parent[slot] = new
    return root[0]


@dataclass(slots=True)
class Answer:
    intent: Any  # comparison form (spec: folded string; mera: the decoded value); None = no intent
    pairs: list[tuple[str, str]]  # comparison form
    crash: str | None = None  # mera: the exception the official scorer raises on it

    @property
    def label(self) -> str | None:
        """The intent as a name for breakdowns and the confusion matrix."""
        return self.intent if isinstance(self.intent, str) or self.intent is None else _safe_str(self.intent, 80)


def answer_of(value: Any, profile: str) -> Answer | None:
    """The comparable answer in a decoded prediction or gold ``outputs``; ``None`` if it holds none.

    ``mera`` reproduces the official ``process_results``: ``intent`` compared with ``==``,
    ``slots`` read as ``value.get("slots", []) or []``, each slot's ``.items()`` as
    ``(str(key), str(value))``. What makes that code raise is returned as ``crash``.
    """
    if profile == "mera":
        return _mera_answer(value)
    if not isinstance(value, dict):
        return None
    intent = value.get("intent")
    return Answer(None if intent is None else fold(intent), _spec_pairs(value.get("slots")))


def _mera_answer(value: Any) -> Answer:
    if not isinstance(value, dict):
        return Answer(None, [], f"AttributeError: a JSON {_json_type(value)} has no `.get` (it is not an object)")
    slots = value.get("slots", []) or []
    if isinstance(slots, dict):
        return Answer(None, [], "AttributeError: `slots` is a non-empty object, whose keys have no `.items()`")
    if not isinstance(slots, list):
        what = "a non-empty string" if isinstance(slots, str) else f"the {_json_type(slots)} `{_safe_str(slots, 20)}`"
        return Answer(None, [], f"{'AttributeError' if isinstance(slots, str) else 'TypeError'}: `slots` is {what}, not a list")
    pairs: list[tuple[str, str]] = []
    for item in slots:
        if not isinstance(item, dict):
            return Answer(None, [], f"AttributeError: a slot is a JSON {_json_type(item)}, not an object")
        for k, v in item.items():
            try:
                pairs.append((str(k), str(v)))
            except _DEPTH_ERRORS:
                return Answer(None, [], "RecursionError: a slot value is nested too deeply for `str()`")
            except ValueError:
                return Answer(None, [], "ValueError: a slot value is an integer over the interpreter's digit limit for `str()`")
    return Answer(value.get("intent"), pairs)


def _spec_pairs(slots: Any) -> list[tuple[str, str]]:
    """(type, value) pairs: every pair of every slot object; missing, null or other falsy slots are none.

    A lone ``slots`` object counts as one multi-key slot; a slot that is not an object, or
    ``slots`` that is neither a list nor an object, counts as one pair that matches nothing.
    """
    if not slots:
        return []
    if isinstance(slots, dict):
        slots = [slots]
    if not isinstance(slots, list):
        return [("\0", "\0")]
    out: list[tuple[str, str]] = []
    for item in slots:
        if isinstance(item, dict):
            out.extend((fold(k), fold(v)) for k, v in item.items())
        else:
            out.append(("\0", "\0"))
    return out


def slots_problem(value: Any) -> str | None:
    """Why the spec profile reads a decoded answer's ``slots`` as a wrong slot (``None``: it does not)."""
    slots = value.get("slots") if isinstance(value, dict) else None
    if not slots or isinstance(slots, dict):
        return None
    if not isinstance(slots, list):
        return f"`slots` is a {_json_type(slots)}, not a list of objects: counted as one slot that matches nothing"
    wrong = sum(1 for item in slots if not isinstance(item, dict))
    return f"{wrong} slot(s) not an object: each counted as a slot that matches nothing" if wrong else None


def intents_equal(pred: Answer, gold: Answer, profile: str) -> bool:
    """Intent exact match: ``==`` of the decoded values for mera (so ``None == None`` counts,
    as upstream), equal folded strings for spec (an absent intent never matches)."""
    if profile == "mera":
        try:
            return bool(pred.intent == gold.intent)
        except _DEPTH_ERRORS:
            return False
    return pred.intent is not None and pred.intent == gold.intent


def _safe_str(value: Any, limit: int | None = None) -> str:
    """``str(value)``, or a short stand-in where ``str`` raises (too deep, too many digits)."""
    try:
        text = str(value)
    except _DEPTH_ERRORS:
        text = f"<{_json_type(value)} nested too deeply>"
    except ValueError:
        text = "<integer with too many digits>"
    return text if limit is None or len(text) <= limit else text[:limit] + "…"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    names: dict[type, str] = {str: "string", list: "list", dict: "object"}
    return names.get(type(value), type(value).__name__)


def _first_words(exc: Exception) -> str:
    return str(exc).split(";")[0][:120]
