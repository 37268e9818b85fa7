"""Helpers of the language-server tests: a pytest-lsp client that records every
publication, and waits that end on a notification (never on a sleep)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.protocol import default_converter
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

DATA = Path(__file__).resolve().parent.parent / "data" / "server"
SERVER = [sys.executable, "-m", "goldlint.server"]
PROFILES = {"neovim-0.7": "neovim@v0.7.0", "neovim-0.11": "neovim@v0.11.0", "vscode": "visual-studio-code@v1.65.2"}
WAIT = 10.0  # seconds: a bound on any one wait, so that a broken server fails the test instead of hanging it


def _record_publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)


def _register_capability(client: LanguageClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_publish
    features[types.CLIENT_REGISTER_CAPABILITY] = _register_capability
    register_lsp_features(client, features)
    client.published = []  # type: ignore[attr-defined]
    client.registrations = []  # type: ignore[attr-defined]
    return client


def config(**options: Any) -> ClientServerConfig:
    return ClientServerConfig(server_command=SERVER, client_factory=make_client)


async def start(lsp_client: LanguageClient, profile: str, root: Path, **init_options: Any) -> types.InitializeResult:
    """Initialise as a recorded client; ``<profile>+refresh`` also claims diagnostic refresh support."""
    capabilities = client_capabilities(PROFILES[profile.removesuffix("+refresh")])
    if profile.endswith("+refresh"):
        assert capabilities.workspace is not None
        capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=from_fs_path(str(root)),
            workspace_folders=[types.WorkspaceFolder(uri=from_fs_path(str(root)) or "", name="work")],
            initialization_options=init_options or None,
        )
    )


def uri_of(path: Path) -> str:
    return from_fs_path(str(path)) or ""


async def wait_published(client: Any, uri: str, when: Callable[[types.PublishDiagnosticsParams], bool] = lambda p: True,
                         since: int = 0) -> types.PublishDiagnosticsParams:
    """The first publication for ``uri`` (from index ``since`` on) that satisfies ``when``."""

    async def find() -> types.PublishDiagnosticsParams:
        seen = since
        while True:
            for params in client.published[seen:]:
                if params.uri == uri and when(params):
                    return params
            seen = len(client.published)
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    return await asyncio.wait_for(find(), WAIT)


def open_doc(client: LanguageClient, path: Path, text: str | None = None, language: str = "json", version: int = 1) -> str:
    uri = uri_of(path)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version,
                                             text=path.read_text(encoding="utf-8") if text is None else text)))
    return uri


def change(client: LanguageClient, uri: str, version: int, start: tuple[int, int], end: tuple[int, int], text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=start[0], character=start[1]), end=types.Position(line=end[0], character=end[1])),
            text=text)]))


def units(text: str, encoding: str) -> int:
    """Code units of ``text`` in an LSP position encoding, computed independently of the server."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def encoding_of(result: types.InitializeResult) -> str:
    value = result.capabilities.position_encoding
    return str(getattr(value, "value", value) or "utf-16")


async def still_serving(client: Any, work: Path) -> None:
    """A fresh document is still checked and its symbols still answered."""
    path = work / f"probe-{len(client.published)}.jsonl"
    path.write_text((DATA / "defective.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    uri = open_doc(client, path)
    published = await wait_published(client, uri)
    assert {d.code for d in published.diagnostics} == {"SLU102", "SLU108"}
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert len(symbols) == 3
