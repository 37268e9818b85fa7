"""Document symbols: the records / entries of a file, each named by its id.

Records are found the same way for every family: a JSON Lines file's lines; a top-level
array's items; the lists of objects directly under a top-level object (``entries``,
``results``, ``topics``...), or one level deeper (MERA's ``{"data": {split: [...]}}``);
a TSV file's rows. A record's name is its id (``id``, ``meta.id``, ``entry_id``...),
else its index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import orjson
from lsprotocol import types

from goldlint.findings import At, JsonPath
from goldlint.formats.json_read import parse_json
from goldlint.formats.json_scan import locate
from goldlint.server.textbuffer import TextBuffer

if TYPE_CHECKING:
    from goldlint.server.server import GoldlintServer

ID_FIELDS: tuple[tuple[str, ...], ...] = (("id",), ("meta", "id"), ("entry_id",), ("index",), ("uid",), ("codedWvnm",),
                                          ("meeting_id",), ("name",), ("label",), ("type",), ("segment_id",))
DETAIL_FIELDS: tuple[tuple[str, ...], ...] = (("outputs", "intent"), ("intent",), ("source",), ("reference",), ("label",),
                                              ("description",), ("text",), ("transcription",))


def register(server: GoldlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def document_symbols(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        state = server.doc(params.text_document.uri)
        if state is None:
            return None
        root = state.document.root if state.document is not None and state.document_revision == state.revision else None
        return await server.blocking(symbols, state.buffer.snapshot(), state.fmt, root, server.encoding)


def _get(record: Any, steps: tuple[str, ...]) -> Any:
    for step in steps:
        if not isinstance(record, dict) or step not in record:
            return None
        record = record[step]
    return record


def name_of(record: Any, index: int) -> tuple[str, str | None]:
    name = None
    if isinstance(record, dict):
        for steps in ID_FIELDS:
            value = _get(record, steps)
            if isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value).strip():
                name = str(value)
                break
    detail = None
    for steps in DETAIL_FIELDS:
        value = _get(record, steps)
        if isinstance(value, str) and value.strip():
            detail = value.strip().replace("\n", " ")
            detail = detail if len(detail) <= 60 else detail[:59] + "…"
            break
    return name or f"[{index}]", detail


def groups(root: Any) -> list[tuple[JsonPath, list[Any]]]:
    """The lists of records in a decoded document, with their paths."""
    if isinstance(root, list):
        return [((), root)]
    out: list[tuple[JsonPath, list[Any]]] = []
    if isinstance(root, dict):
        for key, value in root.items():
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                out.append(((key,), value))
            elif isinstance(value, dict):
                for sub, items in value.items():
                    if isinstance(items, list) and items and all(isinstance(v, dict) for v in items):
                        out.append(((key, sub), items))
    return out


def symbols(buffer: TextBuffer, fmt: str | None, root: Any, encoding: str) -> list[types.DocumentSymbol]:
    if fmt == "jsonl":
        return _jsonl(buffer, encoding)
    if fmt == "tsv":
        return _tsv(buffer, encoding)
    if root is None:
        if fmt == "yaml":
            from goldlint.formats.yaml_doc import YamlDocument

            doc = YamlDocument("buffer.yaml", buffer.text)
            root = doc.root if doc.ok else None
        else:
            parsed = parse_json(buffer.text)
            root = parsed.value if parsed.ok else None
    found = groups(root)
    if not found:
        return []
    paths: list[JsonPath] = [p for p, _ in found] + [p + (n,) for p, items in found for n in range(len(items))]
    spans = _spans(buffer.text, fmt, paths)
    out: list[types.DocumentSymbol] = []
    for path, items in found:
        children = []
        for n, record in enumerate(items):
            span = spans.get(path + (n,))
            if span is None:
                continue
            name, detail = name_of(record, n)
            rng = buffer.range_of(span[0], span[1], encoding)
            children.append(types.DocumentSymbol(name=name, detail=detail, kind=types.SymbolKind.Object, range=rng, selection_range=rng))
        if not path:
            out.extend(children)
            continue
        span = spans.get(path)
        if span is not None:
            rng = buffer.range_of(span[0], span[1], encoding)
            out.append(types.DocumentSymbol(name=".".join(map(str, path)), detail=f"{len(items)} records", kind=types.SymbolKind.Array,
                                            range=rng, selection_range=rng, children=children))
    return out


def _spans(text: str, fmt: str | None, paths: list[JsonPath]) -> dict[JsonPath, tuple[int, int]]:
    if fmt == "yaml":
        from goldlint.formats.yaml_doc import YamlDocument

        doc = YamlDocument("buffer.yaml", text)
        found = doc.resolve_at([At(p) for p in paths])
        return {p: (s.start_offset, s.end_offset) for p, s in zip(paths, found, strict=True) if s is not None}
    located = locate(text, [(p, False) for p in paths])
    return {p: span for (p, _), span in located.items()}


def _jsonl(buffer: TextBuffer, encoding: str) -> list[types.DocumentSymbol]:
    out = []
    for line in range(buffer.line_count):
        start, end = buffer.line_bounds(line)
        body = buffer.line_text(line)
        if not body.strip():
            continue
        try:
            record = orjson.loads(body)
        except orjson.JSONDecodeError:
            record = None
        name, detail = name_of(record, line)
        rng = buffer.range_of(start, end, encoding)
        out.append(types.DocumentSymbol(name=name if record is not None else f"line {line + 1} (does not parse)", detail=detail,
                                        kind=types.SymbolKind.Object, range=rng, selection_range=rng))
    return out


def _tsv(buffer: TextBuffer, encoding: str) -> list[types.DocumentSymbol]:
    from goldlint.formats.tsv_doc import TsvDocument

    doc = TsvDocument("buffer.tsv", buffer.text)
    out = []
    for n, row in enumerate(doc.rows):
        record = dict(zip(doc.columns, row.values, strict=False))
        name, detail = name_of(record, n)
        rng = buffer.range_of(row.start, row.end, encoding)
        out.append(types.DocumentSymbol(name=name, detail=detail, kind=types.SymbolKind.Object, range=rng, selection_range=rng))
    return out
