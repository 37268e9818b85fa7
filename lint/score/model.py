"""What a family scorer hands back: metrics with their measurement record, and the rest.

Measurement integrity (seed 003): a metric that could not be measured is ``None`` with a
``reason`` — never a fake ``0`` — and every metric says how many samples it was measured
on and how many were skipped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from goldlint.diagnostics import Severity
from goldlint.findings import Location

if TYPE_CHECKING:
    from goldlint.rules.registry import Rule


@dataclass(slots=True)
class Metric:
    value: float | None
    reason: str | None = None
    samples_measured: int = 0
    samples_skipped: int = 0
    official: float | None = None  # the official scorer's aggregate where it differs in kind (mera: missing = 0)

    @property
    def coverage(self) -> float | None:
        total = self.samples_measured + self.samples_skipped
        return self.samples_measured / total if total else None

    def as_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "reason": self.reason,
            "coverage": self.coverage,
            "samples_measured": self.samples_measured,
            "samples_skipped": self.samples_skipped,
        } | ({"official_aggregate": self.official} if self.official is not None else {})


def metric(value: float | None, reason: str | None, measured: int, skipped: int) -> Metric:
    """A measured value, or ``None`` with the reason it could not be measured."""
    if value is None:
        return Metric(None, reason or "not measurable", measured, skipped)
    return Metric(value, None, measured, skipped)


@dataclass(slots=True)
class Failure:
    """One failed example, shown with gold and prediction side by side in the HTML report."""

    key: str  # the id / meeting / row
    gold: Any
    prediction: Any
    detail: str  # what went wrong, in a few words
    group: str = ""  # intent, difficulty, ...


@dataclass(slots=True)
class Issue:
    """A finding about an input file of the scoring run (positions resolved later)."""

    file: str  # which input: "gold" or "predictions" (or a file path for folders)
    code: str
    where: Location
    message: str
    severity: Severity | None = None


class Issues:
    """Collects :class:`Issue` s while a family scorer runs."""

    def __init__(self) -> None:
        self.items: list[Issue] = []

    def add(self, file: str, rule: Rule, where: Location, message: str, severity: Severity | None = None) -> None:
        """Report a finding of ``rule`` (a row of :mod:`goldlint.score.rules`) in ``file``."""
        self.items.append(Issue(file, rule.code, where, message, severity))

    def count(self, rule: Rule) -> int:
        return sum(1 for issue in self.items if issue.code == rule.code)


@dataclass(slots=True)
class Outcome:
    kind: str
    profile: str
    metrics: dict[str, Metric] = field(default_factory=dict)
    counts: dict[str, Any] = field(default_factory=dict)
    breakdowns: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    main_breakdown: str | None = None  # the breakdown the terminal shows
    card: dict[str, Any] | None = None  # corpus: the run card (the JSON output)
    # Scoring options besides the profile that change the numbers (slurp: ``average``): in the
    # report's ``options`` and its titles, so a number is never read without them.
    options: dict[str, str] = field(default_factory=dict)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)
