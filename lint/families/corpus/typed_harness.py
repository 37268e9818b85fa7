"""The harness v3 dialect read by :mod:`.typed`: its envelope and which of its entries are clean.

The entry's types come from :data:`.declaration.HARNESS_ENTRY` (its ``provenance`` and
``metadata`` objects hold free-form values, :data:`.typed.FREE`); the envelope's members are
the harness root's (:data:`.vocab.HARNESS_ROOT_REQUIRED`), each free-form and each may be
absent, so :func:`.harness.check` finds what the ordinary way finds. What the types cannot
say is assessed on columns with the ordinary way's helpers (:mod:`.bulk`).
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

import msgspec

from goldlint.families.base import Context, Report
from goldlint.families.corpus import bulk, harness, vocab
from goldlint.families.corpus.entries import EntryChecker, vocabularies
from goldlint.families.corpus.typed import FREE, Columns, Dialect, assess_texts, spread
from goldlint.findings import At


def _begin(report: Report, root: dict[str, Any], ctx: Context) -> tuple[EntryChecker, dict[str, Any]]:
    """The envelope's check, as :meth:`.family.CorpusFamily._harness` does it."""
    opts = ctx.options
    vocabs = vocabularies(opts, "harness")  # one per file, the envelope's and the entries': an extension is reported once
    head = harness.check(report, root, frozenset(opts.extra_fields), vocabs["domain"], vocabs["segment"])
    checker = EntryChecker(report, opts, "harness", domains=head.domains, file_segment=head.segment, languages=head.languages, vocabs=vocabs)
    return checker, {"header": head, "file_segment_at": At(("segment",))}


def _assess(c: EntryChecker, columns: Columns, refused: list[int]) -> bulk.Assessment:
    """Which entries are clean: of the typed ones, those that pass what their types could
    not say; the refused ones never (each goes the per-entry way). An entry with a segment
    of its own goes the per-entry way too (which tallies it), as in :func:`.bulk.assess`."""
    ids = columns["id"]
    clean = bulk.first_occurrences(ids)
    clean &= bulk.mask(map(is_, columns["segment"], repeat(msgspec.UNSET)))
    if c.domains is not None:  # the domains the file lists (COR118)
        clean &= bulk.mask(map(c.domains.__contains__, columns["domain"]))
    texts_clean, keys, variants = assess_texts(columns)
    clean &= texts_clean
    a = bulk.Assessment(b"", ids, keys, None, columns["difficulty"], None, columns["register"], variants)
    clean &= bulk.harness_fields(c, a, columns)  # (the licences, the metadata's languages)
    a.clean = clean.to_bytes(len(ids), "little")
    if refused:
        spread(a, refused)
    return a


# The root's members besides ``entries``: each free-form, each may be absent (``UNSET``).
_ENVELOPE = tuple((name, FREE | msgspec.UnsetType, msgspec.UNSET) for name in vocab.HARNESS_ROOT_REQUIRED if name != "entries")

HARNESS = Dialect("harness", _ENVELOPE, _begin, _assess)


def first(data: bytes) -> bool:
    """Whether the harness's reading is to be tried first: a harness root's first member
    (``corpus_id``, as written by the harness) is near the file's start."""
    return data.find(b'"corpus_id"', 0, 1 << 12) >= 0
