"""Each rule's runnable examples: whole small files, kept as data beside the rules they show.

Every family keeps one ``examples.yaml`` next to its ``rules.py`` (the file rules' in
``goldlint/rules``, the dataset rules' in ``goldlint/dataset``, the scorer's in
``goldlint/score``): a mapping from rule code to its examples, the failing one(s) first. An
example is a file's ``text`` with its ``path`` (which gives its format) and ``kind``, and the
``codes`` that checking it reports — every code, in order of first appearance; none for the
passing example. ``files`` are the other files beside it (a config, the corpus a run card
names, the other split of a dataset); ``command`` is the command line that reports the codes,
run in the example's folder, when it is not ``goldlint check PATH`` (a dataset is checked as
a folder, a prediction file is scored).

``goldlint rule`` prints them and ``tests/rules/test_rule_examples.py`` runs every one through
the command line. Only ``goldlint rule`` reads these files: a check never does
(``tests/test_startup_imports.py``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import msgspec

_HERE = Path(__file__).resolve().parent
FILE_NAME = "examples.yaml"


class Example(msgspec.Struct, frozen=True):
    kind: str | None  # the kind the file is of (None for a file no kind reads)
    path: str  # its name, relative to the example's folder
    text: str
    codes: tuple[str, ...]  # every code checking it reports, in order of first appearance
    files: dict[str, str] = {}  # other files beside it, by relative path
    command: tuple[str, ...] = ()  # the goldlint arguments that report the codes (default: check PATH)
    encoding: str = "utf-8"  # how the file's text is written (another, to show a file that is not UTF-8)

    @property
    def format(self) -> str | None:
        return _format_of(self.path)

    @property
    def argv(self) -> tuple[str, ...]:
        return self.command or ("check", self.path)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "format": self.format, "path": self.path, "text": self.text, "codes": list(self.codes)}
        if self.files:
            out["files"] = dict(self.files)
        if self.command:
            out["command"] = ["goldlint", *self.command]
        if self.encoding != "utf-8":
            out["encoding"] = self.encoding
        return out

    def markdown(self) -> str:
        said = f"reports {', '.join(self.codes)}" if self.codes else "reports nothing"
        shown = f"`{self.path}` ({self.kind or 'no kind'}{'' if self.encoding == 'utf-8' else ', written in ' + self.encoding}), {said}"
        if self.command:
            shown += f" with `goldlint {' '.join(self.command)}`"
        parts = [f"{shown}:\n{_fenced(self.text, self.format)}"]
        for name, text in self.files.items():
            parts.append(f"beside it, `{name}`:\n{_fenced(text, _format_of(name))}")
        return "\n".join(parts)


def folder_of(family: str) -> Path:
    """Where a family's examples file lives: a kind's package, or the core's own folders."""
    if family == "file":
        return _HERE
    if family in ("dataset", "score"):
        return _HERE.parent / family
    from goldlint.families import KINDS

    return _HERE.parent / "families" / KINDS[family].package


def examples_of(family: str, code: str) -> tuple[Example, ...]:
    return filed(family).get(code, ())


def filed(family: str) -> dict[str, tuple[Example, ...]]:
    """Every example a family's file holds, by code."""
    return _load(folder_of(family) / FILE_NAME)


@cache
def _load(path: Path) -> dict[str, tuple[Example, ...]]:
    if not path.is_file():
        return {}
    from ruamel.yaml import YAML

    raw = YAML(typ="safe").load(path.read_text(encoding="utf-8")) or {}
    return {code: tuple(msgspec.convert(_defaults(e), Example) for e in examples) for code, examples in raw.items()}


def _defaults(example: dict[str, Any]) -> dict[str, Any]:
    return {"kind": None, **example, "codes": tuple(example.get("codes") or ())}


def _format_of(name: str) -> str | None:
    from goldlint.engine import format_of

    return format_of(name)


SHOWN_LINES = 60  # a longer file (GL012's thousand lines) is shown by its head; the JSON form holds it whole


def _fenced(text: str, fmt: str | None) -> str:
    fence = "````" if "```" in text else "```"
    lines = text.splitlines(keepends=True)
    if len(lines) > SHOWN_LINES:
        text = "".join(lines[:SHOWN_LINES]) + f"... ({len(lines) - SHOWN_LINES} more lines: `goldlint rule --all --format json` holds the whole file)\n"
    return f"{fence}{fmt or ''}\n{text if text.endswith(chr(10)) else text + chr(10)}{fence}\n"
