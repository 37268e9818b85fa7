"""The command line: a thin face over the engine (``goldlint check``, ``goldlint rule``, …).

Exit codes: 0 no errors (warnings allowed unless ``--strict``), 1 findings, 2 bad usage,
bad config or an internal error (one line; the traceback only with ``--verbose``).
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from goldlint import __version__
from goldlint.check_command import command
from goldlint.families import KIND_NAMES
from goldlint.rules.registry import all_rules, get
from goldlint.server.command import serve

# Plain (click) help: it wraps at any width and never cuts an option name, as rich's tables do.
app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="Lint, fix and score the gold files of NLP and speech evaluation sets.")
app.command()(serve)


class OutputFormat(str, Enum):
    """--format's names (held equal to the reporters' by tests/test_quick_argv.py)."""

    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"
    junit = "junit"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"goldlint {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool | None, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")] = None,
) -> None:
    """goldlint."""


@app.command()
def check(
    paths: Annotated[list[Path] | None, typer.Argument(help="Files or folders (recursive). Default: the current folder.")] = None,
    select: Annotated[list[str] | None, typer.Option(help="Rule codes or prefixes to enable (comma-separated); replaces the config's.")] = None,
    ignore: Annotated[list[str] | None, typer.Option(help="Rule codes or prefixes to disable (comma-separated).")] = None,
    kind: Annotated[str | None, typer.Option(help=f"Force the kind of every file: {', '.join(KIND_NAMES)}.")] = None,
    output_format: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.text,
    output_file: Annotated[Path | None, typer.Option(help="Write the report here instead of standard output.")] = None,
    fix: Annotated[bool, typer.Option("--fix", help="Apply safe fixes in place.")] = False,
    unsafe_fixes: Annotated[bool, typer.Option("--unsafe-fixes", help="With --fix or --diff, unsafe fixes too; alone, it writes nothing.")] = False,
    diff: Annotated[bool, typer.Option("--diff", help="Print the fixes as a unified diff; write nothing, even with --fix.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Warnings fail too.")] = False,
    statistics: Annotated[bool, typer.Option("--statistics", help="Print a count per rule instead of each diagnostic.")] = False,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when there are findings.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print diagnostics only, no summary.")] = False,
    config_file: Annotated[Path | None, typer.Option("--config", help="Use this config file instead of searching for one.")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", help="Show tracebacks of internal errors.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes checking files at once; 0: every core when there are many files.")] = 0,
    require_files: Annotated[bool, typer.Option("--require-files", help="Exit 1 when no file was checked (for CI).")] = False,
    submission: Annotated[bool, typer.Option("--submission", help="Judge each run card's folder as a leaderboard submission (RUN113-RUN117).")] = False,
    near_duplicates: Annotated[float | None, typer.Option("--near-duplicates", metavar="THRESHOLD",
                                                          help="Report test items this similar (0 < THRESHOLD <= 1) to one of another split (DS109); "
                                                               "replaces the config's datasets.near-duplicates.")] = None,
) -> None:
    """Check gold files and report every problem with its exact position."""
    raise typer.Exit(command(paths, select, ignore, kind, output_format.value, output_file, fix, unsafe_fixes, diff, strict, statistics,
                             exit_zero, quiet, config_file, verbose, jobs, require_files, submission, near_duplicates))


from goldlint.score.command import score  # noqa: E402  (registered after check: the command order of --help)

app.command()(score)


@app.command()
def rule(
    code: Annotated[str | None, typer.Argument(help="A rule code, e.g. SLU103.")] = None,
    all_: Annotated[bool, typer.Option("--all", help="Every rule.")] = False,
    output_format: Annotated[str, typer.Option("--format", help="text or json")] = "text",
) -> None:
    """Print a rule's documentation: what it checks, why, an example, fix safety."""
    if output_format not in ("text", "json"):
        _fail(f"unknown format `{output_format}` (text or json)")
    if all_:
        rules = all_rules()
    elif code:
        found = get(code)
        if found is None:
            _fail(f"unknown rule `{code}`; `goldlint rule --all` lists them")
        rules = [found]  # type: ignore[list-item]
    else:
        _fail("name a rule code or pass --all")
    if output_format == "json":
        payload = [r.as_json() for r in rules]
        typer.echo(json.dumps(payload if all_ else payload[0], ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(r.markdown() for r in rules))


def _fail(message: str) -> None:
    typer.echo(f"goldlint: {message}", err=True)
    raise typer.Exit(2)


def main() -> int:
    try:
        app(standalone_mode=True)
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 2
    return 0
