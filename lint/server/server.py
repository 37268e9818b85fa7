"""The pygls server: its protocol, its documents, and the features wired onto it.

Two pygls defaults are replaced on purpose:

- pygls keeps its own copy of each document and splits it with ``str.splitlines`` on every
  edit; the server keeps one copy (:mod:`goldlint.server.documents`) with LSP's line
  breaks, so the open/change/close handlers below do not feed pygls' workspace.
- a request whose params do not fit the protocol's types is answered with an
  ``InvalidParams`` error (pygls would only log it and leave the client waiting), and
  errors go to the log, never to pop-ups; the server keeps serving either way. A string
  field must hold a string: cattrs would turn ``"text": null`` into the text ``"None"``.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import threading
from collections.abc import Callable, Generator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import orjson
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, default_converter, lsp_method
from pygls.uris import from_fs_path

from goldlint import __version__
from goldlint.server.checker import Checker
from goldlint.server.configs import ConfigProblem, Configs, is_config_file
from goldlint.server.documents import DocState
from goldlint.server.encoding import UTF16, normalise
from goldlint.server.workspace_index import WorkspaceIndex

log = logging.getLogger("goldlint.server")
T = TypeVar("T")


class _Ignored:
    """A message that could not be read; already answered where an answer was due."""

    jsonrpc = "ignored"


_IGNORED = _Ignored()


class _Notification:
    """A notification whose params are already JSON-ready (``json.dumps`` writes them as they are)."""

    def __init__(self, method: str, params: Any, jsonrpc: str) -> None:
        self.method, self.params, self.jsonrpc = method, params, jsonrpc


class GoldlintProtocol(LanguageServerProtocol):
    _server: GoldlintServer

    def _send_data(self, data: Any) -> None:
        # Pre-encoded diagnostics go out through orjson: for 10,000 diagnostics the standard
        # encoder costs ~40 ms per publication, orjson ~4 ms. Everything else as pygls does it.
        if not isinstance(data, _Notification) or self.writer is None:
            super()._send_data(data)
            return
        try:
            body = orjson.dumps({"jsonrpc": data.jsonrpc, "method": data.method, "params": data.params}, default=self._serialize_message)
        except TypeError:
            super()._send_data(data)
            return
        header = f"Content-Length: {len(body)}\r\nContent-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n".encode("ascii")
        result = self.writer.write((header if self._include_headers else b"") + body)
        if inspect.isawaitable(result):
            asyncio.ensure_future(result)

    def get_message_type(self, method: str) -> Any:  # type: ignore[override]
        # publishDiagnostics goes out with pre-encoded diagnostics (see GoldlintServer.publish);
        # typed params still serialise as before, through ``_serialize_message``.
        if method == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS:
            return _Notification
        return super().get_message_type(method)

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams) -> Generator[Any, Any, types.InitializeResult]:
        self._server.setup(params)
        result: types.InitializeResult = yield from super().lsp_initialize(params)
        if not self._server.offers_pull(params.capabilities):
            result.capabilities.diagnostic_provider = None
        return result

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Generator[Any, Any, None]:
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)) is not None:
            yield handler, (params,), None

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            method = data.get("method", "?") if isinstance(data, dict) else "?"
            cause = exc.__cause__ or exc
            log.error("invalid message for %s: %s", method, str(cause).splitlines()[0] if str(cause) else type(cause).__name__)
            if isinstance(data, dict) and "id" in data and "method" in data:
                error = types.ResponseError(code=types.ErrorCodes.InvalidParams, message=f"invalid params for {method}")
                self._send_response(data["id"], error=error)
            return _IGNORED

    def handle_message(self, message: Any) -> None:
        if message is _IGNORED:
            return
        super().handle_message(message)


def _strict_str(value: Any, _type: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    return value


def strict_converter() -> Any:
    """pygls' converter, except that a string is never made up from another value."""
    converter = default_converter()  # type: ignore[no-untyped-call]
    converter.register_structure_hook(str, _strict_str)
    return converter


