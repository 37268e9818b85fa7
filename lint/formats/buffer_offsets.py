"""Where a value msgspec left undecoded lies in the bytes it was decoded from.

A ``msgspec.Raw`` decoded from a ``bytes`` object is a view of those bytes, not a copy: the
difference between its address and theirs is its byte offset in the file, exact whatever
the blanks between the items, and found without reading the bytes before it. Proving the
offsets from the text instead (:func:`.json_spans.item_bounds`) means comparing every item
with the file, which for a 100,000-entry corpus with findings in a few of its entries was a
third of the cost of placing them.

The addresses are read through CPython's buffer protocol (``PyObject_GetBuffer``, whose
``Py_buffer`` is part of the stable ABI): by the compiled ``buffer_offset`` where goldlint has
its kernels (:mod:`goldlint.speedups`), else by ctypes (its import alone costs 3 ms). Where
neither can be done (an interpreter without ctypes), or a value is not a view of the bytes (a
copy), there is no offset, and the caller proves it from the text.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from goldlint import speedups


def offsets_in(data: bytes) -> Callable[[Any], int | None] | None:
    """The offset in ``data`` of a buffer that is a view of its bytes (None for one that is
    not); None: addresses cannot be read here."""
    if speedups.native is not None:
        return partial(speedups.native.buffer_offset, data)
    address = _address()
    if address is None:
        return None
    base = address(data)
    size = len(data)

    def offset(part: Any) -> int | None:
        at = address(part) - base
        return at if 0 <= at and at + len(part) <= size else None

    return offset


@lru_cache(maxsize=1)
def _address() -> Callable[[Any], int] | None:
    try:
        import ctypes
    except ImportError:  # (an interpreter built without it)
        return None

    class Buffer(ctypes.Structure):
        # CPython's Py_buffer. ``obj`` as a plain pointer: PyBuffer_Release drops the reference
        # PyObject_GetBuffer took, and ctypes is to keep none of its own.
        _fields_ = [("buf", ctypes.c_void_p), ("obj", ctypes.c_void_p), ("len", ctypes.c_ssize_t),
                    ("itemsize", ctypes.c_ssize_t), ("readonly", ctypes.c_int), ("ndim", ctypes.c_int),
                    ("format", ctypes.c_char_p), ("shape", ctypes.c_void_p), ("strides", ctypes.c_void_p),
                    ("suboffsets", ctypes.c_void_p), ("internal", ctypes.c_void_p)]

    try:
        get, release = ctypes.pythonapi.PyObject_GetBuffer, ctypes.pythonapi.PyBuffer_Release
    except AttributeError:  # (not CPython)
        return None
    get.argtypes, get.restype = [ctypes.py_object, ctypes.POINTER(Buffer), ctypes.c_int], ctypes.c_int
    release.argtypes, release.restype = [ctypes.POINTER(Buffer)], None

    def address(obj: Any) -> int:
        view = Buffer()
        get(obj, ctypes.byref(view), 0)  # (raises the object's own error if it has no buffer)
        try:
            return view.buf or 0
        finally:
            release(ctypes.byref(view))

    return address
