"""The atheris fuzz runner (tests/fuzz), run for a fixed number of inputs per target so CI exercises it.

Skipped where atheris is not installed (it ships Linux wheels only). A fixed libFuzzer
seed and a fixed number of runs (not a time: a slow machine would try fewer inputs, and a
crash could come and go with the load) make every run try the same inputs; a long hunt is
``python -m tests.fuzz --seconds 600``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("atheris")

RUNS_PER_TARGET = 100


def test_fuzz_runner_runs_every_target_without_a_crash(repo_root: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.fuzz", "--runs", str(RUNS_PER_TARGET), "--out", str(tmp_path), "--", "-seed=1"],
        cwd=repo_root, capture_output=True, text=True, encoding="utf-8", errors="replace", timeout=600, check=False,
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    for target in ("check", "ontology", "score", "yaml", "tsv"):
        row = re.search(rf"^{target}\s+\d+\s+(\d+)\s+(\d+)$", done.stdout, re.MULTILINE)
        assert row is not None, report
        execs, crashes = map(int, row.groups())
        assert execs >= RUNS_PER_TARGET and crashes == 0, report  # (the seeds are run first, and counted)
        assert any((tmp_path / "seeds" / target).iterdir()), f"no seeds for {target}"


def test_replay_runs_a_saved_input(repo_root: Path, tmp_path: Path) -> None:
    """``python -m tests.fuzz.replay`` re-runs a saved input uninstrumented: ``ok`` and exit 0 when it passes."""
    saved = tmp_path / "crash-example"
    saved.write_bytes(bytes([0x40 | 1]) + b'{"a": 1}\r 1\n')  # check_file, .jsonl: a lone CR before extra data
    done = subprocess.run([sys.executable, "-m", "tests.fuzz.replay", str(saved)], cwd=repo_root, capture_output=True,
                          text=True, encoding="utf-8", errors="replace", timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "suffix='.jsonl'" in done.stdout and "from_disk=True" in done.stdout and done.stdout.rstrip().endswith("ok"), done.stdout
