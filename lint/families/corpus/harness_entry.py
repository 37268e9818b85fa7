"""What the harness v3 entry's own fields add to their declared checks: ``domain``, ``metadata``
and the ``provenance`` object.

Functions of the :class:`~goldlint.families.corpus.entries.EntryChecker` slow path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from goldlint.families.corpus import vocab
from goldlint.families.corpus.envelope import check_licence
from goldlint.families.corpus.fields import describe
from goldlint.families.corpus.rules import CORPUS_FIELD_MISSING_OR_WRONG_TYPE, HARNESS_COUNT_OR_DOMAIN
from goldlint.findings import At

if TYPE_CHECKING:
    from goldlint.families.corpus.entries import EntryChecker


def licence(self: EntryChecker, where: At, p: dict[str, Any], e: dict[str, Any]) -> None:
    """An entry's ``provenance.license``: placeholders are tallied (one COR105 per file), others checked."""
    lic = p.get("license")
    if lic is None:
        return
    if not isinstance(lic, str):
        CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(self.report, where.child("license"), f"`license` must be a string, found {describe(lic)}")
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
    check_licence(self.report, where.child("license"), lic)


def domain(self: EntryChecker, at: At, d: str) -> None:
    """A vocabulary ``domain``: tallied, and one the file lists (COR118)."""
    self.tally.domains_used.add(d)
    if self.domains is not None and d not in self.domains:
        HARNESS_COUNT_OR_DOMAIN.report(self.report, at.child("domain"), f"domain `{d}` is not listed in `domains`")


def metadata(self: EntryChecker, at: At, meta: dict[str, Any]) -> None:
    """The ``metadata`` object's languages against the file's pair (COR103, tallied)."""
    if self.languages is None:
        return
    for side, code in zip(("source_lang", "target_lang"), self.languages, strict=True):
        value = meta.get(side)
        if isinstance(value, str) and value != code:
            slot = self.tally.lang_mismatch.get((side, value, code))
            if slot is None:
                self.tally.lang_mismatch[(side, value, code)] = [1, at.child("metadata", side)]
            else:
                slot[0] += 1
