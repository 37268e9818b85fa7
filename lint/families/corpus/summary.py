"""Corpus-level rules, after the pass over the entries: COR105 (entry licence placeholders),
COR103 (entry languages), COR106 (unused tags), COR113, COR114, COR115, COR117, COR118."""

from __future__ import annotations

from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.base import Report
from goldlint.families.corpus import langtags
from goldlint.families.corpus.declaration import TIERS
from goldlint.families.corpus.entries import EntryChecker
from goldlint.families.corpus.options import CorpusOptions
from goldlint.families.corpus.rules import (
    CORPUS_MINIMUMS,
    HARNESS_COUNT_OR_DOMAIN,
    INVALID_SPDX_LICENSE,
    LANGUAGE_PAIR_MISMATCH,
    LONELY_VARIANT_CLASS,
    SECRET_SEGMENT_IN_PUBLIC_REPO,
    SEGMENT_TOO_SMALL,
    UNDECLARED_PROVENANCE,
)
from goldlint.findings import At, Change, safe_fix


def finish(report: Report, checker: EntryChecker, opts: CorpusOptions, entries_at: At, *,
           declared: dict[str, At] | None = None, header: Any = None, file_segment_at: At | None = None) -> None:
    t = checker.tally
    _segments(report, checker, opts, header, file_segment_at)
    if t.count:
        _minimums(report, checker, entries_at)
    for name, (count, where) in t.variants.items():
        if count == 1:
            LONELY_VARIANT_CLASS.report(report, where, f"variant class `{name}` is used by this entry only: a class needs two entries or more")
    if declared:
        for tag, where in declared.items():
            if tag not in t.provenance_used:
                UNDECLARED_PROVENANCE.report(report, where, f"provenance `{tag}` is declared but no entry uses it", severity=Severity.INFO)
    for value, (count, where, better) in t.licence_placeholders.items():
        extra = f"; their `metadata.provenance.license` says `{better}`" if isinstance(better, str) and better else ""
        INVALID_SPDX_LICENSE.report(report, where, f"`{value}` is not an SPDX licence: {count} entr{'ies' if count != 1 else 'y'} of this file carry it{extra}",
                                    severity=Severity.INFO)
    for (side, value, code), (count, where) in t.lang_mismatch.items():
        related = langtags.same_language(value, code)
        how = " (a related code: macrolanguage and member)" if related else ""
        LANGUAGE_PAIR_MISMATCH.report(report, where, f"`{side}` `{value}` in {count} entr{'ies' if count != 1 else 'y'} differs from `language_pair` `{code}`{how}",
                                      severity=Severity.INFO if related else None)
    if header is not None:
        _harness(report, checker, header)


def _segments(report: Report, checker: EntryChecker, opts: CorpusOptions, header: Any, file_segment_at: At | None) -> None:
    t = checker.tally
    sizes = dict(t.segments)
    if header is not None and header.segment is not None and file_segment_at is not None:
        # Harness v3: the segment is the file's; entries without their own belong to it.
        own = sum(n for n, _ in sizes.values())
        slot = sizes.setdefault(header.segment, [0, file_segment_at])
        slot[0] += t.count - own
    secret = opts.secret_segments()
    for seg, (count, where) in sizes.items():
        if seg in secret and not opts.governance_repo:
            SECRET_SEGMENT_IN_PUBLIC_REPO.report(report, where,
                                                 f"{count} entr{'ies' if count != 1 else 'y'} of the secret segment `{seg}` in a repository that is not the governance "
                                                 "organisation's (set `corpus: governance-repo: true` there)")
        minimum = opts.segment_minimums.get(seg)
        if minimum is not None and count < minimum:
            SEGMENT_TOO_SMALL.report(report, where, f"segment `{seg}` has {count} entr{'ies' if count != 1 else 'y'}; its minimum is {minimum}")


def _minimums(report: Report, checker: EntryChecker, entries_at: At) -> None:
    t = checker.tally
    if t.tiers and len(t.tiers) < 3:  # with no valid tier at all, every entry already has its own finding
        have = ", ".join(map(str, sorted(t.tiers))) or "none"
        CORPUS_MINIMUMS.report(report, entries_at, f"difficulty tiers used: {have}; §11.1 asks for at least 3 of the {len(TIERS)}")
    if t.registers and len(t.registers) < 2:
        have = ", ".join(sorted(t.registers)) or "none"
        CORPUS_MINIMUMS.report(report, entries_at, f"registers used: {have}; §11.1 asks for at least 2")
    if t.no_provenance:
        count, where = t.no_provenance
        CORPUS_MINIMUMS.report(report, where, f"{count} entr{'ies' if count != 1 else 'y'} without `provenance` (§11.1: provenance on every entry)")


def _harness(report: Report, checker: EntryChecker, header: Any) -> None:
    t = checker.tally
    if header.entry_count is not None and header.entry_count != t.count:
        HARNESS_COUNT_OR_DOMAIN.report(report, At(("entry_count",)), f"`entry_count` is {header.entry_count} but the file has {t.count} entries",
                                       safe_fix(f"set entry_count to {t.count}", Change(At(("entry_count",)), str(t.count))))
    if header.domains is not None:
        for n, domain in enumerate(header.domains_list):
            if isinstance(domain, str) and domain in header.domains and domain not in t.domains_used:
                HARNESS_COUNT_OR_DOMAIN.report(report, At(("domains", n)), f"domain `{domain}` is listed but no entry uses it", severity=Severity.INFO)
