"""`serve` latency cases: a 10,000-entry clean file of each family, 50 edits (see ``serve.py``).

The files are the families' own 10k generators, written to ``out/data/serve/`` (so these
cases need no other scale selected); one repetition (each is 50 samples already).
"""

from __future__ import annotations

from tests.bench import families, truth_data
from tests.bench.registry import (
    FOLDER_FILES,
    Case,
    Dataset,
    case,
    dataset,
    source_version,
)

FILES = (
    ("slu", "jsonl", ".jsonl", "tests.bench.slu_data:write_jsonl", "tests.bench.slu_data"),
    ("slu", "json", ".json", "tests.bench.slu_data:write_json_array", "tests.bench.slu_data"),
    ("corpus", "spec", ".json", "tests.bench.corpus_data:write_spec", "tests.bench.corpus_data"),
    ("runcard", "json", ".json", "tests.bench.runcard_data:write", "tests.bench.runcard_data"),
    ("semantic", "json", ".json", "tests.bench.semantic_data:write", "tests.bench.semantic_data"),
    ("semantic", "yaml", ".yaml", "tests.bench.semantic_data:write", "tests.bench.semantic_data"),
    ("truth", "tsv", ".tsv", "tests.bench.truth_data:write", "tests.bench.truth_data"),
)
RECORDS = 10_000


def register(scales: list[str]) -> None:
    if "10k" not in scales:  # a fixed size: runs with the 10k scale
        return
    FOLDER_FILES["serve"] = {"goldlint.yaml": families.BIG_FILES + truth_data.CONFIG, "ontology.yaml": truth_data.ONTOLOGY}
    for family, fmt, suffix, make, module in FILES:
        name = f"serve-{family}-{fmt}-10k"
        extra = ("goldlint.families.runcard.algorithms",) if family == "runcard" else ()
        dataset(Dataset(name, "serve", suffix, make, (("records", RECORDS),), RECORDS, "10k", source_version(module, *extra),
                        f"a clean {family} file for the language server", "clean", suffix.lstrip(".")))
        case(Case(name, "serve-latency", "python", "tests.bench.serve:latency", reps=1, tags=frozenset({"serve", family})))
        if fmt == "jsonl":  # (a client that sends each change as the whole text: issue 18 asks for the same latency)
            case(Case(name, "serve-latency-whole-text", "python", "tests.bench.serve:latency_whole_text", reps=1, tags=frozenset({"serve", family})))
