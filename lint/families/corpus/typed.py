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

from functools import lru_cache
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


# One column at a time: four times faster than a tuple per entry transposed by zip.
_COLUMNS = tuple(map(attrgetter, ("id", "source", "reference", "segment", "difficulty", "provenance", "register")))


def check_bytes(data: bytes, report: Report, ctx: Context) -> bool:
    """Whether the file is a spec corpus with nothing at all to report."""
    decoder, encoder = _decoder()
    try:
        corpus = decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return False
    entries = corpus.entries
    if not entries or b"\\u003" in data or data.count(b":") != encoder.encode(corpus).count(b":"):
        return False  # no entries (GL010), or a key that a reader drops (GL004): the ordinary way
    root = {"dataset": corpus.dataset, "entries": entries}
    from goldlint.families import detect

    if getattr(detect(root, "json"), "name", None) != "corpus":
        return False  # another family would claim it: the ordinary way decides
    declared, _ = check_spec(report, root, frozenset(ctx.options.extra_fields))
    if report.findings:
        return False
    checker = EntryChecker(report, ctx.options, "spec", declared_provenance=set(declared) if declared is not None else None)
    assessed = _assess(checker, entries)
    if assessed is None or not bulk.commit(checker, ("entries",), 0, assessed, 0, len(entries)):
        return False
    summary.finish(report, checker, ctx.options, At(("entries",), key=True), declared=declared)
    return not report.findings


def _assess(c: EntryChecker, entries: list[Any]) -> bulk.Assessment | None:
    """The entries as one clean block, or None: what the typed decoder could not check."""
    ids, sources, references, segments, tiers, provenance, registers = (list(map(get, entries)) for get in _COLUMNS)
    if len(set(ids)) != len(ids) or (c.declared is not None and not c.declared.issuperset(provenance)):
        return None
    if not all(map(str.strip, sources)) or bulk.references_clean(references) != bulk.all_set(len(references)):
        return None
    analyses = [a for a in map(attrgetter("morphological_analysis"), entries) if a is not None]
    if not gloss.all_clean(analyses):
        return None
    keys = bulk.normalised(sources)
    if len(set(keys)) != len(keys):
        return None
    variants = list(map(attrgetter("variant_class"), entries))
    clean = b"\x01" * len(entries)
    return bulk.Assessment(clean, ids, keys, segments, tiers, provenance, registers, variants if any(v is not None for v in variants) else None)
