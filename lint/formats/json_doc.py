"""A whole JSON file held in memory."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from goldlint.diagnostics import Span
from goldlint.findings import At, Finding, JsonPath, Offsets
from goldlint.formats.base import Document, Limits
from goldlint.formats.json_read import JsonParse, parse_json
from goldlint.formats.json_scan import locate, string_offsets
from goldlint.rules.general import DUPLICATE_KEY


def parse_findings(parsed: JsonParse, where: Any = Offsets) -> list[Finding]:
    """GL003/GL011/GL004 findings of a parse; ``where`` builds a location from offsets."""
    out = [Finding(p.code, where(p.start, p.end), p.message) for p in parsed.problems]
    for dup in parsed.duplicates:
        out.append(
            Finding(
                DUPLICATE_KEY.code,
                where(*dup.duplicate),
                f"duplicate key `{dup.key}`: the earlier value is silently discarded by every JSON reader",
                extra={"first": where(*dup.first)},
            )
        )
    return out


class JsonDocument(Document):
    format = "json"

    def __init__(self, path: str, text: str, limits: Limits | None = None) -> None:
        super().__init__(path, text)
        limits = limits or Limits()
        self._parsed = parse_json(text, max_depth=limits.max_depth, max_values=limits.max_json_values)
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


def resolve_in_text(text: str, locations: list[At], to_span: Any, prefix: JsonPath, unique_keys: bool = False) -> list[Span | None]:
    """Resolve paths (which start with ``prefix``) inside one JSON text (``unique_keys``: in
    which the caller knows that no key repeats, :func:`.json_scan.locate`).

    A path that does not exist falls back to its nearest existing parent, so that a
    "missing field" finding points at the object that lacks it. Parents are looked up
    only for the paths that were not found: asking for an ancestor's span (its end) would
    make the walk scan the whole of it.
    """
    rels = [loc.path[len(prefix) :] for loc in locations]
    found = locate(text, list({(rel, loc.key) for rel, loc in zip(rels, locations, strict=True)}), unique_keys=unique_keys)
    missing = [rel for rel, loc in zip(rels, locations, strict=True) if (rel, loc.key) not in found]
    if missing:
        parents = {(rel[:n], False) for rel in missing for n in range(len(rel))}
        found.update(locate(text, list(parents), unique_keys=unique_keys))
    out: list[Span | None] = []
    for rel, loc in zip(rels, locations, strict=True):
        span = found.get((rel, loc.key))
        if span is not None and loc.inner is not None and text[span[0]] == '"':
            span = string_offsets(text, span[0], span[1], loc.inner)
        n = len(rel)
        while span is None and n > 0:
            n -= 1
            parent = found.get((rel[:n], False))
            if parent is not None:
                span = (parent[0], parent[0] + 1)  # the opening bracket of the parent
        out.append(to_span(span[0], span[1]) if span is not None else None)
    return out
