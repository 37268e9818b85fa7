"""What one ``goldlint check`` run looked at: files checked per kind, files skipped and why.

"Clean" and "nothing checked" must never look the same: the text format ends with one line
saying both what was found and what was looked at, SARIF carries the counts in its run's
invocation, ``--statistics`` ends with the same line, and a run that checked no file at all
says so on standard error.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

import msgspec

from goldlint.diagnostics import Diagnostic, Severity

UNKNOWN_KIND = "unknown kind"  # checked, but unreadable before its kind could be told (a syntax error)


class Outcome(NamedTuple):
    """One file's result as the run needs it (small, so a worker process can send it back)."""

    diagnostics: list[Diagnostic]
    kind: str | None
    skipped: str | None  # why it was not checked (FileResult.skipped), None when it was
    path: str = ""  # the file (a clean file has no diagnostic to name it: the dataset checks need it)


class RunSummary(msgspec.Struct):
    checked: Counter[str] = msgspec.field(default_factory=Counter)  # kind -> files checked
    skipped: Counter[str] = msgspec.field(default_factory=Counter)  # reason -> files not checked
    strict: bool = False  # warnings fail the run (--strict)

    def add(self, outcome: Outcome) -> None:
        if outcome.skipped is not None:
            self.skipped[outcome.skipped] += 1
        else:
            self.checked[outcome.kind or UNKNOWN_KIND] += 1

    @property
    def files_checked(self) -> int:
        return sum(self.checked.values())

    def fails(self, d: Diagnostic) -> bool:
        """Whether a diagnostic makes the run fail (exit 1): an error, or a warning under --strict."""
        return d.severity is Severity.ERROR or (self.strict and d.severity is Severity.WARNING)

    def files_line(self) -> str:
        """``3 files checked (slu 2, corpus 1); 4 skipped (3 kind not recognised, 1 excluded)``."""
        n = self.files_checked
        text = f"{n} file{'s' if n != 1 else ''} checked"
        if self.checked:
            text += " (" + ", ".join(f"{kind} {count}" for kind, count in _by_count(self.checked)) + ")"
        return text + (f"; {self._skipped()}" if self.skipped else "")

    def nothing_checked(self) -> str:
        """The standard-error line of a run that checked no file."""
        said = f": {self._skipped()}" if self.skipped else ""
        return f"goldlint: no files checked{said}. Name gold files or folders, or a kind with --kind or a `kinds` glob in config."

    def _skipped(self) -> str:
        """``4 skipped (3 kind not recognised, 1 excluded)``."""
        reasons = ", ".join(f"{count} {reason}" for reason, count in _by_count(self.skipped))
        return f"{sum(self.skipped.values())} skipped ({reasons})"

    def as_json(self) -> dict[str, Any]:
        return {
            "filesChecked": self.files_checked,
            "filesCheckedByKind": dict(sorted(self.checked.items())),
            "filesSkipped": sum(self.skipped.values()),
            "filesSkippedByReason": dict(sorted(self.skipped.items())),
        }


def _by_count(counts: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
