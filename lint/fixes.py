"""Applying fixes: pure text edits, a loop to a fixed point, and atomic writes.

Edits are applied to the original text by character offsets; every character outside
an edit is kept as it was. Overlapping edits are deferred to the next round, so the
loop re-checks and applies until nothing changes (which is what makes ``--fix``
idempotent). With unsafe fixes, a round makes them only when no safe fix is left.

Writing (:func:`write_atomic`) goes through a temporary file in the same folder, made
durable with ``fsync`` and put in place with one ``rename``: a crash, a full disk or any
error before the rename leaves the original file as it was (and the temporary file is
removed). The file's permission bits (and, where allowed, its owner) are kept. A file
whose real location, symlinks resolved, is outside the checked tree is not written.
"""

from __future__ import annotations

import os
import stat
import tempfile
from bisect import bisect_left, insort
from collections.abc import Callable, Iterable
from pathlib import Path

from goldlint.diagnostics import Diagnostic, Fix

MAX_ROUNDS = 10
TEMP_SUFFIX = ".goldlint.tmp"  # no gold file suffix: a left-over temporary file is never checked

# One text edit: [start, end) of the text is replaced by the new text.
TextEdit = tuple[int, int, str]


def applicable(diagnostics: Iterable[Diagnostic], unsafe: bool) -> list[Fix]:
    return [d.fix for d in diagnostics if d.fix is not None and (unsafe or d.fix.applicability == "safe")]


def accepted_edits(fixes: list[Fix], length: int | None = None) -> tuple[list[TextEdit], int]:
    """The edits of every fix that overlaps no earlier accepted fix, sorted; and how many fixes that is.

    A fix is taken whole or not at all: one whose edits overlap each other, or fall outside
    a text of ``length`` characters, is never taken.
    """
    accepted: list[TextEdit] = []
    taken = Taken()
    count = 0
    for fix in sorted((f for f in fixes if f.edits), key=lambda f: min(e.span.start_offset for e in f.edits)):
        edits = sorted(((e.span.start_offset, e.span.end_offset, e.new_text) for e in fix.edits), key=lambda x: (x[0], x[1]))
        if any(not 0 <= s <= e or (length is not None and e > length) for s, e, _ in edits):
            continue
        if any(taken.overlaps(s, e) for s, e, _ in edits) or any(_overlaps(*edits[n][:2], [edits[n - 1][:2]]) for n in range(1, len(edits))):
            continue
        accepted.extend(edits)
        for s, e, _ in edits:
            taken.add(s, e)
        count += 1
    accepted.sort(key=lambda x: (x[0], x[1]))
    return accepted, count


class Taken:
    """The ranges of the edits accepted so far, sorted, none overlapping another (as
    :func:`_overlaps` defines it). Sorted by start, their ends never decrease: of the ranges
    that start before an edit ends, only the last can reach past its start. So an edit is
    tested against one or two ranges found by bisection, not against every range taken
    (4,000 fixes in a JSON Lines file took 7 s of pairwise tests)."""

    def __init__(self) -> None:
        self.ranges: list[tuple[int, int]] = []
        self.looked = 0  # ranges tested so far (a test counts the work)

    def overlaps(self, start: int, end: int) -> bool:
        ranges = self.ranges
        before = bisect_left(ranges, (end, end))  # the ranges that start before `end`, and (end, end) itself
        nearest = ranges[max(0, before - 1) : before + 1]
        self.looked += len(nearest)
        return _overlaps(start, end, nearest)

    def add(self, start: int, end: int) -> None:
        insort(self.ranges, (start, end))


def splice(text: str, edits: list[TextEdit]) -> str:
    """``text`` with sorted, non-overlapping edits applied."""
    out: list[str] = []
    pos = 0
    for start, end, new in edits:
        out.append(text[pos:start])
        out.append(new)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def apply_fixes(text: str, fixes: list[Fix]) -> tuple[str, int]:
    """Apply every fix whose edits do not overlap an earlier accepted fix. Returns (text, fixes applied)."""
    edits, count = accepted_edits(fixes, len(text))
    if not edits:
        return text, 0
    return splice(text, edits), count


