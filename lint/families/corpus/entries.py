"""One pass over the entries: every per-entry rule, and the tallies the corpus-level rules need.

Runs on decoded dicts in plain Python; a location (:class:`At`) is built only when there is
something to report. Cross-entry rules keep small dictionaries: ids (COR107), normalised
sources (COR112, one dict lookup per entry, never a comparison of pairs), segment sizes,
tiers, registers, provenance use, variant classes, domains.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from goldlint.families.base import Report
from goldlint.families.corpus import bulk, fastpath, gloss, harness_entry, legacy, vocab
from goldlint.families.corpus.dialects import Flavour, entry_fields
from goldlint.families.corpus.fields import describe, unknown_keys
from goldlint.families.corpus.options import CorpusOptions
from goldlint.families.corpus.tally import Tally, Vocab, normalise_source
from goldlint.findings import At, Change, JsonPath, safe_fix
from goldlint.rules.file_rules import check_gold_text

_ALIASES = {"target": "reference", "translation": "reference", "text": "source"}


class EntryChecker:
    def __init__(self, report: Report, opts: CorpusOptions, flavour: Flavour, *, declared_provenance: set[str] | None = None,
                 domains: set[str] | None = None, file_segment: str | None = None, languages: tuple[str, str] | None = None) -> None:
        self.report = report
        self.opts = opts
        self.flavour = flavour
        self.declared = declared_provenance
        self.domains = domains
        self.file_segment = file_segment
        self.languages = languages
        self.known = entry_fields(flavour) | frozenset(opts.extra_fields)
        self.secret = opts.secret_segments()
        self.tally = Tally()
        self.segment = Vocab("segment", vocab.SEGMENTS, frozenset(opts.extra_segments) | frozenset(opts.extra_secret_segments))
        self.provenance = Vocab("provenance tag", vocab.PROVENANCE, frozenset(opts.extra_provenance))
        registers = vocab.HARNESS_REGISTERS if flavour == "harness" else vocab.REGISTERS
        self.register = Vocab("register", registers, frozenset(opts.extra_registers))
        self.context = Vocab("context", vocab.CONTEXTS, frozenset(opts.extra_contexts))
        self.domain = Vocab("domain", vocab.DOMAINS, frozenset(opts.extra_domains))
        self.clean = fastpath.harness_entry if flavour == "harness" else fastpath.spec_entry
        self.missing: list[str] = []  # required fields the current entry lacks (one COR101 per entry)

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
            report.add("COR101", At(path), f"an entry must be an object, found {describe(e)}")
            return
        at = At(path)
        known = self.known
        for key in e:
            if key not in known:
                self._odd_keys(at, e)
                break
        self._id(at, e)
        self._texts(at, e)
        self._segment(at, e)
        self._difficulty(at, e)
        self._provenance(at, e)
        if "register" not in e:
            self.missing.append("register")
        else:
            register = e["register"]
            if self.register.check(report, (*path, "register"), register):
                t.registers.add(register)
        if self.flavour == "spec":
            if "context" in e:
                self.context.check(report, (*path, "context"), e["context"])
            else:
                self.missing.append("context")
        else:
            harness_entry.fields(self, at, e)
        for name in ("notes", "variant_class", "morphological_analysis"):
            if name in e:
                self._optional(at, e, name)
        if self.missing:
            names = ", ".join(f"`{n}`" for n in self.missing)
            hint = " (`target` holds the translation? the spec calls it `reference`)" if "reference" in self.missing and "target" in e else ""
            report.add("COR101", at, f"entry lacks {names}{hint}")
            self.missing = []

    # -- pieces -----------------------------------------------------------------------------

    def _odd_keys(self, at: At, e: dict[str, Any]) -> None:
        legacy.check_names(self.report, at, e)
        unknown_keys(self.report, "COR119", at, e, self.known, "an entry", _ALIASES, skip=vocab.LEGACY_FIELDS)

    def _id(self, at: At, e: dict[str, Any]) -> None:
        name = vocab.key_of(e, "id")
        value = e[name] if name is not None else None
        self.tally.labels.append(value if isinstance(value, (int, str)) and not isinstance(value, bool) else None)
        if name is None:
            self.missing.append("id")
            return
        want_str = self.flavour == "harness"
        ok = isinstance(value, str) if want_str else (isinstance(value, int) and not isinstance(value, bool))
        if not ok:
            kind = "a string" if want_str else "an integer"
            self.report.add("COR101", at.child(name), f"`{name}` must be {kind}, found {describe(value)}")
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                return
        ids = self.tally.ids
        if value in ids:
            self.report.add("COR107", at.child(name), f"duplicate entry id {json.dumps(value, ensure_ascii=False)} (first used at index {ids[value]})")
        else:
            ids[value] = self.tally.count - 1

    def _texts(self, at: At, e: dict[str, Any]) -> None:
        report = self.report
        for name in ("source", "reference"):
            key = vocab.key_of(e, name)
            if key is None:
                self.missing.append(name)
                continue
            value = e[key]
            if not isinstance(value, str):
                report.add("COR101", at.child(key), f"`{key}` must be a string, found {describe(value)}")
                continue
            if not value.strip():
                report.add("COR111", at.child(key), f"empty `{key}`")
                continue
            if name == "reference":
                check_gold_text(report, at.child(key), value)
            else:
                self._duplicate_source(at, key, e, value)

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
            self.report.add("COR112", where, f"test-set leakage: this `{seg}` (secret) source is also the source of {self.tally.label(public)}, "
                            "in a public segment", severity=_error())
        elif secret is False and hidden is not None:
            self.report.add("COR112", where, f"test-set leakage: this public source is also the source of {self.tally.label(hidden)}, in a secret segment", severity=_error())
        else:
            self.report.add("COR112", where, f"same source as {self.tally.label(first)}: `{value}`")
        if secret is False and public is None:
            seen[1] = me
        elif secret and hidden is None:
            seen[2] = me

    def _segment(self, at: At, e: dict[str, Any]) -> None:
        if "segment" not in e:
            if self.flavour == "spec":
                self.missing.append("segment")
            return
        seg = e["segment"]
        if self.segment.check(self.report, (*at.path, "segment"), seg):
            slot = self.tally.segments.get(seg)
            if slot is None:
                self.tally.segments[seg] = [1, at.child("segment")]
            else:
                slot[0] += 1

    def _difficulty(self, at: At, e: dict[str, Any]) -> None:
        if "difficulty" not in e:
            self.missing.append("difficulty")
            return
        d = e["difficulty"]
        if isinstance(d, int) and not isinstance(d, bool) and d in vocab.TIERS:
            self.tally.tiers.add(d)
            return
        where = at.child("difficulty")
        if isinstance(d, str) and d in vocab.LEGACY_DIFFICULTY:
            legacy.check_difficulty(self.report, where, d, e)
            return
        whole = _whole(d)
        fix = safe_fix(f"write {whole} as an integer", Change(where, str(whole))) if whole in vocab.TIERS else None
        self.report.add("COR109", where, f"`difficulty` must be an integer from {vocab.FIRST_TIER} to {vocab.LAST_TIER}, found {describe(d)}", fix)

    def _provenance(self, at: At, e: dict[str, Any]) -> None:
        t = self.tally
        if "provenance" not in e or e["provenance"] is None:
            slot = t.no_provenance
            if not slot:
                slot.extend([0, at])
            slot[0] += 1
            return
        p = e["provenance"]
        if self.flavour == "harness":
            where = at.child("provenance")
            if not isinstance(p, dict):
                self.report.add("COR101", where, f"`provenance` must be an object, found {describe(p)}")
                return
            harness_entry.licence(self, where, p, e)
            return
        if self.provenance.check(self.report, (*at.path, "provenance"), p):
            t.provenance_used.add(p)
            if self.declared is not None and p not in self.declared:
                self.report.add("COR106", at.child("provenance"), f"provenance `{p}` is not declared in `dataset.provenance`")

    def _optional(self, at: At, e: dict[str, Any], name: str) -> None:
        value = e[name]
        if value is None:
            return
        if not isinstance(value, str):
            self.report.add("COR101", at.child(name), f"`{name}` must be a string, found {describe(value)}")
            return
        if name == "variant_class":
            slot = self.tally.variants.get(value)
            if slot is None:
                self.tally.variants[value] = [1, at.child(name)]
            else:
                slot[0] += 1
        elif name == "morphological_analysis" and not gloss.is_clean(value):
            where = at.child(name)
            for problem in gloss.check(value):
                self.report.add("COR116", where.inside(problem.start, problem.end), problem.message)


def _error() -> Any:
    from goldlint.diagnostics import Severity

    return Severity.ERROR


def _whole(d: Any) -> int | None:
    if isinstance(d, bool):
        return None
    if isinstance(d, float) and d.is_integer():
        return int(d)
    if isinstance(d, str) and d.strip().isdigit() and d == d.strip():
        return int(d)
    return None
