"""The `slurp` family's config table (``[tool.goldlint.slurp]`` / ``slurp:``)."""

from __future__ import annotations

from goldlint.families.base import FamilyOptions
from goldlint.tables import table


@table
class SlurpOptions(FamilyOptions):
    inventory: str | None = None  # a file or folder the dataset's intents and entity types are learned from
    intents: list[str] | None = None
    entity_types: list[str] | None = None
    # The other SLURP files of a file's folder are the rest of its dataset: the inventory is
    # learned from them when none is configured. `false`: each file stands alone (a folder of
    # unrelated copies, such as a benchmark's). (Ids across the files of a dataset: DS105.)
    folder_dataset: bool = True
