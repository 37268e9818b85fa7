"""Document synchronisation and config watching: open, change, save, close, watched files.

A change for a document that was never opened is logged and ignored (a notification
gets no answer). A config file (``goldlint.yaml``, ``.goldlint.yaml``) opened in the editor
is not linted as a gold file: it is validated as config, and saving it re-checks every open
document. ``pyproject.toml`` and the YAML configs are also watched through the client when
it can register file watchers.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import to_fs_path

from goldlint.server.configs import is_config_file
from goldlint.server.documents import DocState
from goldlint.server.frames import FRAME_BEGAN

if TYPE_CHECKING:
    from goldlint.server.server import GoldlintServer

log = logging.getLogger("goldlint.server")
STATS_COMMAND = "goldlint.serverStats"


def register(server: GoldlintServer) -> None:
    @server.feature(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        server.index.start()
        caps = server.client_capabilities.workspace
        watched = caps.did_change_watched_files if caps is not None else None
        if watched is None or not watched.dynamic_registration:
            return
        watchers = [types.FileSystemWatcher(glob_pattern=f"**/{name}") for name in ("goldlint.yaml", ".goldlint.yaml", "pyproject.toml")]
        watchers += server.index.watchers()  # (the gold files, for the workspace index)
        registration = types.Registration(
            id="goldlint-config-watch", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
        )
        try:
            await server.client_register_capability_async(types.RegistrationParams(registrations=[registration]))
        except Exception as exc:  # the client refused: configs are still re-read on every check
            log.info("config file watchers not registered: %s", exc)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        state = DocState(item.uri, item.text, item.version, item.language_id)
        old = server.docs.pop(item.uri, None)
        if old is not None:
            old.close()
        server.docs[item.uri] = state
        if is_config_file(state.path):
            _validate_config(server, state.path)
            return
        server.checker.opened(state)
        server.index.opened(state)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        state = server.docs.get(params.text_document.uri)
        if state is None:
            log.warning("change for a document that is not open, ignored: %s", params.text_document.uri)
            return
        state.apply(list(params.content_changes), params.text_document.version, server.encoding)
        if not is_config_file(state.path):
            server.checker.changed(state, FRAME_BEGAN.get())
            server.index.edited(state)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        state = server.docs.get(params.text_document.uri)
        if state is not None and is_config_file(state.path):
            server.config_changed(state.path.resolve())
            server.index.on_disk(state.path)
            return
        if state is None:
            log.warning("save of a document that is not open, ignored: %s", params.text_document.uri)
            return
        server.checker.saved(state)
        server.index.saved(state)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        state = server.docs.pop(params.text_document.uri, None)
        if state is None:
            log.warning("close of a document that is not open, ignored: %s", params.text_document.uri)
            return
        state.close()
        if not is_config_file(state.path):
            server.index.closed(state)
            # Diagnostics of a closed file are the client's to forget; clear ours explicitly.
            server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=state.uri, diagnostics=[]))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(params: types.DidChangeWatchedFilesParams) -> None:
        for change in params.changes:
            path = to_fs_path(change.uri)
            if path and is_config_file(Path(path)):
                log.info("config changed on disk: %s", path)
                server.config_changed(Path(path).resolve())
            if path:
                server.index.on_disk(Path(path))

    @server.feature(types.SHUTDOWN)
    def shutdown(*args: Any) -> None:
        """Drop pending checks; a check already running is not waited for."""
        for state in server.docs.values():
            state.close()
        server.checker.executor.shutdown(wait=False, cancel_futures=True)
        server.requests.shutdown(wait=False, cancel_futures=True)
        server.index.stop()

    @server.command(STATS_COMMAND)
    def stats(*args: Any) -> dict[str, Any]:
        """Counters of the checker (checks started, published, dropped as stale...)."""
        return {"checks": dict(server.checker.stats), "documents": len(server.docs), "encoding": server.encoding,
                "index": dict(server.index.stats), "sync": dict(server.sync_stats)}


def _validate_config(server: GoldlintServer, path: Path) -> None:
    path = path.resolve()
    problem = server.configs.problem(path) if path.exists() else None
    server.config_problem(path, problem)
