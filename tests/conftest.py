"""Every test imports goldlint from this source tree, never from a stale install.

At session start a temporary folder holding one symlink, ``goldlint -> <repo>/lint``, goes
first on ``sys.path`` and on ``PYTHONPATH``, so ``import goldlint`` in the tests and
``python -m goldlint`` in their subprocesses both run the code of this checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
collect_ignore = ["bench"]  # the benchmark runs on its own: python -m tests.bench
_SOURCE = Path(tempfile.mkdtemp(prefix="goldlint-src-"))
(_SOURCE / "goldlint").symlink_to(REPO_ROOT / "lint", target_is_directory=True)
sys.path.insert(0, str(_SOURCE))
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(_SOURCE), os.environ.get("PYTHONPATH", "")) if p)
for _name in [m for m in sys.modules if m == "goldlint" or m.startswith("goldlint.")]:
    del sys.modules[_name]  # imported before this file ran (a plugin?): import it again from here

import goldlint  # noqa: E402

assert Path(goldlint.__file__).resolve().is_relative_to(REPO_ROOT / "lint"), goldlint.__file__


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_SOURCE, ignore_errors=True)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


CliRunner = Callable[..., "subprocess.CompletedProcess[str]"]


@pytest.fixture
def run_cli() -> CliRunner:
    """``run_cli("check", path, cwd=..., timeout=...)``: ``python -m goldlint`` in a subprocess, no shell."""

    def run(*args: str | os.PathLike[str], cwd: str | os.PathLike[str] | None = None, timeout: float = 120,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "goldlint", *map(str, args)],
            cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True,
            encoding="utf-8", errors="replace", timeout=timeout, check=False,
        )

    return run
