"""The house's habits, checked like any behaviour: ruff over the package, the tests, the
scripts and the build of the compiled kernels, and mypy over the package and that build, with
the configuration in pyproject.toml (the tools at the versions of the test lock)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)


def test_ruff_finds_nothing() -> None:
    done = _run("ruff", "check", "--no-cache", "lint", "tests", "scripts", "native", "hatch_build.py")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_mypy_finds_nothing() -> None:
    done = _run("mypy", "--no-incremental")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Success: no issues found" in done.stdout
