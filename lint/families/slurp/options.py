"""The `slurp` family's config table (``[tool.goldlint.slurp]`` / ``slurp:``)."""

from __future__ import annotations

from goldlint.families.base import FamilyOptions
from goldlint.tables import table


@table
class SlurpOptions(FamilyOptions):
    inventory: str | None = None  # a file or folder the dataset's intents and entity types are learned from
    intents: list[str] | None = None
    entity_types: list[str] | None = None
