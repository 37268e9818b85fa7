"""The `slu` family's config table (``[tool.goldlint.slu]`` / ``slu:``)."""

from __future__ import annotations

from pydantic import Field

from goldlint.families.base import FamilyOptions


class TextConventions(FamilyOptions):
    """RuSLUn's post-processing of slot values; each one can be switched off."""

    lowercase: bool = True
    digits_as_words: bool = True
    no_punctuation: bool = True


class SluOptions(FamilyOptions):
    audio_root: str | None = None  # where `inputs.audio` paths are resolved (SLU110)
    audio_types: list[str] = Field(default_factory=lambda: ["real", "generated"])
    text_conventions: TextConventions = Field(default_factory=TextConventions)
    ontology: str | None = None  # YAML/JSON file: intent -> [slots] (SLU115)
    min_speaker_age: int = Field(default=3, ge=0)
    max_speaker_age: int = Field(default=110, ge=0)
