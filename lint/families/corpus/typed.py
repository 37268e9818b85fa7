"""A corpus file checked straight from its bytes (the spec and harness v3 dialects).

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

What differs between the dialects (the envelope and its check, which columns say an entry
is clean) is a :class:`Dialect`: :data:`SPEC` here, the harness's in :mod:`.typed_harness`.
Both entries' types come from their declaration (:data:`.declaration.ENTRY`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import compress
from operator import attrgetter, not_
from typing import Annotated, Any, Literal

import msgspec

from goldlint import lifetime, speedups
from goldlint.families.base import Context, Report
from goldlint.families.corpus import bulk, declaration, dialects, summary
from goldlint.families.corpus.entries import EntryChecker
from goldlint.families.corpus.envelope import check_spec
from goldlint.families.corpus.tally import normalise_source
from goldlint.families.declare import Field
from goldlint.findings import At
from goldlint.formats.base import Document, Limits
from goldlint.formats.json_items import ItemsDocument
from goldlint.formats.json_read import exact_loads
from goldlint.speedups import COLON, count_byte

# A free-form object's values (a harness entry's ``metadata`` and ``provenance``, the harness
# envelope's members): any JSON value, nested two containers deep at most. The bound keeps
# every typed value far below any depth limit (the engine reads no file this way under a
# limit of 8; the deepest container here is at level 6: root, entries, entry, object and
# two); a deeper value is refused by the type, and its entry goes the per-entry way, which
# keeps to the limit (:func:`_plain`). Integers beyond 64 bits are decoded exactly, as the
# ordinary way's reader does; past the interpreter's limit of digits they are refused.
# An integer as the ordinary way's reader gives it whatever else the file holds: orjson reads
# one below 64 bits (-9223372036854775809) as a float, unless an integer of 20 digits
# elsewhere has the whole file read by the standard library, which keeps it whole. So such
# an integer is refused by the types (its entry goes the per-entry way, :func:`_plain`).
INT = Annotated[int, msgspec.Meta(ge=-(2**63))]
_SCALAR = str | INT | float | bool | None
_NESTED = _SCALAR | dict[str, _SCALAR] | list[_SCALAR]
FREE = _SCALAR | dict[str, _NESTED] | list[_NESTED]
DEEPEST = 6  # the level of the deepest container a typed entry may hold


class Dialect(msgspec.Struct, frozen=True):
    """What the typed reading of one dialect needs beyond the shared machinery."""

    flavour: dialects.Flavour
    # The root's members other than ``entries``, as members of a msgspec Struct (name, type[, default]).
    envelope: tuple[tuple[Any, ...], ...]
    # The envelope's check: the checker of the entries, and what ``summary.finish`` takes besides.
    begin: Callable[[Report, dict[str, Any], Context], tuple[EntryChecker, dict[str, Any]]]
    # Which entries are clean (:func:`_assess_spec`).
    assess: Callable[[EntryChecker, Columns, list[int]], bulk.Assessment]

    @property
    def fields(self) -> tuple[Field, ...]:
        return declaration.ENTRY[self.flavour]


class _Decoders(msgspec.Struct, frozen=True):
    whole: msgspec.json.Decoder[Any]  # the corpus with every entry typed
    itemised: msgspec.json.Decoder[Any]  # the corpus with its entries left undecoded (msgspec.Raw)
    entry: msgspec.json.Decoder[Any]  # one typed entry
    envelope: tuple[str, ...]  # the names of the root's other members
    encoder: msgspec.json.Encoder
    harness: bool  # whether the root is to be of the harness dialect (else of the spec's)


@lru_cache(maxsize=2)
def _decoders(dialect: Dialect) -> _Decoders:
    name = dialect.flavour.capitalize()
    entry = msgspec.defstruct(f"{name}Entry", list(map(_member, dialect.fields)),
                              forbid_unknown_fields=True, omit_defaults=True, gc=False)  # (JSON values only: no cycles to collect)

    def corpus(suffix: str, entries: Any) -> msgspec.json.Decoder[Any]:
        members = [*dialect.envelope, ("entries", entries)]
        return msgspec.json.Decoder(msgspec.defstruct(f"{name}Corpus{suffix}", members, kw_only=True, forbid_unknown_fields=True))

    return _Decoders(corpus("", list[entry]), corpus("Items", list[msgspec.Raw]),  # type: ignore[valid-type]
                     msgspec.json.Decoder(entry), tuple(m[0] for m in dialect.envelope), msgspec.json.Encoder(), dialect.flavour == "harness")


def _member(field: Field) -> tuple[Any, ...]:
    """A declared field as a member of the typed entry: its type, narrowed to its vocabulary
    or range (a ``Literal``: msgspec checks it while it parses); an object holds free-form
    values (:data:`FREE`). An optional field may be absent, and null where null stands for
    absent (its column holds None for both; absent alone is ``UNSET``). (A string that is
    blank, an entry with a configured extension: refused by no type, they are judged on
    columns or go the per-entry way.)"""
    kind: Any = field.python if field.allowed is None else Literal[tuple(sorted(field.allowed))]
    kind = {dict: dict[str, FREE], int: INT}.get(kind, kind)
    if field.required:
        return (field.name, kind)
    if field.nullable:
        return (field.name, kind | None, None)
    return (field.name, kind | msgspec.UnsetType, msgspec.UNSET)


def absent(field: Field) -> Any:
    """What a typed entry holds for an optional field it lacks (:func:`_member`)."""
    return None if field.nullable else msgspec.UNSET


class _Declined(Exception):
    """The file is to be checked the ordinary way."""


class _OtherShape(_Declined):
    """The file's root is not this dialect's: another dialect may read it."""


_BLOCK = 4096  # objects encoded at once to count their colons (a buffer that stays in the cache)


class Columns:
    """The typed entries' fields, one list per field, each pulled when first asked for (one
    field at a time: four times faster than a tuple per entry transposed by ``zip``)."""

    def __init__(self, fields: tuple[Field, ...], entries: list[Any]) -> None:
        self.fields = fields
        self.entries = entries
        self._pulled: dict[str, list[Any]] = {}
        if speedups.native is not None:  # (compiled: every column in one pass over the entries, three times as fast)
            names = tuple(f.name for f in fields)
            self._pulled = dict(zip(names, speedups.native.columns(entries, names), strict=True))
        self._joined: dict[str, str] = {}

    def __getitem__(self, name: str) -> list[Any]:
        column = self._pulled.get(name)
        if column is None:
            column = self._pulled[name] = _columns(self.entries, (name,))[0]
        return column

    def joined(self, name: str) -> str:
        """A column of strings joined, searched at once (its absent values left out): the
        sources by NUL, as :func:`.bulk.normalised` reads them, the others by line breaks
        (as :func:`.bulk.references_clean` reads the references)."""
        text = self._joined.get(name)
        if text is None:
            column = self[name]
            present = column if column.count(None) == 0 else list(filter(None, column))
            text = self._joined[name] = bulk.joined_sources(present) if name == "source" else "\n".join(present)
        return text

    def colons(self, encoder: msgspec.json.Encoder) -> int:
        """The colons the entries' text has when no key repeats and no colon is escaped: one
        per member, and those inside the strings and the free-form objects. (Keys and
        vocabulary words have none; numbers neither.)"""
        n = len(self.entries)
        total = 0
        buffer = bytearray()
        for f in self.fields:
            if f.required:
                total += n
            else:
                total += n - self[f.name].count(absent(f))
            if f.type == "string" and f.allowed is None:
                total += self.joined(f.name).count(":")
            elif f.type == "object":
                column = self[f.name]
                for lo in range(0, n, _BLOCK):
                    encoder.encode_into(column[lo : lo + _BLOCK], buffer)
                    total += buffer.count(b":")
        return total


def _columns(objects: list[Any], names: tuple[str, ...]) -> list[list[Any]]:
    """Each name's attribute of every object, a list a name (compiled: ``columns``, which reads
    a msgspec field straight from its slot)."""
    return [list(map(attrgetter(name), objects)) for name in names]


class _Read(msgspec.Struct):
    """A corpus as decoded here."""

    envelope: dict[str, Any]  # the root's members other than ``entries`` (those it has)
    entries: list[Any]  # each entry typed, or plain (a dict, or whatever it is) where the typed decoder refused it
    typed: list[Any]  # the typed entries alone, in order
    refused: list[int]  # where the plain ones are
    items: list[msgspec.Raw] | None  # each entry's text; None: every entry was typed at once, the texts not needed yet


# What msgspec raises on bytes it cannot decode: a syntax error (its DecodeError and
# ValidationError are ValueErrors), invalid UTF-8 in a string (UnicodeDecodeError, also a
# ValueError), nesting too deep for the interpreter.
_UNDECODABLE = (ValueError, RecursionError)


def _read(data: bytes, max_depth: int, decoders: _Decoders) -> _Read:
    try:
        corpus = decoders.whole.decode(data)
        return _Read(_envelope(corpus, decoders), corpus.entries, corpus.entries, [], None)
    except msgspec.ValidationError:
        pass  # an entry (or the envelope) is not what the types say: entry by entry
    except _UNDECODABLE as exc:
        raise _Declined from exc
    try:
        corpus = decoders.itemised.decode(data)
    except msgspec.ValidationError as exc:
        raise _OtherShape from exc  # the root is not what this dialect's types say
    except _UNDECODABLE as exc:
        raise _Declined from exc
    envelope = _envelope(corpus, decoders)  # (told before the entries are read one by one)
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
    return _Read(envelope, entries, typed, refused, items)


def _envelope(corpus: Any, decoders: _Decoders) -> dict[str, Any]:
    """The root's members other than ``entries``; :class:`_OtherShape` when the ordinary way
    would read the root as another dialect (:func:`.dialects.dialect_of`, which tells the
    harness's from the others by the root's members alone)."""
    envelope = {name: value for name in decoders.envelope if (value := getattr(corpus, name)) is not msgspec.UNSET}
    if (dialects.dialect_of({**envelope, "entries": []}) == "harness") != decoders.harness:
        raise _OtherShape
    return envelope


def _plain(item: msgspec.Raw, max_depth: int) -> Any:
    """An entry's text as the ordinary way decodes it (integers beyond 64 bits kept exact)."""
    text = bytes(item)
    if text.count(b"[") + text.count(b"{") + 2 > max_depth:
        raise _Declined  # it might be nested too deeply for the whole file (GL011)
    if b"-" in text and _NEGATIVE_19 in text.translate(_DIGITS_TO_ZERO):
        raise _Declined  # an integer below 64 bits, read as a float or not as the whole file decides (:data:`INT`)
    try:
        return exact_loads(text)
    except (ValueError, RecursionError) as exc:  # (orjson.JSONDecodeError is a ValueError)
        raise _Declined from exc


