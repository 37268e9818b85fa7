"""One pass over the entries: every per-entry rule, and the tallies the corpus-level rules need.

Runs on decoded dicts in plain Python; a location (:class:`At`) is built only when there is
something to report. Cross-entry rules keep small dictionaries: ids (COR107), normalised
sources (COR112, one dict lookup per entry, never a comparison of pairs), segment sizes,
tiers, registers, provenance use, variant classes, domains.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import chain
from typing import Any

from goldlint.families.base import Report
from goldlint.families.corpus import bulk, declaration, fastpath, gloss, harness_entry, legacy
from goldlint.families.corpus.dialects import Flavour, entry_fields
from goldlint.families.corpus.fields import describe, matches, unknown_keys
from goldlint.families.corpus.options import CorpusOptions
from goldlint.families.corpus.rules import CORPUS_FIELD_MISSING_OR_WRONG_TYPE, DUPLICATE_ENTRY_ID, DUPLICATE_SOURCE, GLOSS_MISMATCH, UNDECLARED_PROVENANCE, UNKNOWN_FIELD
from goldlint.families.corpus.tally import Tally, Vocab, normalise_source
from goldlint.families.declare import Field, declared
from goldlint.findings import At, Change, JsonPath, safe_fix
from goldlint.rules.file_rules import check_gold_text
from goldlint.suggest import written_integer


def vocabularies(opts: CorpusOptions, flavour: Flavour) -> dict[str, Vocab]:
    """The controlled vocabularies of an entry's fields, each extended by its configured list."""
    out = {}
    for f in declaration.ENTRY[flavour]:
        if f.values is not None:
            extra = frozenset(chain.from_iterable(getattr(opts, name) for name in declaration.EXTENSIONS.get(f.name, ())))
            out[f.name] = Vocab(f.noun, dict(f.values), extra, f.codes)
    return out


