"""Running a rule's documented example as a reader would: its files in a folder of their own,
its command line (``goldlint check PATH`` unless it names another) run there, the codes read
from what the command prints."""

from __future__ import annotations

import os
import re
from pathlib import Path

from typer.testing import CliRunner

from goldlint import config as cfg
from goldlint.cli import app
from goldlint.rules.examples import Example

# "path:line:column: CODE ..." as the text reporter and the scorer print a diagnostic
_SHOWN = re.compile(r":\d+:\d+: ([A-Z]+\d{3}) ")


def write(example: Example, folder: Path) -> None:
    for name, text in example.files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
    (folder / example.path).write_bytes(example.text.encode(example.encoding))


def reported(example: Example, folder: Path) -> tuple[list[str], int, str]:
    """The distinct codes the example's command reports (sorted), its exit code and its output."""
    write(example, folder)
    cfg.load.cache_clear()
    before = Path.cwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(app, list(example.argv), env={"COLUMNS": "400"})
    finally:
        os.chdir(before)
    output = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), output
    return sorted({m.group(1) for m in _SHOWN.finditer(output)}), result.exit_code, output
