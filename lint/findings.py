"""What a rule reports before positions are known.

Rules work on plain decoded values and say *where* with a path into the document
(:class:`At`); the document turns paths into exact spans afterwards, and only for the
findings that exist. Text-level rules may give character offsets directly
(:class:`Offsets`) or a finished :class:`~goldlint.diagnostics.Span`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, TypeAlias, TypeVar

import msgspec

from goldlint.diagnostics import Applicability, Severity, Span
from goldlint.rules.general import FINDINGS_CAPPED, LIMIT_EXCEEDED

JsonPath = tuple[str | int, ...]


class At(msgspec.Struct, frozen=True):
    """A value (or the key naming it) in the document, optionally a range inside a string."""

    path: JsonPath
    key: bool = False
    inner: tuple[int, int] | None = None  # [start, end) in the decoded string value

    def child(self, *steps: str | int) -> At:
        return At(self.path + steps)

    def inside(self, start: int, end: int) -> At:
        return At(self.path, self.key, (start, end))

    @property
    def as_key(self) -> At:
        return At(self.path, True)


class Offsets(msgspec.Struct, frozen=True):
    """Character offsets into the whole document text."""

    start: int
    end: int


Location: TypeAlias = At | Offsets | Span


class Change(msgspec.Struct, frozen=True):
    """One text edit of a fix: ``new_text`` replaces the text at ``where``.

    With ``as_string`` the new text is a decoded string value and the document encodes
    it the way the file writes strings (JSON escapes, YAML quoting, a TSV cell).
    """

    where: Location
    new_text: str
    as_string: bool = False


class FixProposal(msgspec.Struct, frozen=True):
    applicability: Applicability
    message: str
    changes: tuple[Change, ...]


class Finding(msgspec.Struct):
    code: str
    where: Location
    message: str
    fix: FixProposal | None = None
    severity: Severity | None = None  # None: the rule's default
    extra: dict[str, Any] = msgspec.field(default_factory=dict)
    # Other ways to fix it, for a human to choose from (never applied by --fix).
    alternatives: tuple[FixProposal, ...] = ()


def safe_fix(message: str, *changes: Change) -> FixProposal:
    return FixProposal("safe", message, changes)


def unsafe_fix(message: str, *changes: Change) -> FixProposal:
    return FixProposal("unsafe", message, changes)


K = TypeVar("K")


def free_renames(names: Collection[str], renames: Mapping[K, str]) -> set[K]:
    """Which of ``renames`` (a key or a column → its new name) may be offered as fixes: those
    whose new name is none of ``names`` (the object's keys, the header's cells) and the new
    name of no other rename. Every rename a check proposes for one object goes in at once,
    whatever rule proposes it: two renames to one name edit different keys, so the fix loop
    sees no overlap, and would write a duplicate key whose first value every reader drops."""
    taken = Counter(renames.values())
    return {key for key, name in renames.items() if name not in names and taken[name] == 1}


# At most this many findings without a fix, per rule and file; the rest of a rule's are
# summarised by one GL012 at the first of them. (A file of a million records that all lack
# a field would otherwise give a million diagnostics: memory and output in proportion to
# the records, when a thousand already say what is wrong.) Findings with a fix are all kept:
# each is an edit that ``--fix`` makes, in one pass.
FINDINGS_PER_RULE = 1000
CAPPED = FINDINGS_CAPPED.code
# A check stops after this many findings in one file (kept or not, fixable or not): the
# work of a rule per record is bounded, not the records, and a hostile file of millions of
# tiny broken records would otherwise cost that work a million times (GL011 where it stopped).
FINDINGS_PER_FILE = 100_000


class CheckStopped(Exception):
    """A file's check reached :data:`FINDINGS_PER_FILE` findings; ``where``: the last one."""

    def __init__(self, where: Location) -> None:
        super().__init__(where)
        self.where = where


