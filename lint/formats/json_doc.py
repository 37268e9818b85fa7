"""A whole JSON file held in memory."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, JsonPath, Offsets
from goldlint.formats.base import Document
from goldlint.formats.json_read import JsonParse, parse_json
from goldlint.formats.json_scan import locate, string_offsets


def parse_findings(parsed: JsonParse, where: Any = Offsets) -> list[Finding]:
    """GL003/GL011/GL004 findings of a parse; ``where`` builds a location from offsets."""
    out = [Finding(p.code, where(p.start, p.end), p.message) for p in parsed.problems]
    for dup in parsed.duplicates:
        out.append(
            Finding(
                "GL004",
                where(*dup.duplicate),
                f"duplicate key `{dup.key}`: the earlier value is silently discarded by every JSON reader",
                extra={"first": where(*dup.first)},
            )
        )
    return out


class JsonDocument(Document):
    format = "json"

    def __init__(self, path: str, text: str) -> None:
        super().__init__(path, text)
        self._parsed = parse_json(text)
        self.ok = self._parsed.ok
        self.findings.extend(parse_findings(self._parsed))

    @property
    def root(self) -> Any:
        return self._parsed.value

    def records(self) -> Iterator[tuple[JsonPath, Any]]:
        if self.ok:
            yield (), self._parsed.value

    def resolve_at(self, locations: list[At]) -> list[Span | None]:
        assert self.text is not None and self.index is not None
        return resolve_in_text(self.text, locations, self.index.span, ())


def resolve_in_text(text: str, locations: list[At], to_span: Any, prefix: JsonPath, base: int = 0) -> list[Span | None]:
    """Resolve paths (which start with ``prefix``) inside one JSON text.

    A path that does not exist falls back to its nearest existing parent, so that
    a "missing field" finding points at the object that lacks it.
    """
    requests = set()
    for loc in locations:
        rel = loc.path[len(prefix) :]
        for n in range(len(rel), -1, -1):
            requests.add((rel[:n], loc.key and n == len(rel)))
    found = locate(text, sorted(requests, key=repr))
    out: list[Span | None] = []
    for loc in locations:
        rel = loc.path[len(prefix) :]
        span = found.get((rel, loc.key))
        if span is not None and loc.inner is not None and text[span[0]] == '"':
            span = string_offsets(text, span[0], span[1], loc.inner)
        n = len(rel)
        while span is None and n > 0:
            n -= 1
            span = found.get((rel[:n], False))
            if span is not None and n < len(rel):
                span = (span[0], span[0] + 1)  # the opening bracket of the parent
        out.append(to_span(span[0] + base, span[1] + base) if span is not None else None)
    return out
