"""Completion of controlled values, asking the document's family (``Family.completions``).

The family says what may stand at the cursor's path (an SLU record's intents, the slots
its intent allows, a vocabulary); this module only places the text: inside a string it
replaces the word being typed (escaped the way the file writes strings: JSON, YAML single
or double quotes, a quoted TSV cell), elsewhere it inserts a whole string token.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from lsprotocol import types

from goldlint.server.lookup import ask, lookup
from goldlint.server.pathat import Spot
from goldlint.server.textbuffer import TextBuffer

if TYPE_CHECKING:
    from goldlint.server.server import GoldlintServer

_REST_OF_WORD = re.compile(r"[^\"'\\\s,:{}\[\]]*")
_YAML_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_./-]*")
_YAML_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"}


def register(server: GoldlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=['"', "'", ":"]))
    async def complete(params: types.CompletionParams) -> types.CompletionList | None:
        state = server.doc(params.text_document.uri)
        if state is None:
            return None
        buffer = state.buffer.snapshot()
        found = await server.blocking(lookup, server, state, buffer, params.position)
        if found is None:
            return None
        values = ask(found, "completions", found.spot.path)
        if not values:
            return None
        placed = placement(buffer, found.spot, found.offset, server.encoding)
        if placed is None:
            return None
        rng, encode = placed
        kind = types.CompletionItemKind.Property if found.spot.is_key else types.CompletionItemKind.EnumMember
        items = [
            types.CompletionItem(
                label=str(value), kind=kind, detail=doc or None, documentation=doc or None,
                sort_text=f"{n:05d}", filter_text=str(value),
                text_edit=types.TextEdit(range=rng, new_text=encode(str(value))),
            )
            for n, (value, doc) in enumerate(values)
        ]
        return types.CompletionList(is_incomplete=False, items=items)


def placement(buffer: TextBuffer, spot: Spot, cursor: int, encoding: str) -> tuple[types.Range, Callable[[str], str]] | None:
    """Where a completion goes and how its value is written there."""
    fresh = _fresh(spot)
    if spot.token is None:
        return buffer.range_of(cursor, cursor, encoding), fresh
    start, end = spot.token
    if spot.quote is None:  # (the token is on the cursor's line: lookup cut it there)
        return buffer.range_of(start, max(end, cursor), encoding), fresh
    width = 2 if spot.cell_quoted and spot.quote == '"' else 1  # a quote in a quoted TSV cell is `""`
    content_start = start + width
    closed = end - start >= 2 * width and buffer.slice(end - width, end) == spot.quote * width
    content_end = end - width if closed else end
    if cursor < content_start:
        return None
    rest = buffer.slice(cursor, max(cursor, content_end))
    stop = cursor + _REST_OF_WORD.match(rest).end()  # type: ignore[union-attr]
    return buffer.range_of(content_start, max(cursor, stop), encoding), _inside(spot)


def _fresh(spot: Spot) -> Callable[[str], str]:
    """A whole token for ``value`` where no string was started."""
    if spot.fmt == "yaml":
        return lambda v: v if _YAML_PLAIN.fullmatch(v) and v.lower() not in _YAML_RESERVED else json.dumps(v, ensure_ascii=False)
    if spot.fmt == "conll":
        return lambda v: v  # a CoNLL cell or comment value is written as it is
    if spot.fmt == "tsv" and spot.extra.get("plain_cell"):
        return lambda v: v if not any(c in v for c in '\t\r\n"') else '"' + v.replace('"', '""') + '"'
    if spot.cell_quoted:
        return lambda v: json.dumps(v, ensure_ascii=False).replace('"', '""')
    return lambda v: json.dumps(v, ensure_ascii=False)


def _inside(spot: Spot) -> Callable[[str], str]:
    """``value`` written inside the string the cursor is in."""
    if spot.quote == "'":
        return lambda v: v.replace("'", "''")
    if spot.cell_quoted:
        return lambda v: json.dumps(v, ensure_ascii=False)[1:-1].replace('"', '""')
    return lambda v: json.dumps(v, ensure_ascii=False)[1:-1]
