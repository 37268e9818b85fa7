"""The transport's frames, read so that one bad frame never silences the server.

pygls's own loop (``pygls.io_.run_async``) wants every header line to be exactly
``Content-Length: N\\r\\n``: a lower-case ``content-length:`` (header names are
case-insensitive), LF-only lines, or a Content-Length that disagrees with the body leave
it reading the rest of the stream as one header line — alive, and never answering again.
An absurd Content-Length (``1000000000000``) made it allocate that much, and die.

This reader instead:

- reads header lines of at most :data:`MAX_HEADER_LINE` bytes, ending in ``\\r\\n`` or ``\\n``,
  and finds ``Content-Length`` by name in any case, also after bytes left over from a bad
  frame on the same line;
- bounds the body at :data:`MAX_BODY` (a header asking for more is logged and skipped);
- answers a body that is not JSON with a JSON-RPC parse error (id ``null``), and when the
  bad body holds the next frame's header (a Content-Length larger than the body), reads on
  from that header;
- answers a request whose params do not fit the protocol's types with ``InvalidParams``
  (pygls would only log it and leave the client waiting).

The loop drives the protocol through its public methods only (``structure_message``,
``handle_message``) and writes its own answers through the transport's writer; both the
stdio and the TCP server run it (:func:`serve_stdio`, :func:`serve_tcp`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, BinaryIO

import orjson
from pygls.exceptions import JsonRpcException

if TYPE_CHECKING:
    from goldlint.server.server import GoldlintServer
    from goldlint.server.splice import WholeTexts

MAX_HEADER_LINE = 8 << 10  # bytes: a header line is short; a longer one is junk
MAX_BODY = 512 << 20  # bytes: a 50 MB document, escaped as JSON, fits many times over
PROMPT_ABOVE = 1 << 20  # bytes: a larger body is read with the GIL handed back promptly (see ``promptly``)
PROMPT_SWITCH = 0.0005  # seconds: the switch interval meanwhile (Python's default: 0.005)
_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*(\S*)", re.IGNORECASE)
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602

log = logging.getLogger("goldlint.server")
# When the frame being handled began to come in (``time.monotonic``: its first header line
# read), for its handlers: a change's quick check waits for quiet since the change was sent,
# not since its frame was read (see ``Checker.changed``). None outside :func:`run_frames`.
FRAME_BEGAN: ContextVar[float | None] = ContextVar("goldlint_frame_began", default=None)
Read = Callable[[int], Awaitable[bytes]]  # read up to n bytes (a line, for the line reader); b"" at the end


class FrameReader:
    """Frame bodies from a byte stream: ``readline(limit)`` gives one line of at most
    ``limit`` bytes, ``read(n)`` up to ``n`` bytes; both give ``b""`` at the end."""

    def __init__(self, readline: Read, read: Read) -> None:
        self.readline, self.read = readline, read
        self.pending = b""  # bytes read but not yet used (what followed a bad frame)
        self.began = 0.0  # when the last frame's first header line was read (``time.monotonic``)

    @classmethod
    def over_file(cls, stream: BinaryIO, executor: ThreadPoolExecutor | None = None) -> FrameReader:
        """Over a blocking binary file (stdin): each read in a worker thread."""

        def call(fn: Callable[[int], bytes]) -> Read:
            return lambda n: asyncio.get_running_loop().run_in_executor(executor, fn, n)

        return cls(call(stream.readline), call(stream.read))

    @classmethod
    def over_stream(cls, stream: asyncio.StreamReader) -> FrameReader:
        """Over an asyncio stream (a TCP connection), made with ``limit=MAX_HEADER_LINE``."""

        async def readline(limit: int) -> bytes:
            try:
                return await stream.readuntil(b"\n")
            except asyncio.IncompleteReadError as end:
                return end.partial
            except asyncio.LimitOverrunError as long:  # no line end within the limit: its first part, read as junk
                return await stream.read(max(long.consumed, limit))

        async def read(n: int) -> bytes:  # all n at once (a 50 MB body is not 3,000 small reads joined)
            try:
                return await stream.readexactly(n)
            except asyncio.IncompleteReadError as end:
                return end.partial

        return cls(readline, read)

    async def _line(self) -> bytes:
        if (at := self.pending.find(b"\n")) >= 0:
            line, self.pending = self.pending[: at + 1], self.pending[at + 1 :]
            return line
        line = self.pending + await self.readline(MAX_HEADER_LINE)
        self.pending = b""
        return line

    async def _exactly(self, n: int) -> bytes:
        with promptly(n):
            return await self._exactly_now(n)

    async def _exactly_now(self, n: int) -> bytes:
        if not self.pending:  # (the rule: one read gives the whole body, handed on without a copy — 30 MB: ~15 ms)
            first = await self.read(n)
            if len(first) == n or not first:
                return first
            self.pending = first
        body, self.pending = bytearray(self.pending[:n]), self.pending[n:]
        while len(body) < n:
            more = await self.read(n - len(body))
            if not more:
                break
            body += more
        return bytes(body)

    def push_back(self, data: bytes) -> None:
        self.pending = data + self.pending

    async def next_body(self) -> bytes | None:
        """The next frame's body; None at the end of the stream."""
        length: int | None = None
        first = True
        while True:
            line = await self._line()
            if not line:
                return None
            if first:
                self.began, first = time.monotonic(), False
            if not line.endswith(b"\n") and len(line) >= MAX_HEADER_LINE:
                log.warning("a header line of more than %d bytes: skipped", MAX_HEADER_LINE)
                continue
            if line.strip() == b"":
                if length is None:
                    continue  # a blank line before any Content-Length: nothing to end
                break
            found = _LENGTH.search(line)
            if found is None:
                continue  # another header (Content-Type), or junk left from a bad frame
            value = found.group(1)
            if not value.isdigit() or len(value) > len(str(MAX_BODY)) or int(value) > MAX_BODY:  # (a run of digits past any length: never read as a number)
                log.warning("Content-Length %r is not a length up to %d bytes: frame skipped", value[:40], MAX_BODY)
                length = None
                continue
            length = int(value)
        body = await self._exactly(length)
        return body if len(body) == length else None


