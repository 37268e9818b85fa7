"""The stdio transport's frames, read so that one bad frame never silences the server.

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
  from that header.

It is the one place that stands in for a piece of pygls: :meth:`GoldlintServer.start_io`
runs it instead of ``run_async`` (a test pins the pygls versions it was written against).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, BinaryIO

import orjson

MAX_HEADER_LINE = 8 << 10  # bytes: a header line is short; a longer one is junk
MAX_BODY = 512 << 20  # bytes: a 50 MB document, escaped as JSON, fits many times over
_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*(\S*)", re.IGNORECASE)
PARSE_ERROR = -32700

log = logging.getLogger("goldlint.server")


class FrameReader:
    """Frame bodies from a binary stream, read in a worker thread (reads block)."""

    def __init__(self, stream: BinaryIO, executor: ThreadPoolExecutor | None = None) -> None:
        self.stream = stream
        self.executor = executor
        self.pending = b""  # bytes read but not yet used (what followed a bad frame)

    async def _call(self, fn: Callable[..., bytes], *args: Any) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    async def _line(self) -> bytes:
        if (at := self.pending.find(b"\n")) >= 0:
            line, self.pending = self.pending[: at + 1], self.pending[at + 1 :]
            return line
        line = self.pending + await self._call(self.stream.readline, MAX_HEADER_LINE)
        self.pending = b""
        return line

    async def _exactly(self, n: int) -> bytes:
        body, self.pending = self.pending[:n], self.pending[n:]
        while len(body) < n:
            more = await self._call(self.stream.read, n - len(body))
            if not more:
                break
            body += more
        return body

    def push_back(self, data: bytes) -> None:
        self.pending = data + self.pending

    async def next_body(self) -> bytes | None:
        """The next frame's body; None at the end of the stream."""
        length: int | None = None
        while True:
            line = await self._line()
            if not line:
                return None
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
            if not value.isdigit() or int(value) > MAX_BODY:
                log.warning("Content-Length %r is not a length up to %d bytes: frame skipped", value[:40], MAX_BODY)
                length = None
                continue
            length = int(value)
        body = await self._exactly(length)
        return body if len(body) == length else None


async def run_frames(stop_event: threading.Event, reader: FrameReader, protocol: Any, write: Callable[[bytes], Any],
                     error_handler: Callable[[Exception, type], Any] | None = None, exception_type: type = Exception) -> None:
    """pygls's message loop, over :class:`FrameReader`: each body decoded with the protocol's
    own ``structure_message`` and handed to ``handle_message``, as pygls does."""
    while not stop_event.is_set():
        body = await reader.next_body()
        if body is None:
            break
        try:
            message = protocol.structure_message(_decode(body))
        except ValueError as exc:  # not JSON (or not UTF-8): a frame whose length was wrong, or junk
            log.warning("a frame that is not JSON (%s): answered with a parse error", exc)
            resync = _LENGTH.search(body, 1)
            if resync is not None:  # the next frame's header, read as this frame's body
                reader.push_back(body[resync.start():])
            await _maybe_await(write(_frame({"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": f"Parse error: {exc}"}})))
            continue
        try:
            protocol.handle_message(message)
        except Exception as exc:  # noqa: BLE001  (the server keeps serving, as pygls's loop does)
            log.exception("Unable to handle message")
            if error_handler is not None:
                error_handler(exc, exception_type)


def _decode(body: bytes) -> Any:
    """A frame's JSON: by orjson (a whole-text change of a 30 MB file is a 30 MB frame: the
    standard parser took a third of a second over it), by the standard parser for what orjson
    refuses and JSON allows (a lone surrogate's escape, an integer over 64 bits). Only the
    message itself is structured: a nested object with a `jsonrpc` key is data, not a message."""
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError:
        return json.loads(body)


def _frame(payload: dict[str, Any]) -> bytes:
    body = json.dumps(payload).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


async def _maybe_await(value: Awaitable[Any] | Any) -> None:
    if asyncio.iscoroutine(value) or isinstance(value, asyncio.Future):
        await value
