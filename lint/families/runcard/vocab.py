"""The run card's vocabularies as the checks and the ``score`` command read them, from
:mod:`.declaration` (where they are written, once)."""

from __future__ import annotations

from goldlint.families.runcard.declaration import CORPUS_PATH_FIELDS, METHOD_CLASSES, TIERS, VALIDATED_TIERS, VALIDATING_VERIFICATION

__all__ = ["CORPUS_PATH_FIELDS", "METHOD_CLASSES", "TIERS", "VALIDATED_TIERS", "VALIDATING_VERIFICATION"]

