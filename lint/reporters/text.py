"""``path:line:column: CODE message``, one line a diagnostic (and the fix hint)."""

from __future__ import annotations

from goldlint.diagnostics import Diagnostic


def line(d: Diagnostic) -> str:
    hint = ""
    if d.fix is not None:
        hint = f" [{'*' if d.fix.applicability == 'safe' else '~'} {d.fix.message}]"
    for other in d.alternatives:
        hint += f" [~ or: {other.message}]"
    return f"{d.path}:{d.span.start.line}:{d.span.start.column}: {d.code} [{d.severity.value}] {d.message}{hint}"


def text(diagnostics: list[Diagnostic]) -> str:
    if not diagnostics:
        return ""
    body = "\n".join(line(d) for d in diagnostics)
    safe = sum(1 for d in diagnostics if d.fix is not None and d.fix.applicability == "safe")
    unsafe = sum(1 for d in diagnostics if d.fix is not None and d.fix.applicability == "unsafe")
    summary = f"Found {len(diagnostics)} problem{'s' if len(diagnostics) != 1 else ''}"
    if safe or unsafe:
        parts = [f"{safe} fixable with --fix"] if safe else []
        if unsafe:
            parts.append(f"{unsafe} more with --unsafe-fixes")
        summary += f" ({', '.join(parts)})"
    return f"{body}\n{summary}.\n"
