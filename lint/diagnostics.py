"""The core's vocabulary: positions, spans, fixes and diagnostics.

Nothing here knows about terminals or LSP; reporters and the server translate.
Lines and columns are 1-based; a column counts Unicode code points.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

import msgspec

Applicability = Literal["safe", "unsafe"]


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 2, "warning": 1, "info": 0}[self.value]


class Position(msgspec.Struct, frozen=True, order=True):
    line: int
    column: int


class Span(msgspec.Struct, frozen=True, eq=False):
    """A half-open range of the original text, as positions and as character offsets.

    Two spans are equal when their positions are: the offsets are a convenience, not part
    of a span's identity (some readers know them, some do not)."""

    start: Position
    end: Position
    start_offset: int = -1
    end_offset: int = -1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Span) and self.start == other.start and self.end == other.end

    def __hash__(self) -> int:
        return hash((self.start, self.end))


class Edit(msgspec.Struct, frozen=True):
    span: Span
    new_text: str


class Fix(msgspec.Struct, frozen=True):
    applicability: Applicability
    message: str
    edits: tuple[Edit, ...]


class Related(msgspec.Struct, frozen=True):
    """Another place a diagnostic is about (the other occurrence of a leaked sentence)."""

    path: str
    span: Span
    message: str


class Diagnostic(msgspec.Struct, frozen=True):
    path: str
    code: str
    name: str
    severity: Severity
    message: str
    span: Span
    fix: Fix | None = None  # the preferred fix: the one ``--fix`` applies
    # Other fixes for a human to choose from (an editor offers each as a quick fix).
    alternatives: tuple[Fix, ...] = ()
    # Other places the finding is about, each with what it is (LSP relatedInformation,
    # SARIF relatedLocations); e.g. where else a leaked test sentence stands.
    related: tuple[Related, ...] = ()

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.span.start.line, self.span.start.column, self.code)
