"""What a family of gold files provides to the engine, and what a check receives."""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from goldlint.findings import Report  # noqa: F401  (re-exported: families report through it)
from goldlint.tables import table

if TYPE_CHECKING:
    from goldlint.config import Settings
    from goldlint.formats.base import Document


@table
class FamilyOptions:
    """Base of every family's config table (see :mod:`goldlint.tables`): kebab-case keys, unknown keys refused."""


class Context(msgspec.Struct):
    """What a family's check knows besides the document."""

    path: Path  # the gold file (may not exist on disk: a language-server buffer)
    options: Any  # the family's FamilyOptions subclass, as configured
    settings: Settings
    config_dir: Path | None = None  # where the config file that applies lives
    state: dict[str, Any] = msgspec.field(default_factory=dict)
    # Only some entries of the file are present (the server's quick check of the edited
    # ones): rules about the file as a whole would judge the part, and are not run.
    partial: bool = False
    # The ``:`` bytes of the file, when the engine has counted them (bounding its values):
    # a family reading the bytes itself counts them to rule out a repeated key.
    colons: int | None = None

    def resolve_path(self, value: str | Path) -> Path:
        """A path from config, relative to the config file's folder (else the gold file's)."""
        p = Path(value)
        if p.is_absolute():
            return p
        return (self.config_dir or self.path.parent) / p

    def roots(self) -> list[Path]:
        """The folders that paths named inside gold files may reach: config ``roots`` (relative to
        the config file); by default the config file's folder; without a config, the gold file's
        folder and the working folder when it holds the gold file (the tree being checked)."""
        names = getattr(self.settings, "roots", None) or []
        if names:
            return [self.resolve_path(n) for n in names]
        if self.config_dir is not None:
            return [self.config_dir]
        out = [self.path.parent]
        here = Path(os.path.abspath(os.getcwd()))
        if here.parent != here and Path(os.path.abspath(self.path)).is_relative_to(here):
            out.append(here)  # never the file system's root
        return out

    def may_open(self, path: Path, *bases: Path) -> bool:
        """Whether a path named inside a gold file may be opened: with every symlink resolved, it
        lies inside one of the :meth:`roots` or one of ``bases`` (the folders the family resolved it
        against, e.g. a configured ``audio-root``). Paths are never opened outside them."""
        try:
            real = path.resolve()
            allowed = [folder.resolve() for folder in (*self.roots(), *bases)]
        except (OSError, RuntimeError, ValueError):
            return False
        return any(real.is_relative_to(folder) for folder in allowed)


class Family(ABC):
    """A family of gold files: how to recognise one, its options, and its checks."""

    name: ClassVar[str]

    @property
    def formats(self) -> tuple[str, ...]:
        """The formats of this kind (the registry's row: see :mod:`goldlint.families`)."""
        from goldlint.families import KINDS

        return KINDS[self.name].formats

    @property
    def Options(self) -> type:  # noqa: N802  (a class, named as one)
        """This kind's config table (its ``options.py``; the registry's row names it)."""
        from goldlint.families import KINDS

        return KINDS[self.name].options

    def detect(self, value: Any) -> bool:
        """Whether a decoded value (a file's root, or a JSONL file's first record) is of this family
        (the kind's ``detect.py``, which detection imports without the checks)."""
        from goldlint.families import KINDS

        return KINDS[self.name].detect(value)

    @abstractmethod
    def check(self, doc: Document, report: Report, ctx: Context) -> None:
        """Report every finding of the document."""

    # Whether :meth:`check_bytes` keeps to ``max-json-values`` itself (declining a file with more
    # values, having built no more than the limit allows): else the engine counts them first.
    counts_values: ClassVar[bool] = False

    def check_bytes(self, data: bytes, report: Report, ctx: Context) -> Document | None:
        """Optional: check a JSON file from its raw bytes, before anything else reads it.

        A family that claims the file reports every finding :meth:`check` would, exactly,
        and returns a document that places them (:class:`~goldlint.formats.json_items.ItemsDocument`);
        ``None`` sends the file the ordinary way, and what was reported is dropped. Only for
        callers that want diagnostics alone: the engine has checked the file rules of the
        text (no BOM, no CR). The default never claims."""
        return None

    # Editor support (the language server). Both are optional; the defaults offer nothing.

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        """Values that may stand at ``path`` of a document whose decoded value is ``root``:
        ``(value, one-line documentation)`` pairs, or ``None`` when the position takes no
        controlled value. ``root`` may be a JSONL line's record; ``path`` is then relative to it.
        """
        return None

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        """Markdown about the value at ``path`` (e.g. an intent's allowed slots), or ``None``."""
        return None
