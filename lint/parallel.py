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
from goldlint import lifetime
from goldlint.engine import check_file
from goldlint.summary import Outcome

PARALLEL_FROM = 64  # files: below this many, a pool is started only for their bytes (see BYTES_PER_WORKER)
_CHUNK = 16  # small files a worker takes at a time
# A worker pays its start and its share of the results' transfer (a pool costs about 0.1 s on a
# 2-core machine): it must have at least this much to read, some 0.3 s of checking, to be worth it
# (two 120 MB SLU JSONL files: 0.99 s with one process, 0.73 s with two).
BYTES_PER_WORKER = 64 << 20
LARGE = 1 << 20  # bytes: a file this large is sent to a worker on its own

Task = tuple[Path, bool]  # a file, and whether it was named on the command line
_job: tuple[Callable[[Path], cfg.Loaded], str | None] | None = None  # what forked workers inherit


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def workers_for(jobs: int, files: int, total_bytes: int = 0) -> int:
    """``jobs`` as asked (0: automatic — from the files' number and total size, and the cores),
    bounded by the work there is: never more workers than files, nor than chunks of small files
    and shares of ``BYTES_PER_WORKER``."""
    by_count = files // _CHUNK if files >= PARALLEL_FROM else 0
    by_size = total_bytes // BYTES_PER_WORKER
    worth = max(by_count, by_size, 1)
    if jobs == 0:
        jobs = available_cores()
    return max(1, min(jobs, worth, files))


def check_all(tasks: list[Task], configs: Callable[[Path], cfg.Loaded], kind: str | None, jobs: int) -> Iterator[Outcome]:
    """Each file's outcome (in no particular order)."""
    sizes = {task[0]: _size(task[0]) for task in tasks} if jobs != 1 and len(tasks) > 1 else {}
    workers = workers_for(jobs, len(tasks), sum(sizes.values()))
    if workers > 1:  # (the pool's modules, only when there is a pool)
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
    if workers == 1 or "fork" not in multiprocessing.get_all_start_methods():
        for n, (file, explicit) in enumerate(tasks, 1):
            if n == len(tasks):
                lifetime.last_file()  # (what its check builds may stay until the exit: :mod:`.lifetime`)
            yield _outcome(file, configs(file), kind, explicit)
        return
    global _job
    _job = (configs, kind)
    # The large files first, each on its own, so that no worker is left with a big one at the
    # end (a chunk of the largest files would all go to one worker); the small ones after, in
    # chunks (one message for many).
    ordered = sorted(tasks, key=lambda task: -sizes[task[0]])
    large = [task for task in ordered if sizes[task[0]] >= LARGE]
    small = ordered[len(large):]
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            first = pool.map(_check_one, large, chunksize=1)
            rest = pool.map(_check_one, small, chunksize=_CHUNK if len(small) >= _CHUNK * workers else 1)
            yield from first
            yield from rest
    finally:
        _job = None


def _size(file: Path) -> int:
    try:
        return file.stat().st_size
    except OSError:
        return 0  # (the check says why it cannot be read)


def _check_one(task: Task) -> Outcome:
    assert _job is not None
    configs, kind = _job
    file, explicit = task
    return _outcome(file, configs(file), kind, explicit)


def _outcome(file: Path, loaded: cfg.Loaded, kind: str | None, explicit: bool) -> Outcome:
    result = check_file(file, loaded, kind, explicit, need_document=False)
    return Outcome(result.diagnostics, result.kind, result.skipped, str(file))
