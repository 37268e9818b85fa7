"""Issue 23, the server: each bad frame, then an ``initialize`` that must be answered."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from typing import Any


def frame(message: dict[str, Any], header: str = "Content-Length", separator: bytes = b"\r\n") -> bytes:
    body = json.dumps(message).encode()
    return f"{header}: {len(body)}".encode() + separator + separator + body


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}}
CASES = {
    "huge-length": b"Content-Length: 1000000000000\r\n\r\n{",
    "overflow-length": b"Content-Length: 9223372036854775808\r\n\r\n{",
    "lowercase-header": frame({"jsonrpc": "2.0", "method": "x"}, header="content-length"),
    "lf-only": frame({"jsonrpc": "2.0", "method": "x"}, separator=b"\n"),
    "short-length": b'Content-Length: 10\r\n\r\n{"jsonrpc": "2.0", "id": 9, "x"}',
    "long-length": b'Content-Length: 60\r\n\r\n{"jsonrpc": "2.0", "id": 9}',
    "garbage": b"hello world\r\n\r\n",
}


def answered(bad: bytes) -> tuple[bool, bool]:
    """Whether ``initialize`` after ``bad`` is answered, and whether the server printed a traceback."""
    server = subprocess.Popen([sys.executable, "-m", "goldlint", "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert server.stdin is not None and server.stdout is not None and server.stderr is not None
    server.stdin.write(bad + frame(INITIALIZE))
    server.stdin.flush()
    got = b""
    deadline = time.time() + 20
    while time.time() < deadline and b'"id":1' not in got.replace(b" ", b""):
        ready, _, _ = select.select([server.stdout], [], [], 1)
        if ready:
            chunk = os.read(server.stdout.fileno(), 65536)
            if not chunk:
                break
            got += chunk
    server.stdin.close()
    server.kill()
    server.wait()
    return b'"id":1' in got.replace(b" ", b"") and b'"result"' in got, b"Traceback" in server.stderr.read()


if __name__ == "__main__":
    for name, bad in CASES.items():
        ok, traceback = answered(bad)
        print(f"### server-{name}: initialize answered={ok} traceback logged={traceback}")
