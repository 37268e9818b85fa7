"""`serve` latency: from a ``didChange`` to the ``publishDiagnostics`` of that version.

Starts ``python -m goldlint.server`` over stdio, opens the file, then makes ``EDITS`` edits
one after another, each as soon as the previous one's diagnostics arrived: one letter of
a value (an intent, a register, a severity, ...) is replaced by ``X``, then restored, at
random places (seeded). Reported: the time to the first publication of each version
(median, p95 — nearest rank — and max over the edits), the open (first full check), and
"settled": after an edit, the time until the full check is published (for a large JSON
Lines or TSV file the server first publishes a quick check of the edited lines, for a
large JSON or YAML document one of the edited entries, then the full check after a pause
in typing).
The server's own peak RSS (``VmHWM``) is read before it is shut down.

The client is a bare JSON-RPC client: it encodes with orjson (an editor encodes natively:
VS Code's ``JSON.stringify``), writes each frame as a native client's event loop does
(:class:`PipeWriter`: from the frame's own bytes, as the pipe takes them) and decodes with
``json.loads``. The time of an edit starts
once the editor's new text exists (for a whole-text change, the whole new text) and
includes encoding the message, the pipe, and everything the server does until the
publication of that version arrives; how much of it was the client's encoding is reported
apart (``client_encode_median_ms``: a whole-text change of a 30 MB text is ~70 ms of it,
which no server can save). Used by the ``serve`` cases
(``serve_cases.py``) and by ``tests/server/bench_latency.py``.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import re
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from pygls.uris import from_fs_path

EDITS = 50
SETTLE = 3
# Per family folder: where an edit goes (group 1: the letter replaced).
PATTERNS: dict[str, str] = {
    "slu": r'"intent": "(\w)',
    "corpus": r'"register": "(\w)',
    "runcard": r'"predicted": "(\w)',
    "semantic": r'severity"?: "(\w)',
    "truth": r"\t([A-Z])[A-Z_]*$",
}
LANGUAGES = {".jsonl": "jsonl", ".json": "json", ".yaml": "yaml", ".yml": "yaml", ".tsv": "tsv"}


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class PipeWriter:
    """Writes to the server's stdin as a native client's event loop does (libuv, under VS Code
    and Neovim): straight from the message's own bytes, as much as the pipe takes at once, the
    rest each time the pipe is writable again, in order. asyncio's pipe transport instead
    copies whatever the pipe does not take at once into a buffer of its own (a whole-text
    change of 30 MB: 29 MB copied, then moved down as the pipe drains; 31 MB to a reading
    process: 18-25 ms that way, 12-18 ms this way), a cost no native client has. The pipe's
    file descriptor is the transport's (non-blocking); the transport is never written to."""

    def __init__(self, fd: int) -> None:
        self.fd, self.loop = fd, asyncio.get_running_loop()
        self.pending: deque[memoryview] = deque()

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        if not self.pending:
            view = view[self._put(view):]
            if not view:
                return
            self.loop.add_writer(self.fd, self._writable)
        self.pending.append(view)

    def _put(self, view: memoryview) -> int:
        try:
            return os.write(self.fd, view)
        except BlockingIOError:
            return 0

    def _writable(self) -> None:
        while self.pending:
            first = self.pending[0]
            n = self._put(first)
            if n < len(first):
                self.pending[0] = first[n:]
                return
            self.pending.popleft()
        self.loop.remove_writer(self.fd)


