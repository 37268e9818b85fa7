"""The registry of gold-file families (the kinds ``--kind`` names).

Order matters for detection from content: the first family whose ``detect`` accepts a
value wins.
"""

from __future__ import annotations

from goldlint.families.base import Family
from goldlint.families.corpus import CorpusFamily
from goldlint.families.mixconfig import MixConfigFamily
from goldlint.families.runcard import RunCardFamily
from goldlint.families.semantic import SemanticFamily
from goldlint.families.slu import SluFamily
from goldlint.families.slurp import SlurpFamily
from goldlint.families.truth import TruthFamily
from goldlint.families.xsid import XsidFamily
from goldlint.rules import file_rules  # noqa: F401  (registers the GL rules)

# Detection order: the most specific shapes first (a run card also has a `dataset`).
FAMILIES: dict[str, Family] = {
    family.name: family
    for family in (SluFamily(), RunCardFamily(), CorpusFamily(), SemanticFamily(), MixConfigFamily(), TruthFamily(), XsidFamily(), SlurpFamily())
}

KIND_NAMES = tuple(FAMILIES)


def detect(value: object, fmt: str) -> Family | None:
    for family in FAMILIES.values():
        if fmt in family.formats and family.detect(value):
            return family
    return None
