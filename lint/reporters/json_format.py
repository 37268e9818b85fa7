"""The stable machine interface: a JSON array, one object per diagnostic."""

from __future__ import annotations

import json
from typing import Any

from goldlint.diagnostics import Diagnostic, Span


def span_json(span: Span) -> dict[str, Any]:
    return {
        "start": {"line": span.start.line, "column": span.start.column},
        "end": {"line": span.end.line, "column": span.end.column},
    }


def diagnostic_json(d: Diagnostic) -> dict[str, Any]:
    fix = None
    if d.fix is not None:
        fix = {
            "applicability": d.fix.applicability,
            "message": d.fix.message,
            "edits": [{"range": span_json(e.span), "new_text": e.new_text} for e in d.fix.edits],
        }
    return {
        "path": d.path,
        "code": d.code,
        "name": d.name,
        "severity": d.severity.value,
        "message": d.message,
        "range": span_json(d.span),
        "fix": fix,
    }


def json_report(diagnostics: list[Diagnostic]) -> str:
    return json.dumps([diagnostic_json(d) for d in diagnostics], ensure_ascii=False, indent=2) + "\n"
