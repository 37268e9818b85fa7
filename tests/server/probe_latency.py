"""Where the time of an edit goes, from the client's send to the diagnostics it gets back.

    python -m tests.server.probe_latency FILE [--edits 20] [--whole-text] [--profile DIR]

Runs the ``serve`` benchmark's measurement (``tests/bench/serve.py``) with the server
started through this module, which times the stages of each message inside the server —
the body read off the pipe, its JSON decoded, structured into lsprotocol's types, the
change applied to the buffer (the diff of a whole-text change), the quick check, the
publication — the client's own encoding and writing, the garbage collector's pauses on
both sides and the background checks (full checks, the workspace index) that ran during
each edit. Every stamp is ``time.perf_counter`` (the system's monotonic clock, shared by
both processes). Printed: the median of each stage over the edits, in milliseconds, and how
many edits had a background check running beside them. ``--profile DIR`` also writes a cProfile of the server's event
loop (``DIR/loop.prof``) and of its check threads (``DIR/checks.prof``), for ``python -m pstats``.

A tool for reading the server, not a test (pytest does not collect it).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import functools
import gc
import json
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

LOG = "GOLDLINT_PROBE_LOG"
PROFILE = "GOLDLINT_PROBE_PROFILE"


# --------------------------------------------------------------------------- in the server


class Stamps:
    """Stamps written as JSON lines, one per event: ``[time, event, version-or-null]``."""

    def __init__(self, path: str) -> None:
        self.out = open(path, "a", encoding="utf-8")  # noqa: SIM115 (open for the server's life)
        self.lock = threading.Lock()

    def __call__(self, event: str, version: int | None = None) -> None:
        line = json.dumps([time.perf_counter(), event, version])
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()


def _timed(stamp: Stamps, name: str, fn: Callable[..., Any], version: Callable[..., int | None] = lambda *a: None) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        stamp(f"{name}>", version(*args))
        try:
            return fn(*args, **kwargs)
        finally:
            stamp(f"{name}<", version(*args))

    return wrapper


def _profiled(profile: cProfile.Profile, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` run under ``profile`` (in whatever thread calls it; one call at a time)."""
    lock = threading.Lock()

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with lock:
            profile.enable()
            try:
                return fn(*args, **kwargs)
            finally:
                profile.disable()

    return wrapper


def serve() -> None:
    """The language server, with its stages stamped (and profiled when asked)."""
    from goldlint.server import checker, documents, frames, server, splice, workspace_index

    stamp = Stamps(os.environ[LOG])
    profile_dir = os.environ.get(PROFILE)

    read_exactly = frames.FrameReader._exactly

    async def exactly(self: frames.FrameReader, n: int) -> bytes:
        stamp("body>")
        try:
            return await read_exactly(self, n)
        finally:
            stamp("body<")

    frames.FrameReader._exactly = exactly  # type: ignore[method-assign]
    frames._decode = _timed(stamp, "decode", frames._decode)
    splice.WholeTexts.read = _timed(stamp, "apart", splice.WholeTexts.read)  # type: ignore[method-assign]
    frames.frame = _timed(stamp, "frame", frames.frame)
    documents.DocState.apply = _timed(stamp, "apply", documents.DocState.apply, lambda self, changes, version, enc: version)
    checker.Checker._quick = _timed(stamp, "quick", checker.Checker._quick)
    checker.Checker._full = _timed(stamp, "full", checker.Checker._full)
    server.GoldlintServer.publish = _timed(stamp, "publish", server.GoldlintServer.publish, lambda self, state: state.version)
    workspace_index.WorkspaceIndex._index = _timed(stamp, "index", workspace_index.WorkspaceIndex._index)  # type: ignore[method-assign]
    gc.callbacks.append(lambda phase, info: stamp("gc>" if phase == "start" else "gc<"))
    protocol = server.GoldlintProtocol
    protocol.structure_message = _timed(stamp, "structure", protocol.structure_message)  # type: ignore[method-assign]
    protocol.handle_message = _timed(stamp, "handle", protocol.handle_message)  # type: ignore[method-assign]

    loop_profile = checks_profile = None
    if profile_dir:
        loop_profile, checks_profile = cProfile.Profile(), cProfile.Profile()
        checker.Checker._quick = _profiled(checks_profile, checker.Checker._quick)
    from goldlint.server.run import run_server

    if loop_profile is not None:
        loop_profile.enable()  # (the main thread: the event loop — decoding, structuring, applying, publishing)
    try:
        run_server()
    finally:
        if loop_profile is not None and checks_profile is not None and profile_dir:
            loop_profile.disable()
            loop_profile.dump_stats(str(Path(profile_dir) / "loop.prof"))
            checks_profile.dump_stats(str(Path(profile_dir) / "checks.prof"))


# --------------------------------------------------------------------------- in the client

STAGES = (
    ("client encode", "encode>", "encode<"),
    ("client writing (until the pipe took the last byte)", "encode<", "written"),
    ("client write → server has body", "encode<", "body<"),
    ("  server reading the body", "body>", "body<"),
    ("JSON decode", "decode>", "decode<"),
    ("whole text read apart (splice.py)", "apart>", "apart<"),
    ("structure (lsprotocol)", "structure>", "structure<"),
    ("apply (diff, buffer)", "apply>", "apply<"),
    ("handle (incl. apply)", "handle>", "handle<"),
    ("handled → quick check starts", "handle<", "quick>"),
    ("quick check", "quick>", "quick<"),
    ("quick check → published", "quick<", "publish<"),
    ("published → client has it", "publish<", "arrived"),
    ("total (send → diagnostics)", "encode>", "arrived"),
)


