"""The registry of gold-file families (the kinds ``--kind`` names), as a table.

A run imports a family's checks only when it meets a file of that kind: each row names the
family's package, where ``detect.py`` (whether a decoded value is of the kind; light),
``options.py`` (its config table; light) and ``family.py`` (its checks and rules) live.

Order matters for detection from content: the first kind whose ``detect`` accepts a value
wins — the most specific shapes first (a run card also has a `dataset`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from goldlint.families.base import Family


class Kind(msgspec.Struct, frozen=True):
    name: str
    package: str  # under goldlint.families
    family_class: str  # in the package's family.py
    options_class: str  # in the package's options.py
    formats: tuple[str, ...]
    # The family reads a JSON file straight from its bytes when they contain this (a memchr
    # finds it): every other JSON file is not offered to it, and its modules stay unloaded.
    byte_sniff: bytes | None = None
    sniff_within: int | None = None  # looked for in so many first bytes only (None: anywhere)
    # The kind's items take part in the dataset checks (its package's items.py says which text
    # and labels an item has: goldlint.dataset).
    items: bool = False

    def module(self, name: str) -> Any:
        return import_module(f"goldlint.families.{self.package}.{name}")

    @property
    def detect(self) -> Callable[[Any], bool]:
        return self.module("detect").detect  # type: ignore[no-any-return]

    @property
    def options(self) -> type:
        return getattr(self.module("options"), self.options_class)  # type: ignore[no-any-return]


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    # (an array of records names a record's first key near its start: other JSON is not searched through;
    # the key with its colon, as every writer puts it: `"instruction"` alone is also a spec corpus's context)
    Kind("slu", "slu", "SluFamily", "SluOptions", ("json", "jsonl", "yaml"), byte_sniff=b'"instruction":', sniff_within=1 << 16, items=True),
    Kind("runcard", "runcard", "RunCardFamily", "RunCardOptions", ("json", "yaml")),
    Kind("corpus", "corpus", "CorpusFamily", "CorpusOptions", ("json", "jsonl", "yaml"), byte_sniff=b'"entries"', items=True),
    Kind("semantic", "semantic", "SemanticFamily", "SemanticOptions", ("json", "yaml"), items=True),
    Kind("mix-config", "mixconfig", "MixConfigFamily", "MixConfigOptions", ("json", "yaml")),
    Kind("truth", "truth", "TruthFamily", "TruthOptions", ("tsv",), items=True),
    Kind("xsid", "xsid", "XsidFamily", "XsidOptions", ("conll",), items=True),
    Kind("slurp", "slurp", "SlurpFamily", "SlurpOptions", ("jsonl",), items=True),
)}

KIND_NAMES = tuple(KINDS)


class _Families(Mapping[str, "Family"]):
    """Each family made (its modules imported) the first time a run asks for it."""

    def __init__(self) -> None:
        self._made: dict[str, Family] = {}

    def __getitem__(self, name: str) -> Family:
        family = self._made.get(name)
        if family is None:
            kind = KINDS[name]
            family = self._made[name] = getattr(kind.module("family"), kind.family_class)()
        return family

    def __iter__(self) -> Iterator[str]:
        return iter(KINDS)

    def __len__(self) -> int:
        return len(KINDS)


FAMILIES: Mapping[str, Family] = _Families()


def detect(value: object, fmt: str) -> Family | None:
    for kind in KINDS.values():
        if fmt in kind.formats and kind.detect(value):
            return FAMILIES[kind.name]
    return None
