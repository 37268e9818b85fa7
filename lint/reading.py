"""Reading what is not a regular file: a pipe, or standard input (``/dev/stdin``); and reading
only regular files, within a size limit, where a check reads a file it was not given
(:func:`open_regular`).

``stat`` says nothing of a stream's size, so the limit is counted while reading: at one
byte past it the reading stops (the caller reports GL011). A named pipe that no program
writes to is opened without waiting for one (it then reads as empty), so a check never
hangs on it. Devices (``/dev/zero``, ``/dev/urandom``, a terminal) are not read at all.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from stat import S_ISFIFO, S_ISREG
from typing import BinaryIO

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


class Unreadable(OSError):
    """Why :func:`open_regular` did not open a file (its message, for the caller's report of the file)."""


def open_regular(path: Path, limit: int, key: str = "max-file-size") -> BinaryIO:
    """``path`` open for reading, when it is a regular file of at most ``limit`` bytes (the
    config ``key`` sets it); else :class:`Unreadable`, an ``OSError`` as a missing file's is.

    For every file a check reads besides the one it checks (the other splits of a folder, an
    ontology, a corpus): those are not walked, so nothing else has looked at them, and a pipe
    among them would block the run forever, a huge file take its memory. The file is opened
    without waiting for a pipe's writer, then judged by what was opened (not by an earlier
    ``stat`` of the name: the name may be replaced in between)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        st = os.fstat(fd)
        if not S_ISREG(st.st_mode):
            raise Unreadable("not a regular file (a folder, a pipe or a device)")
        if st.st_size > limit:
            raise Unreadable(f"{st.st_size:,} bytes, over the limit of {limit:,} ({key})")
        return os.fdopen(fd, "rb")  # (O_NONBLOCK means nothing to a regular file's reads)
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: Path, limit: int, key: str = "max-file-size") -> bytes:
    """The bytes of a file :func:`open_regular` opens."""
    with open_regular(path, limit, key) as handle:
        return handle.read()
