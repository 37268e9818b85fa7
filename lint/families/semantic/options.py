"""The `semantic` family's config table (``[tool.goldlint.semantic]`` / ``semantic:``)."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Literal

from goldlint.families.base import FamilyOptions
from goldlint.tables import Checked, table

SeverityName = Literal["low", "medium", "high", "critical"]


def _pattern(value: str | None) -> str | None:
    if value is not None:
        rest = value.replace("{meeting_id}", "").replace("{stem}", "")
        if "{" in rest or "}" in rest:
            raise ValueError("the transcripts pattern may only use the placeholders {meeting_id} and {stem}")
    return value


@table
class SemanticOptions(FamilyOptions):
    profile: Literal["auto", "spec", "slower-whisper"] = "auto"
    extend_topics: list[str] = field(default_factory=list)
    extend_risk_types: dict[str, list[SeverityName]] = field(default_factory=dict)
    transcripts: Annotated[str | None, Checked(_pattern)] = None  # a path pattern with {meeting_id} and/or {stem}
    transcript_format: Literal["slower-whisper"] = "slower-whisper"
