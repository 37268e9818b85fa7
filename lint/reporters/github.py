"""GitHub Actions workflow commands: one ``::error``/``::warning``/``::notice`` line each."""

from __future__ import annotations

from goldlint.diagnostics import Diagnostic
from goldlint.reporters.escape import visible
from goldlint.summary import RunSummary

_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _escape_data(s: str) -> str:
    # GitHub's own escapes for a workflow command; then every other control character made visible
    return visible(s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(s: str) -> str:
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")


def github(diagnostics: list[Diagnostic], summary: RunSummary | None = None) -> str:
    lines = []
    for d in diagnostics:
        s, e = d.span.start, d.span.end
        props = (
            f"file={_escape_property(d.path)},line={s.line},col={s.column},"
            f"endLine={e.line},endColumn={e.column},title={_escape_property(d.code)}"
        )
        also = "".join(f" (also {r.path}:{r.span.start.line}:{r.span.start.column}: {r.message})" for r in d.related)
        lines.append(f"::{_LEVEL[d.severity.value]} {props}::{_escape_data(f'{d.code} {d.message}{also}')}")
    return "".join(line + "\n" for line in lines)
