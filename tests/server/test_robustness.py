"""Bad input: half-typed, empty, binary and 50 MB documents, changes for documents never
opened, invalid params. The server logs, answers with a proper error where the protocol
asks for one, and keeps serving."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams, JsonRpcMethodNotFound

from .helpers import DATA, WAIT, change, open_doc, still_serving, uri_of, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def raw_request(client: Any, method: str, params: Any) -> Any:
    """Send a request exactly as given (no client-side typing), and wait for its answer."""
    msg_id = f"raw-{method}-{len(client.published)}"
    future: Future[Any] = Future()
    client.protocol._request_futures[msg_id] = future
    client.protocol._send_data({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
    return await asyncio.wait_for(asyncio.wrap_future(future), WAIT)


async def test_half_typed_json_gets_a_syntax_error_and_completion_still_works(client, work: Path) -> None:
    record = json.loads((DATA / "clean.jsonl").read_text(encoding="utf-8").splitlines()[0])
    whole = json.dumps([record], ensure_ascii=False, indent=1)
    half = whole[: whole.index('"intent": "') + len('"intent": "pl')]
    path = work / "half.json"
    uri = open_doc(client, path, half)
    published = await wait_published(client, uri)
    assert [d.code for d in published.diagnostics] == ["GL003"]
    lines = half.split("\n")
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=len(lines) - 1, character=len(lines[-1]))))
    assert result is None  # the kind is unknown until the file parses once ...
    change(client, uri, 2, (0, 0), (len(lines) - 1, len(lines[-1])), whole)
    await wait_published(client, uri, lambda p: p.version == 2)
    change(client, uri, 3, (0, 0), (len(whole.split("\n")) - 1, len(whole.split("\n")[-1])), half)
    await wait_published(client, uri, lambda p: p.version == 3)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=len(lines) - 1, character=len(lines[-1]))))
    assert [i.label for i in result.items] == ["rate_book", "play_music"]  # ... then it is remembered


async def test_empty_document(client, work: Path) -> None:
    uri = open_doc(client, work / "empty.jsonl", "")
    published = await wait_published(client, uri)
    assert [(d.code, d.message) for d in published.diagnostics] == [("GL010", "empty file")]
    await still_serving(client, work)


async def test_binary_document(client, work: Path) -> None:
    binary = bytes(range(256)).decode("latin-1") * 4 + "\x00\ufffd\U0001f600"
    uri = open_doc(client, work / "blob.json", binary)
    published = await wait_published(client, uri)
    assert published.diagnostics and all(d.code.startswith("GL") for d in published.diagnostics)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols == []
    hover = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=3)))
    assert hover is None or hover.contents
    await still_serving(client, work)


async def test_change_for_a_document_never_opened(client, work: Path) -> None:
    ghost = uri_of(work / "never-opened.jsonl")
    change(client, ghost, 2, (0, 0), (0, 0), "{")
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=ghost)))
    hover = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=ghost), position=types.Position(line=0, character=0)))
    assert hover is None
    await still_serving(client, work)
    assert any("not open" in m.message and ghost in m.message for m in client.log_messages)
    assert all(p.uri != ghost for p in client.published)


async def test_invalid_params_get_an_error_and_the_server_keeps_serving(client, work: Path) -> None:
    with pytest.raises(JsonRpcInvalidParams):
        await raw_request(client, "textDocument/hover", {"textDocument": 5, "position": "here"})
    with pytest.raises(JsonRpcInvalidParams):
        await raw_request(client, "textDocument/completion", None)
    with pytest.raises(JsonRpcMethodNotFound):
        await raw_request(client, "goldlint/noSuchMethod", {})
    # An invalid notification gets no answer (none is allowed), only a log line.
    client.protocol._send_data({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"contentChanges": 3}})
    # Positions far outside the document are clamped, not errors.
    uri = open_doc(client, work / "defective.jsonl")
    await wait_published(client, uri)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=10**6, character=10**6)))
    assert hover is None
    result = await client.text_document_completion_async(types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=10**6)))
    assert result is None
    await still_serving(client, work)
