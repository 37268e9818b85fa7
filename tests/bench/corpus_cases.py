"""Benchmark of the `corpus` family (issue 3): a pretty-printed spec corpus, as hand-edited.

Entries are generated deterministically: unique sources (so COR112 stays quiet), all
five difficulty tiers, the spec's registers and contexts, a gloss on every tenth entry.
"""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path

from tests.bench.registry import Case, Dataset, _label, _source_version, case, dataset

WORDS = ["atim", "nipiy", "maskwa", "sīsīp", "wāpos", "mistik", "asiniy", "kīsikāw", "pimātisiwin", "wīkiwin"]
ENGLISH = ["dog", "water", "bear", "duck", "rabbit", "tree", "stone", "day", "life", "home"]


def write_spec_corpus(path: Path, records: int) -> None:
    rng = random.Random(20261122)
    entries = []
    for n in range(1, records + 1):
        words = [rng.randrange(len(WORDS)) for _ in range(rng.randint(2, 5))]
        entry = {
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
        entries.append(entry)
    corpus = {
        "dataset": {
            "id": "bench-eng-crk", "version": "1.0.0", "language_pair": "EN→CRK", "source_language": "en",
            "target_language": "crk", "created": "2026-11-22", "license": "CC-BY-4.0",
            "provenance": ["textbook", "elicited", "corpus"],
        },
        "entries": entries,
    }
    path.write_text(json.dumps(corpus, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def register(scale: int) -> None:
    name = f"corpus-spec-{_label(scale)}"
    dataset(Dataset(name, ".json", partial(write_spec_corpus, records=scale), scale,
                    "a clean spec corpus, pretty-printed", _source_version(__import__(__name__, fromlist=["x"]))))
    case(Case(name, "orjson-whole", "python", "tests.bench.baselines:orjson_whole", tags=frozenset({"corpus", "baseline"})))
    case(Case(name, "goldlint-engine", "python", "tests.bench.engine:goldlint_check_file", baseline="orjson-whole",
              tags=frozenset({"corpus"})))
