"""Folders of many small files: 10,000 gold files of ~2 KB, the five families mixed.

The folder has 100 sub-folders of 100 files; file ``i`` is of family ``i % 5``: an SLU
JSONL record, a spec corpus of 6 entries, a run card of 2 results, a semantic JSON file of
12 items, a truth TSV of 14 rows (each its own seed, all clean; a ``goldlint.yaml`` at the
top lowers the corpus segment minimums and names the truth ontology). Cases:

- ``goldlint-version``: ``python -m goldlint --version`` (the start-up alone);
- ``goldlint-one-file``: ``goldlint check`` of one of the files (start-up + one file);
- ``goldlint-dir``: ``goldlint check`` of the whole folder; with ``-j/--jobs`` in the CLI,
  also ``goldlint-dir-jobs1`` (``--jobs 1``) beside the default (auto).

The report derives the per-file cost ((dir − one file) / 9,999) and the per-file overhead:
that cost less what the file's bytes cost in a large file of its family (the engine's
seconds per byte on the 10k clean datasets of the same run, when they ran).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.bench import corpus_data, runcard_data, semantic_data, slu_data, truth_data
from tests.bench.registry import REPO, Case, Dataset, case, dataset, source_version

FILES = 10_000
PER_FOLDER = 100
KINDS = ("slu", "corpus", "runcard", "semantic", "truth")
SUFFIX = {"slu": ".jsonl", "corpus": ".json", "runcard": ".json", "semantic": ".json", "truth": ".tsv"}
#: The large dataset whose engine seconds per byte stand for a family's bytes.
PER_BYTE_FROM = {"slu": "slu-jsonl-10k", "corpus": "corpus-spec-10k", "runcard": "runcard-json-10k",
                 "semantic": "semantic-json-10k", "truth": "truth-tsv-10k"}
CONFIG = truth_data.CONFIG + "corpus:\n  segment-minimums: {development: 1, diagnostic: 1, gold_standard: 1, held_out: 1}\n"
ONE_FILE = "d00/slu-00000.jsonl"


def file_text(i: int, stem: str) -> str:
    kind, seed = KINDS[i % len(KINDS)], 1000 + i
    if kind == "slu":
        return "\n".join(slu_data.lines(1, seed=seed)) + "\n"
    if kind == "corpus":
        return json.dumps(corpus_data.spec_document(6, seed=seed), ensure_ascii=False, indent=2) + "\n"
    if kind == "runcard":
        return json.dumps(runcard_data.card(2, seed=seed), ensure_ascii=False, indent=2) + "\n"
    if kind == "semantic":
        return json.dumps(semantic_data.document(12, stem, seed=seed), ensure_ascii=False, indent=2) + "\n"
    return "\n".join(truth_data.lines(14, seed=seed)) + "\n"


def write(folder: Path, files: int = FILES) -> None:
    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "goldlint.yaml").write_text(CONFIG, encoding="utf-8")
    (tmp / "ontology.yaml").write_text(truth_data.ONTOLOGY, encoding="utf-8")
    for i in range(files):
        sub = tmp / f"d{i // PER_FOLDER:02d}"
        sub.mkdir(exist_ok=True)
        kind = KINDS[i % len(KINDS)]
        stem = f"{kind}-{i:05d}"
        (sub / (stem + SUFFIX[kind])).write_text(file_text(i, stem), encoding="utf-8")
    tmp.replace(folder)


def has_jobs() -> bool:
    """Whether ``goldlint check`` takes ``-j/--jobs`` (read from the CLI's source, not run)."""
    return re.search(r"""["']--jobs["']""", (REPO / "lint" / "cli.py").read_text(encoding="utf-8")) is not None


def register(scales: list[str]) -> None:
    if "10k" not in scales:  # a fixed size: runs with the 10k scale
        return
    version = source_version("tests.bench.smallfiles", "tests.bench.slu_data", "tests.bench.corpus_data", "tests.bench.runcard_data",
                             "tests.bench.semantic_data", "tests.bench.truth_data", "goldlint.families.runcard.algorithms")
    name = "smallfiles-10000"
    dataset(Dataset(name, "smallfiles", "", "tests.bench.smallfiles:write", (("files", FILES),), FILES, "10k", version,
                    "10,000 gold files of ~2 KB, five families mixed", "clean", "folder"))
    tags = frozenset({"smallfiles"})
    case(Case(name, "goldlint-version", "command", argv=("{python}", "-m", "goldlint", "--version"), tags=tags))
    case(Case(name, "goldlint-one-file", "command", argv=("{python}", "-m", "goldlint", "check", "--quiet", "{path}/" + ONE_FILE),
              tags=tags))
    case(Case(name, "goldlint-dir", "command", argv=("{python}", "-m", "goldlint", "check", "--quiet", "{path}"), tags=tags))
    if has_jobs():
        case(Case(name, "goldlint-dir-jobs1", "command", argv=("{python}", "-m", "goldlint", "check", "--quiet", "--jobs", "1", "{path}"),
                  tags=tags))
