"""The server keeps talking: malformed frames over its real stdio, from a JSON-RPC client of
our own (a client library would never send them). After each bad frame the server still
answers ``initialize``, and its diagnostics on a known defect sit where the CLI puts them."""

from __future__ import annotations

import json
import queue
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from .helpers import DATA

WAIT = 20.0


def read_messages(out: Any, messages: queue.Queue[dict[str, Any]]) -> None:
    """Every message the server writes to ``out``, until the stream ends."""
    while True:
        length = None
        while True:
            line = out.readline()
            if not line:
                return
            if line.strip() == b"":
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        assert length is not None
        messages.put(json.loads(out.read(length)))


class RawClient:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "goldlint", "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        read_messages(self.proc.stdout, self.messages)

    def raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, payload: dict[str, Any]) -> None:
        body = json.dumps(payload).encode("utf-8")
        self.raw(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))

    def expect(self, match: Any) -> dict[str, Any]:
        while True:
            message = self.messages.get(timeout=WAIT)
            if match(message):
                return message

    def initialize(self, n: int) -> dict[str, Any]:
        self.send({"jsonrpc": "2.0", "id": n, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        return self.expect(lambda m: m.get("id") == n)

    def close(self) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()  # end of stream: the server leaves, its stdout ends, the reading thread too
        try:
            self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=WAIT)
        self._thread.join(timeout=WAIT)
        self.proc.stdout.close()


@pytest.fixture
def client():  # type: ignore[no-untyped-def]
    c = RawClient()
    yield c
    c.close()


def _initialize_frame(n: int, header: bytes = b"Content-Length", eol: bytes = b"\r\n") -> bytes:
    body = json.dumps({"jsonrpc": "2.0", "id": n, "method": "initialize",
                       "params": {"processId": None, "rootUri": None, "capabilities": {}}}).encode()
    return header + b": %d" % len(body) + eol + eol + body


@pytest.mark.parametrize("length", [b"1000000000000", b"9223372036854775808", b"-5", b"ten", b"1" * 5000])  # (5,000 digits: more than int() reads)
def test_an_absurd_content_length_is_skipped_and_the_server_answers_after_it(client: RawClient, length: bytes) -> None:
    client.raw(b"Content-Length: " + length + b"\r\n\r\n{")  # (before: MemoryError or OverflowError, and the server died)
    assert "result" in client.initialize(1)


def test_header_names_in_any_case_and_lf_only_lines_are_read(client: RawClient) -> None:
    client.raw(_initialize_frame(1, header=b"content-length"))
    assert "result" in client.expect(lambda m: m.get("id") == 1)
    client.raw(_initialize_frame(2, eol=b"\n"))
    assert "result" in client.expect(lambda m: m.get("id") == 2)


def test_a_content_length_smaller_than_the_body_is_a_parse_error_then_the_server_reads_on(client: RawClient) -> None:
    body = b'{"jsonrpc": "2.0", "method": "x", "params": {}}'
    client.raw(b"Content-Length: 10\r\n\r\n" + body)  # 10 of its bytes are the frame; the rest is junk before the next header
    error = client.expect(lambda m: "error" in m)
    assert error["id"] is None and error["error"]["code"] == -32700
    assert "result" in client.initialize(3)


def test_a_content_length_larger_than_the_body_is_a_parse_error_then_the_next_frame_is_found(client: RawClient) -> None:
    short = b'{"jsonrpc": "2.0", "method": "x"}'
    client.raw(b"Content-Length: 200\r\n\r\n" + short + _initialize_frame(4) + b" " * 200)  # the next frame is read as its body
    error = client.expect(lambda m: "error" in m)
    assert error["error"]["code"] == -32700
    assert "result" in client.expect(lambda m: m.get("id") == 4)


def test_after_the_abuse_diagnostics_sit_where_the_cli_puts_them(client: RawClient, tmp_path: Path) -> None:
    client.raw(b"content-length: 7\n\n{oops}}" + b"Content-Length: 99999999999999999999\r\n\r\n")
    assert "result" in client.initialize(5)
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    gold = tmp_path / "defective.jsonl"
    text = (DATA / "defective.jsonl").read_text(encoding="utf-8")
    gold.write_text(text, encoding="utf-8")
    uri = gold.as_uri()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    published = client.expect(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    shown = sorted((d["code"], d["range"]["start"]["line"] + 1) for d in published["params"]["diagnostics"])
    from goldlint.engine import check_file

    assert shown == sorted((d.code, d.span.start.line) for d in check_file(gold).diagnostics)


@pytest.mark.parametrize("body", [b"3", b"null", b'"text"', b"[]"])
def test_a_body_that_is_json_but_no_object_is_an_invalid_request_and_the_server_reads_on(client: RawClient, body: bytes) -> None:
    client.raw(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))  # (before: TypeError for 3 and null, and the server died)
    error = client.expect(lambda m: "error" in m)
    assert error["id"] is None and error["error"]["code"] == -32600
    assert "result" in client.initialize(7)


def test_over_tcp_a_bad_frame_is_answered_and_the_server_reads_on() -> None:
    """The TCP server runs the same frame loop as stdio (pygls's own would stop answering)."""
    proc = subprocess.Popen([sys.executable, "-m", "goldlint", "serve", "--tcp", "--port", "0"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert proc.stderr is not None
        port = None
        while port is None and (line := proc.stderr.readline()):
            if found := re.search(rb"Serving on \('[^']*', (\d+)\)", line):
                port = int(found.group(1))
        assert port is not None, "the server exited without listening"
        messages: queue.Queue[dict[str, Any]] = queue.Queue()
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock, sock.makefile("rb") as stream:
            reader = threading.Thread(target=read_messages, args=(stream, messages), daemon=True)
            reader.start()
            body = b'{"jsonrpc": "2.0", "method": "x", "params": {}}'
            sock.sendall(b"content-length: 10\n\n" + body + _initialize_frame(8))
            first = messages.get(timeout=WAIT)
            assert first["id"] is None and first["error"]["code"] == -32700
            assert "result" in messages.get(timeout=WAIT)
            proc.kill()  # the connection ends: the reading thread with it
            reader.join(timeout=WAIT)
    finally:
        proc.kill()
        proc.wait(timeout=WAIT)
        if proc.stderr is not None:
            proc.stderr.close()


def test_a_second_initialize_from_a_pulling_client_is_answered_too(client: RawClient) -> None:
    """Pull diagnostics are registered by the first ``initialize`` that offers them, once."""
    pulling: dict[str, Any] = {"textDocument": {"diagnostic": {}}}
    for n in (11, 12):
        client.send({"jsonrpc": "2.0", "id": n, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": pulling}})
        answer = client.expect(lambda m, n=n: m.get("id") == n)
        assert "diagnosticProvider" in answer["result"]["capabilities"], answer


def test_shutdown_ends_the_message_loop_and_the_transport_is_built_from_public_pygls() -> None:
    """GoldlintServer.start_io stands in for pygls's stdio loop, on pygls's public
    ``StdoutWriter`` and ``protocol.set_writer``; pygls's ``shutdown()`` (on ``exit``, or a
    lost client) ends goldlint's loop through ``stopping``."""
    from importlib.metadata import version

    import pygls.io_

    from goldlint.server.server import GoldlintServer

    major = int(version("pygls").split(".")[0])
    assert major == 2, "pygls 2.x: re-read goldlint/server/frames.py against this version's io_ loop"
    server = GoldlintServer()
    assert not server.stopping.is_set()
    server.shutdown()
    assert server.stopping.is_set()
    assert hasattr(pygls.io_, "StdoutWriter") and hasattr(server.protocol, "set_writer")


def test_a_yaml_escape_beyond_unicode_is_published_where_the_cli_puts_it(client: RawClient, tmp_path: Path) -> None:
    """Opening YAML with ``"\\UFFFFFFFF"`` never published diagnostics (a pull waited 120 s):
    the OverflowError in the reader ended the check. Now its GL003 comes, at the escape."""
    assert "result" in client.initialize(1)
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    gold = tmp_path / "gold.yaml"
    text = 'a: "\\UFFFFFFFF"\n'
    gold.write_text(text, encoding="utf-8")
    uri = gold.as_uri()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    published = client.expect(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    shown = [(d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"]) for d in published["params"]["diagnostics"]]
    assert ("GL003", 0, 4) in shown, shown
    assert "result" in client.initialize(2)  # (and it still answers)


async def test_a_large_body_is_read_with_the_gil_handed_back_promptly() -> None:
    """While a body over ``PROMPT_ABOVE`` comes in (a whole-text change), a busy thread gives the
    GIL back after ``PROMPT_SWITCH`` (the reader needs it after every piece of the pipe); a
    small body leaves Python's interval, and the interval is put back after the large one."""
    from goldlint.server.frames import PROMPT_ABOVE, PROMPT_SWITCH, FrameReader

    usual = sys.getswitchinterval()
    sizes = [10, PROMPT_ABOVE + 1, 10]
    lines = [line for n in sizes for line in (b"Content-Length: %d\r\n" % n, b"\r\n")]
    intervals: list[float] = []

    async def readline(limit: int) -> bytes:
        return lines.pop(0) if lines else b""

    async def read(n: int) -> bytes:  # (the pipe's pieces: at most 1 MiB each)
        intervals.append(sys.getswitchinterval())
        return b"x" * min(n, 1 << 20)

    reader = FrameReader(readline, read)
    bodies = [await reader.next_body() for _ in sizes]
    assert [len(b) for b in bodies if b is not None] == sizes
    assert intervals == [usual, PROMPT_SWITCH, PROMPT_SWITCH, usual]
    assert sys.getswitchinterval() == usual


@pytest.mark.parametrize("body", [b"[" * 1100 + b"]" * 1100, b"[" * 1000 + b'"\\ud800"' + b"]" * 1000],
                         ids=["deeper-than-any-reader", "deep-with-what-orjson-refuses"])
def test_a_body_nested_past_what_a_reader_reads_is_a_parse_error_and_the_server_reads_on(client: RawClient, body: bytes) -> None:
    """(Before: the standard library's reader, asked for what orjson refuses, raised RecursionError,
    and the server died; found by a hostile-input sweep.)"""
    client.raw(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    error = client.expect(lambda m: "error" in m)
    assert error["id"] is None and error["error"]["code"] in (-32700, -32600)
    assert "result" in client.initialize(8)


def test_a_large_change_of_two_whole_texts_is_applied_in_order(client: RawClient, tmp_path: Path) -> None:
    """A didChange over 1 MiB whose first content change is a whole text and another follows: the
    frame is decoded whole and the changes applied in order (the large-frame reading took the
    first text's opening quote to the last text's closing one as one string, refused the frame as
    not JSON, and the change was lost: the buffer no longer the client's; found by a
    hostile-input sweep of the server)."""
    assert "result" in client.initialize(9)
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    clean = (DATA / "clean.jsonl").read_text(encoding="utf-8")
    defective = (DATA / "defective.jsonl").read_text(encoding="utf-8")
    uri = (tmp_path / "gold.jsonl").as_uri()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "jsonl", "version": 1, "text": "{}\n"}}})
    client.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                 "params": {"textDocument": {"uri": uri, "version": 2},
                            "contentChanges": [{"text": clean * (1_200_000 // len(clean) + 1)}, {"text": defective}]}})
    published = client.expect(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == 2)
    (tmp_path / "gold.jsonl").write_text(defective, encoding="utf-8")
    from goldlint.engine import check_file

    assert sorted({d["code"] for d in published["params"]["diagnostics"]}) == sorted({d.code for d in check_file(tmp_path / "gold.jsonl").diagnostics})