class EntryChecker:
    def __init__(self, report: Report, opts: CorpusOptions, flavour: Flavour, *, declared_provenance: set[str] | None = None,
                 domains: set[str] | None = None, file_segment: str | None = None, languages: tuple[str, str] | None = None,
                 vocabs: dict[str, Vocab] | None = None) -> None:
        self.report = report
        self.opts = opts
        self.flavour = flavour
        self.declared = declared_provenance
        self.domains = domains
        self.file_segment = file_segment
        self.languages = languages
        self.fields = declaration.ENTRY[flavour]
        self.known = entry_fields(flavour) | frozenset(opts.extra_fields)
        self.secret = opts.secret_segments()
        self.tally = Tally()
        # (one vocabulary per file, shared with the envelope's: an extension is reported once)
        self.vocabs = vocabs if vocabs is not None else vocabularies(opts, flavour)
        self.clean = fastpath.harness_entry if flavour == "harness" else fastpath.spec_entry
        self.missing: list[str] = []  # required fields the current entry lacks (one COR101 per entry)
        # What each field's value adds to the tallies or checks beyond its declaration:
        # ``(at, key, value, good, entry)``, ``good`` when the declaration accepts the value.
        then: dict[str, Callable[[At, str, Any, bool, dict[str, Any]], None]] = {
            "id": self._id, "source": self._source, "reference": self._reference, "segment": self._segment,
            "difficulty": self._difficulty, "provenance": self._provenance, "register": self._register,
            "domain": self._domain, "metadata": self._metadata, "variant_class": self._variant_class,
            "morphological_analysis": self._analysis,
        }
        # Per field, once: what a good value is (its type, its declared values, whether it must
        # not be blank), so that a good value costs a type test and a set lookup; a value that
        # fails those is judged in full (:meth:`_judge`), with a configured extension too.
        self.plan = [(f, f.name, f.legacy, f.python, f.allowed, f.nonblank, f.nullable, then.get(f.name),
                      f.name if f.required and f.codes.missing is not None else None) for f in self.fields]

    def entries(self, prefix: JsonPath, entries: list[Any]) -> None:
        """Check every entry of a list. Blocks are assessed at once (:mod:`.bulk`): runs of
        clean entries are recorded together, the rest are checked one by one, in order."""
        for start in range(0, len(entries), bulk.BLOCK):
            block = entries[start : start + bulk.BLOCK]
            assessed = bulk.assess(self, block)
            if assessed is None:
                for n, e in enumerate(block, start):
                    self.entry((*prefix, n), e)
            else:
                self.assessed(prefix, start, assessed, block.__getitem__)

    def assessed(self, prefix: JsonPath, start: int, assessed: bulk.Assessment, entry_at: Callable[[int], Any], apart: bool = False) -> None:
        """Check the entries of an assessed block (at ``start`` in the list): runs of clean
        ones are recorded at once, each other one (``entry_at(n)``, ``n`` in the block) is
        checked alone, in order. ``apart``: no clean entry shares an id or a source with any
        other entry (:func:`.bulk.commit`)."""
        entry, clean, size = self.entry, assessed.clean, len(assessed.clean)
        lo = 0
        while lo < size:
            hi = clean.find(0, lo)
            hi = size if hi < 0 else hi
            if hi > lo and not bulk.commit(self, prefix, start, assessed, lo, hi, apart):
                for n in range(lo, hi):
                    entry((*prefix, start + n), entry_at(n))
            if hi < size:
                entry((*prefix, start + hi), entry_at(hi))
            lo = hi + 1

    def entry(self, path: JsonPath, e: Any) -> None:
        """Check one entry at ``path`` (``("entries", 3)``, ``(3,)`` or a JSONL line ``(3,)``).

        The fast path confirms a clean entry and records it; anything else takes the slow
        path below, which reports every finding.
        """
        t = self.tally
        t.count += 1
        if type(e) is dict and self.clean(self, path, e):
            return
        report = self.report
        if not isinstance(e, dict):
            t.labels.append(None)
            CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, At(path), f"an entry must be an object, found {describe(e)}")
            return
        at = At(path)
        known = self.known
        for key in e:
            if key not in known:
                self._odd_keys(at, e)
                break
        for f, name, old, kind, allowed, nonblank, nullable, then, required in self.plan:
            key = name if name in e else old if old is not None and old in e else None
            if key is None or (nullable and e[key] is None):  # absent (null stands for absent where it may)
                if required is not None:
                    self.missing.append(required)
                self._absent(at, f)
                continue
            value: Any = e[key]
            if type(value) is kind and (allowed is None or value in allowed) and not (nonblank and not value.strip()):
                good = True  # (the type first: a value looked up in a set is hashable)
            else:
                good = self._judge(at, f, key, value, e)
            if then is not None:
                then(at, key, value, good, e)
        if self.missing:
            names = ", ".join(f"`{n}`" for n in self.missing)
            hint = " (`target` holds the translation? the spec calls it `reference`)" if "reference" in self.missing and "target" in e else ""
            CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, at, f"entry lacks {names}{hint}")
            self.missing = []

    def _judge(self, at: At, f: Field, key: str, value: Any, e: dict[str, Any]) -> bool:
        """Whether ``value`` keeps the field's declared constraints; each broken one reported
        under its declared code, in its declared words."""
        report = self.report
        if f.values is not None:
            return self.vocabs[f.name].check(report, (*at.path, key), value)
        where = at.child(key)
        if f.range is not None:
            if type(value) is int and value in f.allowed:  # type: ignore[operator]
                return True
            if f.legacy_values is not None and isinstance(value, str) and value in f.legacy_values:
                legacy.check_difficulty(report, where, value, e)
                return False
            whole = _whole(value)
            fix = safe_fix(f"write {whole} as an integer", Change(where, str(whole))) if whole in f.allowed else None  # type: ignore[operator]
            declared(f.codes.range).report(report, where, f.range_message(value), fix)
            return False
        if not matches(value, f.type):
            declared(f.codes.type).report(report, where, f.type_message(key, value))
            return False
        if f.nonblank and not value.strip():
            declared(f.codes.blank).report(report, where, f"empty `{key}`")
            return False
        return True

    # -- pieces -----------------------------------------------------------------------------

    def _odd_keys(self, at: At, e: dict[str, Any]) -> None:
        # (COR110 and COR119 rename keys of one entry: each offers only the renames that are
        # safe with the other's, so `target_expected` and `refrence` never both become `reference`)
        typos = unknown_keys(self.report, UNKNOWN_FIELD, at, e, self.known, "an entry", declaration.GUESSES, skip=declaration.LEGACY_FIELDS,
                             renamed=legacy.renames(e))
        legacy.check_names(self.report, at, e, typos)

    def _absent(self, at: At, f: Field) -> None:
        t = self.tally
        if f.name == "id":
            t.labels.append(None)
        elif f.name == "provenance":  # counted for COR115
            slot = t.no_provenance
            if not slot:
                slot.extend([0, at])
            slot[0] += 1

    def _id(self, at: At, key: str, value: Any, good: bool, e: dict[str, Any]) -> None:
        usable = isinstance(value, (int, str)) and not isinstance(value, bool)
        self.tally.labels.append(value if usable else None)
        if not usable:
            return
        ids = self.tally.ids
        if value in ids:
            DUPLICATE_ENTRY_ID.report(self.report, at.child(key), f"duplicate entry id {json.dumps(value, ensure_ascii=False)} (first used at index {ids[value]})")
        else:
            ids[value] = self.tally.count - 1

    def _source(self, at: At, key: str, value: Any, good: bool, e: dict[str, Any]) -> None:
        if good:
            self._duplicate_source(at, key, e, value)

    def _reference(self, at: At, key: str, value: Any, good: bool, e: dict[str, Any]) -> None:
        if good:
            check_gold_text(self.report, at.child(key), value)

    def _segment_of(self, e: dict[str, Any]) -> str | None:
        seg = e.get("segment", self.file_segment)
        return seg if isinstance(seg, str) else None

    def _duplicate_source(self, at: At, field: str, e: dict[str, Any], value: str) -> None:
        key = normalise_source(value)
        seg = self._segment_of(e)
        secret = seg in self.secret if seg is not None else None
        me = self.tally.count - 1
        seen = self.tally.sources.get(key)
        if seen is None:
            self.tally.first_source(key, me, secret)
            return
        if type(seen) is int:  # the compact form of a first public entry
            seen = self.tally.sources[key] = [seen, seen, None]
        first, public, hidden = seen
        where = at.child(field)
        if secret and public is not None:
            DUPLICATE_SOURCE.report(self.report, where, f"test-set leakage: this `{seg}` (secret) source is also the source of {self.tally.label(public)}, "
                                    "in a public segment", severity=_error())
        elif secret is False and hidden is not None:
            DUPLICATE_SOURCE.report(self.report, where, f"test-set leakage: this public source is also the source of {self.tally.label(hidden)}, in a secret segment",
                                    severity=_error())
        else:
            DUPLICATE_SOURCE.report(self.report, where, f"same source as {self.tally.label(first)}: `{value}`")
        if secret is False and public is None:
            seen[1] = me
        elif secret and hidden is None:
            seen[2] = me

    def _segment(self, at: At, key: str, seg: Any, good: bool, e: dict[str, Any]) -> None:
        if good:
            slot = self.tally.segments.get(seg)
            if slot is None:
                self.tally.segments[seg] = [1, at.child("segment")]
            else:
                slot[0] += 1

    def _difficulty(self, at: At, key: str, d: Any, good: bool, e: dict[str, Any]) -> None:
        if good:
            self.tally.tiers.add(d)

    def _register(self, at: At, key: str, value: Any, good: bool, e: dict[str, Any]) -> None:
        if good:
            self.tally.registers.add(value)

    def _provenance(self, at: At, key: str, p: Any, good: bool, e: dict[str, Any]) -> None:
        if not good:
            return
        if self.flavour == "harness":
            harness_entry.licence(self, at.child("provenance"), p, e)
            return
        self.tally.provenance_used.add(p)
        if self.declared is not None and p not in self.declared:
            UNDECLARED_PROVENANCE.report(self.report, at.child("provenance"), f"provenance `{p}` is not declared in `dataset.provenance`")

    def _domain(self, at: At, key: str, d: Any, good: bool, e: dict[str, Any]) -> None:
        if good:
            harness_entry.domain(self, at, d)

    def _metadata(self, at: At, key: str, meta: Any, good: bool, e: dict[str, Any]) -> None:
        if good:
            harness_entry.metadata(self, at, meta)

    def _variant_class(self, at: At, key: str, value: Any, good: bool, e: dict[str, Any]) -> None:
        if good:
            slot = self.tally.variants.get(value)
            if slot is None:
                self.tally.variants[value] = [1, at.child(key)]
            else:
                slot[0] += 1

    def _analysis(self, at: At, key: str, value: Any, good: bool, e: dict[str, Any]) -> None:
        if good and not gloss.is_clean(value):
            where = at.child(key)
            for problem in gloss.check(value):
                GLOSS_MISMATCH.report(self.report, where.inside(problem.start, problem.end), problem.message)


def _error() -> Any:
    from goldlint.diagnostics import Severity

    return Severity.ERROR


def _whole(d: Any) -> int | None:
    if isinstance(d, bool):
        return None
    if isinstance(d, float) and d.is_integer():
        return int(d)
    return written_integer(d) if isinstance(d, str) else None