_DIGITS_TO_ZERO = bytes.maketrans(b"123456789", b"000000000")
_NEGATIVE_19 = b"-" + b"0" * 19  # (a negative integer of 19 digits or more)


def check_bytes(data: bytes, report: Report, ctx: Context, tried: tuple[Dialect, ...]) -> Document | None:
    """Every finding of a corpus of one of the dialects ``tried`` (in order), and the document
    that places them; None: not a corpus this reading can be exact about (the engine drops
    what was reported)."""
    for dialect in tried:
        try:
            return _check(data, report, ctx, dialect)
        except _OtherShape:
            continue  # (nothing was reported yet)
        except _Declined:
            return None
    return None


def _check(data: bytes, report: Report, ctx: Context, dialect: Dialect) -> Document:
    max_depth = Limits.of(ctx.settings).max_depth
    if max_depth < DEEPEST:
        raise _Declined  # a typed value might be nested too deeply (GL011)
    decoders = _decoders(dialect)
    read = _read(data, max_depth, decoders)
    entries = read.entries
    if not entries:
        raise _Declined  # no entries (GL010): the ordinary way
    columns = Columns(dialect.fields, read.typed)
    # A reader keeps one value per key, so a repeated key (GL004) leaves the text with more
    # colons than the value has members and string colons. (An escaped colon, ``\u003a``,
    # would spoil the count: such a text goes the ordinary way. A backslash is rare, and
    # looking for one is a memchr.)
    encoder = decoders.encoder
    expected = 1 + encoder.encode(read.envelope).count(b":") + columns.colons(encoder)  # (1: ``entries``)
    expected += sum(encoder.encode(entries[n]).count(b":") for n in read.refused)
    if (ctx.colons if ctx.colons is not None else count_byte(data, COLON)) != expected or (b"\\" in data and b"\\u003" in data):
        raise _Declined
    root = {**read.envelope, "entries": entries}
    from goldlint.families import detect

    if getattr(detect(root, "json"), "name", None) != "corpus":
        raise _Declined  # another family would claim it: the ordinary way decides
    checker, finishing = dialect.begin(report, root, ctx)
    try:
        assessed = dialect.assess(checker, columns, read.refused)
    except TypeError as exc:  # an unhashable value where a word is looked up (a free-form object's licence): the ordinary way
        raise _Declined from exc
    items = read.items
    if assessed.clean.count(0) == 0:
        # Ids and sources are unique in the file, and no entry is checked alone: only the
        # tallies that the corpus-level rules read need counting.
        bulk.count(checker, ("entries",), 0, assessed, 0, len(entries))
    else:
        if items is None:
            items = _read_items(data, decoders)
        plain = dict(zip(read.refused, map(entries.__getitem__, read.refused), strict=True))
        assessed.clean = _apart(assessed, plain)
        checker.assessed(("entries",), 0, assessed, lambda n: plain[n] if n in plain else _plain(items[n], max_depth), apart=True)
    summary.finish(report, checker, ctx.options, At(("entries",), key=True), **finishing)
    doc = ItemsDocument(str(ctx.path), data, "entries", items, by_line=True)
    lifetime.keep(read, columns, assessed, checker, root, doc)  # (a one-shot command's last file: freed by the exit)
    return doc


