"""The score tests' CLI runner fixture."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner


@pytest.fixture
def cli() -> Any:
    from goldlint.cli import app
    from goldlint.score.command import score

    if not any(getattr(c.callback, "__name__", "") == "score" for c in app.registered_commands):
        app.command()(score)  # until the lead registers it in goldlint.cli
    runner = CliRunner()

    def invoke(*args: str) -> Any:
        return runner.invoke(app, ["score", *args], catch_exceptions=False)

    return invoke
