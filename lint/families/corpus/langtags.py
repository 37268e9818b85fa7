"""Language tags against the real registries.

BCP 47 tags are parsed per RFC 5646 and every subtag is looked up in the IANA Language
Subtag Registry shipped by ``language_data``; ISO 639-3 codes (harness v3) are resolved
through ``langcodes`` (its answers for common codes and names read from a table:
:mod:`.langtable`). Each check returns ``None`` for a good value, or a :class:`Problem`
with the range of the offending characters inside the value and an optional replacement.
Licences (SPDX) are in :mod:`.licences`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import msgspec

from goldlint.families.corpus import langtable


class Problem(msgspec.Struct, frozen=True):
    message: str
    start: int
    end: int
    replacement: str | None = None  # a whole new value, when there is exactly one right one


class Subtag(msgspec.Struct, frozen=True):
    kind: str
    description: str
    preferred: str | None
    macrolanguage: str | None
    deprecated: bool


@lru_cache(maxsize=1)
def _registry() -> tuple[bytes, bytes]:
    """The IANA registry file, and the same with ASCII lower-cased (same length: offsets hold)."""
    import language_data

    raw = (Path(language_data.__file__).parent / "data" / "language-subtag-registry.txt").read_bytes()
    return raw, raw.lower()


_WHOLE_TAGS = frozenset({"grandfathered", "redundant"})  # their records name a whole tag, not a subtag


@lru_cache(maxsize=4096)
def lookup(kind: str, name: str) -> Subtag | None:
    """The registry's record of a subtag (language, extlang, script, region, variant) or
    tag (grandfathered, redundant), in any case; ``None`` when it has none."""
    if not name.isascii():
        return None  # every subtag and tag of the registry is ASCII
    # A file names two or three tags: finding just their records (a memmem each) beats
    # parsing all 9,000 records up front (30 ms) on every run.
    raw, low = _registry()
    field = "tag" if kind in _WHOLE_TAGS else "subtag"
    start = low.find(f"\ntype: {kind}\n{field}: {name.lower()}\n".encode())
    if start < 0:
        return None
    end = raw.find(b"\n%%", start + 1)
    fields: dict[str, str] = {}
    key = ""
    for line in raw[start + 1 : end if end >= 0 else len(raw)].decode("utf-8").splitlines():
        if line.startswith("  ") and key:
            fields[key] += " " + line.strip()  # a continuation line
            continue
        key, _, value = line.partition(": ")
        fields.setdefault(key, value)
    return Subtag(kind, fields.get("Description", ""), fields.get("Preferred-Value"), fields.get("Macrolanguage"), "Deprecated" in fields)


@lru_cache(maxsize=1)
def _ranges() -> dict[str, list[tuple[str, str]]]:
    """Private-use ranges such as ``qaa..qtz`` (language) or ``Qaaa..Qabx`` (script)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for kind, lo, hi in re.findall(rb"^type: (\S+)\nsubtag: (\w+)\.\.(\w+)$", _registry()[1], re.MULTILINE):
        out.setdefault(kind.decode(), []).append((lo.decode(), hi.decode()))
    return out


def registered(kind: str, subtag: str) -> Subtag | None:
    rec = lookup(kind, subtag)
    if rec is not None:
        return rec
    low = subtag.lower()
    for lo, hi in _ranges().get(kind, []):
        if len(low) == len(lo) and lo <= low <= hi:
            return Subtag(kind, "private use", None, None, False)
    return None


_ALNUM = re.compile(r"[A-Za-z0-9]{1,8}\Z")


@lru_cache(maxsize=4096)
def check_bcp47(tag: str) -> Problem | None:
    """A BCP 47 tag, strictly: well-formed, and every subtag registered."""
    if not tag:
        return Problem("empty language tag", 0, 0)
    if "_" in tag:
        at = tag.index("_")
        fixed = tag.replace("_", "-")
        ok = check_bcp47(fixed) is None
        return Problem(f"`{tag}` uses `_`: BCP 47 separates subtags with `-`", at, at + 1, fixed if ok else None)
    rec = lookup("grandfathered", tag) or lookup("redundant", tag)
    if rec is not None:
        if rec.deprecated and rec.preferred:
            return Problem(f"`{tag}` is deprecated; BCP 47 prefers `{rec.preferred}`", 0, len(tag), rec.preferred)
        return None
    parts: list[tuple[str, int]] = []
    offset = 0
    for part in tag.split("-"):
        parts.append((part, offset))
        offset += len(part) + 1
    for part, at in parts:
        if not _ALNUM.match(part):
            what = "an empty subtag" if not part else f"`{part}` is not 1–8 letters or digits"
            return Problem(f"`{tag}` is not a well-formed BCP 47 tag: {what}", at, at + max(len(part), 1))
    return _check_parts(tag, parts)


