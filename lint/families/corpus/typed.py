"""The clean path of a spec corpus file, straight from its bytes.

A hand-edited corpus is clean far more often than not, and then building a dict per entry
only to find nothing is most of the cost. So the file is first decoded with msgspec into
typed entries: the decoder itself checks, in C and while it parses, every type, every
controlled vocabulary (a ``Literal``) and that no entry has a field the spec does not
name. What types cannot say (unique ids and sources, clean gold texts, aligned glosses,
declared provenance, the envelope, the corpus-level rules) is then checked on columns
exactly as :mod:`.bulk` does. The answer is only ever "clean": any failure, any finding,
and the engine checks the file the ordinary way, which finds and places every problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import Any, Literal

import msgspec

from goldlint.families.base import Context, Report
from goldlint.families.corpus import bulk, gloss, summary, vocab
from goldlint.families.corpus.entries import EntryChecker
from goldlint.families.corpus.envelope import check_spec
from goldlint.findings import At


@lru_cache(maxsize=1)
def _decoder() -> tuple[msgspec.json.Decoder[Any], msgspec.json.Encoder]:
    def one_of(values: Any) -> Any:
        return Literal[tuple(values)]

    entry = msgspec.defstruct("SpecEntry", [
        ("id", int), ("source", str), ("reference", str), ("segment", one_of(vocab.SEGMENTS)),
        ("difficulty", Literal[1, 2, 3, 4, 5]), ("provenance", one_of(vocab.PROVENANCE)),
        ("register", one_of(vocab.REGISTERS)), ("context", one_of(vocab.CONTEXTS)),
        ("notes", str | None, None), ("variant_class", str | None, None), ("morphological_analysis", str | None, None),
    ], forbid_unknown_fields=True, omit_defaults=True)
    # The envelope's values are strings, numbers or lists of strings: nesting stays shallow,
    # far below any depth limit (a deeper envelope goes the ordinary way, which enforces it).
    envelope = dict[str, str | int | float | bool | None | list[str]]
    corpus = msgspec.defstruct("SpecCorpus", [("dataset", envelope), ("entries", list[entry])],  # type: ignore[valid-type]
                               forbid_unknown_fields=True)
    return msgspec.json.Decoder(corpus), msgspec.json.Encoder()


_FIELDS = ("id", "source", "reference", "segment", "difficulty", "provenance", "register", "notes", "variant_class",
           "morphological_analysis")
_REQUIRED = 8  # members every entry has: id to context (``context`` is checked by its type alone)


@dataclass(slots=True)
class _Columns:
    """The entries' fields, one list per field (pulled one field at a time: four times
    faster than a tuple per entry transposed by ``zip``)."""

    ids: list[Any]
    sources: list[str]
    references: list[str]
    segments: list[str]
    tiers: list[int]
    provenance: list[str]
    registers: list[str]
    notes: list[str | None]
    variants: list[str | None]
    analyses: list[str | None]
    joined_references: str  # the references joined by line breaks, searched at once

    @classmethod
    def of(cls, entries: list[Any]) -> _Columns:
        ids, sources, references, segments, tiers, provenance, registers, notes, variants, analyses = (
            list(map(attrgetter(name), entries)) for name in _FIELDS)
        return cls(ids, sources, references, segments, tiers, provenance, registers, notes, variants, analyses, "\n".join(references))

    def colons(self) -> int:
        """The colons the entries' text has when no key repeats and no colon is escaped:
        one per member, and those inside the strings. (Keys and vocabulary words have none.)"""
        optional = (self.notes, self.variants, self.analyses)
        members = (_REQUIRED + len(optional)) * len(self.ids) - sum(column.count(None) for column in optional)
        texts = ("".join(self.sources), self.joined_references, "".join(filter(None, chain(*optional))))
        return members + sum(text.count(":") for text in texts)


def check_bytes(data: bytes, report: Report, ctx: Context) -> bool:
    """Whether the file is a spec corpus with nothing at all to report."""
    decoder, encoder = _decoder()
    try:
        corpus = decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return False
    entries = corpus.entries
    if not entries:
        return False  # no entries (GL010): the ordinary way
    columns = _Columns.of(entries)
    # A reader keeps one value per key, so a repeated key (GL004) leaves the text with more
    # colons than the value has members and string colons. (An escaped colon, ``\u003a``,
    # would spoil the count: such a text goes the ordinary way. A backslash is rare, and
    # looking for one is a memchr.)
    expected = 2 + encoder.encode(corpus.dataset).count(b":") + columns.colons()
    if data.count(b":") != expected or (b"\\" in data and b"\\u003" in data):
        return False
    root = {"dataset": corpus.dataset, "entries": entries}
    from goldlint.families import detect

    if getattr(detect(root, "json"), "name", None) != "corpus":
        return False  # another family would claim it: the ordinary way decides
    declared, _ = check_spec(report, root, frozenset(ctx.options.extra_fields))
    if report.findings:
        return False
    checker = EntryChecker(report, ctx.options, "spec", declared_provenance=set(declared) if declared is not None else None)
    assessed = _assess(checker, columns)
    if assessed is None:
        return False
    # Ids and sources are unique in the file (``_assess``), and no entry comes after these:
    # only the tallies that the corpus-level rules read need counting.
    bulk.count(checker, ("entries",), 0, assessed, 0, len(entries))
    summary.finish(report, checker, ctx.options, At(("entries",), key=True), declared=declared)
    return not report.findings


def _assess(c: EntryChecker, columns: _Columns) -> bulk.Assessment | None:
    """The entries as one clean block, or None: what the typed decoder could not check."""
    ids, sources, references, provenance = columns.ids, columns.sources, columns.references, columns.provenance
    if len(set(ids)) != len(ids) or (c.declared is not None and not c.declared.issuperset(provenance)):
        return None
    if not all(map(str.strip, sources)) or bulk.references_clean(references, columns.joined_references) != bulk.all_set(len(references)):
        return None
    if not gloss.all_clean([a for a in columns.analyses if a is not None]):
        return None
    keys = bulk.normalised(sources)
    if len(set(keys)) != len(keys):
        return None
    variants = columns.variants
    clean = b"\x01" * len(ids)
    return bulk.Assessment(clean, ids, keys, columns.segments, columns.tiers, provenance, columns.registers,
                           variants if variants.count(None) != len(variants) else None)