def _read_items(data: bytes, decoders: _Decoders) -> list[msgspec.Raw]:
    try:
        return decoders.itemised.decode(data).entries  # type: ignore[no-any-return]
    except _UNDECODABLE as exc:
        raise _Declined from exc


def _begin_spec(report: Report, root: dict[str, Any], ctx: Context) -> tuple[EntryChecker, dict[str, Any]]:
    declared, _ = check_spec(report, root, frozenset(ctx.options.extra_fields))
    checker = EntryChecker(report, ctx.options, "spec", declared_provenance=set(declared) if declared is not None else None)
    return checker, {"declared": declared}


def _assess_spec(c: EntryChecker, columns: Columns, refused: list[int]) -> bulk.Assessment:
    """Which entries are clean: of the typed ones, those that pass what their types could
    not say; the refused ones never (each goes the per-entry way)."""
    ids, provenance = columns["id"], columns["provenance"]
    clean = bulk.first_occurrences(ids)
    if c.declared is not None:
        clean &= bulk.mask(map(c.declared.__contains__, provenance))
    texts_clean, keys, variants = assess_texts(columns)
    clean &= texts_clean
    flags = clean.to_bytes(len(ids), "little")
    if refused:
        flags = b"\x00".join(_pieces(flags, refused))
        ids, keys, segments, tiers, provenance, registers = (
            _spread(column, refused) for column in (ids, keys, columns["segment"], columns["difficulty"], provenance, columns["register"]))
        variants = _spread(variants, refused) if variants is not None else None
        return bulk.Assessment(flags, ids, keys, segments, tiers, provenance, registers, variants)
    return bulk.Assessment(flags, ids, keys, columns["segment"], columns["difficulty"], provenance, columns["register"], variants)


