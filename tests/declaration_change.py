"""Run a probe against a copy of goldlint whose declaration of one kind is changed.

The one-constraint tests of every kind (``tests/families/<kind>/test_*_one_*.py``) prove that a
constraint is written once: they change its one line in a copy of the package, then ask every
route (file, bytes, memory, the real CLI, schema, completion, docs) in a child process what it
now says. This module does the copying, the change and the child run for all of them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def run_changed(tmp_path: Path, kind_package: str, changes: list[tuple[str, str]], probe: str, *args: object) -> Any:
    """``probe`` (Python source) run with the changed package first on the path, in a folder of
    its own (its last argument), with ``args`` as JSON arguments before it; its JSON output.
    Each ``(old, new)`` of ``changes`` must stand exactly once in the kind's ``declaration.py``."""
    package = tmp_path / "src" / "goldlint"
    shutil.copytree(REPO / "lint", package, ignore=shutil.ignore_patterns("__pycache__"))
    declared = package / "families" / kind_package / "declaration.py"
    text = declared.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, f"written once: {old}"
        text = text.replace(old, new)
    declared.write_text(text, encoding="utf-8")
    for data in ("schemas", "grammars"):
        (tmp_path / "src" / data).symlink_to(REPO / data)
    work = tmp_path / "files"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(tmp_path / "src"), str(REPO)))}
    done = subprocess.run([sys.executable, "-c", probe, *(json.dumps(a) for a in args), str(work)], capture_output=True, text=True,
                          timeout=600, env=env, cwd=work)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def set_at(document: Any, steps: list[Any], value: Any) -> None:
    """The value at ``steps`` of ``document`` (keys and list positions) replaced in place by
    ``value``; None removes the member (the probes' "a field left out")."""
    node = document
    for step in steps[:-1]:
        node = node[step]
    if value is None:
        del node[steps[-1]]
    else:
        node[steps[-1]] = value


ROUTES = ("file", "bytes", "memory", "cli")


def assert_every_route_says(verdicts: dict[str, list[str]], case: object, message: str | None, routes: tuple[str, ...] = ROUTES) -> None:
    """Each route's messages for ``case`` (its verdicts are keyed ``"<case> <route>"``): none
    when ``message`` is None, else exactly one, starting with ``message``."""
    for route in routes:
        messages = verdicts[f"{case} {route}"]
        if message is None:
            assert messages == [], (case, route, messages)
        else:
            assert len(messages) == 1 and messages[0].startswith(message), (case, route, messages)
