"""The registry of gold-file families (the kinds ``--kind`` names).

Order matters for detection from content: the first family whose ``detect`` accepts a
value wins.
"""

from __future__ import annotations

from goldlint.families.base import Family
from goldlint.rules import file_rules  # noqa: F401  (registers GL rules)

FAMILIES: dict[str, Family] = {}


def _register(family: Family) -> None:
    FAMILIES[family.name] = family


def _load() -> None:
    for module, cls in (
        ("goldlint.families.slu", "SluFamily"),
        ("goldlint.families.runcard", "RunCardFamily"),
        ("goldlint.families.corpus", "CorpusFamily"),
        ("goldlint.families.semantic", "SemanticFamily"),
        ("goldlint.families.mixconfig", "MixConfigFamily"),
        ("goldlint.families.truth", "TruthFamily"),
    ):
        try:
            mod = __import__(module, fromlist=[cls])
        except ModuleNotFoundError as exc:  # a family still being built in this checkout
            if exc.name != module:
                raise
            continue
        if hasattr(mod, cls):  # TEMPORARY while families are being written
            _register(getattr(mod, cls)())


_load()

KIND_NAMES = tuple(FAMILIES)


def detect(value: object, fmt: str) -> Family | None:
    for family in FAMILIES.values():
        if fmt in family.formats and family.detect(value):
            return family
    return None