def assess_texts(columns: Columns) -> tuple[int, list[str], list[Any] | None]:
    """What both dialects judge of their entries' texts (a bit an entry: 1 when clean): a
    source with something in it, a clean reference (GL006–GL008) and analysis (COR116), a
    source unique once normalised (COR112); with the normalised sources and the variant
    classes (None when no entry has one)."""
    sources = columns["source"]
    clean = bulk.mask(bulk.strip_flags(sources)[0])
    clean &= bulk.references_clean(columns["reference"], columns.joined("reference"))
    clean &= bulk.glosses_clean(columns["morphological_analysis"])
    keys = bulk.normalised(sources, columns.joined("source"))
    clean &= bulk.first_occurrences(keys)
    variants: list[Any] | None = columns["variant_class"]
    if variants is not None and variants.count(None) == len(variants):
        variants = None
    return clean, keys, variants


SPEC = Dialect("spec", (("dataset", dict[str, str | INT | float | bool | None | list[str]]),), _begin_spec, _assess_spec)
# (The spec's envelope values are strings, numbers or lists of strings: nesting stays
# shallow, far below any depth limit; a deeper envelope goes the ordinary way, which enforces it.)


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


def spread(a: bulk.Assessment, refused: list[int]) -> None:
    """An assessment of the typed entries made one of every entry: each refused one (at
    ``refused``) unclean, with ``None`` in every column. (Its ``segments`` and ``provenance``
    are None: a harness assessment's.)"""
    a.clean = b"\x00".join(_pieces(a.clean, refused))
    a.ids, a.keys, a.tiers, a.registers = (_spread(column, refused) for column in (a.ids, a.keys, a.tiers, a.registers))
    a.variants, a.domains, a.licences = (_spread(column, refused) if column is not None else None for column in (a.variants, a.domains, a.licences))


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
