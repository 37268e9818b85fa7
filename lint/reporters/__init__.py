"""Output formats for ``goldlint check``: a small registry of functions.

Each reporter turns the diagnostics of a run into one string; none of them knows how
the diagnostics were found.
"""

from __future__ import annotations

from collections.abc import Callable

from goldlint.diagnostics import Diagnostic
from goldlint.reporters.github import github
from goldlint.reporters.json_format import json_report
from goldlint.reporters.junit import junit
from goldlint.reporters.sarif import sarif
from goldlint.reporters.text import text
from goldlint.summary import RunSummary

# (diagnostics, the run's summary or None) -> the report; the summary gives what was looked
# at (text, SARIF) and whether warnings fail the run (JUnit).
Reporter = Callable[[list[Diagnostic], "RunSummary | None"], str]

REPORTERS: dict[str, Reporter] = {
    "text": text,
    "json": json_report,
    "github": github,
    "sarif": sarif,
    "junit": junit,
}
