"""The document interface every reader implements, and what they share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import Any

import msgspec

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, Findings, JsonPath, Location, Offsets
from goldlint.textindex import TextIndex


class Limits(msgspec.Struct, frozen=True):
    """What a reader refuses to go past (GL011); config keys of the same names, kebab-case."""

    max_depth: int = 1024  # nested arrays/objects (JSON: at most 1024, orjson's own limit)
    max_yaml_nodes: int = 600_000  # YAML nodes, counting every use of an alias with its whole value
    max_json_values: int = 5_000_000  # values of one JSON document (a JSON file, a JSONL line), counted before it is parsed

    @classmethod
    def of(cls, settings: Any) -> Limits:
        """The limits a config's settings set (defaults for any it does not have)."""
        default = cls()
        return cls(getattr(settings, "max_depth", default.max_depth), getattr(settings, "max_yaml_nodes", default.max_yaml_nodes),
                   getattr(settings, "max_json_values", default.max_json_values))


class Document(ABC):
    """A parsed gold file: its values, and a way back from a path to the exact text."""

    format: str = ""

    def __init__(self, path: str, text: str | None) -> None:
        self.path = path
        self.text = text
        self.index = TextIndex(text) if text is not None else None
        self.findings: list[Finding] = Findings()  # what reading itself found (syntax, duplicates, limits), capped per rule
        self.ok = True  # False when nothing could be parsed
        self.read_past = 0  # parts not read, over a size limit or refused (a JSONL line: its GL011 or GL003 says so), so no "empty file"

    @property
    def root(self) -> Any:
        """The whole decoded value (JSON, YAML); ``None`` for line-streamed formats."""
        return None

    @property
    def placed_by_line(self) -> bool:
        """Whether its spans are positions (line and column) without file offsets: a document
        read for diagnostics only, whose fixes are shown and never applied from these spans
        (``--fix`` and the language server read the text)."""
        return False

    @abstractmethod
    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        """The top-level values to check: one ``((), root)``, or one per JSONL line."""

    @abstractmethod
    def resolve_at(self, locations: list[At]) -> list[Span | None]:
        """Exact spans of many paths, in one pass."""

    def encode(self, where: At, value: str) -> str:
        """Source text that writes ``value`` as the string at ``where`` (whole or inner)."""
        from goldlint.formats.json_scan import encode_string

        encoded = encode_string(value)
        return encoded[1:-1] if where.inner is not None else encoded

    def resolve(self, locations: list[Location]) -> list[Span | None]:
        spans: list[Span | None] = [None] * len(locations)
        paths = [(n, loc) for n, loc in enumerate(locations) if isinstance(loc, At)]
        if paths:
            for (n, _), span in zip(paths, self.resolve_at([loc for _, loc in paths]), strict=True):
                spans[n] = span
        for n, loc in enumerate(locations):
            if isinstance(loc, Span):
                spans[n] = loc
            elif isinstance(loc, Offsets) and self.index is not None:
                spans[n] = self.index.span(loc.start, loc.end)
        return spans
