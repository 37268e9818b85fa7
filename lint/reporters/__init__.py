"""Output formats for ``goldlint check``: a small registry of functions.

Each reporter turns the diagnostics of a run into one string; none of them knows how
the diagnostics were found. A run imports only the reporter it prints with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from goldlint.diagnostics import Diagnostic
    from goldlint.summary import RunSummary

# (diagnostics, the run's summary or None) -> the report; the summary gives what was looked
# at (text, SARIF) and whether warnings fail the run (JUnit).
Reporter = Callable[["list[Diagnostic]", "RunSummary | None"], str]

# --format's names, and where each reporter lives (module, function).
_WHERE = {
    "text": ("text", "text"),
    "json": ("json_format", "json_report"),
    "github": ("github", "github"),
    "sarif": ("sarif", "sarif"),
    "junit": ("junit", "junit"),
}
FORMATS = tuple(_WHERE)


class _Reporters(Mapping[str, Reporter]):
    def __getitem__(self, name: str) -> Reporter:
        module, function = _WHERE[name]
        return getattr(import_module(f"goldlint.reporters.{module}"), function)  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


REPORTERS: Mapping[str, Reporter] = _Reporters()
