"""Checking many files on every core.

Files are independent, so a folder of thousands of small gold files is checked by a pool
of worker processes (the GIL keeps threads from helping: the work is Python). Workers are
forked where the platform allows, so they start with goldlint already imported and the
configs already read; each returns only its files' diagnostics. A few files are checked
in this process: starting workers costs more than it saves.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

from goldlint import config as cfg
from goldlint.engine import check_file
from goldlint.summary import Outcome

PARALLEL_FROM = 64  # files: below this, one process
_CHUNK = 16  # files a worker takes at a time

Task = tuple[Path, bool]  # a file, and whether it was named on the command line
_job: tuple[Callable[[Path], cfg.Loaded], str | None] | None = None  # what forked workers inherit


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def workers_for(jobs: int, files: int) -> int:
    """``jobs`` as asked (0: automatic), bounded by the work there is."""
    if jobs == 0:
        jobs = available_cores() if files >= PARALLEL_FROM else 1
    return max(1, min(jobs, (files + _CHUNK - 1) // _CHUNK or 1))


def check_all(tasks: list[Task], configs: Callable[[Path], cfg.Loaded], kind: str | None, jobs: int) -> Iterator[Outcome]:
    """Each file's outcome (in no particular order)."""
    workers = workers_for(jobs, len(tasks))
    if workers > 1:  # (the pool's modules, only when there is a pool)
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
    if workers == 1 or "fork" not in multiprocessing.get_all_start_methods():
        for file, explicit in tasks:
            yield _outcome(file, configs(file), kind, explicit)
        return
    global _job
    _job = (configs, kind)
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            yield from pool.map(_check_one, tasks, chunksize=_CHUNK)
    finally:
        _job = None


def _check_one(task: Task) -> Outcome:
    assert _job is not None
    configs, kind = _job
    file, explicit = task
    return _outcome(file, configs(file), kind, explicit)


def _outcome(file: Path, loaded: cfg.Loaded, kind: str | None, explicit: bool) -> Outcome:
    result = check_file(file, loaded, kind, explicit, need_document=False)
    return Outcome(result.diagnostics, result.kind, result.skipped)
