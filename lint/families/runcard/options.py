"""The `runcard` family's config table (``[tool.goldlint.runcard]`` / ``runcard:``)."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated

from goldlint.families.base import FamilyOptions
from goldlint.tables import AtLeast, table


@table
class RunCardOptions(FamilyOptions):
    #: The corpus every card in scope was run on (RUN105, RUN109, RUN110); relative to the config file.
    corpus: str | None = None
    #: Corpora by dataset id (`dataset.id` → path), for repositories with several.
    corpora: dict[str, str] = field(default_factory=dict)
    #: Method classes beyond §9.6 (RUN108).
    extra_method_classes: list[str] = field(default_factory=list)
    #: Minimum results with a variant class before RUN110 judges "every one is exact".
    min_variant_results: Annotated[int, AtLeast(1)] = 2
    #: Each card is a leaderboard submission: its folder is checked for a README, the method's
    #: code, a cost report and the coaching data it pins (RUN113–RUN117). ``--submission`` sets it.
    submission: bool = False
