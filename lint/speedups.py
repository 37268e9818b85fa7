"""The compiled kernels, when this installation has them.

``_goldlint_speedups`` is built from ``native/`` into the wheel where the machine that built it
had a C compiler (``hatch_build.py``); each of its functions has a pure-Python twin in the
module that calls it, which the tests prove gives the same answer. :data:`native` is the
module, or None: goldlint then runs the twins. ``GOLDLINT_PURE=1`` in the environment runs the
twins even where the module is installed (to compare the two, or to rule a kernel out).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import ModuleType

# (a module built from older sources, without one of them: not used)
_KERNELS = ("buffer_offset", "columns", "count_byte", "first_flags", "plain_keys", "print_flags", "slurp_items", "strip_flags", "strs",
            "xsid_slot_tags")


def _load() -> ModuleType | None:
    if os.environ.get("GOLDLINT_PURE"):
        return None
    try:
        import _goldlint_speedups
    except ImportError:
        return None
    return _goldlint_speedups if all(hasattr(_goldlint_speedups, name) for name in _KERNELS) else None


native = _load()


COLON, LINE_FEED = ord(":"), ord("\n")


def _count_byte(data: bytes, byte: int, start: int = 0, end: int = sys.maxsize) -> int:
    return data.count(byte, start, end)


# How many times ``byte`` (an int) is in ``data[start:end]``: ``bytes.count``, compiled to
# count sixteen bytes at a time (five times faster: the colons and line breaks of a large file).
count_byte: Callable[..., int] = native.count_byte if native is not None else _count_byte
