"""Coverage-guided fuzzing of goldlint with atheris (libFuzzer for Python).

``python -m tests.fuzz --seconds 60 [--target NAME]`` builds the seed corpora from the real
files in ``tests/`` and runs each target (``harness.py``) in its own process for a bounded
time. See ``README.md`` in this folder.

Nothing here imports goldlint at module level: the harness must import it inside
``atheris.instrument_imports()`` so the coverage guidance sees goldlint's code.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
TESTS = REPO / "tests"
WORK = HERE / ".work"  # seeds, grown corpora, crashes, logs (git-ignored)


def use_this_checkout() -> None:
    """Make ``import goldlint`` (here and in child processes) load ``REPO/lint``, never an install.

    Does not import goldlint: ``find_spec`` of a top-level name only locates it.
    """
    spec = importlib.util.find_spec("goldlint")
    if spec is not None and spec.origin and Path(spec.origin).resolve().is_relative_to(REPO / "lint"):
        return
    src = WORK / "src"
    src.mkdir(parents=True, exist_ok=True)
    link = src / "goldlint"
    if not link.is_symlink():
        link.symlink_to(REPO / "lint", target_is_directory=True)
    sys.path.insert(0, str(src))
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(src), os.environ.get("PYTHONPATH", "")) if p)
    importlib.invalidate_caches()
