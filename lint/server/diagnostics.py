"""Pull diagnostics (``textDocument/diagnostic``), for clients that ask instead of listen.

Diagnostics are always pushed (``publishDiagnostics``; Neovim before 0.10 never pulls).
A pull answers with the same diagnostics, waiting for the check of the document's current
version when one is under way. The result id is the revision and the count, so a client
that pulls again with nothing new gets an "unchanged" report.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from goldlint.server.server import GoldlintServer

PULL_TIMEOUT = 120.0  # seconds: a 50 MB buffer may take a while; the client can cancel sooner


def register(server: GoldlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(inter_file_dependencies=False, workspace_diagnostics=False, identifier="goldlint"))
    async def pull(params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
        state = server.doc(params.text_document.uri)
        if state is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        try:
            await asyncio.wait_for(state.until_published(state.revision), PULL_TIMEOUT)
        except (TimeoutError, asyncio.CancelledError):
            if state.closed:
                return types.RelatedFullDocumentDiagnosticReport(items=[])
            raise
        items = state.published_items
        result_id = f"{state.published_revision}:{len(items)}:{id(items)}"
        if params.previous_result_id == result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
        return types.RelatedFullDocumentDiagnosticReport(items=[i.lsp for i in items], result_id=result_id)
