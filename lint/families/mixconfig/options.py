"""The `mix-config` family's config table (``[tool.goldlint.mix-config]`` / ``mix-config:``)."""

from __future__ import annotations

from dataclasses import field

from goldlint.families.base import FamilyOptions
from goldlint.tables import table


@table
class MixConfigOptions(FamilyOptions):
    ontology: str | None = None
    extend_nlu_keys: list[str] = field(default_factory=list)
