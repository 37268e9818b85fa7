"""The core's vocabulary: positions, spans, fixes and diagnostics.

Nothing here knows about terminals or LSP; reporters and the server translate.
Lines and columns are 1-based; a column counts Unicode code points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

Applicability = Literal["safe", "unsafe"]


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 2, "warning": 1, "info": 0}[self.value]


@dataclass(frozen=True, slots=True, order=True)
class Position:
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open range of the original text, as positions and as character offsets."""

    start: Position
    end: Position
    start_offset: int = field(default=-1, compare=False)
    end_offset: int = field(default=-1, compare=False)


@dataclass(frozen=True, slots=True)
class Edit:
    span: Span
    new_text: str


@dataclass(frozen=True, slots=True)
class Fix:
    applicability: Applicability
    message: str
    edits: tuple[Edit, ...]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    path: str
    code: str
    name: str
    severity: Severity
    message: str
    span: Span
    fix: Fix | None = None  # the preferred fix: the one ``--fix`` applies
    # Other fixes for a human to choose from (an editor offers each as a quick fix).
    alternatives: tuple[Fix, ...] = ()

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.span.start.line, self.span.start.column, self.code)
