"""Which of the three corpus dialects a file is written in, and what each one defines.

- ``spec``: ``{"dataset": {...}, "entries": [...]}`` (seed 002 §2.1–2.2);
- ``harness``: harness v3, ``{corpus_id, version, language_pair: {...}, segment, ...}``;
- ``legacy``: the older harness names (``index``, ``source_text``, ``target_expected``,
  ``easy|medium|hard``), in a spec envelope, a bare list of entries or JSON Lines.

A bare list or a JSON Lines file without legacy names is ``flat``: entries only, judged by
the spec's entry vocabulary (or the harness's, when its entries carry ``domain``/``metadata``).
"""

from __future__ import annotations

from typing import Any, Literal

from goldlint.families.corpus import declaration, vocab
from goldlint.families.corpus.detect import HARNESS_KEYS, looks_like_entry

Dialect = Literal["spec", "harness", "legacy", "flat"]
Flavour = Literal["spec", "harness"]  # whose entry vocabulary applies

__all__ = ["Dialect", "Flavour", "dialect_of", "entry_fields", "flavour_of", "is_legacy_entry", "looks_like_entry"]


def is_legacy_entry(value: Any) -> bool:
    if not isinstance(value, dict):
        return False
    if any(k in value for k in declaration.LEGACY_FIELDS):
        return True
    return isinstance(value.get("difficulty"), str) and value["difficulty"] in vocab.LEGACY_DIFFICULTY


def dialect_of(root: Any) -> Dialect:
    if isinstance(root, dict) and "entries" not in root and looks_like_entry(root):
        return "legacy" if is_legacy_entry(root) else "flat"  # a JSONL record
    if isinstance(root, dict):
        if HARNESS_KEYS & root.keys() or isinstance(root.get("language_pair"), dict):
            return "harness"
        entries = root.get("entries")
        if isinstance(entries, list) and any(is_legacy_entry(e) for e in entries[:20]):
            return "legacy"
        return "spec"
    if isinstance(root, list):
        return "legacy" if any(is_legacy_entry(e) for e in root[:20]) else "flat"
    return "spec"


def flavour_of(dialect: Dialect, first_entry: Any) -> Flavour:
    if dialect == "harness":
        return "harness"
    if dialect == "flat" and isinstance(first_entry, dict) and ("domain" in first_entry or "metadata" in first_entry):
        return "harness"
    return "spec"


def entry_fields(flavour: Flavour) -> frozenset[str]:
    return frozenset(declaration.FIELDS[flavour])
