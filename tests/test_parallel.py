"""Many files on every core: the same report as one process, whatever the number of workers."""

from __future__ import annotations

import shutil
from pathlib import Path

from goldlint.parallel import PARALLEL_FROM, workers_for

DATA = Path(__file__).parent / "data" / "cli"


def test_workers_follow_the_work() -> None:
    assert workers_for(0, PARALLEL_FROM - 1) == 1  # a few files: no pool to start
    assert workers_for(0, 10_000) >= 1
    assert workers_for(8, 20) == 2  # never more workers than chunks of files
    assert workers_for(1, 10_000) == 1


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
