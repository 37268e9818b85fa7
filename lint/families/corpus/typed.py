"""A spec corpus file checked straight from its bytes.

A hand-edited corpus is clean far more often than not, and even a defective one is mostly
clean entries: building a dict per entry only to find nothing is most of the cost. So the
file is decoded with msgspec into typed entries. The decoder itself checks, in C and while
it parses, every type, every controlled vocabulary (a ``Literal``) and that no entry has a
field the spec does not name; an entry it refuses is decoded again as a plain value. What
types cannot say (unique ids and sources, clean gold texts, aligned glosses, declared
provenance) is assessed on columns, as :mod:`.bulk` does on dicts. Runs of clean entries are
recorded at once; every other entry goes, as a dict, the per-entry way of
:class:`~.entries.EntryChecker`, which finds and words every problem exactly as the ordinary
way does. The envelope and the corpus-level rules are checked as always, and the findings
are placed by an :class:`~goldlint.formats.json_items.ItemsDocument`.

What this reading cannot be exact about sends the file the ordinary way (``None``): a
repeated key, an escaped colon, an envelope with nested values, a legacy entry, nesting near
the depth limit, anything msgspec cannot decode.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, compress
from operator import attrgetter, not_, truth
from typing import Any, Literal

import msgspec

from goldlint.families.base import Context, Report
from goldlint.families.corpus import bulk, declaration, summary
from goldlint.families.corpus.entries import EntryChecker
from goldlint.families.corpus.envelope import check_spec
from goldlint.families.corpus.tally import normalise_source
from goldlint.families.declare import Field
from goldlint.findings import At
from goldlint.formats.base import Document, Limits
from goldlint.formats.json_items import ItemsDocument
from goldlint.formats.json_read import exact_loads


@dataclass(frozen=True, slots=True)
class _Decoders:
    whole: msgspec.json.Decoder[Any]  # the corpus with every entry typed
    itemised: msgspec.json.Decoder[Any]  # the corpus with its entries left undecoded (msgspec.Raw)
    entry: msgspec.json.Decoder[Any]  # one typed entry
    encoder: msgspec.json.Encoder


@lru_cache(maxsize=1)
def _decoders() -> _Decoders:
    entry = msgspec.defstruct("SpecEntry", list(map(_member, declaration.SPEC_ENTRY)),
                              forbid_unknown_fields=True, omit_defaults=True, gc=False)  # (str, int and None fields: no cycles to collect)
    # The envelope's values are strings, numbers or lists of strings: nesting stays shallow,
    # far below any depth limit (a deeper envelope goes the ordinary way, which enforces it).
    envelope = dict[str, str | int | float | bool | None | list[str]]

    def corpus(name: str, entries: Any) -> msgspec.json.Decoder[Any]:
        return msgspec.json.Decoder(msgspec.defstruct(name, [("dataset", envelope), ("entries", entries)], forbid_unknown_fields=True))

    return _Decoders(corpus("SpecCorpus", list[entry]), corpus("SpecCorpusItems", list[msgspec.Raw]),  # type: ignore[valid-type]
                     msgspec.json.Decoder(entry), msgspec.json.Encoder())


def _member(field: Field) -> tuple[Any, ...]:
    """A declared field as a member of the typed entry: its type, narrowed to its vocabulary
    or range (a ``Literal``: msgspec checks it while it parses); an optional field may be
    null or absent. (A string that is blank, an entry with a configured extension: refused
    by no type, they are judged on columns or go the per-entry way.)"""
    kind: Any = field.python if field.allowed is None else Literal[tuple(sorted(field.allowed))]
    if field.required:
        return (field.name, kind)
    return (field.name, kind | None, None)


class _Declined(Exception):
    """The file is to be checked the ordinary way."""


# The members read into columns (``context`` is checked by its type alone), in ``_Columns``'s order.
_FIELDS = ("id", "source", "reference", "segment", "difficulty", "provenance", "register", "notes", "variant_class",
           "morphological_analysis")
_REQUIRED = sum(f.required for f in declaration.SPEC_ENTRY)  # members every entry has


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
    joined_sources: str  # the sources joined by NUL (bulk.joined_sources), searched at once
    joined_references: str  # the references joined by line breaks, searched at once

    @classmethod
    def of(cls, entries: list[Any]) -> _Columns:
        ids, sources, references, segments, tiers, provenance, registers, notes, variants, analyses = (
            list(map(attrgetter(name), entries)) for name in _FIELDS)
        return cls(ids, sources, references, segments, tiers, provenance, registers, notes, variants, analyses, bulk.joined_sources(sources),
                   "\n".join(references))

    def colons(self) -> int:
        """The colons the entries' text has when no key repeats and no colon is escaped:
        one per member, and those inside the strings. (Keys and vocabulary words have none.)"""
        optional = (self.notes, self.variants, self.analyses)
        members = (_REQUIRED + len(optional)) * len(self.ids) - sum(column.count(None) for column in optional)
        texts = (self.joined_sources, self.joined_references, "".join(filter(None, chain(*optional))))
        return members + sum(text.count(":") for text in texts)


@dataclass(slots=True)
class _Read:
    """A spec corpus as decoded here."""

    dataset: dict[str, Any]
    entries: list[Any]  # each entry typed, or plain (a dict, or whatever it is) where the typed decoder refused it
    typed: list[Any]  # the typed entries alone, in order
    refused: list[int]  # where the plain ones are
    items: list[msgspec.Raw] | None  # each entry's text; None: every entry was typed at once, the texts not needed yet


# What msgspec raises on bytes it cannot decode: a syntax error (its DecodeError and
# ValidationError are ValueErrors), invalid UTF-8 in a string (UnicodeDecodeError, also a
# ValueError), nesting too deep for the interpreter.
_UNDECODABLE = (ValueError, RecursionError)


def _read(data: bytes, max_depth: int) -> _Read:
    decoders = _decoders()
    try:
        corpus = decoders.whole.decode(data)
        return _Read(corpus.dataset, corpus.entries, corpus.entries, [], None)
    except msgspec.ValidationError:
        pass  # an entry (or the envelope) is not what the types say: entry by entry
    except _UNDECODABLE as exc:
        raise _Declined from exc
    try:
        corpus = decoders.itemised.decode(data)
    except _UNDECODABLE as exc:
        raise _Declined from exc
    items = corpus.entries
    entries: list[Any] = []
    refused: list[int] = []
    rest = map(decoders.entry.decode, items)  # (``extend`` keeps what it took before a refusal)
    while True:
        try:
            entries.extend(rest)
            break
        except msgspec.ValidationError:
            refused.append(len(entries))
            entries.append(_plain(items[len(entries)], max_depth))
        except _UNDECODABLE as exc:
            raise _Declined from exc
    typed = entries
    if refused:
        skip = bytearray(b"\x01") * len(entries)
        for n in refused:
            skip[n] = 0
        typed = list(compress(entries, skip))
    return _Read(corpus.dataset, entries, typed, refused, items)


def _plain(item: msgspec.Raw, max_depth: int) -> Any:
    """An entry's text as the ordinary way decodes it (integers beyond 64 bits kept exact)."""
    text = bytes(item)
    if text.count(b"[") + text.count(b"{") + 2 > max_depth:
        raise _Declined  # it might be nested too deeply for the whole file (GL011)
    try:
        return exact_loads(text)
    except (ValueError, RecursionError) as exc:  # (orjson.JSONDecodeError is a ValueError)
        raise _Declined from exc


