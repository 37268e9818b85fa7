"""COR110: the legacy harness names and difficulty tiers, and their migration to the spec.

Renames (``index→id``, ``source_text→source``, ``target_expected→reference``) are one to
one: one safe fix per entry renames all of its legacy keys. ``medium`` is tier 3 (safe).
``easy`` (1 or 2) and ``hard`` (4 or 5) need a human: the finding offers both tiers as
unsafe fixes, goldlint's documented choice first (``--unsafe-fixes`` applies that one; an
editor shows both).
"""

from __future__ import annotations

import json
from typing import Any

from goldlint.families.base import Report
from goldlint.families.corpus import vocab
from goldlint.families.corpus.declaration import LEGACY_FIELDS, key_of
from goldlint.families.corpus.rules import LEGACY_HARNESS_FIELDS
from goldlint.findings import At, Change, free_renames, safe_fix, unsafe_fix
from goldlint.lazy_patterns import LazyPatterns

_PATTERNS = LazyPatterns(sentence_end=r"[.!?。！？](?:\s|$)")  # (compiled for a legacy tier only)


def renames(e: dict[str, Any]) -> dict[str, str]:
    """The legacy keys of entry ``e``, each with its spec name."""
    return {k: LEGACY_FIELDS[k] for k in e if k in LEGACY_FIELDS}


def check_names(report: Report, at: At, e: dict[str, Any], renamed: dict[str, str]) -> None:
    """COR110 on the legacy keys of ``e``; ``renamed``: the keys COR119 renames, and to what."""
    old = [k for k in e if k in LEGACY_FIELDS]
    if not old:
        return
    shown = [f"`{k}` → `{LEGACY_FIELDS[k]}`" for k in old]
    offered = free_renames(e, {**renamed, **renames(e)})
    clash = [k for k in old if k not in offered]
    changes = [Change(at.child(k).as_key, json.dumps(LEGACY_FIELDS[k])) for k in old if k in offered]
    message = f"legacy harness field name{'s' * (len(old) > 1)}: {', '.join(shown)} (spec §2.2)"
    if clash:
        message += "; " + ", ".join(_clash(LEGACY_FIELDS[k], e, renamed) for k in clash)
    fix = safe_fix("rename to the spec's field names", *changes) if changes else None
    LEGACY_HARNESS_FIELDS.report(report, at.child(old[0]).as_key, message, fix)


def _clash(name: str, e: dict[str, Any], renamed: dict[str, str]) -> str:
    if name in e:
        return f"the entry also has `{name}`: keep one by hand"
    others = [f"`{k}`" for k, target in renamed.items() if target == name]
    return f"{', '.join(others)} would be renamed to `{name}` too: keep one by hand"


def choose(tier: str, e: dict[str, Any]) -> tuple[int, int]:
    """goldlint's choice for a one-to-two tier, and the alternative.

    ``easy``: 1 when the source is a single word (tier 1 is single words, greetings,
    numbers), else 2. ``hard``: 5 when the source holds more than one sentence (tier 5 is
    multi-clause text), else 4.
    """
    source = e.get(key_of(e, "source") or "source")
    text = source.strip() if isinstance(source, str) else ""
    if tier == "easy":
        return (1, 2) if text and len(text.split()) == 1 else (2, 1)
    sentences = len(_PATTERNS.sentence_end.findall(text))
    return (5, 4) if sentences > 1 else (4, 5)


def check_difficulty(report: Report, where: At, tier: str, e: dict[str, Any]) -> None:
    options = vocab.LEGACY_DIFFICULTY[tier]
    if len(options) == 1:
        LEGACY_HARNESS_FIELDS.report(report, where, f"legacy difficulty `{tier}` is tier {options[0]} in the spec",
                                     safe_fix(f"write difficulty {options[0]}", Change(where, str(options[0]))))
        return
    pick, other = choose(tier, e)
    LEGACY_HARNESS_FIELDS.report(report, where,
                                 f"legacy difficulty `{tier}` is tier {options[0]} or {options[1]} in the spec: a human decides "
                                 f"(suggested {pick}; the alternative is {other})",
                                 unsafe_fix(f"write difficulty {pick}", Change(where, str(pick))),
                                 alternatives=(unsafe_fix(f"write difficulty {other}", Change(where, str(other))),))
