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
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
collect_ignore = ["bench"]  # the benchmark runs on its own: python -m tests.bench
_SOURCE = Path(tempfile.mkdtemp(prefix="goldlint-src-"))
(_SOURCE / "goldlint").symlink_to(REPO_ROOT / "lint", target_is_directory=True)
sys.path.insert(0, str(_SOURCE))
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(_SOURCE), os.environ.get("PYTHONPATH", "")) if p)


def _build_native(into: Path) -> str | None:
    """Builds the compiled kernels (``native/``) into the folder on ``sys.path``, beside the
    package, as the wheel holds them; what stopped it, if anything (goldlint then runs the
    kernels' pure-Python twins: ``tests/test_native.py`` says whether that is allowed here)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("goldlint_native_build", REPO_ROOT / "native" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    try:
        build.compile_module(into)
    except build.NoCompiler as exc:
        return str(exc)
    return None


NATIVE_UNBUILT = _build_native(_SOURCE)
for _name in [m for m in sys.modules if m == "goldlint" or m.startswith("goldlint.") or m == "_goldlint_speedups"]:
    del sys.modules[_name]  # imported before this file ran (a plugin?): import it again from here

import goldlint  # noqa: E402

assert Path(goldlint.__file__).resolve().is_relative_to(REPO_ROOT / "lint"), goldlint.__file__


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_SOURCE, ignore_errors=True)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def native_unbuilt() -> str | None:
    """Why the compiled kernels could not be built for this run, or None when they were."""
    return NATIVE_UNBUILT


Shown = Callable[[Path, bool], list[tuple[Any, ...]]]


@pytest.fixture(scope="session")
def shown() -> Shown:
    """``shown(path, need_document)``: everything a reporter or ``--fix`` reads of each
    diagnostic of ``check_file`` (spans with their offsets, fixes); a check that may take a
    byte path (``need_document=False``) and one that may not are compared with it. (A byte
    path places its findings by line and column: its file offsets, which no reporter reads
    and ``--fix`` never applies, are unknown, -1, and shown as matching any.)"""
    from unittest.mock import ANY

    from goldlint import config as cfg
    from goldlint.engine import check_file

    def span(s: Any) -> tuple[Any, ...]:
        if s.start_offset < 0 and not need:
            return s.start, s.end, ANY, ANY
        return s.start, s.end, s.start_offset, s.end_offset

    def fix(f: Any) -> tuple[Any, ...] | None:
        return None if f is None else (f.applicability, f.message, [(span(e.span), e.new_text) for e in f.edits])

    need = True

    def shown(path: Path, need_document: bool) -> list[tuple[Any, ...]]:
        nonlocal need
        need = need_document
        cfg.load.cache_clear()
        result = check_file(path, need_document=need_document)
        return [(d.code, span(d.span), d.message, d.severity, fix(d.fix), [fix(a) for a in d.alternatives]) for d in result.diagnostics]

    return shown


CliRunner = Callable[..., "subprocess.CompletedProcess[str]"]


@pytest.fixture
def run_cli() -> CliRunner:
    """``run_cli("check", path, cwd=..., timeout=..., input=...)``: ``python -m goldlint`` in a subprocess, no shell."""

    def run(*args: str | os.PathLike[str], cwd: str | os.PathLike[str] | None = None, timeout: float = 120,
            env: dict[str, str] | None = None, input: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "goldlint", *map(str, args)],
            cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True, input=input,
            encoding="utf-8", errors="replace", timeout=timeout, check=False,
        )

    return run


def _rss_probe(args: list[str], cwd: Path, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], int, float]:
    """Run the CLI in a child that reports its own peak RSS (KiB) on its last stderr line; and the wall time."""
    code = (
        "import resource, sys\n"
        "from goldlint.cli import main\n"
        "sys.argv = ['goldlint', *sys.argv[1:]]\n"
        "status = main()\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=timeout, check=False)
    seconds = time.perf_counter() - start
    *rest, last = done.stderr.splitlines() or ["0"]
    done.stderr = "\n".join(rest)
    return done, int(last), seconds


@pytest.fixture(scope="session")
def rss_probe() -> Any:
    """``rss_probe(args, cwd, timeout)``: the CLI in a child; (its result, its peak RSS in KiB, wall seconds)."""
    return _rss_probe