@contextmanager
def promptly(size: int) -> Iterator[None]:
    """While a body of ``size`` bytes over :data:`PROMPT_ABOVE` comes in, a thread that holds the
    GIL (a full check, the workspace index: seconds of CPU) gives it up after
    :data:`PROMPT_SWITCH` instead of Python's 5 ms. The thread that reads the body needs the GIL
    back after each piece the pipe hands over (1 MiB at most): a 30 MB whole-text change is
    30 pieces, each of which waited up to 5 ms behind a check — 30 MB through a pipe to a
    process with one busy thread took 100-200 ms instead of 50-60. The interval is put back
    once the body is read (one frame is read at a time)."""
    if size <= PROMPT_ABOVE:
        yield
        return
    before = sys.getswitchinterval()
    sys.setswitchinterval(min(before, PROMPT_SWITCH))
    try:
        yield
    finally:
        sys.setswitchinterval(before)


async def run_frames(stop_event: threading.Event, reader: FrameReader, protocol: Any, write: Callable[[bytes], Any],
                     error_handler: Callable[[Exception, type], Any] | None = None, whole_texts: WholeTexts | None = None) -> None:
    """pygls's message loop, over :class:`FrameReader`: each body decoded, structured with
    the protocol's own ``structure_message`` and handed to ``handle_message``, as pygls does.
    A large whole-text change is read apart by ``whole_texts`` (:mod:`goldlint.server.splice`)."""
    while not stop_event.is_set():
        body = await reader.next_body()
        if body is None:
            break
        FRAME_BEGAN.set(reader.began)
        put: Callable[[Any], None] = _nothing
        settle: Callable[[], None] = _nothing
        try:
            apart = whole_texts.read(body) if whole_texts is not None else None
            if apart is not None:
                data, put, settle = apart
            else:
                data = _decode(body)
        except (ValueError, RecursionError) as exc:  # not JSON (or not UTF-8, or nested past what a reader reads): a frame whose length was wrong, or junk
            log.warning("a frame that is not JSON (%s): answered with a parse error", exc)
            resync = _LENGTH.search(body, 1)
            if resync is not None:  # the next frame's header, read as this frame's body
                reader.push_back(body[resync.start():])
            await _maybe_await(write(_error(None, PARSE_ERROR, f"Parse error: {exc}")))
            continue
        if not isinstance(data, dict):
            log.warning("a frame that is not a JSON object: answered with an invalid request error")
            await _maybe_await(write(_error(None, INVALID_REQUEST, "Invalid request: not a JSON object")))
            continue
        try:
            message = protocol.structure_message(data)
        except JsonRpcException as exc:
            await _invalid_params(data, exc, write)
            continue
        put(message)
        try:
            protocol.handle_message(message)
        except Exception as exc:  # noqa: BLE001  (the server keeps serving, as pygls's loop does)
            log.exception("Unable to handle message")
            if error_handler is not None:
                error_handler(exc, JsonRpcException)
        settle()


