"""The one place where goldlint reaches past pygls's public API: the text-sync handlers.

pygls keeps its own copy of every open document: its built-in ``didOpen``/``didChange``/
``didClose`` handlers feed ``Workspace`` and only then hand the notification to the
handler registered with ``@server.feature``. goldlint keeps one copy of its own
(:mod:`goldlint.server.documents`, LSP's line breaks, edits that follow the diagnostics),
and pygls's copy cannot be switched off publicly:

- each incremental change re-splits the whole text (``str.splitlines``): 1,000 edits of a
  50 MB document are 1,000 passes over 50 MB, for a copy nobody reads;
- an edit it cannot apply (out of range, reversed, a UTF-16 surrogate split) raises before
  goldlint's handler runs, and a document dropped from its workspace (the only public way to
  forget it) makes the next change raise ``KeyError``: either way goldlint's handler never
  sees the change.

So :class:`GoldlintProtocol` replaces those three built-in handlers (pygls registers a
protocol's ``lsp_method``-marked methods as built-ins, by method name) with ones that only
call the registered feature. That touches three undocumented names: the built-in handler
methods (``lsp_text_document__did_open``/``_change``/``_close``), ``lsp_method`` and the
feature manager's ``fm.features``. ``tests/server/test_pygls_adapter.py`` pins them to the
pygls versions ``pyproject.toml`` allows, so an upgrade that moves them fails loudly.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol, lsp_method

# The built-in handlers replaced here, by LSP method: what the pinning test checks.
REPLACED = {
    types.TEXT_DOCUMENT_DID_OPEN: "lsp_text_document__did_open",
    types.TEXT_DOCUMENT_DID_CHANGE: "lsp_text_document__did_change",
    types.TEXT_DOCUMENT_DID_CLOSE: "lsp_text_document__did_close",
}


class GoldlintProtocol(LanguageServerProtocol):
    """pygls's protocol, with document sync left to goldlint (no copy in pygls's workspace)."""

    def call_feature(self, method: str, params: Any) -> Generator[Any, Any, None]:
        """The handler registered for ``method`` with ``@server.feature``, run the way pygls runs it."""
        if (handler := self.fm.features.get(method)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Generator[Any, Any, None]:
        yield from self.call_feature(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Generator[Any, Any, None]:
        yield from self.call_feature(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Generator[Any, Any, None]:
        yield from self.call_feature(types.TEXT_DOCUMENT_DID_CLOSE, params)
