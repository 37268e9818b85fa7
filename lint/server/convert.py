"""Core diagnostics (code points, 1-based) to LSP diagnostics (the client's encoding, 0-based).

An :class:`Item` is one diagnostic as the server keeps it: the core's
:class:`~goldlint.diagnostics.Diagnostic`, where it is now in the text (offsets that
follow the user's edits), its fix's edits likewise, and its LSP form, computed once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types
from pygls.protocol import default_converter

from goldlint.diagnostics import Diagnostic, Fix, Severity, Span
from goldlint.server.textbuffer import TextBuffer

SOURCE = "goldlint"
_CONVERTER = default_converter()  # type: ignore[no-untyped-call]
_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}


Edits = list[tuple[int, int, str]]  # a fix as offsets into the current text


@dataclass(slots=True)
class Item:
    diag: Diagnostic
    start: int
    end: int
    edits: Edits | None  # the fix's edits, None when there is no (longer a) fix
    lsp: types.Diagnostic
    json: dict[str, Any]  # ``lsp`` as sent, computed once (publishing 10,000 diagnostics must not re-encode them)
    reach: int = -1  # the furthest offset the item or its fixes touch
    others: list[tuple[Fix, Edits]] = field(default_factory=list)  # the alternative fixes still valid

    def __post_init__(self) -> None:
        self._measure()

    def _measure(self) -> None:
        self.reach = max([self.end] + [e for _, e, _ in self.edits or ()] + [e for _, es in self.others for _, e, _ in es])

    @property
    def applicability(self) -> str | None:
        return self.diag.fix.applicability if self.diag.fix is not None and self.edits is not None else None

    def shift(self, delta: int, line_delta: int, old_end: int, lo: int, hi: int) -> bool:
        """Follow an edit of ``[lo, hi]`` (the whole lines it touched, before it) that ended at
        ``old_end`` and moved what follows by ``delta`` characters and ``line_delta`` lines.
        False when the edit touched this item's lines: its diagnostic no longer holds."""
        if self.reach < lo:
            return True  # wholly before the edit: nothing moves (the common case, kept cheap)
        if self.start <= hi and self.end >= lo:
            return False
        if self.edits is not None:
            self.edits = _moved(self.edits, delta, old_end, lo, hi)
            if self.edits is None:  # a fix that would now land on edited text is no fix
                self.lsp.data = self.json["data"] = _data(self.diag, None)
        self.others = [(fix, moved) for fix, edits in self.others if (moved := _moved(edits, delta, old_end, lo, hi)) is not None]
        if self.start >= old_end:
            self.start += delta
            self.end += delta
            if line_delta:
                rng = self.lsp.range
                rng.start.line += line_delta
                rng.end.line += line_delta
                sent = self.json["range"]
                sent["start"]["line"], sent["end"]["line"] = rng.start.line, rng.end.line
        self._measure()  # (from the moved span and edits: a reach moved apart from them went stale, and a later edit over a fix's text passed it by)
        return True


def _moved(edits: Edits, delta: int, old_end: int, lo: int, hi: int) -> Edits | None:
    """A fix's edits after a user edit, or None when the user edited what they touch."""
    if any(s <= hi and e >= lo for s, e, _ in edits):
        return None
    return [(s + delta, e + delta, t) if s >= old_end else (s, e, t) for s, e, t in edits]


def span_offsets(span: Span, buffer: TextBuffer) -> tuple[int, int]:
    """Offsets of a core span in the text it was computed on."""
    if span.start_offset >= 0:
        return span.start_offset, max(span.start_offset, span.end_offset)
    return _offset(buffer, span.start.line, span.start.column), _offset(buffer, span.end.line, span.end.column)


def _offset(buffer: TextBuffer, line: int, column: int) -> int:
    row = min(max(line - 1, 0), buffer.line_count - 1)
    start, end = buffer.line_bounds(row)
    return min(start + max(column - 1, 0), end)


def make_item(diag: Diagnostic, buffer: TextBuffer, encoding: str, start: int | None = None, end: int | None = None) -> Item:
    if start is None or end is None:
        start, end = span_offsets(diag.span, buffer)
    edits = _offsets(diag.fix) if diag.fix is not None else None
    others = [(fix, es) for fix in diag.alternatives if (es := _offsets(fix)) is not None]
    lsp = types.Diagnostic(
        range=buffer.range_of(start, end, encoding),
        message=diag.message,
        severity=_SEVERITY[diag.severity],
        code=diag.code,
        source=SOURCE,
        data=_data(diag, edits),
    )
    return Item(diag, start, end, edits, lsp, _CONVERTER.unstructure(lsp), others=others)


def _offsets(fix: Fix) -> Edits | None:
    edits = [(e.span.start_offset, e.span.end_offset, e.new_text) for e in fix.edits]
    return None if any(s < 0 for s, _, _ in edits) else edits


def _data(diag: Diagnostic, edits: Any) -> dict[str, Any]:
    fix = diag.fix.applicability if diag.fix is not None and edits is not None else None
    return {"name": diag.name, "fix": fix}


def text_edits(edits: Edits, buffer: TextBuffer, encoding: str) -> list[types.TextEdit]:
    return [types.TextEdit(range=buffer.range_of(s, e, encoding), new_text=t) for s, e, t in edits]


def whole_text_edit(old: str, new: str, buffer: TextBuffer, encoding: str) -> types.TextEdit:
    """One edit that turns ``old`` (the buffer's text) into ``new``: the changed middle only.
    (Never from or to the middle of a CRLF: no LSP position names the place between its CR
    and its LF, a client puts it before the CR, and the CR survived a fix that removed it.)"""
    head = _common(old, new, 0)
    tail = _common(old[head:][::-1], new[head:][::-1], 0)
    if 0 < head < len(old) and old[head - 1 : head + 1] == "\r\n":
        head -= 1  # (the CR is common to both texts: taken into the edit, and written again)
    end = len(old) - tail
    if 0 < end < len(old) and old[end - 1 : end + 1] == "\r\n":
        tail -= 1  # (likewise the LF)
    return types.TextEdit(range=buffer.range_of(head, len(old) - tail, encoding), new_text=new[head : len(new) - tail])


def _common(a: str, b: str, lo: int) -> int:
    """Length of the common prefix of ``a`` and ``b`` (slices compared in C, halving the step)."""
    hi = min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo
