"""The clean path: confirm that an entry has nothing to report, in one function call.

Each function either records a clean entry in the tallies and returns ``True``, or returns
``False`` having changed nothing, and the entry goes through the slow path of
:class:`~goldlint.families.corpus.entries.EntryChecker`, which reports every finding. So
the fast path may be as strict as it likes (an extension value, a duplicate, anything
unusual goes slow); it only has to be fast and never accept what the slow path would report.
A test runs both paths over the same entries and compares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from goldlint.families.corpus import gloss, vocab
from goldlint.families.corpus.tally import normalise_source
from goldlint.findings import At, JsonPath
from goldlint.rules.file_rules import check_gold_text

if TYPE_CHECKING:
    from goldlint.families.corpus.entries import EntryChecker

_SEGMENTS = frozenset(vocab.SEGMENTS)
_TIERS = vocab.TIERS
_PROVENANCE = frozenset(vocab.PROVENANCE)
_REGISTERS = frozenset(vocab.REGISTERS)
_HARNESS_REGISTERS = frozenset(vocab.HARNESS_REGISTERS)
_CONTEXTS = frozenset(vocab.CONTEXTS)
_DOMAINS = frozenset(vocab.DOMAINS)
_PLACEHOLDERS = vocab.LICENCE_PLACEHOLDERS


def _texts_ok(c: EntryChecker, e: dict[str, Any]) -> str | None:
    """The normalised source when source and reference are good and the source is new."""
    src = e.get("source")
    ref = e.get("reference")
    if type(src) is not str or type(ref) is not str or not src.strip() or not ref.strip():
        return None
    key = normalise_source(src)
    return None if key in c.tally.sources else key


def _optional_ok(e: dict[str, Any]) -> bool:
    notes = e.get("notes")
    vc = e.get("variant_class")
    ma = e.get("morphological_analysis")
    return ((notes is None or type(notes) is str) and (vc is None or type(vc) is str)
            and (ma is None or (type(ma) is str and gloss.is_clean(ma))))


def _commit(c: EntryChecker, path: JsonPath, e: dict[str, Any], key: str, seg: str | None, d: int, r: str) -> None:
    t = c.tally
    me = t.count - 1
    t.ids[e["id"]] = me
    t.labels.append(e["id"])
    secret = seg in c.secret if seg is not None else None
    t.first_source(key, me, secret)
    if "segment" in e:
        slot = t.segments.get(seg)  # type: ignore[arg-type]
        if slot is None:
            t.segments[seg] = [1, At((*path, "segment"))]  # type: ignore[index]
        else:
            slot[0] += 1
    t.tiers.add(d)
    t.registers.add(r)
    vc = e.get("variant_class")
    if vc is not None:
        slot = t.variants.get(vc)
        if slot is None:
            t.variants[vc] = [1, At((*path, "variant_class"))]
        else:
            slot[0] += 1
    check_gold_text(c.report, At((*path, "reference")), e["reference"])


def spec_entry(c: EntryChecker, path: JsonPath, e: dict[str, Any]) -> bool:
    if not c.known.issuperset(e):
        return False
    i = e.get("id")
    if type(i) is not int or i in c.tally.ids:
        return False
    seg, d, p, r, ctx = e.get("segment"), e.get("difficulty"), e.get("provenance"), e.get("register"), e.get("context")
    if type(seg) is not str or type(p) is not str or type(r) is not str or type(ctx) is not str:
        return False  # (also keeps unhashable values away from the set lookups below)
    if seg not in _SEGMENTS or type(d) is not int or d not in _TIERS or r not in _REGISTERS or ctx not in _CONTEXTS:
        return False
    if p not in _PROVENANCE or (c.declared is not None and p not in c.declared):
        return False
    if not _optional_ok(e):
        return False
    key = _texts_ok(c, e)
    if key is None:
        return False
    _commit(c, path, e, key, seg, d, r)
    c.tally.provenance_used.add(p)
    return True


def harness_entry(c: EntryChecker, path: JsonPath, e: dict[str, Any]) -> bool:
    if "segment" in e or not c.known.issuperset(e):
        return False
    i = e.get("id")
    if type(i) is not str or i in c.tally.ids:
        return False
    d, r, dom = e.get("difficulty"), e.get("register"), e.get("domain")
    if type(r) is not str or type(dom) is not str:
        return False
    if type(d) is not int or d not in _TIERS or r not in _HARNESS_REGISTERS or dom not in _DOMAINS:
        return False
    if c.domains is not None and dom not in c.domains:
        return False
    prov, meta = e.get("provenance"), e.get("metadata")
    if type(prov) is not dict or type(meta) is not dict:
        return False
    lic = prov.get("license")
    if lic is not None and (type(lic) is not str or lic.strip().lower() in _PLACEHOLDERS and lic not in c.tally.licence_placeholders):
        return False  # the first placeholder of each kind is recorded by the slow path
    if type(lic) is str and lic.strip().lower() not in _PLACEHOLDERS:
        from goldlint.families.corpus.licences import check_spdx

        if check_spdx(lic) is not None:
            return False
    if c.languages is not None:
        src, tgt = meta.get("source_lang"), meta.get("target_lang")
        if (type(src) is str and src != c.languages[0]) or (type(tgt) is str and tgt != c.languages[1]):
            return False
    if not _optional_ok(e):
        return False
    key = _texts_ok(c, e)
    if key is None:
        return False
    _commit(c, path, e, key, c.file_segment, d, r)
    c.tally.domains_used.add(dom)
    if type(lic) is str and lic.strip().lower() in _PLACEHOLDERS:
        c.tally.licence_placeholders[lic][0] += 1
    return True