class Findings(list[Finding]):
    """A file's findings, capped: at most ``cap`` without a fix per rule code (see
    :data:`FINDINGS_PER_RULE`); each rule's findings past it are counted in one GL012
    finding, placed at the first of them. ``added``: every finding offered, kept or not."""

    def __init__(self, items: Iterable[Finding] = (), cap: int = FINDINGS_PER_RULE) -> None:
        super().__init__()
        self.cap = cap
        self.added = 0
        self._seen: dict[str, int] = {}
        self._over: dict[str, Finding] = {}
        self.extend(items)

    def admits(self, code: str, where: Location, fix: FixProposal | None, severity: Severity | None) -> bool:
        """Whether a finding of ``code`` is kept; if not, it is counted in its rule's GL012."""
        self.added += 1
        if fix is not None or code == CAPPED:
            return True
        seen = self._seen.get(code, 0) + 1
        self._seen[code] = seen
        if seen <= self.cap:
            return True
        over = self._over.get(code)
        if over is None:
            over = self._over[code] = Finding(CAPPED, where, "", extra={"rule": code, "hidden": 0, "cap": self.cap, "severities": set()})
            super().append(over)
        over.extra["hidden"] += 1
        over.extra["severities"].add(severity)
        return False

    def mark(self) -> Callable[[], None]:
        """A way back to this moment: calling it forgets every finding offered since (kept or
        counted), as when a reading that reported them is abandoned for another."""
        length, added, seen = len(self), self.added, dict(self._seen)
        over = {code: (finding, finding.extra["hidden"], set(finding.extra["severities"])) for code, finding in self._over.items()}

        def back() -> None:
            del self[length:]
            self.added, self._seen = added, seen
            self._over = {code: finding for code, (finding, _, _) in over.items()}
            for finding, hidden, severities in over.values():
                finding.extra["hidden"], finding.extra["severities"] = hidden, severities

        return back

    def hiding(self, code: str) -> bool:
        """Whether findings of ``code`` are past the cap (only counted from now on)."""
        return code in self._over

    def append(self, finding: Finding) -> None:
        if self.admits(finding.code, finding.where, finding.fix, finding.severity):
            super().append(finding)

    def extend(self, findings: Iterable[Finding]) -> None:
        for finding in findings:
            self.append(finding)


def capped_message(finding: Finding) -> str:
    """The message of a GL012 finding (its count is final only once the file is checked)."""
    extra = finding.extra
    return (f"{extra['hidden']:,} more {extra['rule']} finding(s) in this file, from here on, not shown: at most "
            f"{extra['cap']:,} per rule and file are reported (findings with a fix are all reported)")


class Report:
    """Collects a file's findings (capped, :class:`Findings`); rules call :meth:`add`."""

    def __init__(self, stop_after: int = FINDINGS_PER_FILE) -> None:
        self.findings: list[Finding] = Findings()
        self.stop_after = stop_after

    @property
    def added(self) -> int:
        """How many findings were reported, kept or not (has a check found anything?)."""
        findings = self.findings
        return findings.added if isinstance(findings, Findings) else len(findings)

    def add(
        self,
        code: str,
        where: Location,
        message: str,
        fix: FixProposal | None = None,
        severity: Severity | None = None,
        alternatives: tuple[FixProposal, ...] = (),
        **extra: Any,
    ) -> None:
        findings = self.findings
        if isinstance(findings, Findings):
            if findings.added >= self.stop_after:
                raise CheckStopped(where)
            if not findings.admits(code, where, fix, severity):
                return
        list.append(findings, Finding(code, where, message, fix, severity, extra, alternatives))

    def stopped(self, where: Location) -> None:
        """Say that the check stopped at ``where`` (:class:`CheckStopped`): the rest of the file is not checked."""
        list.append(self.findings, Finding(LIMIT_EXCEEDED.code, where, f"more than {self.stop_after:,} findings: the check stopped here, and the "
                                           "rest of the file is not checked (fix what is reported and run again)"))
