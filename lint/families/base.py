"""What a family of gold files provides to the engine, and what a check receives."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

from goldlint.findings import Report  # noqa: F401  (re-exported: families report through it)

if TYPE_CHECKING:
    from goldlint.config import Settings
    from goldlint.formats.base import Document


class FamilyOptions(BaseModel):
    """Base of every family's config table: kebab-case keys, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, alias_generator=lambda s: s.replace("_", "-"))


@dataclass(slots=True)
class Context:
    """What a family's check knows besides the document."""

    path: Path  # the gold file (may not exist on disk: a language-server buffer)
    options: Any  # the family's FamilyOptions subclass, as configured
    settings: Settings
    config_dir: Path | None = None  # where the config file that applies lives
    state: dict[str, Any] = field(default_factory=dict)

    def resolve_path(self, value: str | Path) -> Path:
        """A path from config, relative to the config file's folder (else the gold file's)."""
        p = Path(value)
        if p.is_absolute():
            return p
        return (self.config_dir or self.path.parent) / p


class Family(ABC):
    """A family of gold files: how to recognise one, its options, and its checks."""

    name: ClassVar[str]
    formats: ClassVar[tuple[str, ...]] = ("json", "jsonl", "yaml")
    Options: ClassVar[type[FamilyOptions]] = FamilyOptions

    @abstractmethod
    def detect(self, value: Any) -> bool:
        """Whether a decoded value (a file's root, or a JSONL file's first record) is of this family."""

    @abstractmethod
    def check(self, doc: Document, report: Report, ctx: Context) -> None:
        """Report every finding of the document."""

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
