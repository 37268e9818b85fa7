"""The answer of a record: ``outputs.intent`` and ``outputs.slots`` (SLU102–SLU104, SLU111–SLU113, SLU116).

``outputs`` may be an object, or a string holding one (JSON, or Python-quoted as in the
published dataset). :class:`Answer` hides the difference: ``where(*steps)`` gives the
location of a part of the answer, inside the string when that is where it is written.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from typing import Any

import msgspec

from goldlint.families.base import Report
from goldlint.families.declare import declared
from goldlint.families.slu import declaration
from goldlint.families.slu.inventory import Inventory
from goldlint.families.slu.options import SluOptions
from goldlint.families.slu.rules import DUPLICATE_SLOT, INTENT_CASE_UNSCORABLE, OUTPUTS_AS_STRING, RECORD_SHAPE, SLOT_TEXT_CONVENTION
from goldlint.findings import At, Change, safe_fix
from goldlint.formats.json_scan import locate
from goldlint.lazy_patterns import LazyPatterns
from goldlint.rules.file_rules import check_gold_text
from goldlint.suggest import did_you_mean, unambiguous

Where = Callable[..., At]
_OUTPUTS, _INTENT, _SLOTS = declaration.OUTPUTS, declaration.INTENT, declaration.SLOTS
_IN, _SL = _INTENT.name, _SLOTS.name  # (the answer's two members: `intent`, `slots`)


class Answer(msgspec.Struct):
    value: dict[str, Any]
    where: Where
    fixable: bool  # False when the answer is inside a string: fixes would have to re-encode it


def read_answer(outputs: Any, at: At, report: Report) -> Answer | None:
    """The answer to check, or ``None`` when there is none (hidden) or it is unreadable (reported)."""
    if isinstance(outputs, _OUTPUTS.python):
        return Answer(outputs, lambda *steps: at.child(*steps), True)
    if isinstance(outputs, str):
        return _from_string(outputs, at, report)
    declared(_OUTPUTS.codes.type).report(report, at, f"`{_OUTPUTS.name}` must be {_OUTPUTS.wanted}, found {type(outputs).__name__}")
    return None


def _from_string(text: str, at: At, report: Report) -> Answer | None:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # (not JSON, or nested past what the reader reads: the literal's reading says so)
        value = None
    if isinstance(value, dict):
        OUTPUTS_AS_STRING.report(report, at, "`outputs` is a JSON string, not an object: it is parsed and checked, but readers must decode it twice",
                   severity=_info())
        return Answer(value, _inner_locator(text, at), False)
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        RECORD_SHAPE.report(report, at, "`outputs` is a string that is neither JSON nor a Python literal")
        return None
    if not isinstance(value, dict):
        RECORD_SHAPE.report(report, at, "`outputs` string does not hold an object")
        return None
    apostrophes = [v for item in value.get(_SL) or [] if isinstance(item, dict) for v in item.values() if isinstance(v, str) and "'" in v]
    detail = f"; `{apostrophes[0]}` already has one" if apostrophes else ""
    OUTPUTS_AS_STRING.report(report, at, "`outputs` is a Python-quoted string: any value with an apostrophe breaks the official scorer's JSON parsing" + detail)
    return Answer(value, _python_locator(text, at), False)


def _info() -> Any:
    from goldlint.diagnostics import Severity

    return Severity.INFO


def _inner_locator(text: str, at: At) -> Where:
    def where(*steps: str | int) -> At:
        found = locate(text, [(tuple(steps), False)])
        span = found.get((tuple(steps), False))
        return at.inside(*span) if span else at

    return where


def _python_locator(text: str, at: At) -> Where:
    """Locations inside a Python-literal string, from the positions ``ast`` records."""
    try:
        tree: ast.expr | None = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        tree = None
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(lineno: int, byte_col: int) -> int:
        line = lines[lineno - 1] if lineno - 1 < len(lines) else ""
        return starts[lineno - 1] + len(line.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))

    def where(*steps: str | int) -> At:
        node = tree
        for step in steps:
            if isinstance(node, ast.Dict):
                node = next((v for k, v in zip(node.keys, node.values, strict=True) if isinstance(k, ast.Constant) and k.value == step), None)
            elif isinstance(node, ast.List) and isinstance(step, int) and step < len(node.elts):
                node = node.elts[step]
            else:
                node = None
        if node is None or node.end_lineno is None or node.end_col_offset is None:
            return at
        return at.inside(offset(node.lineno, node.col_offset), offset(node.end_lineno, node.end_col_offset))

    return where


_PATTERNS = LazyPatterns(punctuation=r"[^\w\s'’\u0300-\u036f-]|(?<!\w)[-'’]|[-'’](?!\w)|_")  # (compiled when a convention needs it)


def check_answer(answer: Answer, inventory: Inventory | None, options: SluOptions, report: Report) -> None:
    value, where = answer.value, answer.where
    intent = value.get(_IN)
    allowed: tuple[str, ...] | None = None
    if _IN not in value:
        declared(_INTENT.codes.missing).report(report, where(), f"missing field `{_OUTPUTS.name}.{_IN}`")
    elif not isinstance(intent, _INTENT.python):
        declared(_INTENT.codes.type).report(report, where(_IN), f"`{_OUTPUTS.name}.{_IN}` must be {_INTENT.wanted}, found {type(intent).__name__}")
    else:
        if answer.fixable:
            check_gold_text(report, where(_IN), intent)
        if inventory is not None and inventory.intents:
            allowed = inventory.allowed(intent)
            if allowed is None and not inventory.may_list(intent):  # (else SLU101 on that line says why)
                _unknown_intent(intent, inventory, answer, report)
        if intent != intent.lower():
            INTENT_CASE_UNSCORABLE.report(report, where(_IN),
                       f"intent `{intent}` has upper-case letters: MERA's scorer lower-cases predictions but not the gold, so it can never match")
    slots = value.get(_SL)
    if _SL not in value:
        declared(_SLOTS.codes.missing).report(report, where(), f"missing field `{_OUTPUTS.name}.{_SL}`")
        return
    if not isinstance(slots, _SLOTS.python):
        declared(_SLOTS.codes.type).report(report, where(_SL), f"`{_SL}` must be {_SLOTS.wanted}, found {type(slots).__name__}")
        return
    seen: set[tuple[str, str]] = set()
    for n, item in enumerate(slots):
        if not isinstance(item, dict) or len(item) != 1:
            size = f"{len(item)} keys" if isinstance(item, dict) else type(item).__name__
            declared(_SLOTS.codes.type).report(report, where(_SL, n), f"a slot must be an object with exactly one key (type → value), found {size}")
            continue
        ((slot_type, slot_value),) = item.items()
        if not isinstance(slot_value, str) or not slot_value.strip():
            declared(_SLOTS.codes.type).report(report, where(_SL, n, slot_type),
                                               f"slot `{slot_type}` must have a non-empty string value, found {json.dumps(slot_value, ensure_ascii=False)}")
            continue
        if allowed is not None and slot_type not in allowed:
            _slot_not_allowed(str(intent), slot_type, allowed, answer, n, report)
        if (slot_type, slot_value) in seen:
            DUPLICATE_SLOT.report(report, where(_SL, n), f"slot `{slot_type}: {slot_value}` appears twice in this record")
        seen.add((slot_type, slot_value))
        if answer.fixable:
            check_gold_text(report, where(_SL, n, slot_type), slot_value)
        _conventions(slot_type, slot_value, where(_SL, n, slot_type), options, report)


def _unknown_intent(intent: str, inventory: Inventory, answer: Answer, report: Report) -> None:
    names = list(inventory.intents)
    fix = None
    guess = unambiguous(intent, names)
    if guess and answer.fixable:
        fix = safe_fix(f"replace with `{guess}`", Change(answer.where(_IN), guess, as_string=True))
    declared(_INTENT.codes.vocabulary).report(report, answer.where(_IN), f"intent `{intent}` is not in the record's inventory{did_you_mean(intent, names)}", fix)


def _slot_not_allowed(intent: str, slot_type: str, allowed: tuple[str, ...], answer: Answer, n: int, report: Report) -> None:
    fix = None
    guess = unambiguous(slot_type, allowed)
    key_at = At(answer.where(_SL, n, slot_type).path, key=True)
    if guess and answer.fixable:
        fix = safe_fix(f"rename the slot to `{guess}`", Change(key_at, guess, as_string=True))
    listed = ", ".join(allowed) if allowed else "none"
    declared(_SLOTS.codes.vocabulary).report(report, key_at if answer.fixable else answer.where(_SL, n),
               f"slot `{slot_type}` is not allowed for intent `{intent}` (allowed: {listed}){did_you_mean(slot_type, allowed)}", fix)


def convention_problem(value: str, options: SluOptions) -> tuple[int, str] | None:
    """The first character of ``value`` that breaks an enabled text convention, and what it is."""
    conv = options.text_conventions
    if conv.lowercase and value != value.lower():
        return next(k for k, c in enumerate(value) if c != c.lower()), "an upper-case letter"
    if conv.digits_as_words and not value.replace(" ", "").isalpha() and any(c.isdigit() for c in value):  # (letters are never digits)
        return next(k for k, c in enumerate(value) if c.isdigit()), "a digit (numbers are written as words)"
    if conv.no_punctuation:
        m = _PATTERNS.punctuation.search(value)
        if m:
            return m.start(), "punctuation"
    return None


def _conventions(slot_type: str, value: str, at: At, options: SluOptions, report: Report) -> None:
    problem = convention_problem(value, options)
    if problem is not None:
        i, what = problem
        SLOT_TEXT_CONVENTION.report(report, at.inside(i, i + 1) if at.inner is None else at,
                                    f"slot `{slot_type}` value `{value}` breaks the text conventions: {what} at character {i + 1}")
