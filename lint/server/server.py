"""The pygls server: its documents, its transport, and the features wired onto it.

It stands on pygls's public API, with two pieces of its own:

- document sync: pygls keeps its own copy of each document and splits it with
  ``str.splitlines`` on every edit; the server keeps one copy
  (:mod:`goldlint.server.documents`) with LSP's line breaks. Keeping pygls's copy out is the
  one thing pygls offers no public way to do: :mod:`goldlint.server.pygls_adapter`.
- the transport (:mod:`goldlint.server.frames`): a bad frame is answered or skipped and the
  server keeps serving; a request whose params do not fit the protocol's types is answered
  with ``InvalidParams`` (pygls would only log it and leave the client waiting). Errors go to
  the log, never to pop-ups. A string field must hold a string: cattrs would turn
  ``"text": null`` into the text ``"None"``.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import orjson
from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol import default_converter
from pygls.uris import from_fs_path

from goldlint import __version__
from goldlint.server.checker import Checker
from goldlint.server.configs import ConfigProblem, Configs, is_config_file
from goldlint.server.documents import DocState
from goldlint.server.encoding import UTF16, normalise
from goldlint.server.pygls_adapter import GoldlintProtocol
from goldlint.server.splice import WholeTexts
from goldlint.server.workspace_index import WorkspaceIndex

log = logging.getLogger("goldlint.server")
T = TypeVar("T")


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
        self.pull_registered = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self._config_problems: set[Path] = set()
        self.stopping = threading.Event()  # ends the message loop (frames.run_frames)
        self._json_default = default_converter().unstructure  # type: ignore[no-untyped-call]
        self.sync_stats: Counter[str] = Counter()  # whole-text changes read apart or decoded whole (:mod:`goldlint.server.splice`)
        self.whole_texts = WholeTexts(self.docs, self.sync_stats)

    # -- transport -------------------------------------------------------------------

    def start_io(self, stdin: Any = None, stdout: Any = None) -> None:
        """pygls's stdio server, with goldlint's frame reader (:mod:`goldlint.server.frames`):
        a bad frame is answered or skipped, and the server keeps serving."""
        from goldlint.server.frames import serve_stdio

        serve_stdio(self, stdin, stdout)

    def start_tcp(self, host: str, port: int) -> None:
        """pygls's TCP server, with goldlint's frame reader, as :meth:`start_io`."""
        from goldlint.server.frames import serve_tcp

        serve_tcp(self, host, port)

    def shutdown(self) -> None:
        self.stopping.set()
        super().shutdown()

    # -- set-up ----------------------------------------------------------------------

    def initialize(self, params: types.InitializeParams) -> None:
        """The ``initialize`` feature: pygls computes the server's capabilities after it, from
        the features registered by then, so pull diagnostics are registered (and offered) only
        to clients that can pull and do not opt out."""
        self.setup(params)
        if self.offers_pull(params.capabilities) and not self.pull_registered:  # (once: a second initialize must not fail)
            from goldlint.server import diagnostics

            diagnostics.register(self)
            self.pull_registered = True

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
        """Push a document's diagnostics. Each item's JSON is computed once and the message is
        encoded by orjson and written to the transport as one frame: for 10,000 diagnostics
        pygls's ``notify`` (the standard encoder) costs ~40 ms per publication, this ~4 ms."""
        items = state.items
        params: dict[str, Any] = {"uri": state.uri, "diagnostics": [i.json for i in items]}
        if state.version is not None:
            params["version"] = state.version
        writer = self.protocol.writer
        if writer is not None:
            from goldlint.server.frames import frame

            message = {"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, "params": params}
            content_type = f"{self.protocol.CONTENT_TYPE}; charset={self.protocol.CHARSET}"
            result = writer.write(frame(orjson.dumps(message, default=self._json_default), content_type))
            if inspect.isawaitable(result):
                asyncio.ensure_future(result)
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
    from goldlint.server import code_actions, completion, hover, symbols, sync

    server = GoldlintServer()

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        server.initialize(params)  # and pull diagnostics (module diagnostics), when offered

    for module in (sync, code_actions, completion, hover, symbols):
        module.register(server)
    return server
