"""``goldlint check``: the command's work, free of the CLI framework.

The typer command in :mod:`goldlint.cli` and the quick reading of a plain ``check`` command
line in :mod:`goldlint.quick_argv` both end here; a one-file check imports neither typer nor
pydantic (see :mod:`goldlint.launch`).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from goldlint import config as cfg
from goldlint import lifetime
from goldlint.diagnostics import Diagnostic
from goldlint.engine import FileResult, check_file, check_text, iter_files
from goldlint.families import KIND_NAMES, KINDS
from goldlint.parallel import check_all
from goldlint.reporters import REPORTERS
from goldlint.reporters.escape import visible
from goldlint.rules.registry import unknown_selector
from goldlint.summary import Outcome, RunSummary


class Usage(Exception):
    """Wrong usage or bad config: exit 2 with one clear line."""


def codes(values: list[str] | None, option: str) -> list[str]:
    """The codes of a repeatable, comma-separated option; a code or prefix that selects no
    rule is wrong usage (exit 2), as it is in config."""
    out: list[str] = []
    for value in values or []:
        out.extend(c.strip().upper() for c in value.split(",") if c.strip())
    for code in out:
        if (problem := unknown_selector(code)) is not None:
            raise Usage(f"{option}: {problem}")
    return out


class Configs:
    """The config for each file, with the command line's overrides applied on top."""

    def __init__(self, explicit: Path | None, select: list[str], ignore: list[str], submission: bool = False) -> None:
        self.explicit, self.select, self.ignore, self.submission = explicit, select, ignore, submission
        self._cache: dict[Path | None, cfg.Loaded] = {}

    def __call__(self, file: Path) -> cfg.Loaded:
        key = self.explicit or cfg.find_config(file)
        if key not in self._cache:
            loaded = cfg.load(key.resolve()) if key is not None else cfg.for_file(file)
            update: dict[str, Any] = {}
            if self.select:
                update["select"] = self.select
            if self.ignore:
                update["ignore"] = list(loaded.settings.ignore) + self.ignore
            if self.submission:  # (--submission: every run card is judged as a leaderboard submission)
                update["runcard"] = replace(loaded.settings.runcard, submission=True)
            if update:
                loaded = cfg.Loaded(loaded.settings.with_changes(**update), loaded.path, loaded.root)
            self._cache[key] = loaded
        return self._cache[key]


def near_threshold(value: float | None) -> float | None:
    """``--near-duplicates``, checked as the config's ``datasets.near-duplicates`` is."""
    if value is None:
        return None  # (the dataset checks' options are loaded only by a run that needs them)
    from goldlint.dataset_options import threshold_problem

    if (problem := threshold_problem(value)) is not None:
        raise Usage(f"--near-duplicates: {problem}")
    return value


def run_check(paths: list[Path], select: list[str], ignore: list[str], kind: str | None, fmt: str, output_file: Path | None,
              fix: bool, unsafe: bool, diff: bool, strict: bool, statistics: bool, exit_zero: bool, quiet: bool,
              config_file: Path | None, jobs: int = 0, require_files: bool = False, submission: bool = False,
              near_duplicates: float | None = None) -> int:
    if kind is not None and kind not in KIND_NAMES:
        raise Usage(f"unknown kind `{kind}`; kinds are {', '.join(KIND_NAMES)}")
    near_threshold(near_duplicates)
    for p in paths:
        if not p.exists() and not p.is_symlink():  # (a link that leads nowhere is read, and says why)
            raise Usage(f"{p}: no such file or folder")
    configs = Configs(config_file, select, ignore, submission)
    summary = RunSummary(strict=strict)
    diagnostics: list[Diagnostic] = []
    fixed = 0
    diffs: list[str] = []
    unwritten: list[str] = []  # why a file's fixes were not written (the run goes on to the other files)
    tasks = list(iter_files(paths, configs, summary.skipped))
    checked: list[Outcome] = []
    # As ruff's: only --fix writes, never with --diff (which shows what --fix would write);
    # --unsafe-fixes only adds the unsafe fixes to what the other two apply or show.
    if fix or diff:
        for file, explicit in tasks:
            result, count, patch, refused = _fix_file(file, configs(file), kind, explicit, write=fix and not diff, unsafe=unsafe,
                                                      tree=_tree_of(file, paths, configs(file)), want_diff=diff)
            fixed += count
            if refused:
                unwritten.append(refused)
            if patch:
                diffs.append(patch)
            outcome = Outcome(result.diagnostics, result.kind, result.skipped, str(file))
            summary.add(outcome)
            checked.append(outcome)
            diagnostics.extend(result.diagnostics)
    else:
        for outcome in check_all(tasks, configs, kind, jobs):
            summary.add(outcome)
            checked.append(outcome)
            diagnostics.extend(outcome.diagnostics)
    diagnostics.extend(_dataset_findings(checked, configs, near_duplicates))
    diagnostics.sort(key=lambda d: d.sort_key)
    if summary.files_checked == 0 and not quiet:
        print(summary.nothing_checked(), file=sys.stderr)
    if diff:
        _emit("".join(diffs), output_file)
        unread = _not_fixable(diagnostics)
        for line in unread:  # (a diff cannot show what was never read: say so, not nothing)
            print(line, file=sys.stderr)
        return 1 if (diffs or unread) and not exit_zero else 0
    if statistics:
        report = _statistics(diagnostics, None if quiet else summary)
    elif fmt == "text" and quiet:
        from goldlint.reporters.text import line as text_line

        report = "".join(text_line(d) + "\n" for d in diagnostics)
    else:
        report = REPORTERS[fmt](diagnostics, summary)
    if fixed and fmt == "text" and not quiet:
        report += f"Fixed {fixed} problem{'s' if fixed != 1 else ''}.\n"
    _emit(report, output_file)
    for reason in unwritten:
        print(f"goldlint: {visible(reason)}", file=sys.stderr)  # (a path: its control characters escaped)
    failing = any(summary.fails(d) for d in diagnostics) or (require_files and summary.files_checked == 0)
    # (a fix asked for and not written fails even with --exit-zero: it is no finding, and the
    # file on disk is not what the run's success would say it is)
    return 1 if (failing and not exit_zero) or unwritten else 0


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
            # (a folder argument that is itself a link out: the tree is where the link stands,
            # so `goldlint check tree/link-out --fix` is refused as a named file link is)
            trees = [_before_links(folder)]
            break
    roots = getattr(loaded.settings, "roots", None) or []
    base = loaded.path.parent if loaded.path is not None else None
    return trees + [base / r if base is not None else Path(r) for r in roots]


