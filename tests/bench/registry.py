"""The benchmark's datasets and cases, in a registry that later work extends.

A *dataset* is a generated file (written once, cached under ``out/data``); a *case* times
one way of reading it: a Python target run in a fresh child process (``python`` cases), or
a whole command (``command`` cases, start-up included). A case may name a ``baseline``
case on the same dataset: the report gives the ratio of the two medians. ``FLATNESS``
pairs a small and a large dataset whose peak memory must stay nearly equal.

To add a family's benchmark, write a module that calls :func:`dataset` and :func:`case`
and add it to ``PLUGINS`` (e.g. ``tests.bench.corpus_cases`` for the corpus family, or a
``score``/``serve`` timing as a command case).
"""

from __future__ import annotations

import hashlib
import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from tests.bench import slu_data

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Dataset:
    name: str
    suffix: str
    make: Callable[[Path], None]  # writes the file
    records: int
    note: str = ""
    version: str = ""  # part of the cache key: change it when the generator changes
    config: str | None = None  # a goldlint.yaml written beside the file


@dataclass(frozen=True)
class Case:
    dataset: str
    measure: str  # e.g. "goldlint-engine", "orjson-lines"
    kind: str  # "python" (target = "module:function") or "command" (argv, {path} and {python} filled in)
    target: str = ""
    argv: tuple[str, ...] = ()
    baseline: str | None = None  # the measure on the same dataset this one is compared to
    reps: int | None = None  # fewer repetitions for the expensive ones
    tags: frozenset[str] = field(default_factory=frozenset)

    @property
    def name(self) -> str:
        return f"{self.dataset}/{self.measure}"


DATASETS: dict[str, Dataset] = {}
CASES: dict[str, Case] = {}
FLATNESS: list[tuple[str, str, str]] = []  # (measure, small dataset, large dataset)


def dataset(ds: Dataset) -> Dataset:
    DATASETS[ds.name] = ds
    return ds


def case(c: Case) -> Case:
    assert c.dataset in DATASETS, f"register dataset {c.dataset} first"
    CASES[c.name] = c
    return c


def _label(records: int) -> str:
    return f"{records // 1000}k" if records % 1000 == 0 else str(records)


def _source_version(*modules: object) -> str:
    digest = hashlib.sha256()
    for module in modules:
        digest.update(Path(module.__file__).read_bytes())  # type: ignore[attr-defined]
    return digest.hexdigest()[:10]


# --------------------------------------------------------------------------- slu (issue 2)

GOLDLINT_CLI = ("{python}", "-m", "goldlint", "check", "--quiet", "{path}")
# 400,000 records are ~1.2 GB, over the default max-file-size (1 GiB).
BIG_FILES = "max-file-size: 8000000000\n"


def register_slu(scale: int) -> None:
    version = _source_version(slu_data)
    sizes = {_label(scale): scale, _label(4 * scale): 4 * scale}
    small, large = sizes
    for label, records in sizes.items():
        dataset(Dataset(f"slu-jsonl-{label}", ".jsonl", partial(slu_data.write_jsonl, records=records), records,
                        "clean RuSLUn-shaped records", version, BIG_FILES))
    dataset(Dataset(f"slu-jsonl-{small}-errors", ".jsonl", partial(slu_data.write_jsonl, records=scale, error_every=100),
                    scale, "one defect every 100 records", version, BIG_FILES))
    dataset(Dataset(f"slu-json-{small}", ".json", partial(slu_data.write_json_array, records=scale), scale,
                    "the clean records as one JSON array", version, BIG_FILES))

    for name in (f"slu-jsonl-{small}", f"slu-jsonl-{small}-errors"):
        case(Case(name, "orjson-lines", "python", "tests.bench.baselines:orjson_lines", tags=frozenset({"slu", "baseline"})))
        case(Case(name, "goldlint-engine", "python", "tests.bench.engine:goldlint_check_file", baseline="orjson-lines",
                  tags=frozenset({"slu"})))
        case(Case(name, "goldlint-cli", "command", argv=GOLDLINT_CLI, baseline="orjson-lines", tags=frozenset({"slu"})))
    case(Case(f"slu-jsonl-{small}", "msgspec-lines", "python", "tests.bench.baselines:msgspec_lines",
              tags=frozenset({"slu", "baseline"})))
    case(Case(f"slu-json-{small}", "orjson-whole", "python", "tests.bench.baselines:orjson_whole", tags=frozenset({"slu", "baseline"})))
    case(Case(f"slu-json-{small}", "goldlint-engine", "python", "tests.bench.engine:goldlint_check_file",
              baseline="orjson-whole", tags=frozenset({"slu"})))
    # Memory must not grow with the length of a JSONL file: the large file, fewer times.
    case(Case(f"slu-jsonl-{large}", "orjson-lines", "python", "tests.bench.baselines:orjson_lines", reps=1,
              tags=frozenset({"slu", "flatness", "baseline"})))
    case(Case(f"slu-jsonl-{large}", "goldlint-engine", "python", "tests.bench.engine:goldlint_check_file",
              baseline="orjson-lines", reps=2, tags=frozenset({"slu", "flatness"})))
    FLATNESS.append(("goldlint-engine", f"slu-jsonl-{small}", f"slu-jsonl-{large}"))


# Later issues: modules that register their own datasets and cases (corpus, semantic,
# truth, score, serve); each defines ``register(scale: int) -> None``.
PLUGINS: tuple[str, ...] = ("tests.bench.corpus_cases",)


def load(scale: int) -> None:
    DATASETS.clear()
    CASES.clear()
    FLATNESS.clear()
    register_slu(scale)
    for plugin in PLUGINS:
        importlib.import_module(plugin).register(scale)


def data_file(ds: Dataset, folder: Path) -> Path:
    """The dataset's file, generated when missing (the name carries the generator's version)."""
    folder.mkdir(parents=True, exist_ok=True)
    if ds.config is not None and not (folder / "goldlint.yaml").exists():
        (folder / "goldlint.yaml").write_text(ds.config, encoding="utf-8")
    path = folder / f"{ds.name}-{ds.version}{ds.suffix}"
    if not path.exists():
        print(f"generating {path.name} ({ds.records:,} records) ...", file=sys.stderr, flush=True)
        ds.make(path)
    return path
