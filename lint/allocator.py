"""Freed memory kept for reuse while a large file is read a chunk at a time (glibc).

Streaming a file allocates buffers of a few megabytes, one after another. glibc gives such
a buffer back to the kernel as soon as it is freed (an mmap of its own, or the top of the
heap past its trim threshold), so every next one faults its pages in anew: on a 300 MB JSONL
file some 60,000 page faults, a sixth of a second of system time, more than the reading
itself. Raised thresholds keep the freed buffers for the next ones. The peak stays what it
was: only the giving back waits for the end of the process, a command-line run.
"""

from __future__ import annotations

import sys

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # (mallopt's parameters, malloc.h)
_TRIM_THRESHOLD = 256 << 20  # free memory at the heap's top kept, not trimmed
_MMAP_THRESHOLD = 64 << 20  # buffers below this come from the heap (and are reused), not mmaps of their own

_tuned = False


def reuse_freed_buffers() -> None:
    """Raise glibc's thresholds, once per process (elsewhere: nothing to do)."""
    global _tuned
    if _tuned or not sys.platform.startswith("linux"):
        return
    _tuned = True
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt  # (the process's own C library)
    except (OSError, AttributeError):
        return
    mallopt(_M_TRIM_THRESHOLD, _TRIM_THRESHOLD)
    mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD)