class GoldlintServer(LanguageServer):
    def start_io(self, stdin: Any = None, stdout: Any = None) -> None:
        """pygls's stdio server, with goldlint's frame reader (:mod:`goldlint.server.frames`):
        a bad frame is answered or skipped, and the server keeps serving."""
        import sys

        from pygls.io_ import StdoutWriter

        from goldlint.server.frames import FrameReader, run_frames

        self._stop_event = threading.Event()  # (pygls's shutdown() sets it)
        writer = StdoutWriter(stdout or sys.stdout.buffer)
        self.protocol.set_writer(writer)
        reader = FrameReader(stdin or sys.stdin.buffer, self.thread_pool)
        try:
            asyncio.run(run_frames(self._stop_event, reader, self.protocol, writer.write, self.report_server_error, JsonRpcException))
        except BrokenPipeError:
            log.error("Connection to the client is lost! Shutting down the server.")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()

    def __init__(self) -> None:
        super().__init__("goldlint", __version__, protocol_cls=GoldlintProtocol, converter_factory=strict_converter,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.docs: dict[str, DocState] = {}
        self.configs = Configs()
        self.checker = Checker(self)
        self.index = WorkspaceIndex(self)
        self.requests = ThreadPoolExecutor(max_workers=2, thread_name_prefix="goldlint-request")
        self.options: dict[str, Any] = {}
        self.pull_offered = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self._config_problems: set[Path] = set()

    # -- set-up ----------------------------------------------------------------------

    def setup(self, params: types.InitializeParams) -> None:
        options = params.initialization_options
        self.options = dict(options) if isinstance(options, dict) else {}
        delays = self.checker.delays
        for key, attr in (("debounce", "debounce"), ("quickDelay", "quick"), ("idleDelay", "idle")):
            value = self.options.get(key)
            if isinstance(value, (int, float)) and 0 <= value <= 60:
                setattr(delays, attr, float(value))
        self.index.configure(self.options, params)
        try:
            self.loop = asyncio.get_running_loop()
        except RuntimeError:
            self.loop = None

    def offers_pull(self, capabilities: types.ClientCapabilities) -> bool:
        """Pull diagnostics are offered to clients that can pull, unless they opt out."""
        text_document = capabilities.text_document
        self.pull_offered = text_document is not None and text_document.diagnostic is not None and self.options.get("pullDiagnostics", True) is not False
        return self.pull_offered

    def refresh_pulls(self) -> None:
        """After a full check replaced quick results, ask a pulling client to pull again."""
        workspace = self.client_capabilities.workspace
        diagnostics = workspace.diagnostics if workspace is not None else None
        if self.pull_offered and diagnostics is not None and diagnostics.refresh_support:
            self.workspace_diagnostic_refresh(None)

    @property
    def encoding(self) -> str:
        try:
            return normalise(self.workspace.position_encoding)
        except RuntimeError:  # not initialised yet
            return UTF16

    @property
    def markdown(self) -> bool:
        caps = self.client_capabilities.text_document
        formats = caps.hover.content_format if caps is not None and caps.hover is not None else None
        return not formats or types.MarkupKind.Markdown in formats

    # -- documents -------------------------------------------------------------------

    def doc(self, uri: str) -> DocState | None:
        state = self.docs.get(uri)
        if state is None:
            log.warning("request for a document that is not open: %s", uri)
        return state

    async def blocking(self, fn: Callable[..., T], *args: Any) -> T:
        """Run CPU-bound work off the event loop, so that other messages are still served."""
        return await asyncio.get_running_loop().run_in_executor(self.requests, fn, *args)

    def publish(self, state: DocState) -> None:
        items = state.items
        params: dict[str, Any] = {"uri": state.uri, "diagnostics": [i.json for i in items]}
        if state.version is not None:
            params["version"] = state.version
        self.protocol.notify(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, params)
        state.published(items)

    def config_problem(self, config_file: Path | None, problem: ConfigProblem | None) -> None:
        """Show a broken config file's problems on that file, each at its place (and clear them once fixed)."""
        if problem is not None:
            self._config_problems.add(problem.path)
            diagnostics = []
            for each in problem.all:
                position = types.Position(line=max(each.line - 1, 0), character=max(each.column - 1, 0))
                diagnostics.append(types.Diagnostic(
                    range=types.Range(start=position, end=position), message=f"bad config: {each.message} (the defaults are used)",
                    severity=types.DiagnosticSeverity.Error, source="goldlint",
                ))
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=from_fs_path(str(problem.path)) or "", diagnostics=diagnostics))
        elif config_file is not None and config_file in self._config_problems:
            self._config_problems.discard(config_file)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=from_fs_path(str(config_file)) or "", diagnostics=[]))

    def config_changed(self, path: Path | None) -> None:
        self.configs.invalidate(path)
        if path is not None:
            problem = self.configs.problem(path) if path.exists() else None
            self.config_problem(path, problem)
        for state in self.docs.values():
            if not is_config_file(state.path):
                self.checker.saved(state)

    def report_server_error(self, error: Exception, source: Any) -> None:
        log.error("%s: %s", getattr(source, "__name__", source), error)


class ClientLogHandler(logging.Handler):
    """Forwards the server's own log records to the client (``window/logMessage``)."""

    _TYPES = {logging.ERROR: types.MessageType.Error, logging.WARNING: types.MessageType.Warning, logging.INFO: types.MessageType.Info}

    def __init__(self, server: GoldlintServer) -> None:
        super().__init__(logging.INFO)
        self.server = server
        self.main = threading.main_thread()

    def emit(self, record: logging.LogRecord) -> None:
        server = self.server
        if server.protocol.writer is None or server.loop is None or server.loop.is_closed():
            return
        kind = self._TYPES.get(record.levelno, types.MessageType.Log)
        params = types.LogMessageParams(type=kind, message=self.format(record))
        try:
            if threading.current_thread() is self.main:
                server.window_log_message(params)
            else:
                server.loop.call_soon_threadsafe(server.window_log_message, params)
        except Exception:  # logging must never take the server down
            pass


def create_server() -> GoldlintServer:
    from goldlint.server import code_actions, completion, diagnostics, hover, symbols, sync

    server = GoldlintServer()
    for module in (sync, diagnostics, code_actions, completion, hover, symbols):
        module.register(server)
    return server
