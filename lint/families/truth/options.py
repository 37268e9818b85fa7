"""The `truth` family's config table (``[tool.goldlint.truth]`` / ``truth:``)."""

from __future__ import annotations

from dataclasses import field

from goldlint.families.base import FamilyOptions
from goldlint.tables import table


@table
class TruthOptions(FamilyOptions):
    ontology: str | None = None
    calendar_entities: list[str] = field(default_factory=list)
    flattened_predefined: bool = True