# Time an edit spent (from its send to its diagnostics) beside other work: (label, start events, end events).
OVERLAPS = {
    "server GC pauses": (("gc>",), ("gc<",)),
    "client GC pauses": (("cgc>",), ("cgc<",)),
    "background checks running (full, index)": (("full>", "index>"), ("full<", "index<")),
}


def _overlaps(events: list[tuple[float, str]], start: float, end: float) -> dict[str, float]:
    """Milliseconds of ``start..end`` during which each of :data:`OVERLAPS` was going on."""
    out = {}
    for label, (opens, closes) in OVERLAPS.items():
        total, since = 0.0, None
        for t, name in events:
            if name in opens and since is None:
                since = t
            elif name in closes and since is not None:
                total += max(0.0, min(t, end) - max(since, start))
                since = None
        if since is not None:
            total += max(0.0, end - max(since, start))
        out[label] = total * 1000
    return out


def _stages(events: list[tuple[float, str]]) -> dict[str, float]:
    """One edit's stages: the first stamp of each event after the edit was sent."""
    first: dict[str, float] = {}
    for t, name in events:
        first.setdefault(name, t)
    out = {}
    for label, a, b in STAGES:
        if a in first and b in first and first[b] >= first[a]:
            out[label] = (first[b] - first[a]) * 1000
    return out


async def probe(path: Path, edits: int, whole_text: bool, profile_dir: Path | None) -> dict[str, Any]:
    from tests.bench import serve as bench

    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"goldlint-probe-{os.getpid()}.jsonl"
    log.unlink(missing_ok=True)
    os.environ[LOG] = str(log)
    if profile_dir is not None:
        profile_dir.mkdir(parents=True, exist_ok=True)
        os.environ[PROFILE] = str(profile_dir)
    client_stamps: list[tuple[float, str]] = []
    encode = bench.RawClient.encode

    def stamped_encode(message: dict[str, object]) -> bytes:
        edit = message.get("method") == "textDocument/didChange"
        if edit:
            client_stamps.append((time.perf_counter(), "encode>"))
        body = encode(message)
        if edit:
            client_stamps.append((time.perf_counter(), "encode<"))
        return body

    write, writable = bench.PipeWriter.write, bench.PipeWriter._writable

    def stamped_write(self: bench.PipeWriter, data: bytes) -> None:
        write(self, data)
        if len(data) > 1 << 16 and not self.pending:  # (a frame's body the pipe took at once)
            client_stamps.append((time.perf_counter(), "written"))

    def stamped_writable(self: bench.PipeWriter) -> None:
        writable(self)
        if not self.pending:  # (the last of what the pipe did not take at once)
            client_stamps.append((time.perf_counter(), "written"))

    def client_gc(phase: str, info: dict[str, Any]) -> None:
        client_stamps.append((time.perf_counter(), "cgc>" if phase == "start" else "cgc<"))

    bench.RawClient.encode = staticmethod(stamped_encode)  # type: ignore[method-assign]
    bench.PipeWriter.write, bench.PipeWriter._writable = stamped_write, stamped_writable  # type: ignore[method-assign]
    gc.callbacks.append(client_gc)
    family = path.parent.name if path.parent.name in bench.PATTERNS else path.stem.split("-")[1]
    try:
        result = await bench.measure(path, bench.PATTERNS[family], edits=edits, settle=1, whole_text=whole_text,
                                     server=[sys.executable, "-m", "tests.server.probe_latency", "--as-server"],
                                     on_arrival=lambda: client_stamps.append((time.perf_counter(), "arrived")))
    finally:
        bench.RawClient.encode = encode  # type: ignore[method-assign]
        bench.PipeWriter.write, bench.PipeWriter._writable = write, writable  # type: ignore[method-assign]
        gc.callbacks.remove(client_gc)
    server_events = [(t, name) for t, name, _ in map(json.loads, log.read_text(encoding="utf-8").splitlines())]
    events = sorted(client_stamps + server_events)
    sends = [t for t, name in client_stamps if name == "encode>"][:edits]  # (the edits timed; settling ones follow)
    per_edit = []
    for n, sent in enumerate(sends):
        until = sends[n + 1] if n + 1 < len(sends) else float("inf")
        window = [(t, name) for t, name in events if sent <= t < until]
        stages = _stages(window)
        arrived = next((t for t, name in window if name == "arrived"), until)
        stages.update(_overlaps(events, sent, arrived))
        per_edit.append(stages)
    labels = [label for label, *_ in STAGES] + list(OVERLAPS)
    medians = {label: round(statistics.median(values), 1) for label in labels if (values := [e[label] for e in per_edit if label in e])}
    log.unlink(missing_ok=True)
    busy = sum(1 for e in per_edit if e.get("background checks running (full, index)", 0) > 0)
    return {"file": path.name, "whole_text": whole_text, "edit_median_ms": result["edit_median_ms"], "stages_median_ms": medians,
            "edits_with_background_checks": busy}


def main() -> None:
    if sys.argv[1:] == ["--as-server"]:
        serve()
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--whole-text", action="store_true")
    parser.add_argument("--profile", type=Path, default=None)
    args = parser.parse_args()
    got = asyncio.run(probe(args.file.resolve(), args.edits, args.whole_text, args.profile))
    print(json.dumps(got, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
