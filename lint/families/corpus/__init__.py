"""The `corpus` family: Rosetta MT corpora in three dialects (FORMATS.md §2).

Detection and dialects: :mod:`.dialects`; envelopes: :mod:`.envelope` (spec) and
:mod:`.harness` (harness v3); one pass over the entries: :mod:`.entries`; corpus-level
rules: :mod:`.summary`; glosses: :mod:`.gloss`; registries: :mod:`.langtags`; the one
source of every vocabulary: :mod:`.vocab`.
"""

from __future__ import annotations

from typing import Any

from goldlint.families.base import Context, Family, Report
from goldlint.families.corpus import dialects, harness, rules, summary, vocab  # noqa: F401  (rules registers COR1xx)
from goldlint.families.corpus.entries import EntryChecker, Vocab
from goldlint.families.corpus.envelope import check_spec
from goldlint.families.corpus.fields import describe
from goldlint.families.corpus.options import CorpusOptions
from goldlint.findings import At


class CorpusFamily(Family):
    name = "corpus"
    formats = ("json", "jsonl", "yaml")
    Options = CorpusOptions

    def detect(self, value: Any) -> bool:
        return dialects.detect(value)

    def check(self, doc: Any, report: Report, ctx: Context) -> None:
        opts: CorpusOptions = ctx.options
        extra = frozenset(opts.extra_fields)
        if doc.format == "jsonl":
            self._lines(doc, report, opts)
            return
        root = doc.root
        dialect = dialects.dialect_of(root)
        ctx.state["corpus-dialect"] = dialect
        if isinstance(root, list):
            checker = EntryChecker(report, opts, dialects.flavour_of(dialect, root[0] if root else None))
            self._entries(report, checker, (), root)
            summary.finish(report, checker, opts, At(()))
            return
        if not isinstance(root, dict):
            report.add("COR101", At(()), f"a corpus must be an object or a list of entries, found {describe(root)}")
            return
        if "entries" not in root and dialects.looks_like_entry(root):
            checker = EntryChecker(report, opts, dialects.flavour_of("flat", root))
            checker.entry((), root)
            summary.finish(report, checker, opts, At(()))
            return
        if dialect == "harness":
            self._harness(report, root, opts, extra)
            return
        declared, entries = check_spec(report, root, extra)
        checker = EntryChecker(report, opts, "spec", declared_provenance=set(declared) if declared is not None else None)
        self._entries(report, checker, ("entries",), entries)
        summary.finish(report, checker, opts, At(("entries",), key=True), declared=declared)

    def _harness(self, report: Report, root: dict[str, Any], opts: CorpusOptions, extra: frozenset[str]) -> None:
        domain_vocab = Vocab("domain", vocab.DOMAINS, frozenset(opts.extra_domains))
        segment_vocab = Vocab("segment", vocab.SEGMENTS, frozenset(opts.extra_segments) | frozenset(opts.extra_secret_segments))
        head = harness.check(report, root, extra, domain_vocab, segment_vocab)
        checker = EntryChecker(report, opts, "harness", domains=head.domains, file_segment=head.segment, languages=head.languages)
        checker.domain = domain_vocab  # one vocabulary per file: an extension is reported once
        checker.segment = segment_vocab
        entries = root.get("entries")
        self._entries(report, checker, ("entries",), entries, required="entries" in root)
        summary.finish(report, checker, opts, At(("entries",), key=True), header=head, file_segment_at=At(("segment",)))

    @staticmethod
    def _entries(report: Report, checker: EntryChecker, prefix: tuple[Any, ...], entries: Any, required: bool = False) -> None:
        if entries is None and not required:
            return
        if not isinstance(entries, list):
            report.add("COR101", At(prefix) if prefix else At(()), f"`entries` must be an array, found {describe(entries)}")
            return
        if not entries:
            report.add("GL010", At(prefix), "the corpus has no entries")
            return
        entry = checker.entry
        for n, e in enumerate(entries):
            entry((*prefix, n), e)

    @staticmethod
    def _lines(doc: Any, report: Report, opts: CorpusOptions) -> None:
        checker: EntryChecker | None = None
        first: At | None = None
        for path, record in doc.records():
            if checker is None:
                checker = EntryChecker(report, opts, dialects.flavour_of("flat", record))
                first = At(path)
            checker.entry(path, record)
        if checker is not None and first is not None:
            summary.finish(report, checker, opts, first)

    # -- editor support ------------------------------------------------------------------------

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        from goldlint.families.corpus.editor import completions

        return completions(root, path, options)

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        from goldlint.families.corpus.editor import hover

        return hover(root, path, options)
