"""SARIF 2.1.0: one run, one rule entry per code used, a region for every result."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

from goldlint import __version__
from goldlint.diagnostics import Diagnostic, Fix, Span
from goldlint.reporters.escape import report_json
from goldlint.rules.registry import get
from goldlint.summary import RunSummary

_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def _artifact(path: str) -> dict[str, str]:
    """A file's ``artifactLocation``: its path as a URI reference (relative where the path is),
    percent-encoded as RFC 3986 asks: raw, a `#` or `?` in a name would start a fragment or a
    query, a `%` an escape, and a `:` in the first segment a scheme. A byte of a name that is
    not UTF-8 (held as a surrogate) is encoded as that byte."""
    return {"uri": quote(Path(path).as_posix(), safe="/", errors="surrogateescape")}


def _region(d: Diagnostic) -> dict[str, int]:
    return _span_region(d.span)


def _span_region(span: Span) -> dict[str, int]:
    return {"startLine": span.start.line, "startColumn": span.start.column, "endLine": span.end.line, "endColumn": span.end.column}


def sarif(diagnostics: list[Diagnostic], summary: RunSummary | None = None) -> str:
    codes = sorted({d.code for d in diagnostics})
    rules: list[dict[str, Any]] = []
    for code in codes:
        rule = get(code)
        entry: dict[str, Any] = {"id": code}
        if rule is not None:
            entry.update(
                name=rule.name,
                shortDescription={"text": rule.summary},
                fullDescription={"text": rule.why},
                defaultConfiguration={"level": _LEVEL[rule.severity.value]},
                help={"text": rule.summary, "markdown": rule.markdown(examples=False)},  # (a check never reads the examples)
            )
        rules.append(entry)
    index = {code: n for n, code in enumerate(codes)}
    results = []
    for d in diagnostics:
        result: dict[str, Any] = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _LEVEL[d.severity.value],
            "message": {"text": d.message},
            "locations": [
                {"physicalLocation": {"artifactLocation": _artifact(d.path), "region": _region(d)}}
            ],
        }
        if d.related:
            result["relatedLocations"] = [
                {"id": n, "message": {"text": r.message},
                 "physicalLocation": {"artifactLocation": _artifact(r.path), "region": _span_region(r.span)}}
                for n, r in enumerate(d.related, 1)
            ]
        fixes = ([d.fix] if d.fix is not None else []) + list(d.alternatives)
        if fixes:
            result["fixes"] = [_fix(d, fix) for fix in fixes]
        results.append(result)
    log: dict[str, Any] = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "goldlint", "version": __version__, "informationUri": "https://pypi.org/project/goldlint/", "rules": rules}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    if summary is not None:  # what the run looked at, and whether it passed
        log["runs"][0]["invocations"] = [{
            "executionSuccessful": True,
            "properties": {**summary.as_json(), "passed": not any(map(summary.fails, diagnostics))},
        }]
    return report_json(log) + "\n"


def _fix(d: Diagnostic, fix: Fix) -> dict[str, Any]:
    return {
        "description": {"text": fix.message},
        "artifactChanges": [
            {
                "artifactLocation": _artifact(d.path),
                "replacements": [
                    {
                        "deletedRegion": {
                            "startLine": e.span.start.line,
                            "startColumn": e.span.start.column,
                            "endLine": e.span.end.line,
                            "endColumn": e.span.end.column,
                        },
                        "insertedContent": {"text": e.new_text},
                    }
                    for e in fix.edits
                ],
            }
        ],
    }
