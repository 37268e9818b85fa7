"""What a rule reports before positions are known.

Rules work on plain decoded values and say *where* with a path into the document
(:class:`At`); the document turns paths into exact spans afterwards, and only for the
findings that exist. Text-level rules may give character offsets directly
(:class:`Offsets`) or a finished :class:`~goldlint.diagnostics.Span`.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import msgspec

from goldlint.diagnostics import Applicability, Severity, Span

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


class Report:
    """Collects a file's findings; rules call :meth:`add`."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []

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
        self.findings.append(Finding(code, where, message, fix, severity, extra, alternatives))
