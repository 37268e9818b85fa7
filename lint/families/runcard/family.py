"""The `runcard` family: Rosetta run cards (FORMATS.md §3; seed 002 §3–§5, §9).

The algorithms (fingerprint, run-card hash, composite, tier) are public in
:mod:`.algorithms`; RUN101 in :mod:`.shape`; RUN102–RUN104 in :mod:`.seal`; RUN106–RUN107
in :mod:`.arith` and :mod:`.results`; RUN105 and the corpus in :mod:`.corpus_link`;
RUN108, RUN111, RUN112 in :mod:`.policy`; the submission folder (RUN113–RUN117, when the
card is a submission: the ``submission`` option) in :mod:`.submission`.
"""

from __future__ import annotations

from typing import Any

from goldlint.families.base import Context, Family, Report
from goldlint.families.corpus.fields import describe
from goldlint.families.runcard import (  # noqa: F401  (rules registers RUN1xx)
    arith,
    corpus_link,
    policy,
    results,
    rules,
    seal,
    shape,
)
from goldlint.families.runcard.options import RunCardOptions
from goldlint.families.runcard.rules import RUNCARD_ARITHMETIC, RUNCARD_FIELD_MISSING_OR_WRONG_TYPE
from goldlint.findings import At


class RunCardFamily(Family):
    name = "runcard"

    def check(self, doc: Any, report: Report, ctx: Context) -> None:
        if not doc.ok:
            return  # the reader reported why (GL003, GL011)
        card = doc.root
        if not isinstance(card, dict):
            RUNCARD_FIELD_MISSING_OR_WRONG_TYPE.report(report, At(()), f"a run card must be an object, found {describe(card)}")
            return
        before = len(report.findings)
        try:
            self._check_card(card, report, ctx)
        finally:  # (a check stopped at the findings' limit has offered fixes all the same)
            seal.mark_fixes_of_sealed(card, report.findings[before:])

    def _check_card(self, card: dict[str, Any], report: Report, ctx: Context) -> None:
        opts: RunCardOptions = ctx.options
        good = shape.check(report, card)
        seal.check_hash(report, card, good)
        seal.check_fingerprint(report, card, good)
        ctx.state["runcard-fingerprint-form"] = seal.which_fingerprint(card)  # "harness", "seed" or None (hover says it too)
        seal.check_prompt(report, card, good)
        corpus = corpus_link.check(report, card, good, ctx)
        tier = None
        try:
            arith.check(report, card, good)
            tier = arith.check_composite(report, card, good)
        except (OverflowError, ZeroDivisionError):  # integers beyond a float's range: reported, not raised
            RUNCARD_ARITHMETIC.report(report, At(()), "a number in the card is too large for its arithmetic to be checked")
        policy.check_method_class(report, card, opts.extra_method_classes)
        policy.check_validation(report, card, tier)
        policy.check_ids(report, card, good)
        if "results" in good[""]:
            results.check_ids(report, card["results"], corpus)
            results.check_variants(report, card["results"], corpus, opts.min_variant_results)
        if opts.submission and not ctx.partial:  # (last: RUN116 counts the card's errors)
            from goldlint.families.runcard import submission

            submission.check(report, card, ctx)

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        from goldlint.families.runcard.editor import completions

        return completions(root, path, options)

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        from goldlint.families.runcard.editor import hover

        return hover(root, path, options)
