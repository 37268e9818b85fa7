"""Reading what is not a regular file: a pipe, or standard input (``/dev/stdin``).

``stat`` says nothing of a stream's size, so the limit is counted while reading: at one
byte past it the reading stops (the caller reports GL011). A named pipe that no program
writes to is opened without waiting for one (it then reads as empty), so a check never
hangs on it. Devices (``/dev/zero``, ``/dev/urandom``, a terminal) are not read at all.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from stat import S_ISFIFO

_CHUNK = 1 << 20


def is_stream(mode: int) -> bool:
    return S_ISFIFO(mode)


def read_stream(path: Path, limit: int) -> bytes | None:
    """The stream's bytes, or None when it holds more than ``limit``."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # (a FIFO without a writer: no wait)
    try:
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
        fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)  # then block for data, as a pipe is read
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, min(_CHUNK, limit + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                return None
        return b"".join(chunks)
    finally:
        os.close(fd)
