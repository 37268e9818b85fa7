"""Many files on every core: the same report as one process, whatever the number of workers."""

from __future__ import annotations

import shutil
from pathlib import Path

from goldlint import parallel
from goldlint.parallel import BYTES_PER_WORKER, PARALLEL_FROM, workers_for

DATA = Path(__file__).parent / "data" / "cli"


def test_workers_follow_the_work(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(parallel, "available_cores", lambda: 4)
    assert workers_for(0, PARALLEL_FROM - 1) == 1  # a few small files: no pool to start
    assert workers_for(0, PARALLEL_FROM - 1, BYTES_PER_WORKER * 2 - 1) == 1  # nor for less than two workers' worth of bytes
    assert workers_for(0, 10_000) == 4  # many files: every core
    assert workers_for(8, 20) == 1  # never more workers than chunks of small files
    assert workers_for(1, 10_000) == 1
    assert workers_for(0, 2, 600 << 20) == 2  # two large files: one worker each (they were checked one after the other)
    assert workers_for(0, 3, BYTES_PER_WORKER * 2) == 2  # as many workers as shares of BYTES_PER_WORKER
    assert workers_for(0, 2, BYTES_PER_WORKER - 1) == 1  # two files with less work than a worker's share: one process
    assert workers_for(0, 1, 600 << 20) == 1  # one file is checked in this process


def test_parallel_report_equals_the_serial_one(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    for n in range(150):
        source = DATA / ("defective.jsonl" if n % 7 == 0 else "clean.jsonl")
        folder = tmp_path / f"part{n % 5}"
        folder.mkdir(exist_ok=True)
        shutil.copy(source, folder / f"gold{n:03}.jsonl")
    serial = run_cli("check", ".", "--jobs", "1", "--format", "json", cwd=tmp_path)
    for jobs in ("2", "0"):
        parallel = run_cli("check", ".", "--jobs", jobs, "--format", "json", cwd=tmp_path)
        assert (parallel.returncode, parallel.stdout, parallel.stderr) == (serial.returncode, serial.stdout, serial.stderr)
    assert serial.returncode == 1 and serial.stdout.count('"code"') > 20
