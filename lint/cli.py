"""The command line: a thin face over the engine (``goldlint check``, ``goldlint rule``, …).

Exit codes: 0 no errors (warnings allowed unless ``--strict``), 1 findings, 2 bad usage,
bad config or an internal error (one line; the traceback only with ``--verbose``).
"""

from __future__ import annotations

import difflib
import json
import os
import sys
import traceback
from collections import Counter
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from goldlint import __version__
from goldlint import config as cfg
from goldlint.diagnostics import Diagnostic
from goldlint.engine import FileResult, check_file, check_text, iter_files
from goldlint.families import KIND_NAMES
from goldlint.fixes import UnsafeWrite, fix_until_stable, write_atomic
from goldlint.parallel import check_all
from goldlint.reporters import REPORTERS
from goldlint.reporters.text import line as text_line
from goldlint.rules.registry import all_rules, get, unknown_selector
from goldlint.server.command import serve
from goldlint.summary import Outcome, RunSummary

# Plain (click) help: it wraps at any width and never cuts an option name, as rich's tables do.
app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="Lint, fix and score the gold files of NLP and speech evaluation sets.")
app.command()(serve)


class OutputFormat(str, Enum):
    text = "text"
    json = "json"
    github = "github"
    sarif = "sarif"
    junit = "junit"


class Usage(Exception):
    """Wrong usage or bad config: exit 2 with one clear line."""


def _version(value: bool) -> None:
    if value:
        typer.echo(f"goldlint {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[bool | None, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")] = None,
) -> None:
    """goldlint."""


def _codes(values: list[str] | None, option: str) -> list[str]:
    """The codes of a repeatable, comma-separated option; a code or prefix that selects no
    rule is wrong usage (exit 2), as it is in config."""
    out: list[str] = []
    for value in values or []:
        out.extend(c.strip().upper() for c in value.split(",") if c.strip())
    for code in out:
        if (problem := unknown_selector(code)) is not None:
            raise Usage(f"{option}: {problem}")
    return out


class _Configs:
    """The config for each file, with the command line's overrides applied on top."""

    def __init__(self, explicit: Path | None, select: list[str], ignore: list[str]) -> None:
        self.explicit, self.select, self.ignore = explicit, select, ignore
        self._cache: dict[Path | None, cfg.Loaded] = {}

    def __call__(self, file: Path) -> cfg.Loaded:
        key = self.explicit or cfg.find_config(file)
        if key not in self._cache:
            loaded = cfg.load(key.resolve()) if key is not None else cfg.for_file(file)
            update: dict[str, list[str]] = {}
            if self.select:
                update["select"] = self.select
            if self.ignore:
                update["ignore"] = list(loaded.settings.ignore) + self.ignore
            if update:
                loaded = cfg.Loaded(loaded.settings.model_copy(update=update), loaded.path, loaded.root)
            self._cache[key] = loaded
        return self._cache[key]


