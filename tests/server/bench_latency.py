"""Diagnostic latency after an edit in a 10,000-record SLU JSON Lines file.

    python tests/server/bench_latency.py [--edits 40] [--records 10000]

Starts ``python -m goldlint.server`` over stdio, opens the file (the public RuSLUn record
repeated with ids 1..N: about 24 MB), then makes edits at random lines, one after another,
each as soon as the previous one's diagnostics arrived, and reports how long each took
from sending ``didChange`` to receiving the ``publishDiagnostics`` of that version. Two
files: "real" (the record as published: its intents have upper-case letters, so every
record carries a SLU112 warning — 10,000 diagnostics a publication) and "clean" (intents
and inventory lower-cased: no diagnostics but the edit's own). The full check after a pause
in typing is measured too. Not a test (pytest does not collect it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pygls.uris import from_fs_path
from pytest_lsp import client_capabilities

HERE = Path(__file__).resolve().parent
RECORD = HERE.parent / "data" / "server" / "ruslun_example_record.json"


def records(n: int, clean: bool) -> list[str]:
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    if clean:
        record["inputs"]["annotation"] = record["inputs"]["annotation"].replace("RateBook", "ratebook")
        record["outputs"]["intent"] = "ratebook"
        record["outputs"]["slots"][2]["best_rating"] = "шести"
    lines = []
    for i in range(n):
        record["meta"]["id"] = i + 1
        lines.append(json.dumps(record, ensure_ascii=False))
    return lines


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class RawClient:
    """A bare JSON-RPC client: messages are read with ``json.loads`` only, as an editor would,
    so that the client's own decoding (pygls types every field) does not count as latency."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc, self.next_id = proc, 0
        self.waiters: dict[int, asyncio.Future[object]] = {}
        self.on_notification = lambda method, params: None
        self.reader = asyncio.get_running_loop().create_task(self._read())

    def send(self, method: str, params: object, request: bool = False) -> asyncio.Future[object] | None:
        message: dict[str, object] = {"jsonrpc": "2.0", "method": method, "params": params}
        future = None
        if request:
            self.next_id += 1
            message["id"] = self.next_id
            future = self.waiters[self.next_id] = asyncio.get_running_loop().create_future()
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        return future

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
                self.send_response(message["id"])
            elif "method" in message:
                self.on_notification(message["method"], message.get("params"))
            elif message.get("id") in self.waiters:
                self.waiters.pop(message["id"]).set_result(message.get("result"))

    def send_response(self, msg_id: object) -> None:
        body = json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": None}).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


async def run(label: str, lines: list[str], edits: int, folder: Path) -> dict[str, object]:
    path = folder / f"{label}.jsonl"
    text = "\n".join(lines) + "\n"
    path.write_text(text, encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "goldlint.server", stdin=asyncio.subprocess.PIPE,
                                                stdout=asyncio.subprocess.PIPE, limit=1 << 30)
    client = RawClient(proc)
    arrivals: dict[int, list[float]] = {}
    counts: dict[int, int] = {}
    changed = asyncio.Event()

    def notified(method: str, params: dict) -> None:  # type: ignore[type-arg]
        if method == "textDocument/publishDiagnostics" and params.get("version") is not None:
            arrivals.setdefault(params["version"], []).append(time.perf_counter())
            counts[params["version"]] = len(params["diagnostics"])
            changed.set()

    client.on_notification = notified

    async def until(version: int, n: int) -> None:
        while len(arrivals.get(version, ())) < n:
            changed.clear()
            await asyncio.wait_for(changed.wait(), 120)

    await client.send("initialize", {"processId": os.getpid(), "rootUri": from_fs_path(str(folder)),
                                     "capabilities": _caps()}, request=True)  # type: ignore[misc]
    client.send("initialized", {})
    uri = from_fs_path(str(path)) or ""
    opened = time.perf_counter()
    client.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "jsonl", "version": 1, "text": text}})
    await until(1, 1)
    first = arrivals[1][0] - opened
    rng = random.Random(1)
    intent = lines[0].index('"intent": "') + len('"intent": "')
    word = lines[0][intent:].split('"', 1)[0]
    col = utf16(lines[0][:intent])
    quick: list[float] = []
    version = 1
    line = 0
    for n in range(edits):
        version += 1
        # Break one letter of an intent (an SLU102 appears), then restore it (it goes).
        if n % 2 == 0:
            line = rng.randrange(len(lines))
        letter = "X" if n % 2 == 0 else word[0]
        sent = time.perf_counter()
        client.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + 1}}, "text": letter}]})
        await until(version, 1)
        quick.append(arrivals[version][0] - sent)
    full: list[float] = []
    for _ in range(3):  # the full check after a pause in typing: the version's second publication
        version += 1
        sent = time.perf_counter()
        client.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col}}, "text": ""}]})
        await until(version, 2)
        full.append(arrivals[version][1] - sent)
    await client.send("shutdown", None, request=True)  # type: ignore[misc]
    client.send("exit", None)
    await proc.wait()
    quick_ms = sorted(x * 1000 for x in quick)
    return {
        "file": label, "records": len(lines), "megabytes": round(len(text.encode("utf-8")) / 1e6, 1),
        "diagnostics": counts.get(version), "open_ms": round(first * 1000),
        "edit_median_ms": round(statistics.median(quick_ms), 1),
        "edit_p95_ms": round(quick_ms[max(0, int(len(quick_ms) * 0.95) - 1)], 1),
        "edit_max_ms": round(quick_ms[-1], 1),
        "full_after_pause_median_ms": round(statistics.median(full) * 1000),
    }


def _caps() -> dict[str, object]:
    from lsprotocol.converters import get_converter

    return get_converter().unstructure(client_capabilities("visual-studio-code@v1.65.2"))  # type: ignore[no-any-return]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--records", type=int, default=10_000)
    args = parser.parse_args()
    os.environ.setdefault("PYTHONPATH", str(HERE.parent.parent / "lint" / ".."))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
        for label, clean in (("clean", True), ("real", False)):
            print(json.dumps(await run(label, records(args.records, clean), args.edits, folder)), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