def _overlaps(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    for s, e in taken:
        if start < e and s < end:
            return True
        if start == end == s == e:
            return True  # two insertions at one point: order would be arbitrary
    return False


def fix_until_stable(text: str, check: Callable[[str], list[Diagnostic]], unsafe: bool,
                     diagnostics: list[Diagnostic] | None = None) -> tuple[str, int, list[Diagnostic]]:
    """Check, fix, re-check until no applicable fix is left. Returns (text, fixes applied, final diagnostics).
    ``diagnostics``: those of ``text``, when the caller has them (one check of the whole file fewer)."""
    total = 0
    if diagnostics is None:
        diagnostics = check(text)
    for _ in range(MAX_ROUNDS):
        # The safe fixes first, the unsafe ones only in a round where no safe fix is left. An
        # unsafe fix is a guess about the text as diagnosed, and a defect a safe fix repairs can
        # be what it guesses about: a misspelt label inside a slot makes the tags at and after
        # it look like new slots (XSD103), and those guesses, applied with the label's fix,
        # split the slot. Diagnosed again once the safe fixes are made, the guesses are gone.
        new_text, count = apply_fixes(text, applicable(diagnostics, unsafe=False))
        if unsafe and (count == 0 or new_text == text):
            new_text, count = apply_fixes(text, applicable(diagnostics, unsafe=True))
        if count == 0 or new_text == text:
            break
        text, total = new_text, total + count
        diagnostics = check(text)
    return text, total, diagnostics


class UnsafeWrite(Exception):
    """Refused to write (a symlink out of the checked tree, not a regular file, …)."""


def write_atomic(path: Path, text: str, root: Path | list[Path] | None = None) -> None:
    """Replace ``path`` with ``text`` via a temporary file and a rename; keep the file's mode.

    A crash or a full disk mid-write leaves the original intact and no temporary file
    behind (a process killed outright may leave one, named ``.NAME.*.goldlint.tmp``; the
    original is intact all the same). With ``root``, the file is written only when its
    real location, every symlink resolved, is inside ``root``: a symlink into the tree is
    written through (the link stays a link), one that points out of it is refused.
    """
    target = path.resolve()
    if root is not None:
        trees = [r.resolve() for r in (root if isinstance(root, list) else [root])]
        if not any(target.is_relative_to(tree) for tree in trees):
            via = "is a symlink to" if path.is_symlink() else "resolves (through a symlinked folder) to"
            where = trees[0] if len(trees) == 1 else ", ".join(map(str, trees))
            raise UnsafeWrite(f"{path} {via} {target}, outside the checked tree {where}: fixes not written")
    try:
        st = target.stat()
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise UnsafeWrite(f"{path} is not a regular file: fixes not written")
    data = text.encode("utf-8")  # strict: a lone surrogate is an error, never invalid bytes on disk
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
            if st is not None:
                os.fchmod(fd, stat.S_IMODE(st.st_mode))
                _keep_owner(fd, st, path)
            else:
                umask = os.umask(0)
                os.umask(umask)
                os.fchmod(fd, 0o666 & ~umask)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(target.parent)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _keep_owner(fd: int, st: os.stat_result, path: Path) -> None:
    """The replacement keeps the original's owner and group, or nothing is written: in a
    folder others may write to, a fix must not hand another user's file to the fixer."""
    if (st.st_uid, st.st_gid) == (os.geteuid(), os.getegid()) or not hasattr(os, "fchown"):
        return
    try:
        os.fchown(fd, st.st_uid, st.st_gid)
    except OSError as exc:  # only root may give a file away
        raise UnsafeWrite(f"{path} belongs to another user (uid {st.st_uid}), whose ownership a rewrite cannot keep: "
                          "fixes not written") from exc


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: not every system can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
