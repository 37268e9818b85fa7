"""The `slu` family's config table (``[tool.goldlint.slu]`` / ``slu:``)."""

from __future__ import annotations

from dataclasses import field
from typing import Annotated

from goldlint.families.base import FamilyOptions
from goldlint.families.slu.declaration import AUDIO_TYPES
from goldlint.tables import AtLeast, table


@table
class TextConventions(FamilyOptions):
    """RuSLUn's post-processing of slot values; each one can be switched off."""

    lowercase: bool = True
    digits_as_words: bool = True
    no_punctuation: bool = True


@table
class SluOptions(FamilyOptions):
    audio_root: str | None = None  # where `inputs.audio` paths are resolved (SLU110)
    audio_types: list[str] = field(default_factory=lambda: list(AUDIO_TYPES))  # (SLU108; the declared ones by default)
    text_conventions: TextConventions = field(default_factory=TextConventions)
    ontology: str | None = None  # YAML/JSON file: intent -> [slots] (SLU115)
    min_speaker_age: Annotated[int, AtLeast(0)] = 3
    max_speaker_age: Annotated[int, AtLeast(0)] = 110
