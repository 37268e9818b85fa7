"""What completion and hover need at a cursor: the spot, the value(s) it sits in, the family.

The value a family is asked about is, best first: the document as it is now when it
parses (for JSON Lines: the cursor's line); else the values written before the cursor
(which hold the record around it, e.g. an SLU record's ``inputs`` before its ``outputs``);
else the last version of the document (or of that line) that parsed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
from lsprotocol import types

from goldlint.families import FAMILIES, detect
from goldlint.families.base import Family
from goldlint.formats.base import Document
from goldlint.formats.json_read import parse_json
from goldlint.server.pathat import Spot, json_spot
from goldlint.server.pathat_conll import conll_spot
from goldlint.server.pathat_tsv import tsv_spot
from goldlint.server.textbuffer import TextBuffer

if TYPE_CHECKING:
    from goldlint.server.documents import DocState
    from goldlint.server.server import GoldlintServer


@dataclass(slots=True)
class Lookup:
    spot: Spot
    offset: int
    roots: list[Any] = field(default_factory=list)
    family: Family | None = None
    options: Any = None


def lookup(server: GoldlintServer, state: DocState, buffer: TextBuffer, position: types.Position) -> Lookup | None:
    """Meant to run off the event loop (it may parse the document), on a snapshot of the buffer."""
    return _on_cursor_line(buffer, _lookup(server, state, buffer, position))


def _on_cursor_line(buffer: TextBuffer, found: Lookup | None) -> Lookup | None:
    """A CoNLL or TSV cell cut to the cursor's line as the editor breaks lines, where a CR breaks
    one too: those readers break lines at LF alone, so a cell can end in a CR or hold one, and
    what completion replaces and hover shows must be on the cursor's line. None when the cell
    lies on an earlier line alone (the cursor just past a lone CR that ended it). (A quoted
    cell may hold line breaks of its own, and a JSON or YAML token is read by the editor's
    breaks already: those are left as they are.)"""
    if found is None or found.spot.token is None or found.spot.quote is not None or found.spot.fmt not in ("conll", "tsv"):
        return found
    start, end = found.spot.token
    line_start, line_end = buffer.line_bounds(buffer.line_of(found.offset))
    if start < line_start and end <= line_start:
        return None
    first = max(start, line_start)
    found.spot.token = (first, max(first, min(end, line_end)))
    return found


def _lookup(server: GoldlintServer, state: DocState, buffer: TextBuffer, position: types.Position) -> Lookup | None:
    offset = buffer.offset_at(position, server.encoding)
    fmt = state.fmt
    roots: list[Any] = []
    if fmt == "jsonl":
        line = buffer.line_of(offset)
        start, _ = buffer.line_bounds(line)
        body = buffer.line_text(line)
        spot = json_spot(body, offset - start, 0)  # the line alone: nothing else is joined or read
        if spot is None:
            return None
        if spot.token is not None:
            spot.token = (spot.token[0] + start, spot.token[1] + start)
        for candidate in (body, None, state.last_good_lines.get(line)):
            if candidate is None:
                if spot.partial is not None:
                    roots.append(spot.partial)
                continue
            try:
                roots.append(orjson.loads(candidate))
            except orjson.JSONDecodeError:
                continue
        return _with_family(server, state, Lookup(spot, offset, roots), fmt)
    text = buffer.text
    if fmt is None and text.lstrip("\ufeff \t\r\n")[:1] in ("{", "["):
        fmt = "json"
    if fmt == "json":
        spot = json_spot(text, offset, 0)
        if spot is None:
            return None
        if _current(state):
            roots.append(state.document.root)  # type: ignore[union-attr]
        else:
            parsed = parse_json(text)
            if parsed.ok:
                roots.append(parsed.value)
            if spot.partial is not None:
                roots.append(spot.partial)
            if state.document is not None:
                roots.append(state.document.root)
    elif fmt == "yaml":
        from goldlint.server.pathat_yaml import yaml_spot  # (the YAML stack, once a YAML buffer asks)

        read = None if _current(state) else _read_again(state, text, "yaml")
        spot = yaml_spot(text, offset, read if getattr(read, "format", None) == "yaml" else None)  # (one reading for both)
        if spot is None:
            return None
        roots.extend(_current_or_last(state, read))
    elif fmt == "tsv":
        spot = tsv_spot(text, offset)
        if spot is None:
            return None
        roots.extend(_current_or_last(state, None if _current(state) else _read_again(state, text, "tsv")))
    elif fmt == "conll":
        spot = conll_spot(text, offset)
        if spot is None:
            return None
        roots.extend(_current_or_last(state, None if _current(state) else _read_again(state, text, "conll")))
    else:
        return None
    return _with_family(server, state, Lookup(spot, offset, roots), fmt)


def _with_family(server: GoldlintServer, state: DocState, found: Lookup, fmt: str) -> Lookup:
    roots = found.roots
    family = FAMILIES.get(state.kind) if state.kind else None
    if family is None:
        for root in roots:
            family = detect(root, fmt) if fmt != "tsv" else None
            if family is not None:
                break
    if family is not None:
        loaded, _ = server.configs.for_file(state.path)
        found.family = family
        found.options = loaded.family_options(family.name)
    return found


def _current(state: DocState) -> bool:
    """Whether the checker's document is of the buffer as it is now."""
    return state.document is not None and state.document_revision == state.revision


def _read_again(state: DocState, text: str, fmt: str) -> Document | None:
    """The buffer read now (the checker has not caught up with the typing yet)."""
    from goldlint.engine import make_document

    try:
        return make_document(str(state.path), text, fmt)
    except Exception:  # a half-typed buffer may break a reader in ways nobody foresaw
        return None


def _current_or_last(state: DocState, read: Document | None) -> list[Any]:
    """The values to ask about: the checker's document when it is current, else the buffer
    read now (``read``) and the last document checked."""
    if _current(state):
        return [state.document.root]  # type: ignore[union-attr]
    out = [read.root] if read is not None and read.ok else []
    if state.document is not None:
        out.append(state.document.root)
    return out


def ask(found: Lookup, method: str, path: tuple[str | int, ...]) -> Any:
    """Ask the family (``completions`` or ``hover``) with each candidate value until one answers."""
    if found.family is None:
        return None
    ask_family = getattr(found.family, method)
    for root in found.roots:
        try:
            answer = ask_family(root, path, found.options)
        except Exception:  # a family's editor hook must not break the editor
            import logging

            logging.getLogger("goldlint.server").exception("%s.%s failed at %s", found.family.name, method, path)
            continue
        if answer:
            return answer
    return None