def check_bytes(data: bytes, report: Report, ctx: Context) -> Document | None:
    """Every finding of a spec corpus, and the document that places them; None: not a spec
    corpus this reading can be exact about (the engine drops what was reported)."""
    try:
        return _check(data, report, ctx)
    except _Declined:
        return None


def _check(data: bytes, report: Report, ctx: Context) -> Document:
    max_depth = Limits.of(ctx.settings).max_depth
    read = _read(data, max_depth)
    entries = read.entries
    if not entries:
        raise _Declined  # no entries (GL010): the ordinary way
    columns = _Columns.of(read.typed)
    # A reader keeps one value per key, so a repeated key (GL004) leaves the text with more
    # colons than the value has members and string colons. (An escaped colon, ``\u003a``,
    # would spoil the count: such a text goes the ordinary way. A backslash is rare, and
    # looking for one is a memchr.)
    encoder = _decoders().encoder
    expected = 2 + encoder.encode(read.dataset).count(b":") + columns.colons()
    expected += sum(encoder.encode(entries[n]).count(b":") for n in read.refused)
    if (ctx.colons if ctx.colons is not None else data.count(b":")) != expected or (b"\\" in data and b"\\u003" in data):
        raise _Declined
    root = {"dataset": read.dataset, "entries": entries}
    from goldlint.families import detect

    if getattr(detect(root, "json"), "name", None) != "corpus":
        raise _Declined  # another family would claim it: the ordinary way decides
    declared, _ = check_spec(report, root, frozenset(ctx.options.extra_fields))
    checker = EntryChecker(report, ctx.options, "spec", declared_provenance=set(declared) if declared is not None else None)
    assessed = _assess(checker, columns, read.refused)
    items = read.items
    if assessed.clean.count(0) == 0:
        # Ids and sources are unique in the file, and no entry is checked alone: only the
        # tallies that the corpus-level rules read need counting.
        bulk.count(checker, ("entries",), 0, assessed, 0, len(entries))
    else:
        if items is None:
            items = _read_items(data)
        plain = dict(zip(read.refused, map(entries.__getitem__, read.refused), strict=True))
        assessed.clean = _apart(assessed, plain)
        checker.assessed(("entries",), 0, assessed, lambda n: plain[n] if n in plain else _plain(items[n], max_depth), apart=True)
    summary.finish(report, checker, ctx.options, At(("entries",), key=True), declared=declared)
    return ItemsDocument(str(ctx.path), data, "entries", items, by_line=True)


