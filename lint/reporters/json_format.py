"""The stable machine interface: a JSON array, one object per diagnostic."""

from __future__ import annotations

from typing import Any

from goldlint.diagnostics import Diagnostic, Fix, Span
from goldlint.reporters.escape import report_json
from goldlint.summary import RunSummary


def span_json(span: Span) -> dict[str, Any]:
    return {
        "start": {"line": span.start.line, "column": span.start.column},
        "end": {"line": span.end.line, "column": span.end.column},
    }


def fix_json(fix: Fix) -> dict[str, Any]:
    return {
        "applicability": fix.applicability,
        "message": fix.message,
        "edits": [{"range": span_json(e.span), "new_text": e.new_text} for e in fix.edits],
    }


def diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    out = {
        "path": d.path,
        "code": d.code,
        "name": d.name,
        "severity": d.severity.value,
        "message": d.message,
        "range": span_json(d.span),
        "fix": fix_json(d.fix) if d.fix is not None else None,
    }
    if d.alternatives:  # only where a human has a choice, so every other object keeps its shape
        out["alternatives"] = [fix_json(f) for f in d.alternatives]
    if d.related:  # only where the finding is about other places too
        out["related"] = [{"path": r.path, "range": span_json(r.span), "message": r.message} for r in d.related]
    return out


def json_report(diagnostics: list[Diagnostic], summary: RunSummary | None = None) -> str:
    return report_json([diagnostic_json(d) for d in diagnostics]) + "\n"
