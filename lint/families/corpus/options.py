"""The `corpus` family's config table (``[tool.goldlint.corpus]`` / ``corpus:``)."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated

from goldlint.families.base import FamilyOptions
from goldlint.families.corpus import vocab
from goldlint.tables import Checked, table


def _non_negative(value: dict[str, int]) -> dict[str, int]:
    for name, size in value.items():
        if size < 0:
            raise ValueError(f"the minimum of `{name}` must be 0 or more")
    return value


@table
class CorpusOptions(FamilyOptions):
    #: This repository is the governance organisation's: secret segments may live here (COR113).
    governance_repo: bool = False
    #: Vocabulary extensions; each value used is reported once per file as info (COR108).
    #: Extra segments count as public unless listed in ``extra-secret-segments``.
    extra_segments: list[str] = field(default_factory=list)
    extra_secret_segments: list[str] = field(default_factory=list)
    extra_provenance: list[str] = field(default_factory=list)
    extra_registers: list[str] = field(default_factory=list)
    extra_contexts: list[str] = field(default_factory=list)
    extra_domains: list[str] = field(default_factory=list)
    #: Fields an envelope or entry may carry beyond the dialect's own (COR119).
    extra_fields: list[str] = field(default_factory=list)
    #: Minimum entries per segment (COR114).
    segment_minimums: Annotated[dict[str, int], Checked(_non_negative)] = field(default_factory=lambda: dict(vocab.SEGMENT_MINIMUMS))

    def segments(self) -> dict[str, str]:
        extra = {s: "Configured extension (public)." for s in self.extra_segments}
        extra.update({s: "Configured extension (secret)." for s in self.extra_secret_segments})
        return {**vocab.SEGMENTS, **extra}

    def secret_segments(self) -> frozenset[str]:
        return vocab.SECRET_SEGMENTS | frozenset(self.extra_secret_segments)