def _before_links(folder: Path) -> Path:
    """``folder`` up to its first symlinked component: the folder a file is named in, as it
    stands on disk (``sub/gold.json`` with ``sub`` a link out of the tree is not inside ``sub``)."""
    current = Path(folder.parts[0])
    for part in folder.parts[1:]:
        try:
            if (current / part).is_symlink():
                break
        except OSError:
            break  # (a path longer than the system takes: the tree ends before it, and nothing past it is written)
        current = current / part
    return current


def _not_fixable(diagnostics: list[Diagnostic]) -> list[str]:
    """The text lines of what kept a file from being read, parsed or decoded (its fixes unknown,
    or never written: see engine._finish): --diff's one report besides the diff."""
    from goldlint.reporters.text import line as text_line
    from goldlint.rules.general import INVALID_UTF8, LIMIT_EXCEEDED, SYNTAX_ERROR

    why = {SYNTAX_ERROR.code: "the file could not be read", LIMIT_EXCEEDED.code: "the file could not be read",
           INVALID_UTF8.code: "the file is not valid UTF-8"}
    return [f"{text_line(d)} (no fixes known: {why[d.code]})" for d in diagnostics if d.code in why]


def _fix_file(file: Path, loaded: cfg.Loaded, kind: str | None, explicit: bool, write: bool, unsafe: bool,
              tree: list[Path] | None = None, want_diff: bool = False) -> tuple[FileResult, int, str, str]:
    """The file checked and fixed: its result (after the fixes when they were written), how many
    fixes, their diff (``want_diff``), and why they were not written ("" when they were, or there
    were none): a refused or failed write is the one file's, said, and the run goes on."""
    first = check_file(file, loaded, kind, explicit, in_memory=True)
    if first.lossy or first.text is None or not any(d.fix for d in first.diagnostics):
        return first, 0, "", ""
    original = first.text

    def recheck(text: str) -> list[Diagnostic]:
        return check_text(file, text, loaded, kind, explicit).diagnostics

    from goldlint.fixes import UnsafeWrite, fix_until_stable, write_atomic  # (only when fixing)

    new_text, count, remaining = fix_until_stable(original, recheck, unsafe, first.diagnostics)  # (the first check is not made twice)
    if count == 0 or new_text == original:
        return first, 0, "", ""
    patch = _patch(file, original, new_text) if want_diff else ""
    if write:
        try:
            write_atomic(file, new_text, root=tree if tree is not None else Path.cwd())
        except UnsafeWrite as exc:
            return first, 0, patch, str(exc)
        except OSError as exc:
            return first, 0, patch, f"{file}: fixes not written: {exc.strerror or exc}; the file is unchanged"
    result = FileResult(str(file), remaining if write else first.diagnostics, first.kind, new_text if write else original)
    return result, count, patch, ""


def _patch(file: Path, before: str, after: str) -> str:
    """The fixes as a unified diff (only for --diff: on a large file difflib costs more than every fix together)."""
    import difflib

    return "".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                        _diff_name(f"a/{file}"), _diff_name(f"b/{file}")))


