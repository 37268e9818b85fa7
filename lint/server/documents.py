"""What the server knows about one open document: its text, version, diagnostics, kind.

Diagnostics are kept as :class:`~goldlint.server.convert.Item` objects in the coordinates
of the current text: an edit moves the ones after it and drops the ones on the lines it
touched, so quick fixes stay exact between an edit and the next check.

A large JSON Lines or TSV file is checked incrementally (see :mod:`goldlint.server.checker`):
``base`` holds what the last full check found, ``quick`` what the last quick check found
on the lines edited since (``dirty``); a large JSON or YAML document likewise by entries
(``entries``).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import to_fs_path

from goldlint.engine import format_of
from goldlint.server.convert import Item
from goldlint.server.items import ItemMap
from goldlint.server.splice import RawText, Splice
from goldlint.server.textbuffer import Change, TextBuffer, common_prefix, common_suffix

_BY_LINE = ("jsonl", "tsv")  # formats whose lines are checked one by one (a TSV with its header)
INCREMENTAL_ABOVE = 1 << 20  # characters: larger JSON Lines and TSV buffers are checked line by line first
# Characters above which a document is checked by entries first: YAML takes about four
# times as long per character as JSON to read.
_ENTRIES_ABOVE = {"json": INCREMENTAL_ABOVE, "yaml": 1 << 18}
# Seconds: whole-text changes that come closer together than this are still typing (see ``DocState.typing_pause``).
RHYTHM_CAP = 3.0


def by_entries(fmt: str | None, length: int) -> bool:
    """Whether a document of ``fmt`` this many characters long is checked by entries first."""
    return fmt in _ENTRIES_ABOVE and length > _ENTRIES_ABOVE[fmt]
_LANGUAGES = {"json": "json", "jsonc": "json", "jsonl": "jsonl", "jsonlines": "jsonl", "yaml": "yaml", "tsv": "tsv", "conll": "conll"}


def uri_path(uri: str) -> Path:
    path = to_fs_path(uri)
    return Path(path) if path else Path(uri.rsplit("/", 1)[-1] or "untitled")


class DocState:
    def __init__(self, uri: str, text: str, version: int | None, language_id: str | None) -> None:
        self.uri = uri
        self.path = uri_path(uri)
        self.buffer = TextBuffer(text)
        self.version = version  # the client's, as a label: it may repeat or go down (see ``revision``)
        # Changes applied so far. What is current or stale is decided by this count, never by
        # the client's version numbers: LSP says they increase, but a client that repeats or
        # lowers one must not get the diagnostics of a text that is gone.
        self.revision = 0
        self.language_id = language_id
        self.fmt = format_of(self.path) or _LANGUAGES.get((language_id or "").lower())
        self.kind: str | None = None  # from the last full check
        self.base: list[Item] = []
        self.quick: list[Item] = []
        self.dataset: list[Item] = []  # findings across the files of its dataset (:mod:`goldlint.server.workspace_index`)
        self.dirty: set[int] = set()  # lines edited since the last full check (incremental mode)
        self.entries: ItemMap | None = None  # a large JSON or YAML document's entries, followed since the last full check
        self.published_revision = -1
        self.published_items: list[Item] = []
        self.document: Any = None  # the core Document of the last full check that parsed (JSON, YAML, TSV)
        self.document_revision: int | None = None
        self.last_good_lines: dict[int, str] = {}  # JSON Lines: a line's text when it last parsed
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.locks: dict[str, asyncio.Lock] = {"full": asyncio.Lock(), "quick": asyncio.Lock()}
        self.waiters: list[tuple[int, asyncio.Future[None]]] = []
        self.closed = False
        # The rhythm of a client that sends each change as the whole new text: seconds between
        # its last two changes (``None`` once a change comes as a range), for the checker's idle wait.
        self.whole_text_gap: float | None = None
        self._changed_at: float | None = None
        self.raw: RawText | None = None  # (see ``apply``)

    @property
    def text(self) -> str:
        return self.buffer.text

    @property
    def items(self) -> list[Item]:
        return self.base + self.quick + self.dataset

    def typing_pause(self, pause: float, cap: float = RHYTHM_CAP) -> float:
        """How long this document's edits must pause before work that waits for a pause in
        typing (a full check, the workspace index) starts, when ``pause`` is the usual wait.

        A client that sends each change as the whole new text spends, between two changes,
        the time to write the whole text out and the server the time to read it (30 MB: the
        better part of a second on a loaded machine) — time that would pass for a pause in
        typing, so that seconds of background work started between two changes and slowed the
        next one down, which made the next gap longer still. While such changes keep coming, a
        pause is a wait twice as long as the last gap between them; a gap over ``cap`` was
        itself a pause."""
        gap = self.whole_text_gap
        if gap is None or gap > cap:
            return pause
        return max(pause, 2 * gap)

    @property
    def incremental(self) -> bool:
        """Whether edits are first checked line by line (large JSON Lines or TSV with a known kind) or
        entry by entry (a large JSON or YAML document whose edits all fell inside entries)."""
        if self.kind is None or self.buffer.lone_cr:
            return False
        if self.fmt in _BY_LINE:
            return self.buffer.length > INCREMENTAL_ABOVE
        return self.entries is not None and by_entries(self.fmt, self.buffer.length)

    @property
    def edited(self) -> bool:
        """Whether there are edits since the last full check for a quick check to look at."""
        if self.fmt in _BY_LINE:
            return bool(self.dirty)
        return self.entries is not None and bool(self.entries.dirty)

    def apply(self, changes: list[types.TextDocumentContentChangeEvent | Splice], version: int | None, encoding: str) -> None:
        now = time.monotonic()
        whole = bool(changes) and not any(isinstance(c, types.TextDocumentContentChangePartial) for c in changes)
        self.whole_text_gap = now - self._changed_at if whole and self._changed_at is not None else None
        self._changed_at = now
        raw = None
        for change in changes:
            raw = None
            if isinstance(change, types.TextDocumentContentChangePartial):
                region = self._touched_region(change, encoding)
                self._remember_good_line(change, encoding)
                done = self.buffer.apply(change, encoding)
            elif isinstance(change, Splice):
                done, region, raw = self._splice(change)
            else:
                done, region = self._replace_whole(change.text)
            if done is None:
                self._reset()
            else:
                self._follow(done, region)
        # The frame of the text, when it came whole and was read apart (:mod:`goldlint.server.splice`),
        # for the next whole-text change to be compared with; it holds while its lines are the buffer's.
        self.raw = raw if raw is not None and raw.lines is not None and len(raw.lines) == self.buffer.line_count else None
        self.version = version
        self.revision += 1

    def _replace_whole(self, text: str) -> tuple[Change, tuple[int, int]]:
        """A change sent as the whole new text (the protocol allows it; some clients always do):
        applied as the edit it is — the span between the parts the old and new texts share at
        both ends — so a one-letter edit costs what it costs from a client that sends ranges."""
        old = self.buffer.text
        start = common_prefix(old, text)
        same_end = common_suffix(old, text, min(len(old), len(text)) - start)
        done, region = self._replace(start, len(old) - same_end, text[start : len(text) - same_end])
        self.buffer.known_text(text)
        return done, region

    def _splice(self, change: Splice) -> tuple[Change, tuple[int, int], RawText | None]:
        """A whole-text change read apart from its frame: the edit it is, already found."""
        if change.base is not self or change.revision != self.revision:  # (read against another text: never, as messages run in order)
            done, region = self._replace_whole(change.raw.decode())
            return done, region, None
        done, region = self._replace(change.start, change.end, change.text)
        return done, region, change.raw

    def _replace(self, start: int, end: int, new: str) -> tuple[Change, tuple[int, int]]:
        first, last = self.buffer.line_of(start), self.buffer.line_of(end)
        region = self.buffer.line_bounds(first)[0], self.buffer.line_bounds(last)[1]
        return self.buffer.replace(start, end, new), region

    def _touched_region(self, change: types.TextDocumentContentChangePartial, encoding: str) -> tuple[int, int]:
        low, high = sorted((change.range.start.line, change.range.end.line))  # a range may end before it starts
        first = min(max(low, 0), self.buffer.line_count - 1)
        last = min(max(high, first), self.buffer.line_count - 1)
        return self.buffer.line_bounds(first)[0], self.buffer.line_bounds(last)[1]

    def _follow(self, change: Change, region: tuple[int, int]) -> None:
        args = (change.delta, change.line_delta, change.old_end, region[0], region[1])
        self.base = [item for item in self.base if item.shift(*args)]
        self.quick = [item for item in self.quick if item.shift(*args)]
        self.dataset = [item for item in self.dataset if item.shift(*args)]
        moved: set[int] = set()
        for line in self.dirty:
            if line < change.first_line:
                moved.add(line)
            elif line > change.old_last_line:
                moved.add(line + change.line_delta)
        moved.update(range(change.first_line, change.new_last_line + 1))
        self.dirty = moved
        if self.entries is not None:
            self.entries = self.entries.follow(change)
        if self.last_good_lines and (change.line_delta or change.first_line != change.old_last_line):
            self.last_good_lines = {
                (n + change.line_delta if n > change.old_last_line else n): t
                for n, t in self.last_good_lines.items()
                if n < change.first_line or n > change.old_last_line
            }

    def _remember_good_line(self, change: types.TextDocumentContentChangeEvent, encoding: str) -> None:
        """Before a one-line edit of JSON Lines, keep that line if it parses (completion falls back to it)."""
        if self.fmt != "jsonl" or not isinstance(change, types.TextDocumentContentChangePartial):
            return
        line = change.range.start.line
        if line != change.range.end.line or not 0 <= line < self.buffer.line_count:
            return
        text = self.buffer.line_text(line)
        if text.strip() and _parses(text):
            self.last_good_lines[line] = text
            if len(self.last_good_lines) > 256:
                self.last_good_lines.pop(next(iter(self.last_good_lines)))

    def _reset(self) -> None:
        """The whole text was replaced: nothing that was known about positions holds."""
        self.base, self.quick, self.dirty, self.entries, self.dataset = [], [], set(), None, []
        self.last_good_lines.clear()

    # -- waiting for results ---------------------------------------------------------

    def published(self, items: list[Item]) -> None:
        """Diagnostics of the current text (``revision``) went out."""
        self.published_revision = self.revision
        self.published_items = items
        still: list[tuple[int, asyncio.Future[None]]] = []
        for wanted, future in self.waiters:
            if future.done():
                continue
            if self.revision >= wanted:
                future.set_result(None)
            else:
                still.append((wanted, future))
        self.waiters = still

    def until_published(self, revision: int) -> asyncio.Future[None]:
        """Done once the diagnostics of ``revision`` (or of a later one) are published."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self.published_revision >= revision:
            future.set_result(None)
        else:
            self.waiters.append((revision, future))
        return future

    def close(self) -> None:
        self.closed = True
        for task in self.pending.values():
            task.cancel()
        for _, future in self.waiters:
            if not future.done():
                future.cancel()


def _parses(text: str) -> bool:
    import orjson

    try:
        orjson.loads(text)
    except orjson.JSONDecodeError:
        return False
    return True
