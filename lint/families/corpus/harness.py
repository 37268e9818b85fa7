"""The harness v3 envelope: the root object of the harness's curated corpora.

``{corpus_id, version, language_pair: {source, target, source_name, target_name}, segment,
created, entry_count, domains[], entries[], provenance{...}}``. Codes are ISO 639-3.
"""

from __future__ import annotations

from typing import Any

import msgspec

from goldlint.families.base import Report
from goldlint.families.corpus import langtags, vocab
from goldlint.families.corpus.envelope import (
    check_created,
    check_licence,
    check_version,
)
from goldlint.families.corpus.fields import describe, expect, is_int, unknown_keys
from goldlint.families.corpus.rules import CORPUS_FIELD_MISSING_OR_WRONG_TYPE, INVALID_LANGUAGE_TAG, LANGUAGE_PAIR_MISMATCH, UNKNOWN_FIELD
from goldlint.findings import At


class HarnessHeader(msgspec.Struct):
    segment: str | None = None
    domains: set[str] | None = None
    domains_list: list[Any] | None = None
    languages: tuple[str, str] | None = None
    entry_count: int | None = None


def check(report: Report, root: dict[str, Any], extra_fields: frozenset[str], domain_vocab: Any, segment_vocab: Any) -> HarnessHeader:
    head = HarnessHeader()
    top = At(())
    known = frozenset(vocab.HARNESS_ROOT_REQUIRED) | extra_fields
    unknown_keys(report, UNKNOWN_FIELD, top, root, known, "the corpus")
    for name in vocab.HARNESS_ROOT_REQUIRED:
        if name not in root:
            CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, top, f"the corpus lacks `{name}` (harness v3 envelope)")
    if "corpus_id" in root:
        expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, At(("corpus_id",)), "corpus_id", root["corpus_id"], "string")
    if "version" in root:
        check_version(report, At(("version",)), root["version"])
    if "created" in root:
        check_created(report, At(("created",)), root["created"])
    if "language_pair" in root:
        head.languages = _pair(report, At(("language_pair",)), root["language_pair"])
    if "segment" in root and segment_vocab.check(report, At(("segment",)), root["segment"]):
        head.segment = root["segment"]
    if "entry_count" in root:
        count = root["entry_count"]
        if is_int(count) and count >= 0:
            head.entry_count = count
        else:
            CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, At(("entry_count",)), f"`entry_count` must be a whole number of 0 or more, found {describe(count)}")
    if "domains" in root:
        head.domains = _domains(report, root["domains"], domain_vocab)
        head.domains_list = root["domains"] if head.domains is not None else None
    if "provenance" in root:
        prov = root["provenance"]
        where = At(("provenance",))
        if expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, where, "provenance", prov, "object"):
            lic = prov.get("license")
            if lic is not None and expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, where.child("license"), "license", lic, "string"):
                check_licence(report, where.child("license"), lic)
    return head


def _pair(report: Report, at: At, pair: Any) -> tuple[str, str] | None:
    if not expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at, "language_pair", pair, "object"):
        return None
    unknown_keys(report, UNKNOWN_FIELD, at, pair, frozenset(vocab.HARNESS_LANGUAGE_PAIR), "`language_pair`")
    codes: list[str] = []
    for side in ("source", "target"):
        if side not in pair:
            CORPUS_FIELD_MISSING_OR_WRONG_TYPE.report(report, at, f"`language_pair` lacks `{side}`")
            continue
        code = pair[side]
        where = at.child(side)
        if not expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, where, side, code, "string"):
            continue
        problem = langtags.check_iso639_3(code)
        if problem is not None:
            INVALID_LANGUAGE_TAG.report(report, where.inside(problem.start, max(problem.end, problem.start + 1)) if code else where, problem.message)
            continue
        codes.append(code)
        name_key = f"{side}_name"
        name = pair.get(name_key)
        if name is None:
            continue
        if expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, at.child(name_key), name_key, name, "string"):
            meant = langtags.language_for_name(name)
            if meant is not None and not langtags.same_language(meant, code):
                LANGUAGE_PAIR_MISMATCH.report(report, at.child(name_key), f"`{name}` is not the language of `{side}` `{code}` ({_name(code)})")
    return (codes[0], codes[1]) if len(codes) == 2 else None


def _name(code: str) -> str:
    lang = langtags.language_of(code)
    rec = langtags.registered("language", lang[0]) if lang else None
    return rec.description if rec else code


def _domains(report: Report, domains: Any, domain_vocab: Any) -> set[str] | None:
    where = At(("domains",))
    if not expect(report, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, where, "domains", domains, "array"):
        return None
    out: set[str] = set()
    for n, d in enumerate(domains):
        if domain_vocab.check(report, where.child(n), d):
            out.add(d)
    return out