# The C escapes of git's quoted names (the other bytes of a quoted name: printable ASCII as it is, else octal).
_C_ESCAPES = {7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", ord('"'): '\\"', ord("\\"): "\\\\"}


def _diff_name(name: str) -> str:
    """A file name as a diff header holds it: as it is, or, where it has a byte not in UTF-8 (a
    surrogate here), a control character, a quote or a backslash, quoted C-style as git writes
    it and patch reads it (raw, a line break would start a header of its own, and a byte not
    in UTF-8 made --output-file fail)."""
    if name.isprintable() and '"' not in name and "\\" not in name:
        return name
    quoted = (_C_ESCAPES.get(byte) or (chr(byte) if 0x20 <= byte < 0x7F else f"\\{byte:03o}") for byte in os.fsencode(name))
    return '"' + "".join(quoted) + '"'


def _dataset_findings(checked: list[Outcome], configs: Configs, near_duplicates: float | None = None) -> list[Diagnostic]:
    """The dataset checks over the files of each kind that takes part (see :mod:`goldlint.dataset`);
    ``near_duplicates``: the command line's DS109 threshold, else each file's config's."""
    taking_part = [(outcome.kind, Path(outcome.path)) for outcome in checked
                   if outcome.skipped is None and outcome.kind is not None and KINDS[outcome.kind].items]
    if len(taking_part) == len({kind for kind, _ in taking_part}):
        return []  # (no kind has two files: no dataset, and nothing of goldlint.dataset is imported)
    lifetime.release()  # (the files are read again: the last one's check is not held meanwhile)
    from goldlint.dataset.rules import CODES, NEAR_DUPLICATE_IN_TWO_SPLITS
    from goldlint.dataset.splits import by_dataset
    from goldlint.engine import enabled_codes
    from goldlint.rules.registry import rule_matches

    of_kind: dict[str, list[Path]] = {}
    for kind, path in taking_part:
        of_kind.setdefault(kind, []).append(path)
    datasets = {(kind, dataset): members for kind, paths in of_kind.items() for dataset, members in by_dataset(paths, configs).items()}

    answers: dict[tuple[Path, str], bool] = {}

    def wants(path: Path, code: str) -> bool:
        if (path, code) not in answers:
            select, ignore = enabled_codes(configs(path), path)
            answers[path, code] = rule_matches(code, select) and not rule_matches(code, ignore)
        return answers[path, code]

    def near(path: Path) -> float | None:
        return near_duplicates if near_duplicates is not None else configs(path).settings.datasets.near_duplicates  # type: ignore[no-any-return]

    def asked(path: Path, code: str) -> bool:  # (DS109 runs only with a threshold: off by default)
        return wants(path, code) and (code != NEAR_DUPLICATE_IN_TWO_SPLITS.code or near(path) is not None)

    out: list[Diagnostic] = []
    for (kind, _), members in datasets.items():
        # (a dataset of one file has no other file to compare with — its own repeats are its
        # family's to report —, and a run that selects no DS rule reads nothing again)
        if len(members) > 1 and any(asked(path, code) for path, _ in members for code in CODES):
            from goldlint.dataset.check import check_members

            out.extend(check_members(kind, members, wants, configs, near))
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


def guarded(verbose: bool, run: Callable[[], int]) -> int:
    """``run``'s exit code; wrong usage, a bad config and a goldlint bug said in plain lines on
    standard error, with their exit code (2; 130 when interrupted). A path or a config value
    in them is written as the reports write it (an ESC sequence must not reach the terminal)."""
    try:
        return run()
    except Usage as exc:
        print(f"goldlint: {visible(str(exc))}", file=sys.stderr)
    except cfg.ConfigError as exc:
        for problem in str(exc).splitlines():  # every problem at once, each on its line
            print(f"goldlint: bad config: {visible(problem)}", file=sys.stderr)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a goldlint bug: one line, the traceback on request
        if verbose:
            import traceback

            traceback.print_exc()
        print(f"goldlint: internal error: {type(exc).__name__}: {visible(str(exc))} (run with --verbose for the traceback)", file=sys.stderr)
    return 2


def command(paths: list[Path] | None, select: list[str] | None, ignore: list[str] | None, kind: str | None, output_format: str,
            output_file: Path | None, fix: bool, unsafe_fixes: bool, diff: bool, strict: bool, statistics: bool, exit_zero: bool,
            quiet: bool, config_file: Path | None, verbose: bool, jobs: int, require_files: bool, submission: bool,
            near_duplicates: float | None = None) -> int:
    """``goldlint check`` with its parameters as the command line gives them; the exit code."""
    return guarded(verbose, lambda: run_check(paths or [Path(".")], codes(select, "--select"), codes(ignore, "--ignore"), kind, output_format,
                                              output_file, fix, unsafe_fixes, diff, strict, statistics, exit_zero, quiet, config_file, jobs,
                                              require_files, submission, near_duplicates))
