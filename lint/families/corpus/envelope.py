"""The envelope of a spec corpus (``dataset``) and of a harness v3 corpus (the root object):
COR101–COR105, COR108 (segment, provenance list, domains), COR113 (file segment), COR119.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.base import Report
from goldlint.families.corpus import langtags, licences, vocab
from goldlint.families.corpus.fields import describe, expect, unknown_keys
from goldlint.families.corpus.rules import (
    BAD_DATE_OR_VERSION,
    CORPUS_FIELD_MISSING_OR_WRONG_TYPE,
    INVALID_LANGUAGE_TAG,
    INVALID_SPDX_LICENSE,
    LANGUAGE_PAIR_MISMATCH,
    UNDECLARED_PROVENANCE,
    UNKNOWN_FIELD,
)
from goldlint.findings import At, Change, safe_fix

_VERSION = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)(\.(0|[1-9]\d*))?")
_ARROWS = ("→", "->", "=>", ">", "/", "–", "—", " to ", "-", "_")


def check_version(report: Report, at: At, value: Any) -> None:
    if expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at, "version", value, "string") and not _VERSION.fullmatch(value):
        BAD_DATE_OR_VERSION.report(report, at, f"version `{value}` is not MAJOR.MINOR[.PATCH] (e.g. `1.0` or `0.1.0`)")


def check_created(report: Report, at: At, value: Any) -> None:
    if not expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at, "created", value, "string"):
        return
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}([T ][\d:.,]+(Z|[+-]\d{2}(:?\d{2})?)?)?", value):
        BAD_DATE_OR_VERSION.report(report, at, f"`created` `{value}` is not an ISO 8601 date (`2026-05-01`) or date-time")
        return
    try:
        dt.datetime.fromisoformat(value.replace(",", "."))
    except ValueError as exc:
        BAD_DATE_OR_VERSION.report(report, at, f"`created` `{value}` is not a real date or time: {exc}")


def check_licence(report: Report, at: At, value: str) -> None:
    problem = licences.check_spdx(value)
    if problem is None:
        return
    fix = safe_fix(f"write `{problem.replacement}`", Change(at, problem.replacement, as_string=True)) if problem.replacement else None
    severity = Severity.INFO if problem.replacement else None
    INVALID_SPDX_LICENSE.report(report, at.inside(problem.start, max(problem.end, problem.start + 1)) if value else at, problem.message, fix, severity)


def check_bcp47(report: Report, at: At, name: str, value: Any) -> bool:
    if not expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at, name, value, "string"):
        return False
    problem = langtags.check_bcp47(value)
    if problem is None:
        return True
    fix = safe_fix(f"write `{problem.replacement}`", Change(at, problem.replacement, as_string=True)) if problem.replacement else None
    INVALID_LANGUAGE_TAG.report(report, at.inside(problem.start, max(problem.end, problem.start + 1)) if value else at, problem.message, fix)
    return False


def split_label(label: str) -> tuple[tuple[str, int], tuple[str, int]] | None:
    """``EN→CRK`` → ((``EN``, 0), (``CRK``, 3)): both sides with their offsets."""
    for arrow in _ARROWS:
        if label.count(arrow) == 1:
            left, right = label.split(arrow)
            if left.strip() and right.strip():
                lstart = len(left) - len(left.lstrip())
                rstart = len(left) + len(arrow) + len(right) - len(right.lstrip())
                return (left.strip(), lstart), (right.strip(), rstart)
    return None


def side_matches(side: str, code: str) -> bool:
    if side.lower() == code.lower() or langtags.same_language(side, code):
        return True
    named = langtags.language_for_name(side) if len(side) > 3 else None
    return named is not None and langtags.same_language(named, code)


def check_label(report: Report, at: At, label: Any, codes: tuple[Any, Any]) -> None:
    if not expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at, "language_pair", label, "string"):
        return
    sides = split_label(label)
    if sides is None:
        LANGUAGE_PAIR_MISMATCH.report(report, at, f"cannot read `{label}` as `SOURCE→TARGET` (e.g. `EN→CRK`)")
        return
    for (side, start), code, what in zip(sides, codes, ("source_language", "target_language"), strict=True):
        if isinstance(code, str) and not side_matches(side, code):
            LANGUAGE_PAIR_MISMATCH.report(report, at.inside(start, start + len(side)), f"`{side}` in the label `{label}` is not `{what}` `{code}`")


def check_spec(report: Report, root: dict[str, Any], extra_fields: frozenset[str]) -> tuple[dict[str, At] | None, Any]:
    """The spec envelope; returns the declared provenance tags (``None`` when unreadable) and ``entries``."""
    unknown_keys(report, UNKNOWN_FIELD, At(()), root, frozenset(vocab.SPEC_ROOT_FIELDS) | extra_fields, "the corpus")
    ds: Any = root.get("dataset")
    at = At(("dataset",))
    declared: dict[str, At] | None = None
    if "dataset" not in root:
        CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, At(()), "missing `dataset` envelope (spec §2.1: id, version, language_pair, source_language, "
                                                  "target_language, created, license, provenance)")
    elif expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at, "dataset", ds, "object"):
        declared = _dataset(report, at, ds, extra_fields)
    entries = root.get("entries")
    if "entries" not in root:
        CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, At(()), "missing `entries`")
    return declared, entries


def _dataset(report: Report, at: At, ds: dict[str, Any], extra_fields: frozenset[str]) -> dict[str, At] | None:
    unknown_keys(report, UNKNOWN_FIELD, at, ds, frozenset(vocab.SPEC_DATASET_FIELDS) | extra_fields, "`dataset`")
    for name in vocab.SPEC_DATASET_FIELDS:
        if name not in ds:
            CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, at, f"`dataset` lacks `{name}`")
    if "id" in ds:
        expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at.child("id"), "id", ds["id"], "string")
    if "version" in ds:
        check_version(report, at.child("version"), ds["version"])
    if "created" in ds:
        check_created(report, at.child("created"), ds["created"])
    if "license" in ds and expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at.child("license"), "license", ds["license"], "string"):
        check_licence(report, at.child("license"), ds["license"])
    codes = []
    for name in ("source_language", "target_language"):
        ok = name in ds and check_bcp47(report, at.child(name), name, ds[name])
        codes.append(ds[name] if ok else None)
    if "language_pair" in ds:
        check_label(report, at.child("language_pair"), ds["language_pair"], (codes[0], codes[1]))
    if "provenance" not in ds:
        return None
    prov = ds["provenance"]
    if not expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at.child("provenance"), "provenance", prov, "array"):
        return None
    declared: dict[str, At] = {}
    for n, tag in enumerate(prov):
        where = at.child("provenance", n)
        if not isinstance(tag, str):
            CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, where, f"a provenance tag must be a string, found {describe(tag)}")
        elif tag in declared:
            UNDECLARED_PROVENANCE.report(report, where, f"provenance `{tag}` is declared twice", severity=Severity.WARNING)
        else:
            declared[tag] = where
    return declared