@app.command()
def check(
    paths: Annotated[list[Path] | None, typer.Argument(help="Files or folders (recursive). Default: the current folder.")] = None,
    select: Annotated[list[str] | None, typer.Option(help="Rule codes or prefixes to enable (comma-separated); replaces the config's.")] = None,
    ignore: Annotated[list[str] | None, typer.Option(help="Rule codes or prefixes to disable (comma-separated).")] = None,
    kind: Annotated[str | None, typer.Option(help=f"Force the kind of every file: {', '.join(KIND_NAMES)}.")] = None,
    output_format: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.text,
    output_file: Annotated[Path | None, typer.Option(help="Write the report here instead of standard output.")] = None,
    fix: Annotated[bool, typer.Option("--fix", help="Apply safe fixes in place.")] = False,
    unsafe_fixes: Annotated[bool, typer.Option("--unsafe-fixes", help="Also apply unsafe fixes.")] = False,
    diff: Annotated[bool, typer.Option("--diff", help="Print the fixes as a unified diff; write nothing.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Warnings fail too.")] = False,
    statistics: Annotated[bool, typer.Option("--statistics", help="Print a count per rule instead of each diagnostic.")] = False,
    exit_zero: Annotated[bool, typer.Option("--exit-zero", help="Exit 0 even when there are findings.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print diagnostics only, no summary.")] = False,
    config_file: Annotated[Path | None, typer.Option("--config", help="Use this config file instead of searching for one.")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", help="Show tracebacks of internal errors.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes checking files at once; 0: every core when there are many files.")] = 0,
    require_files: Annotated[bool, typer.Option("--require-files", help="Exit 1 when no file was checked (for CI).")] = False,
    submission: Annotated[bool, typer.Option("--submission", help="Also check each folder argument as a leaderboard submission (RUN113-RUN117).")] = False,
) -> None:
    """Check gold files and report every problem with its exact position."""
    _guard(verbose, lambda: _check(paths or [Path(".")], _codes(select, "--select"), _codes(ignore, "--ignore"), kind, output_format.value,
                                    output_file, fix, unsafe_fixes, diff, strict, statistics, exit_zero, quiet, config_file, jobs,
                                    require_files, submission))


def _check(paths: list[Path], select: list[str], ignore: list[str], kind: str | None, fmt: str, output_file: Path | None,
           fix: bool, unsafe: bool, diff: bool, strict: bool, statistics: bool, exit_zero: bool, quiet: bool, config_file: Path | None,
           jobs: int = 0, require_files: bool = False, submission: bool = False) -> int:
    if kind is not None and kind not in KIND_NAMES:
        raise Usage(f"unknown kind `{kind}`; kinds are {', '.join(KIND_NAMES)}")
    for p in paths:
        if not p.exists() and not p.is_symlink():  # (a link that leads nowhere is read, and says why)
            raise Usage(f"{p}: no such file or folder")
    configs = _Configs(config_file, select, ignore)
    summary = RunSummary(strict=strict)
    diagnostics: list[Diagnostic] = []
    fixed = 0
    diffs: list[str] = []
    tasks = list(iter_files(paths, configs, summary.skipped))
    if fix or diff or unsafe:
        for file, explicit in tasks:
            result, count, patch = _fix_file(file, configs(file), kind, explicit, write=fix or (unsafe and not diff), unsafe=unsafe,
                                             tree=_tree_of(file, paths, configs(file)), want_diff=diff)
            fixed += count
            if patch:
                diffs.append(patch)
            summary.add(Outcome(result.diagnostics, result.kind, result.skipped))
            diagnostics.extend(result.diagnostics)
    else:
        for outcome in check_all(tasks, configs, kind, jobs):
            summary.add(outcome)
            diagnostics.extend(outcome.diagnostics)
    if submission:
        diagnostics.extend(_submission_folders(paths, configs))
    diagnostics.sort(key=lambda d: d.sort_key)
    if summary.files_checked == 0 and not quiet:
        typer.echo(summary.nothing_checked(), err=True)
    if diff:
        _emit("".join(diffs), output_file)
        return 1 if diffs and not exit_zero else 0
    if statistics:
        report = _statistics(diagnostics, None if quiet else summary)
    elif fmt == "text" and quiet:
        report = "".join(text_line(d) + "\n" for d in diagnostics)
    else:
        report = REPORTERS[fmt](diagnostics, summary)
    if fixed and fmt == "text" and not quiet:
        report += f"Fixed {fixed} problem{'s' if fixed != 1 else ''}.\n"
    _emit(report, output_file)
    failing = any(summary.fails(d) for d in diagnostics) or (require_files and summary.files_checked == 0)
    return 1 if failing and not exit_zero else 0


def _tree_of(file: Path, paths: list[Path], loaded: cfg.Loaded) -> list[Path]:
    """Where ``--fix`` may write for ``file`` (symlinks resolved): the folder argument that holds
    it, else (a file named) its own folder; and the config's ``roots``. Never the working
    folder: ``cd / && goldlint check /tree --fix`` must not write through a link out of /tree.
    Paths are compared as written, not resolved."""
    absolute = Path(os.path.abspath(file))
    trees = [_before_links(absolute.parent)]
    for arg in paths:
        folder = Path(os.path.abspath(arg))
        if absolute != folder and absolute.is_relative_to(folder) and arg.is_dir():
            trees = [folder]
            break
    roots = getattr(loaded.settings, "roots", None) or []
    base = loaded.path.parent if loaded.path is not None else None
    return trees + [base / r if base is not None else Path(r) for r in roots]


def _before_links(folder: Path) -> Path:
    """``folder`` up to its first symlinked component: the folder a file is named in, as it
    stands on disk (``sub/gold.json`` with ``sub`` a link out of the tree is not inside ``sub``)."""
    current = Path(folder.parts[0])
    for part in folder.parts[1:]:
        if (current / part).is_symlink():
            break
        current = current / part
    return current


def _fix_file(file: Path, loaded: cfg.Loaded, kind: str | None, explicit: bool, write: bool, unsafe: bool,
              tree: list[Path] | None = None, want_diff: bool = False) -> tuple[FileResult, int, str]:
    first = check_file(file, loaded, kind, explicit, in_memory=True)
    if first.lossy or first.text is None or not any(d.fix for d in first.diagnostics):
        return first, 0, ""
    original = first.text

    def recheck(text: str) -> list[Diagnostic]:
        return check_text(file, text, loaded, kind, explicit).diagnostics

    new_text, count, remaining = fix_until_stable(original, recheck, unsafe)
    if count == 0 or new_text == original:
        return first, 0, ""
    # (only for --diff: on a large file difflib costs more than every fix together)
    patch = "".join(difflib.unified_diff(original.splitlines(keepends=True), new_text.splitlines(keepends=True), f"a/{file}",
                                         f"b/{file}")) if want_diff else ""
    if write:
        try:
            write_atomic(file, new_text, root=tree if tree is not None else Path.cwd())
        except UnsafeWrite as exc:
            raise Usage(str(exc)) from exc
        except OSError as exc:
            raise Usage(f"{file}: fixes not written: {exc.strerror or exc}; the file is unchanged") from exc
    result = FileResult(str(file), remaining if write else first.diagnostics, first.kind, new_text if write else original)
    return result, count, patch


def _submission_folders(paths: list[Path], configs: _Configs) -> list[Diagnostic]:
    from goldlint.families.runcard.submission import check_folder

    out: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            out.extend(check_folder(path, configs(path / "x")))
    return out


def _statistics(diagnostics: list[Diagnostic], summary: RunSummary | None) -> str:
    counts = Counter((d.code, d.name) for d in diagnostics)
    fixable = Counter(d.code for d in diagnostics if d.fix is not None and d.fix.applicability == "safe")
    lines = [f"{n:>6}  {code:<7} {name}{'  [*]' if fixable[code] else ''}" for (code, name), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][0]))]
    if summary is not None and summary.files_checked:
        lines.append(f"{len(diagnostics)} problem{'s' if len(diagnostics) != 1 else ''} in {summary.files_line()}.")
    return "".join(line + "\n" for line in lines)


def _emit(report: str, output_file: Path | None) -> None:
    if output_file is not None:
        try:
            output_file.write_text(report, encoding="utf-8")
        except OSError as exc:  # a folder, a missing folder, no permission: wrong usage, said in one line
            raise Usage(f"{output_file}: cannot write the report: {exc.strerror or exc}") from exc
    elif report:
        sys.stdout.write(report)
        sys.stdout.flush()


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


def _guard(verbose: bool, run: object) -> None:
    try:
        code = run()  # type: ignore[operator]
    except Usage as exc:
        _fail(str(exc))
    except cfg.ConfigError as exc:
        for problem in str(exc).splitlines():  # every problem at once, each on its line
            typer.echo(f"goldlint: bad config: {problem}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except Exception as exc:  # a goldlint bug: one line, the traceback on request
        if verbose:
            traceback.print_exc()
        typer.echo(f"goldlint: internal error: {type(exc).__name__}: {exc} (run with --verbose for the traceback)", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(code)


def main() -> int:
    try:
        app(standalone_mode=True)
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 2
    return 0
