"""Deterministic `corpus` gold files (FORMATS.md §2): the spec dialect and harness v3.

Both are pretty-printed (``indent=2``), as a hand-edited file and as the harness writes its
curated corpora. A clean file has unique sources (COR112 stays quiet), all five difficulty
tiers, the dialect's registers and contexts, and a gloss on every tenth spec entry; with
``defective=True`` every 100th entry carries one defect, cycling through ``SPEC_DEFECTS``
or ``HARNESS_DEFECTS``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

WORDS = ["atim", "nipiy", "maskwa", "sīsīp", "wāpos", "mistik", "asiniy", "kīsikāw", "pimātisiwin", "wīkiwin"]
ENGLISH = ["dog", "water", "bear", "duck", "rabbit", "tree", "stone", "day", "life", "home"]

# One defect every 100 entries, in this order (the rule each should raise in brackets).
SPEC_DEFECTS = (
    "register-typo",          # COR108
    "difficulty-6",           # COR109
    "duplicate-id",           # COR107
    "empty-reference",        # COR111
    "unknown-field",          # COR119
    "undeclared-provenance",  # COR106
    "bad-gloss",              # COR116
    "nbsp-in-reference",      # GL007 (sources are not gold values)
    "trailing-space",         # GL008
    "duplicate-source",       # COR112 (warning)
)
HARNESS_DEFECTS = (
    "undeclared-domain",      # COR118
    "register-typo",          # COR108
    "difficulty-0",           # COR109
    "duplicate-id",           # COR107
    "empty-source",           # COR111
    "unknown-field",          # COR119
    "nbsp-in-reference",      # GL007 (sources are not gold values)
    "duplicate-source",       # COR112 (warning)
)
SEED = 20261122


def _spec_entry(n: int, rng: random.Random) -> dict[str, Any]:
    words = [rng.randrange(len(WORDS)) for _ in range(rng.randint(2, 5))]
    entry: dict[str, Any] = {
        "id": n,
        "source": " ".join(ENGLISH[w] for w in words) + f" {n}",
        "reference": " ".join(WORDS[w] for w in words) + f" {n}",
        "segment": "development" if n % 4 else "diagnostic",
        "difficulty": n % 5 + 1,
        "provenance": ["textbook", "elicited", "corpus"][n % 3],
        "register": ["conversational", "formal", "educational"][n % 3],
        "context": ["greeting", "declaration", "question", "instruction", "narrative"][n % 5],
    }
    if n % 10 == 0:
        entry["morphological_analysis"] = "ni-wāpam-āw atim | 1-see-3 dog"
    return entry


def _spec_defect(kind: str, entry: dict[str, Any], previous: dict[str, Any]) -> None:
    if kind == "register-typo":
        entry["register"] = "formall"
    elif kind == "difficulty-6":
        entry["difficulty"] = 6
    elif kind == "duplicate-id":
        entry["id"] = previous["id"]
    elif kind == "empty-reference":
        entry["reference"] = ""
    elif kind == "unknown-field":
        entry["sorce_note"] = "checked twice"
    elif kind == "undeclared-provenance":
        entry["provenance"] = "gold_standard"
    elif kind == "bad-gloss":
        entry["morphological_analysis"] = "ni-wāpam-āw atim | 1-see dog"
    elif kind == "nbsp-in-reference":
        entry["reference"] = entry["reference"].replace(" ", "\u00a0", 1)
    elif kind == "trailing-space":
        entry["reference"] += " "
    elif kind == "duplicate-source":
        entry["source"] = previous["source"]


def spec_document(records: int, defective: bool = False, seed: int = SEED) -> dict[str, Any]:
    rng = random.Random(seed)
    entries: list[dict[str, Any]] = []
    for n in range(1, records + 1):
        entry = _spec_entry(n, rng)
        if defective and n % 100 == 0:
            _spec_defect(SPEC_DEFECTS[(n // 100 - 1) % len(SPEC_DEFECTS)], entry, entries[-1])
        entries.append(entry)
    return {
        "dataset": {
            "id": "bench-eng-crk", "version": "1.0.0", "language_pair": "EN→CRK", "source_language": "en",
            "target_language": "crk", "created": "2026-11-22", "license": "CC-BY-4.0",
            "provenance": ["textbook", "elicited", "corpus"],
        },
        "entries": entries,
    }


HARNESS_DOMAINS = ["conv", "ui", "edu", "news", "support", "tech"]
HARNESS_REGISTERS = ["conversational", "formal", "technical", "functional", "persuasive", "literary"]


def _harness_entry(n: int, rng: random.Random) -> dict[str, Any]:
    words = [rng.randrange(len(WORDS)) for _ in range(rng.randint(2, 5))]
    source = " ".join(ENGLISH[w] for w in words).capitalize() + f" {n}."
    sid = str(1000000 + n)
    return {
        "id": f"bench_{sid}",
        "source": source,
        "reference": " ".join(WORDS[w] for w in words).capitalize() + f" {n}.",
        "domain": HARNESS_DOMAINS[n % len(HARNESS_DOMAINS)],
        "difficulty": n % 5 + 1,
        "register": HARNESS_REGISTERS[n % len(HARNESS_REGISTERS)],
        "provenance": {"source_name": "bench", "source_id": sid, "license": "CC-BY-2.0", "url": ""},
        "metadata": {
            "source_lang": "eng", "target_lang": "crk", "target_sentence_id": str(2000000 + n),
            "provenance": {"source_name": "bench", "source_id": sid, "license": "CC-BY-2.0", "url": f"https://example.org/s/{sid}"},
            "classification_confidence": round(rng.random(), 4),
            "difficulty_word_count": len(words), "difficulty_estimated_clauses": 1,
            "difficulty_avg_word_length": round(sum(len(ENGLISH[w]) for w in words) / len(words), 2),
        },
    }


def _harness_defect(kind: str, entry: dict[str, Any], previous: dict[str, Any]) -> None:
    if kind == "undeclared-domain":
        entry["domain"] = "medical"
    elif kind == "register-typo":
        entry["register"] = "formall"
    elif kind == "difficulty-0":
        entry["difficulty"] = 0
    elif kind == "duplicate-id":
        entry["id"] = previous["id"]
    elif kind == "empty-source":
        entry["source"] = ""
    elif kind == "unknown-field":
        entry["refrence_note"] = "checked twice"
    elif kind == "nbsp-in-reference":
        entry["reference"] = entry["reference"].replace(" ", "\u00a0", 1)
    elif kind == "duplicate-source":
        entry["source"] = previous["source"]


def harness_document(records: int, defective: bool = False, seed: int = SEED) -> dict[str, Any]:
    rng = random.Random(seed)
    entries: list[dict[str, Any]] = []
    for n in range(1, records + 1):
        entry = _harness_entry(n, rng)
        if defective and n % 100 == 0:
            _harness_defect(HARNESS_DEFECTS[(n // 100 - 1) % len(HARNESS_DEFECTS)], entry, entries[-1])
        entries.append(entry)
    return {
        "corpus_id": "bench-eng-crk-dev", "version": "0.1.0",
        "language_pair": {"source": "eng", "target": "crk", "source_name": "English", "target_name": "Plains Cree"},
        "segment": "development", "created": "2026-11-22T10:00:00+00:00", "entry_count": records,
        "domains": sorted({e["domain"] for e in entries if e["domain"] in HARNESS_DOMAINS}),
        "entries": entries,
        "provenance": {"builder": "goldlint-bench", "builder_version": "0.1.0", "source_adapter": "synthetic", "seed": seed,
                       "min_words": 2, "max_words": 5, "license": "CC-BY-2.0", "source_url": "https://example.org"},
    }


def _write(path: Path, value: Any) -> None:
    tmp = path.with_suffix(".partial")
    tmp.write_text(json.dumps(value, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def write_spec(path: Path, records: int, defective: bool = False) -> None:
    _write(path, spec_document(records, defective))


def write_harness(path: Path, records: int, defective: bool = False) -> None:
    _write(path, harness_document(records, defective))