def _nothing(*args: Any) -> None:
    pass


async def _invalid_params(data: dict[str, Any], exc: JsonRpcException, write: Callable[[bytes], Any]) -> None:
    """A message whose params do not fit the protocol's types: logged, and a request answered
    with ``InvalidParams`` (a notification gets no answer). A string field must hold a string:
    cattrs would turn ``"text": null`` into the text ``"None"`` (see ``strict_converter``)."""
    method = data.get("method", "?")
    cause = exc.__cause__ or exc
    log.error("invalid message for %s: %s", method, str(cause).splitlines()[0] if str(cause) else type(cause).__name__)
    if "id" in data and "method" in data:
        await _maybe_await(write(_error(data["id"], INVALID_PARAMS, f"invalid params for {method}")))


def serve_stdio(server: GoldlintServer, stdin: BinaryIO | None, stdout: BinaryIO | None) -> None:
    """pygls's stdio server (``start_io``), over :func:`run_frames`."""
    from pygls.io_ import StdoutWriter

    writer = StdoutWriter(stdout or sys.stdout.buffer)
    server.protocol.set_writer(writer)
    stdin = stdin or sys.stdin.buffer
    widen_pipe(stdin)
    reader = FrameReader.over_file(stdin, server.thread_pool)
    try:
        asyncio.run(run_frames(server.stopping, reader, server.protocol, writer.write, server.report_server_error, server.whole_texts))
    except BrokenPipeError:
        log.error("Connection to the client is lost! Shutting down the server.")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()


PIPE_SIZE = 1 << 20  # bytes: Linux's default ceiling for an unprivileged process (/proc/sys/fs/pipe-max-size)


def widen_pipe(stream: Any) -> None:
    """A pipe from the client holds 1 MiB instead of 64 KiB (Linux; elsewhere nothing changes): a
    whole-text change of a 30 MB file passes in 30 pieces instead of 460, each a wake-up of
    the client that writes and of the thread that reads."""
    try:
        import fcntl

        fcntl.fcntl(stream.fileno(), fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    except (ImportError, AttributeError, OSError, ValueError):  # not a pipe, not Linux, or not allowed
        pass


def serve_tcp(server: GoldlintServer, host: str, port: int) -> None:
    """pygls's TCP server (``start_tcp``), over :func:`run_frames`: one client, then the server
    leaves. "Serving on ..." names the port (``--port 0``) on the ``pygls.server`` logger, as pygls does."""
    listening: list[asyncio.Server] = []

    async def connection(stream: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        server.protocol.set_writer(writer)
        try:
            await run_frames(server.stopping, FrameReader.over_stream(stream), server.protocol, writer.write, server.report_server_error,
                             server.whole_texts)
        finally:
            server.shutdown()
            for listener in listening:
                listener.close()

    async def listen() -> None:
        listener = await asyncio.start_server(connection, host, port, limit=MAX_HEADER_LINE)
        listening.append(listener)
        addresses = ", ".join(str(sock.getsockname()) for sock in listener.sockets)
        logging.getLogger("pygls.server").info("Serving on %s", addresses)
        async with listener:
            await listener.serve_forever()

    try:
        asyncio.run(listen())
    except asyncio.CancelledError:  # the listener closed after its client left (``exit`` leaves by SystemExit, as in pygls)
        pass


def frame(body: bytes, content_type: str = "application/vscode-jsonrpc; charset=utf-8") -> bytes:
    """One frame of the base protocol around a JSON body."""
    return b"Content-Length: %d\r\nContent-Type: %s\r\n\r\n%s" % (len(body), content_type.encode("ascii"), body)


def _decode(body: bytes) -> Any:
    """A frame's JSON: by orjson (a whole-text change of a 30 MB file is a 30 MB frame: the
    standard parser took a third of a second over it), by the standard parser for what orjson
    refuses and JSON allows (a lone surrogate's escape, an integer over 64 bits). Only the
    message itself is structured: a nested object with a `jsonrpc` key is data, not a message."""
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError:
        return json.loads(body)


def _error(msg_id: Any, code: int, message: str) -> bytes:
    return frame(json.dumps({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}).encode("utf-8"))


async def _maybe_await(value: Awaitable[Any] | Any) -> None:
    if asyncio.iscoroutine(value) or isinstance(value, asyncio.Future):
        await value
