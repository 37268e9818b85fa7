"""A plain ``goldlint check`` line is read without typer (:mod:`goldlint.quick_argv`), and must
mean exactly what typer reads from it; anything the quick reader does not know goes to typer.

The reader's table is held equal to the typer command's parameters, and each command line
below is read both ways and compared value by value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from goldlint import cli
from goldlint.quick_argv import CHECK_OPTIONS, read_check
from goldlint.reporters import FORMATS, REPORTERS


def _typer_check() -> Any:
    return typer.main.get_command(cli.app).commands["check"]  # type: ignore[attr-defined]


def test_the_table_is_the_typer_commands_parameters() -> None:
    params = {p.name: p for p in _typer_check().params if p.name != "paths"}
    assert set(params) == {o.dest for o in CHECK_OPTIONS}
    for option in CHECK_OPTIONS:
        param = params[option.dest]
        assert tuple(param.opts) == option.flags, option.dest
        assert bool(param.is_flag) == (option.read is None), option.dest
        assert bool(param.multiple) == option.repeat, option.dest


def test_the_formats_are_the_reporters() -> None:
    assert tuple(REPORTERS) == FORMATS == tuple(f.value for f in cli.OutputFormat)


def _by_typer(args: list[str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def capture(*values: Any) -> int:
        names = ["paths", "select", "ignore", "kind", "output_format", "output_file", "fix", "unsafe_fixes", "diff", "strict", "statistics",
                 "exit_zero", "quiet", "config_file", "verbose", "jobs", "require_files", "submission", "near_duplicates"]
        seen.update(zip(names, values, strict=True))
        return 0

    monkeypatch.setattr(cli, "command", capture)
    result = CliRunner().invoke(cli.app, ["check", *args])
    assert result.exit_code == 0, result.output
    seen["paths"] = list(seen["paths"] or [])
    seen["select"], seen["ignore"] = list(seen["select"] or []), list(seen["ignore"] or [])
    return seen


LINES = [
    [],
    ["gold"],
    ["a.json", "b.jsonl", "--fix"],
    ["--select", "SLU1,GL", "--ignore=SLU112", "--ignore", "COR1", "gold"],
    ["-q", "--format", "sarif", "--output-file", "out.sarif", "--strict", "gold"],
    ["--format=json", "--kind", "slu", "--config", "cfg/goldlint.yaml", "x.json"],
    ["-j", "2", "--jobs=3", "--statistics", "--exit-zero", "--verbose", "--require-files", "--submission", "."],
    ["--diff", "--unsafe-fixes", "--", "--odd-name.json"],
    ["--quiet", "-", "gold"],
    ["--near-duplicates", "0.9", "--near-duplicates=1", "data"],
    ["--near-duplicates", "1e-1", "data"],
]


@pytest.mark.parametrize("args", LINES, ids=lambda a: " ".join(a) or "(none)")
def test_a_plain_line_means_what_typer_reads(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    quick = read_check(args)
    assert quick is not None
    assert quick == _by_typer(args, monkeypatch)
    assert all(isinstance(p, Path) for p in quick["paths"])


@pytest.mark.parametrize("args", [
    ["--help"], ["-h"], ["--selct", "SLU"], ["-qj", "2"], ["-j2"], ["-j", "-1"], ["--jobs", "two"], ["--format", "xml"],
    ["--fix=yes"], ["--select"], ["--kind", "--fix"], ["--version"], ["--near-duplicates", "high"],
])
def test_anything_else_is_left_to_typer(args: list[str]) -> None:
    assert read_check(args) is None


def test_typer_still_explains_what_the_quick_reader_leaves(run_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("check", "--format", "xml", ".", cwd=tmp_path)
    assert done.returncode == 2 and "'xml' is not one of" in done.stderr, done.stderr
    done = run_cli("check", "--selct", "SLU", cwd=tmp_path)
    assert done.returncode == 2 and "No such option" in done.stderr, done.stderr
