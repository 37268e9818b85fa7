"""RUN101: the card's fields and their types, checked by hand against :mod:`.declaration`'s tables.

Returns which fields are usable, so later checks never trip over a wrong type.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from goldlint.families.base import Report
from goldlint.families.corpus.fields import describe, expected_text, matches
from goldlint.families.declare import JSON_TYPES
from goldlint.families.runcard import declaration
from goldlint.families.runcard.declaration import HEX_DIGIT, SHA256_LENGTH
from goldlint.families.runcard.rules import RUNCARD_FIELD_MISSING_OR_WRONG_TYPE
from goldlint.findings import At

_NOT_HEX = re.compile(f"[^{HEX_DIGIT}]")
_TABLES = {block: declaration.table(fields) for block, fields in declaration.BLOCKS.items()}


def sha256_problem(value: str) -> tuple[str, int, int] | None:
    """Why a string is not a hex SHA-256 (message, start, end inside the string), or ``None``."""
    bad = _NOT_HEX.search(value)
    if bad is not None:
        return f"`{bad.group()}` at character {bad.start() + 1} is not a hexadecimal digit", bad.start(), bad.end()
    if len(value) != SHA256_LENGTH:
        return f"{len(value)} hexadecimal digits, a SHA-256 has {SHA256_LENGTH}", 0, len(value)
    return None


def check_value(report: Report, at: At, name: str, value: Any, kinds: str) -> bool:
    """RUN101 for one value; ``sha256`` is a kind of its own. Returns whether the value is usable."""
    plain = "|".join(k if k != "sha256" else "string" for k in kinds.split("|"))
    if not matches(value, plain):
        if isinstance(value, float) and not math.isfinite(value):  # NaN or an infinity: not a number JSON can hold
            RUNCARD_FIELD_MISSING_OR_WRONG_TYPE.report(report, at, f"`{name}` is {describe(value)}, which is not a JSON number")
        else:
            shown = expected_text(plain).replace("a string", "a SHA-256 hex string" if "sha256" in kinds else "a string")
            RUNCARD_FIELD_MISSING_OR_WRONG_TYPE.report(report, at, f"`{name}` must be {shown}, found {describe(value)}")
        return False
    if "sha256" in kinds and isinstance(value, str) and "string" not in kinds.split("|"):
        problem = sha256_problem(value)
        if problem is not None:
            message, start, end = problem
            RUNCARD_FIELD_MISSING_OR_WRONG_TYPE.report(report, at.inside(start, end) if value else at, f"`{name}` is not a SHA-256: {message}")
            return False
    return True


# The exact types of a decoded JSON value of each kind. A card's results are many, and
# nearly every value is plainly of its kind: one set lookup says so (a float only when
# finite). Any other value (a YAML reader's subclasses among them, a SHA-256 to check)
# goes through check_value, which decides and words the finding.
_TYPES = JSON_TYPES


@lru_cache(maxsize=64)
def plain_types(kinds: str) -> frozenset[type]:
    """The types whose values are plainly of ``kinds`` (``"string|null"``; ``sha256``: none)."""
    return frozenset(t for kind in kinds.split("|") for t in _TYPES.get(kind, ()))


def check_table(report: Report, at: At, obj: dict[str, Any], table: dict[str, tuple[str, bool]], where: str) -> set[str]:
    """Every field of ``table`` in ``obj``; returns the names whose values are usable."""
    good: set[str] = set()
    for name, (kinds, required) in table.items():
        if name not in obj:
            if required:
                RUNCARD_FIELD_MISSING_OR_WRONG_TYPE.report(report, at, f"{where} lacks `{name}`")
            continue
        value = obj[name]
        kind = type(value)
        if kind in plain_types(kinds) and (kind is not float or math.isfinite(value)):
            good.add(name)
        elif check_value(report, at.child(name), name, value, kinds):
            good.add(name)
    return good


def check(report: Report, card: dict[str, Any]) -> dict[str, set[str]]:
    """RUN101 over the whole card: ``{"": top fields, "dataset": ..., "scores": ..., ...}`` that are usable."""
    top = At(())
    good: dict[str, set[str]] = {"": check_table(report, top, card, _TABLES[""], "the run card")}
    for name in ("dataset", "scores", "totals"):
        table = _TABLES[name]
        if name in good[""]:
            good[name] = check_table(report, At((name,)), card[name], table, f"`{name}`")
        else:
            good[name] = set()
    fp = card.get("fingerprint")
    good["fingerprint"] = check_table(report, At(("fingerprint",)), fp, _TABLES["fingerprint"], "`fingerprint`") if isinstance(fp, dict) and "fingerprint" in good[""] else set()
    good["results"] = set()
    results: Any = card.get("results")
    if "results" in good[""]:
        ok = set()
        for n, r in enumerate(results):
            where = At(("results", n))
            if not isinstance(r, dict):
                RUNCARD_FIELD_MISSING_OR_WRONG_TYPE.report(report, where, f"a result must be an object, found {describe(r)}")
                continue
            if len(check_table(report, where, r, _TABLES["result"], "this result")) == len([k for k in _TABLES["result"] if k in r]):
                ok.add(str(n))
        good["results"] = ok
    return good