def _check_parts(tag: str, parts: list[tuple[str, int]]) -> Problem | None:
    first, _ = parts[0]
    if first.lower() == "x":
        return None  # private use only
    if not first.isalpha() or len(first) == 1 or len(first) == 4:
        return Problem(f"`{tag}` must start with a language subtag (2–3 or 5–8 letters), not `{first}`", 0, len(first))
    lang = registered("language", first)
    if lang is None:
        return _unknown_language(tag, first)
    if lang.deprecated and lang.preferred:
        new = lang.preferred + tag[len(first):]
        return Problem(f"`{first}` ({lang.description}) is deprecated in BCP 47; use `{lang.preferred}`", 0, len(first), new)
    n = 1
    # extlang (3 letters), script (4 letters), region (2 letters or 3 digits)
    while n < len(parts) and len(parts[n][0]) == 3 and parts[n][0].isalpha() and n <= 3:
        part, at = parts[n]
        if registered("extlang", part) is None:
            return Problem(f"`{part}` is not a registered extended language subtag", at, at + len(part))
        n += 1
    for kind, shape in (("script", r"[A-Za-z]{4}"), ("region", r"[A-Za-z]{2}|[0-9]{3}")):
        if n < len(parts) and re.fullmatch(shape, parts[n][0]):
            part, at = parts[n]
            if registered(kind, part) is None:
                return Problem(f"`{part}` is not a registered {kind} subtag", at, at + len(part))
            n += 1
    seen: set[str] = set()
    while n < len(parts):
        part, at = parts[n]
        low = part.lower()
        if len(part) == 1:
            if low == "x":
                return None
            if low in seen:
                return Problem(f"extension `{part}` appears twice", at, at + 1)
            seen.add(low)
            if n + 1 >= len(parts) or len(parts[n + 1][0]) < 2:
                return Problem(f"extension `{part}` needs a subtag of 2–8 characters after it", at, at + 1)
            n += 1
            while n < len(parts) and len(parts[n][0]) > 1:
                n += 1
            continue
        if seen:
            n += 1
            continue
        if not (len(part) >= 5 or (len(part) == 4 and part[0].isdigit())):
            return Problem(f"`{part}` is out of place in `{tag}` (expected language-script-region-variant order)", at, at + len(part))
        if registered("variant", part) is None:
            return Problem(f"`{part}` is not a registered variant subtag", at, at + len(part))
        n += 1
    return None


def _unknown_language(tag: str, first: str) -> Problem:
    standard = _standardize(first)
    if standard is not None and standard.lower() != first.lower() and lookup("language", standard) is not None:
        return Problem(
            f"`{first}` is not a BCP 47 language subtag: BCP 47 writes this language `{standard}` (the shortest ISO 639 code)",
            0, len(first), standard + tag[len(first):],
        )
    return Problem(f"`{first}` is not a language in the IANA subtag registry", 0, len(first))


def _standardize(code: str) -> str | None:
    known = langtable.standard_code(code)  # (the common case, without importing langcodes)
    if known is not None:
        return known
    import langcodes

    try:
        return str(langcodes.standardize_tag(code))
    except (ValueError, langcodes.tag_parser.LanguageTagError):
        return None


def check_iso639_3(code: str) -> Problem | None:
    """A harness v3 code: an ISO 639 language code (2 or 3 letters) that names a known language."""
    if not re.fullmatch(r"[a-z]{2,3}", code):
        return Problem(f"`{code}` is not an ISO 639-3 code (2–3 lower-case letters)", 0, max(len(code), 1))
    standard = _standardize(code)
    if standard is None or lookup("language", standard.split("-")[0]) is None:
        return Problem(f"`{code}` is not a known ISO 639 language code", 0, len(code))
    return None


def language_of(code: str) -> tuple[str, str | None] | None:
    """(BCP 47 language subtag, its macrolanguage) of a code, or ``None``."""
    standard = _standardize(code)
    if standard is None:
        return None
    lang = standard.split("-")[0].lower()
    rec = lookup("language", lang)
    if rec is None:
        return None
    return lang, rec.macrolanguage


def language_for_name(name: str) -> str | None:
    """The language a name (`Shona`, `Luganda`) means, or ``None`` when unknown."""
    known = langtable.language_named(name)  # (the common case, without importing langcodes' name index)
    if known is not None:
        return known
    import langcodes

    try:
        return str(langcodes.find(name).language)
    except LookupError:
        return None


def same_language(a: str, b: str) -> bool:
    """Two codes name the same language, or one is the other's macrolanguage."""
    la, lb = language_of(a), language_of(b)
    if la is None or lb is None:
        return a.lower() == b.lower()
    return la[0] == lb[0] or la[1] == lb[0] or lb[1] == la[0] or (la[1] is not None and la[1] == lb[1])
