"""The `corpus` family's config table (``[tool.goldlint.corpus]`` / ``corpus:``)."""

from __future__ import annotations

from pydantic import Field, field_validator

from goldlint.families.base import FamilyOptions
from goldlint.families.corpus import vocab


class CorpusOptions(FamilyOptions):
    #: This repository is the governance organisation's: secret segments may live here (COR113).
    governance_repo: bool = False
    #: Vocabulary extensions; each value used is reported once per file as info (COR108).
    #: Extra segments count as public unless listed in ``extra-secret-segments``.
    extra_segments: list[str] = Field(default_factory=list)
    extra_secret_segments: list[str] = Field(default_factory=list)
    extra_provenance: list[str] = Field(default_factory=list)
    extra_registers: list[str] = Field(default_factory=list)
    extra_contexts: list[str] = Field(default_factory=list)
    extra_domains: list[str] = Field(default_factory=list)
    #: Fields an envelope or entry may carry beyond the dialect's own (COR119).
    extra_fields: list[str] = Field(default_factory=list)
    #: Minimum entries per segment (COR114).
    segment_minimums: dict[str, int] = Field(default_factory=lambda: dict(vocab.SEGMENT_MINIMUMS))

    @field_validator("segment_minimums")
    @classmethod
    def _non_negative(cls, value: dict[str, int]) -> dict[str, int]:
        for name, size in value.items():
            if size < 0:
                raise ValueError(f"the minimum of `{name}` must be 0 or more")
        return value

    def segments(self) -> dict[str, str]:
        extra = {s: "Configured extension (public)." for s in self.extra_segments}
        extra.update({s: "Configured extension (secret)." for s in self.extra_secret_segments})
        return {**vocab.SEGMENTS, **extra}

    def secret_segments(self) -> frozenset[str]:
        return vocab.SECRET_SEGMENTS | frozenset(self.extra_secret_segments)
