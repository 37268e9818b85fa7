"""Hover: a diagnostic's rule documentation, a key's description from the JSON Schema, and
what the family says about a value (an SLU intent's allowed slots)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from goldlint.rules.registry import get as get_rule
from goldlint.server.lookup import ask, lookup
from goldlint.server.schema_docs import field_doc

if TYPE_CHECKING:
    from goldlint.server.convert import Item
    from goldlint.server.server import GoldlintServer

_MAX_RULES = 3


def _covers(item: Item, position: types.Position) -> bool:
    r = item.lsp.range
    here = (position.line, position.character)
    return (r.start.line, r.start.character) <= here <= (r.end.line, r.end.character)


def register(server: GoldlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(params: types.HoverParams) -> types.Hover | None:
        state = server.doc(params.text_document.uri)
        if state is None:
            return None
        sections: list[str] = []
        seen: set[str] = set()
        for item in state.items:
            code = item.diag.code
            if code in seen or not _covers(item, params.position):
                continue
            rule = get_rule(code)
            if rule is not None:
                seen.add(code)
                sections.append(f"{item.diag.message}\n\n{rule.markdown(examples=False)}")  # (whole files: too long for a hover)
            if len(seen) >= _MAX_RULES:
                break
        buffer = state.buffer.snapshot()
        found = await server.blocking(lookup, server, state, buffer, params.position)
        rng = None
        if found is not None:
            spot = found.spot
            if spot.token is not None:
                rng = buffer.range_of(spot.token[0], spot.token[1], server.encoding)
            if spot.is_key and found.family is not None:
                doc = field_doc(found.family.name, spot.path, state.fmt)
                if doc:
                    sections.append(f"**{spot.path[-1]}** — {doc}")
            elif not spot.is_key:
                said = ask(found, "hover", spot.path)
                if isinstance(said, str) and said.strip():
                    sections.append(said)
        if not sections:
            return None
        text = "\n\n---\n\n".join(sections)
        kind = types.MarkupKind.Markdown if server.markdown else types.MarkupKind.PlainText
        return types.Hover(contents=types.MarkupContent(kind=kind, value=text), range=rng)
