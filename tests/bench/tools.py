"""The other tools the benchmark compares goldlint with (the ``bench`` extra): where each one
is, or why its cases are skipped.

A tool that is not installed skips its cases with one line (``skipped: jsonvet not installed
(pip install '.[bench]')``), never a failed case: the rest of the run is as good without it.
jsonvet is a native program, looked for beside the running interpreter first (a venv's
``bin/``, which is not on ``PATH`` unless the venv is activated), then on ``PATH``;
check-jsonschema is a Python package, run as ``{python} -m check_jsonschema``.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

INSTALL = "pip install '.[bench]'"
JSONVET = "jsonvet"
CHECK_JSONSCHEMA = "check-jsonschema"
TOOLS = (JSONVET, CHECK_JSONSCHEMA)


def jsonvet_path() -> str | None:
    beside = Path(sys.executable).parent / JSONVET
    if beside.is_file():
        return str(beside)
    return shutil.which(JSONVET)


def installed(tool: str) -> bool:
    if tool == JSONVET:
        return jsonvet_path() is not None
    if tool == CHECK_JSONSCHEMA:
        return importlib.util.find_spec("check_jsonschema") is not None
    raise ValueError(f"unknown tool: {tool}")


def skipped(tools: set[str]) -> dict[str, str]:
    """The tools among ``tools`` that are not installed, each with the reason said once."""
    return {tool: f"not installed ({INSTALL})" for tool in sorted(tools) if not installed(tool)}


def skip_line(tool: str, reason: str) -> str:
    return f"skipped: {tool} {reason}"
