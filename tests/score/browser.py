"""A headless Chromium driven over the DevTools protocol through a pipe (stdlib only).

``--remote-debugging-pipe`` makes Chromium read commands on fd 3 and write replies and
events on fd 4, each a JSON message ended by a NUL byte. A tiny Python trampoline puts our
pipe ends on those two numbers and ``exec`` s the browser (``sh`` cannot: dash takes only
one-digit fd numbers, and the pipes' own numbers may be 3 or 4). Enough of the protocol to load a page, collect its console
errors, exceptions and network requests, run a script and take a screenshot.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


_TRAMPOLINE = ("import os, sys; r, w = int(sys.argv[1]), int(sys.argv[2]); os.dup2(r, 3); os.dup2(w, 4); "
               "os.close(r); os.close(w); os.execv(sys.argv[3], sys.argv[3:])")


def _high(fd: int) -> int:
    """The same pipe end on a number of 10 or more (so that dup2 onto 3 and 4 clobbers nothing)."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return moved


class Browser:
    def __init__(self, binary: str, profile: Path) -> None:
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        to_chrome_r, from_chrome_w = _high(to_chrome_r), _high(from_chrome_w)
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe",
                f"--user-data-dir={profile}", "about:blank"]
        self.proc = subprocess.Popen([sys.executable, "-c", _TRAMPOLINE, str(to_chrome_r), str(from_chrome_w), binary, *args],
                                     pass_fds=(to_chrome_r, from_chrome_w), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None

    def _send(self, method: str, params: dict[str, Any] | None = None, session: bool = True) -> int:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        return self._next

    def _read(self, deadline: float) -> dict[str, Any] | None:
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self._from_chrome], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(self._from_chrome, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, params: dict[str, Any] | None = None, session: bool = True, timeout: float = 30.0) -> dict[str, Any]:
        wanted = self._send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            message = self._read(deadline)
            if message is None:
                raise TimeoutError(f"no reply to {method}")
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method: str, timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        for event in self.events:
            if event.get("method") == method:
                return event
        while True:
            message = self._read(deadline)
            if message is None:
                raise TimeoutError(f"no {method} event")
            self.events.append(message)
            if message.get("method") == method:
                return message

    def drain(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while (message := self._read(deadline)) is not None:
            self.events.append(message)

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.call(f"{domain}.enable")
        self.call("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")
        self.drain(0.5)

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def screenshot(self) -> bytes:
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
        return base64.b64decode(data)

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions, failed loads and any request that is not local."""
        out = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                out.append(f"exception: {params['exceptionDetails'].get('text')}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                out.append(f"console.{params['type']}: {params.get('args')}")
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                out.append(f"log: {params['entry'].get('text')}")
            elif method == "Network.requestWillBeSent" and not params["request"]["url"].startswith(("file:", "data:", "about:")):
                out.append(f"network request: {params['request']['url']}")
            elif method == "Network.loadingFailed":
                out.append(f"loading failed: {params.get('errorText')}")
        return out

    def close(self) -> None:
        try:
            self._send("Browser.close", session=False)
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        finally:
            os.close(self._to_chrome)
            os.close(self._from_chrome)
