"""One pass over the entries: every per-entry rule, and the tallies the corpus-level rules need.

Runs on decoded dicts in plain Python; a location (:class:`At`) is built only when there is
something to report. Cross-entry rules keep small dictionaries: ids (COR107), normalised
sources (COR112, one dict lookup per entry, never a comparison of pairs), segment sizes,
tiers, registers, provenance use, variant classes, domains.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from goldlint.families.base import Report
from goldlint.families.corpus import gloss, legacy, vocab
from goldlint.families.corpus.dialects import Flavour, entry_fields
from goldlint.families.corpus.fields import describe, unknown_keys
from goldlint.families.corpus.options import CorpusOptions
from goldlint.findings import At, Change, JsonPath, safe_fix
from goldlint.rules.file_rules import check_gold_text
from goldlint.suggest import closest, unambiguous

_ALIASES = {"target": "reference", "translation": "reference", "text": "source"}


def normalise_source(text: str) -> str:
    """The key COR112 compares: NFC, case-folded, whitespace collapsed."""
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    return " ".join(text.casefold().split())


@dataclass(slots=True)
class Vocab:
    """One controlled vocabulary as a check uses it."""

    name: str
    values: dict[str, str]
    extra: frozenset[str]
    seen_extra: set[str] = field(default_factory=set)

    def check(self, report: Report, at: At, value: Any) -> bool:
        if value in self.values:
            return True
        if not isinstance(value, str):
            report.add("COR101", at, f"`{self.name}` must be a string, found {describe(value)}")
            return False
        if value in self.extra:
            if value not in self.seen_extra:
                self.seen_extra.add(value)
                report.add("COR108", at, f"`{value}` is a configured extension of the {self.name} vocabulary", severity=_info())
            return True
        choices = list(self.values)
        target = unambiguous(value, choices)
        near = closest(value, choices)
        hint = f" (did you mean `{near[0]}`?)" if near else f"; expected one of {', '.join(choices)}"
        fix = safe_fix(f"replace with `{target}`", Change(at, target, as_string=True)) if target else None
        report.add("COR108", at, f"`{value}` is not a {self.name}{hint}", fix)
        return False


def _info() -> Any:
    from goldlint.diagnostics import Severity

    return Severity.INFO


@dataclass(slots=True)
class Tally:
    """What the corpus-level rules need after the pass."""

    count: int = 0
    ids: dict[Any, int] = field(default_factory=dict)
    sources: dict[str, list[Any]] = field(default_factory=dict)  # key -> [first index, first public, first secret]
    segments: dict[str, list[Any]] = field(default_factory=dict)  # segment -> [count, first At]
    tiers: set[int] = field(default_factory=set)
    registers: set[str] = field(default_factory=set)
    no_provenance: list[Any] = field(default_factory=list)  # [count, first At]
    provenance_used: set[str] = field(default_factory=set)
    variants: dict[str, list[Any]] = field(default_factory=dict)  # class -> [count, At]
    domains_used: set[str] = field(default_factory=set)
    licence_placeholders: dict[str, list[Any]] = field(default_factory=dict)  # value -> [count, At, metadata licence]
    lang_mismatch: dict[tuple[str, str, str], list[Any]] = field(default_factory=dict)


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
        self.required = vocab.HARNESS_ENTRY_REQUIRED if flavour == "harness" else vocab.SPEC_ENTRY_REQUIRED

    def entry(self, path: JsonPath, e: Any) -> None:
        """Check one entry at ``path`` (``("entries", 3)``, ``(3,)`` or a JSONL line ``(3,)``)."""
        t = self.tally
        t.count += 1
        report = self.report
        if not isinstance(e, dict):
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
        register = e.get("register")
        if register is None and "register" not in e:
            report.add("COR101", at, "entry lacks `register`")
        elif self.register.check(report, at.child("register"), register):
            t.registers.add(register)
        if self.flavour == "spec":
            if "context" in e:
                self.context.check(report, at.child("context"), e["context"])
            else:
                report.add("COR101", at, "entry lacks `context`")
        else:
            self._harness(at, e)
        for name in ("notes", "variant_class", "morphological_analysis"):
            if name in e:
                self._optional(at, e, name)

    # -- pieces -----------------------------------------------------------------------------

    def _odd_keys(self, at: At, e: dict[str, Any]) -> None:
        legacy.check_names(self.report, at, e)
        unknown_keys(self.report, "COR119", at, e, self.known, "an entry", _ALIASES, skip=vocab.LEGACY_FIELDS)

    def _id(self, at: At, e: dict[str, Any]) -> None:
        name = "id" if "id" in e else ("index" if "index" in e else None)
        if name is None:
            self.report.add("COR101", at, "entry lacks `id`")
            return
        value = e[name]
        want_str = self.flavour == "harness"
        ok = isinstance(value, str) if want_str else (isinstance(value, int) and not isinstance(value, bool))
        if not ok:
            kind = "a string" if want_str else "an integer"
            self.report.add("COR101", at.child(name), f"`{name}` must be {kind}, found {describe(value)}")
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                return
        ids = self.tally.ids
        if value in ids:
            self.report.add("COR107", at.child(name), f"duplicate entry id {json.dumps(value, ensure_ascii=False)} (first used by entry {ids[value]})")
        else:
            ids[value] = self.tally.count - 1

    def _texts(self, at: At, e: dict[str, Any]) -> None:
        report = self.report
        for name, old in (("source", "source_text"), ("reference", "target_expected")):
            key = name if name in e else (old if old in e else None)
            if key is None:
                report.add("COR101", at, f"entry lacks `{name}`")
                continue
            value = e[key]
            where = at.child(key)
            if not isinstance(value, str):
                report.add("COR101", where, f"`{key}` must be a string, found {describe(value)}")
                continue
            if not value.strip():
                report.add("COR111", where, f"empty `{key}`")
                continue
            if name == "reference":
                check_gold_text(report, where, value)
            else:
                self._duplicate_source(where, e, value)

    def _segment_of(self, e: dict[str, Any]) -> str | None:
        seg = e.get("segment", self.file_segment)
        return seg if isinstance(seg, str) else None

    def _duplicate_source(self, where: At, e: dict[str, Any], value: str) -> None:
        key = normalise_source(value)
        seg = self._segment_of(e)
        secret = seg in self.secret if seg is not None else None
        me = self.tally.count - 1
        seen = self.tally.sources.get(key)
        if seen is None:
            self.tally.sources[key] = [me, me if secret is False else None, me if secret else None]
            return
        first, public, hidden = seen
        if secret and public is not None:
            self.report.add("COR112", where, f"test-set leakage: this `{seg}` (secret) source is also entry {public}'s, in a public segment", severity=_error())
        elif secret is False and hidden is not None:
            self.report.add("COR112", where, f"test-set leakage: this public source is also entry {hidden}'s, in a secret segment", severity=_error())
        else:
            self.report.add("COR112", where, f"same source as entry {first}: `{value}`")
        if secret is False and public is None:
            seen[1] = me
        elif secret and hidden is None:
            seen[2] = me

    def _segment(self, at: At, e: dict[str, Any]) -> None:
        if "segment" not in e:
            if self.flavour == "spec":
                self.report.add("COR101", at, "entry lacks `segment`")
            return
        seg = e["segment"]
        where = at.child("segment")
        if self.segment.check(self.report, where, seg):
            slot = self.tally.segments.get(seg)
            if slot is None:
                self.tally.segments[seg] = [1, where]
            else:
                slot[0] += 1

    def _difficulty(self, at: At, e: dict[str, Any]) -> None:
        if "difficulty" not in e:
            self.report.add("COR101", at, "entry lacks `difficulty`")
            return
        d = e["difficulty"]
        if isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 5:
            self.tally.tiers.add(d)
            return
        where = at.child("difficulty")
        if isinstance(d, str) and d in vocab.LEGACY_DIFFICULTY:
            legacy.check_difficulty(self.report, where, d, e)
            return
        whole = _whole(d)
        fix = safe_fix(f"write {whole} as an integer", Change(where, str(whole))) if whole is not None and 1 <= whole <= 5 else None
        self.report.add("COR109", where, f"`difficulty` must be an integer from 1 to 5, found {describe(d)}", fix)

    def _provenance(self, at: At, e: dict[str, Any]) -> None:
        t = self.tally
        if "provenance" not in e or e["provenance"] is None:
            slot = t.no_provenance
            if not slot:
                slot.extend([0, at])
            slot[0] += 1
            return
        p = e["provenance"]
        where = at.child("provenance")
        if self.flavour == "harness":
            if not isinstance(p, dict):
                self.report.add("COR101", where, f"`provenance` must be an object, found {describe(p)}")
                return
            self._entry_licence(where, p, e)
            return
        if self.provenance.check(self.report, where, p):
            t.provenance_used.add(p)
            if self.declared is not None and p not in self.declared:
                self.report.add("COR106", where, f"provenance `{p}` is not declared in `dataset.provenance`")

    def _entry_licence(self, where: At, p: dict[str, Any], e: dict[str, Any]) -> None:
        lic = p.get("license")
        if lic is None:
            return
        if not isinstance(lic, str):
            self.report.add("COR101", where.child("license"), f"`license` must be a string, found {describe(lic)}")
            return
        if lic.strip().lower() in vocab.LICENCE_PLACEHOLDERS:
            slot = self.tally.licence_placeholders.get(lic)
            if slot is None:
                meta = e.get("metadata")
                inner = meta.get("provenance") if isinstance(meta, dict) else None
                better = inner.get("license") if isinstance(inner, dict) else None
                self.tally.licence_placeholders[lic] = [1, where.child("license"), better]
            else:
                slot[0] += 1
            return
        from goldlint.families.corpus.envelope import check_licence

        check_licence(self.report, where.child("license"), lic)

    def _harness(self, at: At, e: dict[str, Any]) -> None:
        report = self.report
        if "domain" not in e:
            report.add("COR101", at, "entry lacks `domain`")
        else:
            d = e["domain"]
            where = at.child("domain")
            if self.domain.check(report, where, d):
                self.tally.domains_used.add(d)
                if self.domains is not None and d not in self.domains:
                    report.add("COR118", where, f"domain `{d}` is not listed in `domains`")
        meta = e.get("metadata")
        if "metadata" not in e:
            report.add("COR101", at, "entry lacks `metadata`")
        elif not isinstance(meta, dict):
            report.add("COR101", at.child("metadata"), f"`metadata` must be an object, found {describe(meta)}")
        elif self.languages is not None:
            for side, code in zip(("source_lang", "target_lang"), self.languages, strict=True):
                value = meta.get(side)
                if isinstance(value, str) and value != code:
                    slot = self.tally.lang_mismatch.get((side, value, code))
                    if slot is None:
                        self.tally.lang_mismatch[(side, value, code)] = [1, at.child("metadata", side)]
                    else:
                        slot[0] += 1

    def _optional(self, at: At, e: dict[str, Any], name: str) -> None:
        value = e[name]
        if value is None:
            return
        where = at.child(name)
        if not isinstance(value, str):
            self.report.add("COR101", where, f"`{name}` must be a string, found {describe(value)}")
            return
        if name == "variant_class":
            slot = self.tally.variants.get(value)
            if slot is None:
                self.tally.variants[value] = [1, where]
            else:
                slot[0] += 1
        elif name == "morphological_analysis":
            check_gold_text(self.report, where, value)
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
