"""goldlint.allocator: a streamed check raises glibc's thresholds, once; the language server's reading does not."""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path
from typing import Any

import pytest

from goldlint import allocator, engine
from goldlint import config as cfg


class _Libc:
    def __init__(self) -> None:
        self.calls: list[tuple[int, int]] = []

    def mallopt(self, parameter: int, value: int) -> int:
        self.calls.append((parameter, value))
        return 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_streaming_keeps_freed_buffers_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    libc = _Libc()
    monkeypatch.setattr(ctypes, "CDLL", lambda name: libc)
    monkeypatch.setattr(allocator, "_tuned", False)
    path = tmp_path / "gold.jsonl"
    path.write_bytes(b'{"a": 1}\n' * 10)
    loaded = cfg.Loaded(cfg.Settings(), None, tmp_path)
    read = engine.read_document(path, loaded)  # (what the language server's workspace index reads: no tuning in a long-lived process)
    assert read is not None and len(list(read.records())) == 10
    assert libc.calls == []
    monkeypatch.setattr(engine, "STREAM_ABOVE", 0)
    for _ in range(2):
        engine.check_file(path, loaded)  # (streamed: its kind is not recognised, but it was read)
    # M_TRIM_THRESHOLD and M_MMAP_THRESHOLD, raised above a streamed chunk's few megabytes
    assert libc.calls == [(-1, allocator._TRIM_THRESHOLD), (-3, allocator._MMAP_THRESHOLD)]
    assert min(allocator._TRIM_THRESHOLD, allocator._MMAP_THRESHOLD) > 4 * engine._CHUNK


def test_without_a_c_library_nothing_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: Any) -> Any:
        raise OSError("no C library")

    monkeypatch.setattr(ctypes, "CDLL", missing)
    monkeypatch.setattr(allocator, "_tuned", False)
    allocator.reuse_freed_buffers()  # (no error)
