"""The benchmark's datasets and cases, in a registry the family modules fill.

A *dataset* is a generated file or folder (written once by a separate process, cached
under ``out/data/<family>/`` with the generator's hash in its name); a *case* times one way
of reading it: a Python target run in a fresh child process (``python`` cases: imports not
timed), or a whole command (``command`` cases: start-up included). A case may name a
``baseline`` case on the same dataset: the report gives the ratio of the two medians (time
and peak memory).

The modules of ``PLUGINS`` each define ``register(scales)`` and call :func:`dataset` and
:func:`case`; ``scales`` is the list of selected scale labels (``10k``, ``100k``, ``1m``).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SCALES: dict[str, int] = {"10k": 10_000, "100k": 100_000, "1m": 1_000_000}


@dataclass(frozen=True)
class Dataset:
    name: str  # e.g. "slu-jsonl-10k-defective"
    family: str  # its folder under out/data, and what --family selects
    suffix: str  # ".jsonl", ".json", ... or "" for a folder
    make: str  # "module:function", called as function(path, **kwargs) in a separate process
    kwargs: tuple[tuple[str, Any], ...] = ()
    records: int = 0  # entries (records, results, rows, items) in the file; files in a folder
    scale: str = ""
    version: str = ""  # the generator's hash: part of the file name
    note: str = ""
    expect: str = ""  # "clean" (goldlint must find no error) or "defective" (one defect per 100 entries)
    fmt: str = ""  # jsonl, json, yaml, tsv, folder

    @property
    def is_folder(self) -> bool:
        return self.suffix == ""


@dataclass(frozen=True)
class Case:
    dataset: str
    measure: str  # e.g. "goldlint-engine", "orjson-lines", "check-jsonschema"
    kind: str  # "python" (target = "module:function") or "command" (argv: {python}, {path}, {data}, {repo}, {jsonvet} filled in)
    target: str = ""
    argv: tuple[str, ...] = ()
    baseline: str | None = None  # the measure on the same dataset this one is compared to
    reps: int | None = None  # at most this many repetitions (the expensive ones)
    tags: frozenset[str] = field(default_factory=frozenset)
    ok_exit: tuple[int, ...] = (0, 1)  # exit codes of a command that are not a failure
    quiet_stderr: bool = True  # a command that writes to stderr has failed
    tool: str | None = None  # the other tool it runs (tools.TOOLS): skipped, said once, when not installed

    @property
    def name(self) -> str:
        return f"{self.dataset}/{self.measure}"


DATASETS: dict[str, Dataset] = {}
CASES: dict[str, Case] = {}
#: Files written into a family's data folder before any of its datasets (goldlint.yaml, ...).
FOLDER_FILES: dict[str, dict[str, str]] = {}


def dataset(ds: Dataset) -> Dataset:
    DATASETS[ds.name] = ds
    return ds


def case(c: Case) -> Case:
    assert c.dataset in DATASETS, f"register dataset {c.dataset} first"
    CASES[c.name] = c
    return c


def label(records: int) -> str:
    for name, size in SCALES.items():
        if size == records:
            return name
    return f"{records // 1000}k" if records % 1000 == 0 else str(records)


def source_version(*modules: str) -> str:
    """A hash of the generator modules' source (``tests.bench.slu_data``, ``goldlint.families.runcard.algorithms``)."""
    digest = hashlib.sha256()
    for module in modules:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None, module
        digest.update(Path(spec.origin).read_bytes())
    return digest.hexdigest()[:10]


# The modules that register datasets and cases; each defines ``register(scales)``.
PLUGINS: tuple[str, ...] = (
    "tests.bench.families",
    "tests.bench.score_cases",
    "tests.bench.serve_cases",
    "tests.bench.smallfiles",
    "tests.bench.startup",
    "tests.bench.dataset_cases",
    "tests.bench.near_cases",
)


def load(scales: list[str], families: list[str] | None = None) -> None:
    DATASETS.clear()
    CASES.clear()
    FOLDER_FILES.clear()
    for plugin in PLUGINS:
        importlib.import_module(plugin).register(scales)
    if families:
        for name in [n for n, c in CASES.items() if DATASETS[c.dataset].family not in families]:
            del CASES[name]


def data_path(ds: Dataset, folder: Path) -> Path:
    return folder / ds.family / f"{ds.name}-{ds.version}{ds.suffix}"


def data_file(ds: Dataset, folder: Path, env: dict[str, str]) -> Path:
    """The dataset's file or folder, generated when missing by a separate process (so the
    runner's own memory never grows with the data: a child's peak RSS stays its own)."""
    path = data_path(ds, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    for name, text in FOLDER_FILES.get(ds.family, {}).items():
        extra = path.parent / name
        if not extra.exists() or extra.read_text(encoding="utf-8") != text:
            extra.write_text(text, encoding="utf-8")
    if not path.exists():
        print(f"generating {ds.family}/{path.name} ({ds.records:,} {'files' if ds.family == 'smallfiles' else 'entries'}) ...",
              file=sys.stderr, flush=True)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tests.bench.generate", ds.make, str(path), json.dumps(dict(ds.kwargs))],
                       cwd=REPO, env=env, check=True)
        print(f"  ... {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    return path


def size_of(path: Path) -> int:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return os.path.getsize(path)
