"""``path:line:column: CODE message``, one line a diagnostic (and the fix hint)."""

from __future__ import annotations

from goldlint.diagnostics import Diagnostic
from goldlint.reporters.escape import visible
from goldlint.summary import RunSummary


def line(d: Diagnostic) -> str:
    hint = ""
    if d.fix is not None:
        hint = f" [{'*' if d.fix.applicability == 'safe' else '~'} {d.fix.message}]"
    for other in d.alternatives:
        hint += f" [~ or: {other.message}]"
    out = visible(f"{d.path}:{d.span.start.line}:{d.span.start.column}: {d.code} [{d.severity.value}] {d.message}{hint}")
    for other in d.related:  # (indented under it: the other places it is about)
        out += "\n" + visible(f"    {other.path}:{other.span.start.line}:{other.span.start.column}: {other.message}")
    return out


def text(diagnostics: list[Diagnostic], summary: RunSummary | None = None) -> str:
    """Each diagnostic on its line, then one line that says what was found and, given the
    run's summary, what was looked at (so a clean run and an empty one never look alike)."""
    body = "".join(line(d) + "\n" for d in diagnostics)
    looked_at = f" {summary.files_line()}." if summary is not None and summary.files_checked else ""
    if not diagnostics:
        return f"All checks passed.{looked_at}\n" if looked_at else ""
    safe = sum(1 for d in diagnostics if d.fix is not None and d.fix.applicability == "safe")
    unsafe = sum(1 for d in diagnostics if d.fix is not None and d.fix.applicability == "unsafe")
    found = f"Found {len(diagnostics)} problem{'s' if len(diagnostics) != 1 else ''}"
    if safe or unsafe:
        parts = [f"{safe} fixable with --fix"] if safe else []
        if unsafe:
            parts.append(f"{unsafe} more with --unsafe-fixes")
        found += f" ({', '.join(parts)})"
    return f"{body}{found}.{looked_at}\n"
