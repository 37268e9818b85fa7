"""`score` throughput (entries/s): ``goldlint score`` on N predictions, against linting the same gold.

Data and targets are in ``bench_score.py``; a dataset is a folder (gold + predictions).
Cases per folder: ``lint`` (the engine on the gold alone), ``score`` (the whole command
body: lint, read the predictions, score, write the report), and for the corpus the
streamed chrF++ kernel alone. The report gives entries/s of each and score's time over
lint's, for every kind ``goldlint score`` scores.
"""

from __future__ import annotations

from tests.bench.registry import SCALES, Case, Dataset, case, dataset, source_version

KINDS = (  # (kind, generator, what the child processes time)
    ("slu", "write_slu", ("lint", "score")),
    ("corpus", "write_corpus", ("lint", "score", "chrf_kernel")),
    ("truth", "write_truth", ("lint", "score")),
    ("xsid", "write_xsid", ("lint", "score")),
    ("slurp", "write_slurp", ("lint", "score")),
    ("semantic", "write_semantic", ("lint", "score")),
)
SEMANTIC_MAX = 2_000  # one meeting's items: its action matching is quadratic by definition (see README)


def register(scales: list[str]) -> None:
    version = source_version("tests.bench.bench_score", "tests.bench.slu_data", "tests.bench.truth_data", "tests.bench.xsid_data",
                             "tests.bench.slurp_data", "tests.bench.semantic_data")
    for scale in scales:
        if scale == "1m":
            continue  # 10k and 100k: the scorer holds the corpus's references in memory
        for family, make, targets in KINDS:
            records = SCALES[scale] if family != "semantic" else min(SCALES[scale] // 50, SEMANTIC_MAX)
            name = f"score-{family}-{scale}"
            dataset(Dataset(name, "score", "", f"tests.bench.bench_score:{make}", (("records", records),), records, scale, version,
                            f"{family} gold and {records:,} predictions", "", "folder"))
            for target in targets:
                case(Case(name, target.replace("_", "-"), "python", f"tests.bench.bench_score:{target}",
                          baseline="lint" if target == "score" else None, tags=frozenset({"score", scale, family})))
