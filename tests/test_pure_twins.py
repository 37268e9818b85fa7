"""The pure-Python twins of the compiled kernels (``goldlint.speedups``) are what a wheel built
without a C compiler runs. The clean paths' own tests, and every rule's cases, run again here
with ``GOLDLINT_PURE=1``: what they prove of the compiled kernels they prove of the twins.
(tests/test_native.py proves each kernel equal to its twin; this proves the twins right.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SUITES = ("tests/test_native.py", "tests/families/xsid", "tests/families/slurp", "tests/families/corpus", "tests/rules")


def test_the_clean_paths_tests_pass_with_the_pure_python_twins(repo_root: Path) -> None:
    env = {**os.environ, "GOLDLINT_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *SUITES], cwd=repo_root, env=env,
                          capture_output=True, text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1], done.stdout[-2000:]