class RawClient:
    """A bare JSON-RPC client over the server's stdio."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc, self.next_id = proc, 0
        self.waiters: dict[int, asyncio.Future[object]] = {}
        self.on_notification = lambda method, params: None
        assert proc.stdin is not None
        self.pipe = PipeWriter(proc.stdin.get_extra_info("pipe").fileno())
        self.encoded_s = 0.0  # how long the last message took to encode
        self.reader = asyncio.get_running_loop().create_task(self._read())

    def send(self, method: str, params: object, request: bool = False) -> asyncio.Future[object] | None:
        message: dict[str, object] = {"jsonrpc": "2.0", "method": method, "params": params}
        future = None
        if request:
            self.next_id += 1
            message["id"] = self.next_id
            future = self.waiters[self.next_id] = asyncio.get_running_loop().create_future()
        self._write(message)
        return future

    @staticmethod
    def encode(message: dict[str, object]) -> bytes:
        """As an editor encodes its messages: natively (a 30 MB text: ~30 ms here when it is ASCII,
        ~70 ms when it is Cyrillic — a fresh ``str`` of two-byte characters made UTF-8; the
        standard encoder took 150-300 ms, which no real client spends and the server was charged for)."""
        return orjson.dumps(message)

    def _write(self, message: dict[str, object]) -> None:
        started = time.perf_counter()
        body = self.encode(message)
        self.encoded_s = time.perf_counter() - started  # (the client's own work, reported apart)
        self.pipe.write(b"Content-Length: %d\r\n\r\n" % len(body))
        self.pipe.write(body)  # (not joined to its header: a 30 MB copy no editor makes)

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while True:
            length = 0
            while (line := await self.proc.stdout.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            message = json.loads(await self.proc.stdout.readexactly(length))
            if "method" in message and "id" in message:  # a request from the server: answer it
                self._write({"jsonrpc": "2.0", "id": message["id"], "result": None})
            elif "method" in message:
                self.on_notification(message["method"], message.get("params"))
            elif message.get("id") in self.waiters:
                self.waiters.pop(message["id"]).set_result(message.get("result"))


def _caps() -> dict[str, object]:
    from lsprotocol.converters import get_converter
    from pytest_lsp import client_capabilities

    return get_converter().unstructure(client_capabilities("visual-studio-code@v1.65.2"))  # type: ignore[no-any-return]


def _vm_hwm_kib(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return line, utf16(text[start:offset])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


async def measure(path: Path, pattern: str, edits: int = EDITS, settle: int = SETTLE, seed: int = 1, whole_text: bool = False,
                  server: list[str] | None = None, on_arrival: Callable[[], object] = lambda: None) -> dict[str, Any]:
    """``whole_text``: each change sent as the document's whole new text (LSP lets a client do
    so; some do), instead of the range and its replacement. ``server``: the command that starts
    it (``tests/server/probe_latency.py`` times its stages); ``on_arrival``: called as each
    publication of a version arrives."""
    text = path.read_text(encoding="utf-8")
    spots = [m.start(1) for m in re.finditer(pattern, text, re.MULTILINE)]
    if not spots:
        raise ValueError(f"no place to edit in {path.name} (pattern {pattern})")
    proc = await asyncio.create_subprocess_exec(*(server or [sys.executable, "-m", "goldlint.server"]), stdin=asyncio.subprocess.PIPE,
                                                stdout=asyncio.subprocess.PIPE, limit=1 << 30)
    client = RawClient(proc)
    arrivals: dict[int, list[float]] = {}
    counts: dict[int, int] = {}
    changed = asyncio.Event()

    def notified(method: str, params: dict) -> None:  # type: ignore[type-arg]
        if method == "textDocument/publishDiagnostics" and params.get("version") is not None:
            on_arrival()
            arrivals.setdefault(params["version"], []).append(time.perf_counter())
            counts[params["version"]] = len(params["diagnostics"])
            changed.set()

    client.on_notification = notified

    async def until(version: int, n: int, timeout: float = 120) -> None:
        deadline = time.perf_counter() + timeout
        while len(arrivals.get(version, ())) < n:
            changed.clear()
            await asyncio.wait_for(changed.wait(), max(0.01, deadline - time.perf_counter()))

    await client.send("initialize", {"processId": os.getpid(), "rootUri": from_fs_path(str(path.parent)),  # type: ignore[misc]
                                     "capabilities": _caps()}, request=True)
    client.send("initialized", {})
    uri = from_fs_path(str(path)) or ""
    opened = time.perf_counter()
    client.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": LANGUAGES.get(path.suffix, "json"),
                                                          "version": 1, "text": text}})
    await until(1, 1)
    open_s = arrivals[1][0] - opened
    incremental = path.suffix in (".jsonl", ".tsv", ".json", ".yaml")  # the server's quick path: lines of large JSON Lines and TSV, entries of large JSON and YAML
    rng = random.Random(seed)
    quick: list[float] = []
    encoded: list[float] = []  # of each edit's message, by the client (part of its time to diagnostics)
    version, spot = 1, spots[0]
    current = text

    def edit(letter: str, width: int) -> float:
        """Send the edit; the moment it was sent (the editor's own text is made before it)."""
        nonlocal current
        if whole_text:
            current = current[:spot] + letter + current[spot + width:]
            change: dict[str, object] = {"text": current}
        else:
            line, col = _position(text, spot)
            change = {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + width}}, "text": letter}
        sent = time.perf_counter()
        client.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        return sent

    for n in range(edits):
        version += 1
        if n % 2 == 0:  # break one letter, then restore it
            spot = spots[rng.randrange(len(spots))]
        sent = edit("X" if n % 2 == 0 else text[spot], 1)
        encoded.append(client.encoded_s)
        await until(version, 1)
        quick.append(arrivals[version][0] - sent)
    settled: list[float] = []
    for _ in range(settle):  # an empty edit, then wait for its full check
        version += 1
        sent = edit("", 0)
        want = 2 if incremental else 1
        try:
            await until(version, want, timeout=30)
            settled.append(arrivals[version][want - 1] - sent)
        except TimeoutError:  # a small file is not checked incrementally: one publication
            settled.append(arrivals[version][-1] - sent)
    server_kib = _vm_hwm_kib(proc.pid)
    await client.send("shutdown", None, request=True)  # type: ignore[misc]
    client.send("exit", None)
    await proc.wait()
    quick_ms = [x * 1000 for x in quick]
    return {
        "file": path.name, "megabytes": round(len(text.encode("utf-8")) / 1e6, 1), "edits": edits,
        "diagnostics": counts.get(version), "open_ms": round(open_s * 1000),
        "edit_median_ms": round(statistics.median(quick_ms), 1), "edit_p95_ms": round(percentile(quick_ms, 0.95), 1),
        "edit_max_ms": round(max(quick_ms), 1), "client_encode_median_ms": round(statistics.median(encoded) * 1000, 1), "settled_median_ms": round(statistics.median(settled) * 1000),
        "server_peak_mib": round(server_kib / 1024) if server_kib else None,
    }


def latency(path: str) -> dict[str, Any]:
    """The ``serve`` cases' target: the file's family is its data folder's name."""
    p = Path(path)
    family = p.stem.split("-")[1] if p.parent.name == "serve" else p.parent.name
    return asyncio.run(measure(p, PATTERNS[family]))


def latency_whole_text(path: str) -> dict[str, Any]:
    """The same edits, each sent as the whole new text."""
    p = Path(path)
    family = p.stem.split("-")[1] if p.parent.name == "serve" else p.parent.name
    return asyncio.run(measure(p, PATTERNS[family], whole_text=True))
