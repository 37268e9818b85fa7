"""A plain ``goldlint check`` command line, read without the CLI framework.

Importing typer (and click under it) costs more than the rest of a one-file check, and a
pre-commit hook or a CI step runs ``goldlint check FILES…`` many times a day. Such a line is
read here, by the table below; anything else — help, a mistake, an option this table does
not know — goes to typer, which says what is wrong in its own words. The table is held
equal to the typer command's parameters by ``tests/test_quick_argv.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from goldlint.reporters import FORMATS


class _NotPlain(Exception):
    """A value typer must judge (and explain)."""


def _format(value: str) -> str:
    if value not in FORMATS:
        raise _NotPlain
    return value


def _jobs(value: str) -> int:
    if not value.isascii() or not value.isdigit():
        raise _NotPlain  # (typer says why: not a number, or below 0)
    return int(value)


def _number(value: str) -> float:
    try:
        return float(value)  # (as click reads a FLOAT; its range is judged by the command: exit 2)
    except ValueError:
        raise _NotPlain from None


class Option(msgspec.Struct, frozen=True):
    dest: str  # the check command's parameter
    flags: tuple[str, ...]
    read: Callable[[str], Any] | None = None  # how its value is read; None: a flag, no value
    repeat: bool = False  # may be given again; the values are collected


CHECK_OPTIONS = (
    Option("select", ("--select",), str, repeat=True),
    Option("ignore", ("--ignore",), str, repeat=True),
    Option("kind", ("--kind",), str),
    Option("output_format", ("--format",), _format),
    Option("output_file", ("--output-file",), Path),
    Option("fix", ("--fix",)),
    Option("unsafe_fixes", ("--unsafe-fixes",)),
    Option("diff", ("--diff",)),
    Option("strict", ("--strict",)),
    Option("statistics", ("--statistics",)),
    Option("exit_zero", ("--exit-zero",)),
    Option("quiet", ("--quiet", "-q")),
    Option("config_file", ("--config",), Path),
    Option("verbose", ("--verbose",)),
    Option("jobs", ("--jobs", "-j"), _jobs),
    Option("require_files", ("--require-files",)),
    Option("submission", ("--submission",)),
    Option("near_duplicates", ("--near-duplicates",), _number),
)
_BY_FLAG = {flag: option for option in CHECK_OPTIONS for flag in option.flags}


def read_check(args: list[str]) -> dict[str, Any] | None:
    """The check command's parameters from the words after ``check``; None when typer must read them."""
    values: dict[str, Any] = {"paths": []}
    for option in CHECK_OPTIONS:
        values[option.dest] = [] if option.repeat else (False if option.read is None else None)
    values["output_format"], values["jobs"] = "text", 0
    words = iter(args)
    try:
        for word in words:
            if word == "--":
                values["paths"].extend(Path(w) for w in words)
                break
            if not word.startswith("-") or word == "-":
                values["paths"].append(Path(word))
                continue
            flag, eq, inline = word.partition("=")
            found = _BY_FLAG.get(flag)
            if found is None:
                return None  # --help, a typo, a combined short flag: typer's to say
            option = found
            if option.read is None:
                if eq:
                    return None
                values[option.dest] = True
                continue
            raw = inline if eq else next(words, None)
            if raw is None or (not eq and raw.startswith("-") and raw != "-"):
                return None  # a missing value, or one that looks like an option: typer's to judge
            value = option.read(raw)
            if option.repeat:
                values[option.dest].append(value)
            else:
                values[option.dest] = value  # (given twice: the last one holds, as in click)
    except _NotPlain:
        return None
    return values
