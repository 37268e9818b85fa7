"""Type checks by hand on decoded values, shared by the `corpus` and `runcard` families.

The clean path calls only :func:`is_str`, :func:`is_int` and friends (plain ``isinstance``
tests); :func:`describe` and :func:`expect` build a message only when a value is wrong.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from goldlint.families.base import Report
from goldlint.findings import At
from goldlint.suggest import closest

if TYPE_CHECKING:
    from goldlint.rules.registry import Rule


def is_str(v: Any) -> bool:
    return isinstance(v, str)


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v: Any) -> bool:
    """A finite JSON number (booleans are not numbers; NaN and infinities are not JSON)."""
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    return isinstance(v, float) and math.isfinite(v)


def is_obj(v: Any) -> bool:
    return isinstance(v, dict)


def is_list(v: Any) -> bool:
    return isinstance(v, list)


CHECKS = {
    "string": is_str,
    "integer": is_int,
    "number": is_num,
    "object": is_obj,
    "array": is_list,
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def describe(v: Any) -> str:
    """How a wrong value reads in a message: ``the number 7``, ``a list``, ``NaN``."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return f"the boolean {'true' if v else 'false'}"
    if isinstance(v, float) and not math.isfinite(v):
        return "NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity")
    if isinstance(v, (int, float)):
        text = repr(v)
        return f"the number {text if len(text) <= 24 else text[:20] + '…'}"
    if isinstance(v, str):
        shown = v if len(v) <= 40 else v[:37] + "…"
        return f"the string `{shown}`"
    if isinstance(v, dict):
        return "an object"
    if isinstance(v, list):
        return "an array"
    return type(v).__name__


def matches(v: Any, kinds: str) -> bool:
    """Whether ``v`` is one of ``kinds`` (``"string|null"``)."""
    return any(CHECKS[k](v) for k in kinds.split("|"))


def expected_text(kinds: str) -> str:
    names = {"string": "a string", "integer": "an integer", "number": "a number", "object": "an object",
             "array": "an array", "boolean": "true or false", "null": "null"}
    parts = [names[k] for k in kinds.split("|")]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def expect(report: Report, rule: Rule, at: At, name: str, value: Any, kinds: str) -> bool:
    """Report ``rule`` when ``value`` is not of ``kinds``; return whether it is."""
    if matches(value, kinds):
        return True
    rule.report(report, at, f"`{name}` must be {expected_text(kinds)}, found {describe(value)}")
    return False


def unknown_keys(report: Report, rule: Rule, at: At, obj: dict[str, Any], known: set[str] | frozenset[str], what: str,
                 aliases: dict[str, str] | None = None, fixable: bool = True, skip: Any = (),
                 renamed: dict[str, str] | None = None) -> dict[str, str]:
    """``rule`` for each key of ``obj`` not in ``known`` (did-you-mean; safe rename when unambiguous);
    ``renamed``: the keys of ``obj`` another rule renames, and to what. Returns the renames it proposes."""
    from goldlint.findings import Change, free_renames, safe_fix, unsafe_fix
    from goldlint.suggest import unambiguous

    free = [k for k in known if k not in obj]
    targets = {key: (aliases or {}).get(key) or unambiguous(key, free) for key in obj if key not in known and key not in skip}
    renames = {key: target for key, target in targets.items() if target is not None}
    offered = free_renames(obj, {**(renamed or {}), **renames})
    for key, target in targets.items():
        hint = (aliases or {}).get(key)
        near = closest(key, known) if not hint else [hint]
        more = f" (did you mean `{near[0]}`?)" if near else ""
        fix = None
        if fixable and target is not None and key in offered:
            import json

            make = unsafe_fix if hint else safe_fix  # an alias (`target`) is a guess about meaning, a typo is not
            fix = make(f"rename `{key}` to `{target}`", Change(at.child(key).as_key, json.dumps(target, ensure_ascii=False)))
        rule.report(report, at.child(key).as_key, f"unknown field `{key}` in {what}{more}", fix)
    return renames
