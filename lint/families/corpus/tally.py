"""The tallies of one pass over the entries, and a controlled vocabulary as checks use it."""

from __future__ import annotations

import unicodedata
from typing import Any

import msgspec
from msgspec import field

from goldlint.diagnostics import Severity
from goldlint.families.base import Report
from goldlint.families.corpus.fields import describe
from goldlint.families.declare import Codes, declared
from goldlint.findings import At, Change, JsonPath, safe_fix
from goldlint.suggest import closest, unambiguous


def normalise_source(text: str) -> str:
    """The key COR112 compares: NFC, case-folded, whitespace collapsed."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    return " ".join(text.casefold().split())


class Vocab(msgspec.Struct):
    """One controlled vocabulary as a check uses it (a declared field's: its codes too)."""

    name: str
    values: dict[str, str]
    extra: frozenset[str]
    codes: Codes
    seen_extra: set[str] = field(default_factory=set)

    def check(self, report: Report, where: At | JsonPath, value: Any) -> bool:
        if isinstance(value, str) and value in self.values:
            return True
        at = where if isinstance(where, At) else At(where)
        if not isinstance(value, str):
            declared(self.codes.type).report(report, at, f"`{self.name}` must be a string, found {describe(value)}")
            return False
        if value in self.extra:
            if value not in self.seen_extra:
                self.seen_extra.add(value)
                declared(self.codes.vocabulary).report(report, at, f"`{value}` is a configured extension of the {self.name} vocabulary", severity=_info())
            return True
        choices = list(self.values)
        target = unambiguous(value, choices)
        near = closest(value, choices)
        hint = f" (did you mean `{near[0]}`?)" if near else f"; expected one of {', '.join(choices)}"
        fix = safe_fix(f"replace with `{target}`", Change(at, target, as_string=True)) if target else None
        declared(self.codes.vocabulary).report(report, at, f"`{value}` is not a {self.name}{hint}", fix)
        return False


def _info() -> Severity:
    return Severity.INFO


class Tally(msgspec.Struct):
    """What the corpus-level rules need after the pass."""

    count: int = 0
    ids: dict[Any, int] = field(default_factory=dict)
    labels: list[Any] = field(default_factory=list)  # each entry's id (or None), by index, for messages
    # normalised source -> [first index, first public, first secret]; or just the index of
    # its first entry when that one is public (the common case, and no list to build)
    sources: dict[str, list[Any] | int] = field(default_factory=dict)

    def first_source(self, key: str, index: int, secret: bool | None) -> None:
        """Record the first entry with this source (see ``sources``)."""
        self.sources[key] = index if secret is False else [index, None, index if secret else None]
    segments: dict[str, list[Any]] = field(default_factory=dict)  # segment -> [count, first At]
    tiers: set[int] = field(default_factory=set)
    registers: set[str] = field(default_factory=set)
    no_provenance: list[Any] = field(default_factory=list)  # [count, first At]
    provenance_used: set[str] = field(default_factory=set)
    variants: dict[str, list[Any]] = field(default_factory=dict)  # class -> [count, At]
    domains_used: set[str] = field(default_factory=set)
    licence_placeholders: dict[str, list[Any]] = field(default_factory=dict)  # value -> [count, At, metadata licence]
    lang_mismatch: dict[tuple[str, str, str], list[Any]] = field(default_factory=dict)

    def label(self, index: int) -> str:
        """How a message names an earlier entry: by its id, else by its position."""
        import json

        value = self.labels[index] if index < len(self.labels) else None
        return f"entry {json.dumps(value, ensure_ascii=False)}" if value is not None else f"the entry at index {index}"
