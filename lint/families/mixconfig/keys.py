"""MXC101–MXC105 on the ``nlu`` section, whose keys are declared in :mod:`.declaration`
(as ``schemas/mix-config.schema.json`` is generated from it)."""

from __future__ import annotations

import difflib
import json
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.base import Report
from goldlint.families.mixconfig import declaration
from goldlint.families.mixconfig.patterns import beyond_linear_time, compile_error, find_danger
from goldlint.families.mixconfig.rules import GLOBAL_KEY_MISSPELLED, IGNORE_INTENT_UNKNOWN, IGNORE_PATTERN_BACKTRACKING, IGNORE_PATTERN_SYNTAX, NLU_CONFIG_KEY
from goldlint.families.truth.ontology import Ontology
from goldlint.findings import At, Change, free_renames, unsafe_fix
from goldlint.suggest import did_you_mean

GLOBAL = declaration.GLOBAL
IGNORE = declaration.IGNORE.name

# key -> (JSON type, one-line doc), from the declaration
NLU_KEYS: dict[str, tuple[str, str]] = {f.name: (f.type, f.description) for f in declaration.NLU}
_BOUNDED = {f.name: f for f in declaration.NLU if f.minimum is not None or f.maximum is not None}


def _squash(key: str) -> str:
    return key.casefold().replace("_", "").replace("-", "")


def typo_of(key: str, known: list[str]) -> str | None:
    """The known key ``key`` is a misspelling of (case, ``_`` and small typos), if exactly one."""
    same = [k for k in known if _squash(k) == _squash(key)]
    if len(same) == 1:
        return same[0]
    squashed = {_squash(k): k for k in known}
    close = difflib.get_close_matches(_squash(key), list(squashed), n=2, cutoff=0.85)
    return squashed[close[0]] if len(close) == 1 else None


def _type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {float: "number", str: "string", list: "array", dict: "object", type(None): "null"}.get(type(value), "value")


def check_nlu(report: Report, nlu: Any, extra_keys: list[str], ontology: Ontology | None) -> None:
    if not isinstance(nlu, dict):
        NLU_CONFIG_KEY.report(report, At(("nlu",)), f"`nlu` must be an object, found {_type_of(nlu)}")
        return
    known = list(NLU_KEYS) + list(extra_keys)
    free = [k for k in NLU_KEYS if k not in nlu]
    targets = {key: target for key in nlu if key not in known and (target := typo_of(key, free))}
    offered = free_renames(nlu, targets)
    for key, value in nlu.items():
        path = ("nlu", key)
        if key not in known:
            target = targets.get(key)
            if target:
                NLU_CONFIG_KEY.report(report, At(path, key=True), f"unknown key `{key}` (did you mean `{target}`?): the tool ignores it",
                                      unsafe_fix(f"rename to `{target}`", Change(At(path, key=True), json.dumps(target))) if key in offered else None)
            else:
                NLU_CONFIG_KEY.report(report, At(path, key=True), f"unknown key `{key}`{did_you_mean(key, known)}: the tool ignores it",
                                      severity=Severity.WARNING)
            continue
        if key not in NLU_KEYS:
            continue
        want = NLU_KEYS[key][0]
        got = _type_of(value)
        if got != want:
            hint = f" (write {value.strip().lower()} without quotes)" if want == "boolean" and isinstance(value, str) and value.strip().lower() in ("true", "false") else ""
            found = json.dumps(value) if got != 'object' else 'an object'
            NLU_CONFIG_KEY.report(report, At(path), f"`{key}` must be {'an' if want[0] in 'aeiou' else 'a'} {want}, found {found}{hint}")
        elif key in _BOUNDED and _BOUNDED[key].outside(value):
            NLU_CONFIG_KEY.report(report, At(path), f"`{key}` must be {_BOUNDED[key].minimum} or more, found {value}")
        elif key == IGNORE:
            check_ignore(report, value, ontology)


def check_ignore(report: Report, patterns: dict[str, Any], ontology: Ontology | None) -> None:
    """MXC101 (pattern types), MXC102–MXC105 on ``predicted_entities_to_ignore``."""
    offered = free_renames(patterns, {key: GLOBAL for key in patterns if key != GLOBAL and _squash(key).strip() == "global"})
    for key, pattern in patterns.items():
        path = ("nlu", IGNORE, key)
        if key != GLOBAL and _squash(key).strip() == "global":
            fix = unsafe_fix(f"rename to `{GLOBAL}`", Change(At(path, key=True), json.dumps(GLOBAL))) if key in offered else None
            GLOBAL_KEY_MISSPELLED.report(report, At(path, key=True),
                                         f"`{key}` is not the reserved key `{GLOBAL}`: the tool reads it as an intent name, so the pattern applies nowhere", fix)
        elif key != GLOBAL and ontology is not None and key not in ontology.intents:
            IGNORE_INTENT_UNKNOWN.report(report, At(path, key=True), f"intent `{key}` is not in the ontology `{ontology.path.name}`{did_you_mean(key, list(ontology.intents))}")
        if not isinstance(pattern, str):
            NLU_CONFIG_KEY.report(report, At(path), f"an ignore pattern must be a string (a regular expression), found {_type_of(pattern)}")
            continue
        error = compile_error(pattern)
        if error is not None:
            start, end, message = error
            IGNORE_PATTERN_SYNTAX.report(report, At(path).inside(start, end), f"pattern `{pattern}` does not compile: {message}")
            continue
        danger = find_danger(pattern)
        if danger is not None:
            IGNORE_PATTERN_BACKTRACKING.report(report, At(path).inside(danger.start, danger.end),
                                               f"pattern `{pattern}` can take exponential time: {danger.reason}; refused")
        elif (unbounded := beyond_linear_time(pattern)) is not None:
            start, end, said = unbounded
            IGNORE_PATTERN_BACKTRACKING.report(report, At(path).inside(start, max(end, start + 1)),
                                               f"pattern `{pattern}` holds what a linear-time engine cannot run ({said}): `goldlint score` leaves it "
                                               "out, so its numbers may differ from the tool's",
                                               severity=Severity.WARNING)