def _read_items(data: bytes) -> list[msgspec.Raw]:
    try:
        return _decoders().itemised.decode(data).entries  # type: ignore[no-any-return]
    except _UNDECODABLE as exc:
        raise _Declined from exc


def _assess(c: EntryChecker, columns: _Columns, refused: list[int]) -> bulk.Assessment:
    """Which entries are clean: of the typed ones, those that pass what their types could
    not say; the refused ones never (each goes the per-entry way)."""
    ids, sources, references, provenance = columns.ids, columns.sources, columns.references, columns.provenance
    clean = bulk.first_occurrences(ids)
    if c.declared is not None:
        clean &= bulk.mask(map(c.declared.__contains__, provenance))
    clean &= bulk.mask(map(truth, map(str.strip, sources)))
    clean &= bulk.references_clean(references, columns.joined_references)
    clean &= bulk.glosses_clean(columns.analyses)
    keys = bulk.normalised(sources, columns.joined_sources)
    clean &= bulk.first_occurrences(keys)
    variants: list[Any] | None = columns.variants
    if variants is not None and variants.count(None) == len(variants):
        variants = None
    flags = clean.to_bytes(len(ids), "little")
    if refused:
        flags = b"\x00".join(_pieces(flags, refused))
        ids, keys, segments, tiers, provenance, registers = (
            _spread(column, refused) for column in (ids, keys, columns.segments, columns.tiers, provenance, columns.registers))
        variants = _spread(variants, refused) if variants is not None else None
        return bulk.Assessment(flags, ids, keys, segments, tiers, provenance, registers, variants)
    return bulk.Assessment(flags, ids, keys, columns.segments, columns.tiers, provenance, columns.registers, variants)


def _apart(a: bulk.Assessment, plain: dict[int, Any]) -> bytes:
    """The clean entries that share no id and no source with an entry checked alone (the
    others are checked alone too). Clean entries share none among themselves
    (:func:`_assess`), so these can be recorded apart (:func:`.bulk.commit`)."""
    ids: set[Any] = set()
    keys: set[str] = set()
    for n in compress(range(len(a.clean)), map(not_, a.clean)):
        entry = plain.get(n, _TYPED)
        if entry is _TYPED:
            ids.add(a.ids[n])
            keys.add(a.keys[n])
        elif type(entry) is dict:  # whatever names the per-entry way reads an id or a source under
            ids.update(v for v in (entry.get("id"), entry.get("index")) if type(v) in (int, str, bool))
            keys.update(normalise_source(v) for v in (entry.get("source"), entry.get("source_text")) if type(v) is str)
    clean = bytearray(a.clean)
    for column, taken in ((a.ids, ids), (a.keys, keys)):
        for n in compress(range(len(column)), map(taken.__contains__, column)):  # (few: a C pass finds them)
            clean[n] = 0
    return bytes(clean)


_TYPED = object()


def _pieces(values: Any, refused: list[int]) -> list[Any]:
    """``values`` (one per typed entry) cut where the refused entries stand between them."""
    cuts = [n - r for r, n in enumerate(refused)]  # typed entries before each refused one
    return [values[lo:hi] for lo, hi in zip([0, *cuts], [*cuts, len(values)], strict=True)]


def _spread(values: list[Any], refused: list[int]) -> list[Any]:
    """``values`` with a ``None`` where each refused entry stands: one per entry."""
    out: list[Any] = [None] * (len(values) + len(refused))
    taken = at = 0  # values placed; where the next one goes
    for n in refused:
        out[at:n] = values[taken : taken + n - at]  # (a slice assignment: a copy in C)
        taken, at = taken + n - at, n + 1
    out[at:] = values[taken:]
    return out
