"""The `xsid` family's config table (``[tool.goldlint.xsid]`` / ``xsid:``)."""

from __future__ import annotations

from goldlint.families.base import FamilyOptions
from goldlint.tables import table


@table
class XsidOptions(FamilyOptions):
    intents: list[str] | None = None  # the dataset's intents (default: xSID's)
    slot_labels: list[str] | None = None  # its slot labels (default: xSID's)
    language: str | None = None  # the file's language (default: the file name's first part)
