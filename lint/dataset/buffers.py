"""Texts that stand in for files while a dataset is read: the language server's open buffers.

In the editor, a file being edited is compared as it stands in its buffer, not as it was last
saved. The server hands its buffers over with :func:`reading` around
:func:`goldlint.dataset.check.check_dataset`; every other file (and every file of a CLI run)
is read from disk by :func:`goldlint.engine.read_document`. The buffers are held in a context
variable: a thread that has not set them reads the disk.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from goldlint import config as cfg
from goldlint.engine import format_of, make_document
from goldlint.engine import read_document as read_file
from goldlint.formats.base import Document, Limits
from goldlint.reading import read_regular
from goldlint.source import decode

_BUFFERS: ContextVar[Mapping[str, str] | None] = ContextVar("goldlint_dataset_buffers", default=None)


@contextmanager
def reading(buffers: Mapping[str, str]) -> Iterator[None]:
    """Read the files named in ``buffers`` (by ``str(path)``) from these texts in this context."""
    token = _BUFFERS.set(buffers)
    try:
        yield
    finally:
        _BUFFERS.reset(token)


def read_document(path: Path, loaded: cfg.Loaded) -> Document | None:
    """A file's document (see :func:`goldlint.engine.read_document`), from its buffer when it has one."""
    buffers = _BUFFERS.get()
    text = buffers.get(str(path)) if buffers else None
    if text is None:
        return read_file(path, loaded)
    fmt = format_of(path)
    if fmt is None or len(text) > loaded.settings.size_limit(fmt)[0]:
        return None  # (over its limit: its own check says so, GL011)
    doc = make_document(str(path), text, fmt, Limits.of(loaded.settings))
    return doc if doc.ok else None


def read_text(path: Path, loaded: cfg.Loaded) -> str | None:
    """A file's text as :func:`read_document` would read it (its buffer, or the disk within
    the format's size limit), without making its document: for a kind that reads what the
    dataset checks need from the text at once (xSID's ``texts``). None when it cannot be read."""
    buffers = _BUFFERS.get()
    text = buffers.get(str(path)) if buffers else None
    fmt = format_of(path)
    if fmt is None:
        return None
    limit = loaded.settings.size_limit(fmt)[0]
    if text is not None:
        return text if len(text) <= limit else None
    try:
        return decode(read_regular(path, limit)).text
    except OSError:  # (over its limit: its own check says so, GL011; a pipe its check read)
        return None
