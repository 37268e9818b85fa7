"""Applying fixes: pure text edits, a loop to a fixed point, and atomic writes.

Edits are applied to the original text by character offsets; every character outside
an edit is kept as it was. Overlapping edits are deferred to the next round, so the
loop re-checks and applies until nothing changes (which is what makes ``--fix``
idempotent).
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from goldlint.diagnostics import Diagnostic, Fix

MAX_ROUNDS = 10


def applicable(diagnostics: Iterable[Diagnostic], unsafe: bool) -> list[Fix]:
    return [d.fix for d in diagnostics if d.fix is not None and (unsafe or d.fix.applicability == "safe")]


def apply_fixes(text: str, fixes: list[Fix]) -> tuple[str, int]:
    """Apply every fix whose edits do not overlap an earlier accepted fix. Returns (text, fixes applied)."""
    accepted: list[tuple[int, int, str]] = []
    taken: list[tuple[int, int]] = []
    count = 0
    for fix in sorted(fixes, key=lambda f: min(e.span.start_offset for e in f.edits)):
        edits = [(e.span.start_offset, e.span.end_offset, e.new_text) for e in fix.edits]
        if any(_overlaps(s, e, taken) for s, e, _ in edits):
            continue
        accepted.extend(edits)
        taken.extend((s, e) for s, e, _ in edits)
        count += 1
    if not accepted:
        return text, 0
    out: list[str] = []
    pos = 0
    for start, end, new in sorted(accepted, key=lambda x: (x[0], x[1])):
        out.append(text[pos:start])
        out.append(new)
        pos = end
    out.append(text[pos:])
    return "".join(out), count


def _overlaps(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    for s, e in taken:
        if start < e and s < end:
            return True
        if start == end == s == e:
            return True  # two insertions at one point: order would be arbitrary
    return False


def fix_until_stable(text: str, check: Callable[[str], list[Diagnostic]], unsafe: bool) -> tuple[str, int, list[Diagnostic]]:
    """Check, fix, re-check until no applicable fix is left. Returns (text, fixes applied, final diagnostics)."""
    total = 0
    diagnostics = check(text)
    for _ in range(MAX_ROUNDS):
        fixes = applicable(diagnostics, unsafe)
        if not fixes:
            break
        new_text, count = apply_fixes(text, fixes)
        if count == 0 or new_text == text:
            break
        text, total = new_text, total + count
        diagnostics = check(text)
    return text, total, diagnostics


class UnsafeWrite(Exception):
    """Refused to write (a symlink out of the checked tree, …)."""


def write_atomic(path: Path, text: str, root: Path | None = None) -> None:
    """Replace ``path`` with ``text`` via a temporary file and a rename; keep the file's mode.

    A crash or a full disk mid-write leaves the original intact. A symlink is written
    through only when its target stays inside ``root``.
    """
    target = path
    if path.is_symlink():
        target = path.resolve()
        if root is not None and not target.is_relative_to(root.resolve()):
            raise UnsafeWrite(f"{path} is a symlink to {target}, outside {root}: not written")
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else None
    data = text.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".goldlint.tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
