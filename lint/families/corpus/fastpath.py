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

from goldlint.families.corpus import declaration, gloss, vocab
from goldlint.families.corpus.tally import normalise_source
from goldlint.families.declare import Field, compile_tests
from goldlint.findings import At, JsonPath
from goldlint.rules.file_rules import check_gold_text

if TYPE_CHECKING:
    from goldlint.families.corpus.entries import EntryChecker

_PLACEHOLDERS = vocab.LICENCE_PLACEHOLDERS
# Fields judged apart: the id (unique), the texts (their sources unique, the references
# clean gold text).
_APART = frozenset({"id", "source", "reference"})

Test = tuple[str, type, "frozenset[Any] | None"]
_ABSENT = object()


def required_tests(fields: tuple[Field, ...]) -> tuple[Test, ...]:
    """The declared tests of an entry's other required fields, built once: the name, the type
    a good value has, and the values it may take (None: any of that type). A value passes
    when the detailed check accepts it without a word (a configured extension is reported
    once, as info: the slow path)."""
    return tuple((f.name, f.python, f.allowed) for f in fields if f.required and f.name not in _APART)


def optional_tests(fields: tuple[Field, ...]) -> tuple[tuple[str, type, frozenset[Any] | None, bool], ...]:
    """The same for the optional fields, each of which may be absent, and null where null
    stands for absent (the last member)."""
    return tuple((f.name, f.python, f.allowed, f.nullable) for f in fields if not f.required)


SPEC = declaration.FIELDS["spec"]
HARNESS = declaration.FIELDS["harness"]
SPEC_TESTS, SPEC_OPTIONAL = required_tests(declaration.SPEC_ENTRY), optional_tests(declaration.SPEC_ENTRY)
HARNESS_TESTS, HARNESS_OPTIONAL = required_tests(declaration.HARNESS_ENTRY), optional_tests(declaration.HARNESS_ENTRY)
SPEC_ID, HARNESS_ID = SPEC["id"].python, HARNESS["id"].python
SPEC_REQUIRED = sum(f.required for f in declaration.SPEC_ENTRY)
HARNESS_REQUIRED = sum(f.required for f in declaration.HARNESS_ENTRY)


_spec_passes, _harness_passes = compile_tests(SPEC_TESTS), compile_tests(HARNESS_TESTS)


def _optional_ok(e: dict[str, Any], tests: tuple[tuple[str, type, frozenset[Any] | None, bool], ...]) -> bool:
    for name, kind, allowed, nullable in tests:
        v = e.get(name, _ABSENT)
        if v is _ABSENT or (v is None and nullable):
            continue
        if type(v) is not kind or (allowed is not None and v not in allowed):
            return False
    ma = e.get("morphological_analysis")
    return ma is None or gloss.is_clean(ma)


def _texts_ok(c: EntryChecker, e: dict[str, Any]) -> str | None:
    """The normalised source when source and reference are good and the source is new."""
    src = e.get("source")
    ref = e.get("reference")
    if type(src) is not str or type(ref) is not str or not src.strip() or not ref.strip():
        return None
    key = normalise_source(src)
    return None if key in c.tally.sources else key


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
    if type(i) is not SPEC_ID or i in c.tally.ids or not _spec_passes(e):
        return False
    p = e["provenance"]
    if c.declared is not None and p not in c.declared:
        return False
    if len(e) > SPEC_REQUIRED and not _optional_ok(e, SPEC_OPTIONAL):
        return False
    key = _texts_ok(c, e)
    if key is None:
        return False
    _commit(c, path, e, key, e["segment"], e["difficulty"], e["register"])
    c.tally.provenance_used.add(p)
    return True


def harness_entry(c: EntryChecker, path: JsonPath, e: dict[str, Any]) -> bool:
    if "segment" in e or not c.known.issuperset(e):  # (an entry's own segment: the slow path tallies it)
        return False
    i = e.get("id")
    if type(i) is not HARNESS_ID or i in c.tally.ids or not _harness_passes(e):
        return False
    dom = e["domain"]
    if c.domains is not None and dom not in c.domains:
        return False
    prov, meta = e["provenance"], e["metadata"]
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
    if len(e) > HARNESS_REQUIRED and not _optional_ok(e, HARNESS_OPTIONAL):
        return False
    key = _texts_ok(c, e)
    if key is None:
        return False
    _commit(c, path, e, key, c.file_segment, e["difficulty"], e["register"])
    c.tally.domains_used.add(dom)
    if type(lic) is str and lic.strip().lower() in _PLACEHOLDERS:
        c.tally.licence_placeholders[lic][0] += 1
    return True
