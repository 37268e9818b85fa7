"""When and how a document is checked: debounced, off the event loop, stale results dropped.

- Open and save check at once; a change checks after a short pause in typing
  (``debounce``), and every newer change restarts the wait, so a flood of changes costs
  one check.
- Checks run in worker threads on a snapshot of the text; a result that comes back for a
  text that is no longer current (changes arrived since, whatever their version numbers
  say) is dropped, never published (a running check cannot
  be interrupted, so it is left to finish, but nothing waits for it). One full check per
  document runs at a time.
- A large JSON Lines or TSV buffer (over a megabyte, kind known) is checked in two steps: a
  *quick* check of only the lines edited since the last full check, with the other lines'
  diagnostics carried over from that check — published within milliseconds — and, once
  typing pauses longer (``idle``), a full check, which alone sees rules across records
  (duplicate ids, inventories) and replaces everything. The quick check runs the same
  engine on a text where every other line is blank (a TSV keeps its header line), so
  line and column positions are those of the real file. A large JSON document (or a YAML
  document over 256 KB) is checked the same way by entries (the items of its large
  arrays, :mod:`goldlint.server.items`) instead of lines. A quick check is ``partial``:
  rules about the whole file wait for the full check. Its wait (``quick``) counts from when
  the change began to come in, not from when its frame was read (a 30 MB whole text: 20 ms).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from goldlint.diagnostics import Diagnostic, Edit, Fix, Span
from goldlint.engine import check_text
from goldlint.rules.general import EMPTY_FILE, SYNTAX_ERROR
from goldlint.server.configs import ConfigProblem
from goldlint.server.convert import Item, make_item
from goldlint.server.documents import RHYTHM_CAP, DocState, by_entries
from goldlint.server.items import ItemMap, sparse_text
from goldlint.server.textbuffer import TextBuffer

if TYPE_CHECKING:
    from goldlint.server.server import GoldlintServer

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Delays:
    debounce: float = 0.15  # after a change, before a full check (small documents)
    quick: float = 0.03  # after a change, before a quick check (large JSON Lines)
    idle: float = 0.75  # after a change, before a full check (large JSON Lines)
    rhythm_cap: float = RHYTHM_CAP  # whole-text changes closer together than this are still typing (see ``Checker.idle``)


@dataclass(slots=True)
class Snapshot:
    path: Path
    buffer: TextBuffer  # a snapshot: later edits leave it alone
    fmt: str | None
    kind: str | None
    dirty: tuple[int, ...]
    encoding: str
    entries: ItemMap | None = None  # a JSON or YAML document's entries, the edited ones marked


@dataclass(slots=True)
class Outcome:
    items: list[Item]
    kind: str | None = None
    document: Any = None
    problem: ConfigProblem | None = None
    config_file: Path | None = None
    item_map: ItemMap | None = None  # full check of a large JSON or YAML document: its entries
    covered: list[tuple[int, int]] | None = None  # quick check of entries: the entries it checked


class Checker:
    def __init__(self, server: GoldlintServer) -> None:
        self.server = server
        self.delays = Delays()
        self.executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="goldlint-check")
        self.stats: Counter[str] = Counter()

    # -- triggers --------------------------------------------------------------------

    def opened(self, state: DocState) -> None:
        self._schedule(state, "full", 0.0)

    def changed(self, state: DocState, sent: float | None = None) -> None:
        """``sent``: when the change began to come in (``time.monotonic``), if known."""
        if state.incremental:
            self._schedule(state, "quick", self.quick_wait(sent))
            self._schedule(state, "full", self.idle(state))
        else:
            self._schedule(state, "full", self.delays.debounce)

    def quick_wait(self, sent: float | None) -> float:
        """How long a quick check waits: ``quick`` of quiet since the change was sent, of which
        the time its frame took to come in and be read has passed already. A whole-text change
        of a 30 MB file takes 23 ms to come through the pipe, be compared and applied (a range:
        2 ms), and waited the whole ``quick`` after that: 21 ms more to its diagnostics than the
        same edit sent as a range (serve-latency-whole-text), though nothing came in meanwhile.
        Frames queued behind one another are stamped as they are read, so a flood of ranged
        changes still costs one quick check; whole texts of that size come 23 ms apart at the
        most, and each gets its own (a few ms, in a worker thread), as they would with a
        ``quickDelay`` of 0."""
        if sent is None:
            return self.delays.quick
        return max(0.0, self.delays.quick - max(0.0, time.monotonic() - sent))

    def idle(self, state: DocState) -> float:
        """How long a large document's edits must pause before its full check: ``idle``, or
        longer while changes come as whole texts (:meth:`DocState.typing_pause`: their writing
        out looked like a pause, and a full check started between two changes slowed the next
        one — median 3 s to diagnostics instead of 0.65 s)."""
        wait = state.typing_pause(self.delays.idle, self.delays.rhythm_cap)
        self.stats["idle_stretched"] += wait > self.delays.idle
        return wait

    def saved(self, state: DocState) -> None:
        self._schedule(state, "full", 0.0)

    def _schedule(self, state: DocState, kind: str, delay: float) -> None:
        old = state.pending.pop(kind, None)
        if old is not None and not old.done():
            old.cancel()
            self.stats["cancelled"] += 1
        state.pending[kind] = asyncio.get_running_loop().create_task(self._run(state, kind, delay))

    # -- running ---------------------------------------------------------------------

    async def _run(self, state: DocState, kind: str, delay: float) -> None:
        me = asyncio.current_task()
        if delay:
            await asyncio.sleep(delay)
        if state.pending.get(kind) is me:
            del state.pending[kind]  # from here on this run is not cancelled: it finishes or is dropped
        async with state.locks[kind]:
            if state.closed or (kind == "quick" and not (state.incremental and state.edited)):
                return
            revision = state.revision
            snap = Snapshot(state.path, state.buffer.snapshot(), state.fmt, state.kind, tuple(sorted(state.dirty)), self.server.encoding,
                            state.entries)
            work: Callable[[Snapshot], Outcome] = self._full if kind == "full" else self._quick
            self.stats[f"{kind}_started"] += 1
            try:
                outcome = await asyncio.get_running_loop().run_in_executor(self.executor, work, snap)
            except Exception:
                # A goldlint bug: said in the client's log (ClientLogHandler), and the document's
                # diagnostics published empty, so that a pull or a client waiting on them is
                # answered now rather than never.
                log.exception("checking %s failed", state.uri)
                self.stats["failed"] += 1
                if kind == "full" and not state.closed and state.revision == revision:
                    state.base, state.quick, state.dirty = [], [], set()
                    self.server.publish(state)
                    self.server.refresh_pulls()
                return
            if state.closed or state.revision != revision:  # not by version: a client may send one again
                self.stats["stale_dropped"] += 1
                return
            refresh = False
            if kind == "full":
                refresh = bool(state.quick or state.edited)
                state.base, state.quick, state.dirty, state.entries = outcome.items, [], set(), outcome.item_map
                broken = any(i.diag.code == SYNTAX_ERROR.code for i in outcome.items)
                if outcome.kind is not None or not broken:
                    state.kind = outcome.kind  # a buffer that does not parse keeps the kind it had
                if outcome.document is not None:
                    state.document, state.document_revision = outcome.document, revision
                self.server.config_problem(outcome.config_file, outcome.problem)
            else:
                state.quick = outcome.items
                if outcome.covered:  # what the full check found inside the entries checked again is superseded
                    state.base = [i for i in state.base if not any(s <= i.start < e for s, e in outcome.covered)]
            self.stats[f"{kind}_published"] += 1
            self.server.publish(state)
            if refresh:
                self.server.refresh_pulls()

    def _full(self, snap: Snapshot) -> Outcome:
        loaded, problem = self.server.configs.for_file(snap.path)
        buffer = snap.buffer
        text = buffer.text  # joined here, off the event loop
        result = check_text(snap.path, text, loaded, explicit=False, fmt=snap.fmt)
        items = [make_item(d, buffer, snap.encoding) for d in result.diagnostics]
        document = result.document if snap.fmt != "jsonl" and result.document is not None and result.document.ok else None
        item_map = None
        if document is not None and result.kind is not None and by_entries(document.format, len(text)):
            item_map = ItemMap.of(document)
        return Outcome(items, result.kind, document, problem, problem.path if problem else loaded.path, item_map)

    def _quick(self, snap: Snapshot) -> Outcome:
        if snap.entries is not None:
            return self._quick_entries(snap, snap.entries)
        loaded, _ = self.server.configs.for_file(snap.path)
        buffer = snap.buffer
        parts: list[str] = []
        sub_starts: dict[int, int] = {}
        pos = prev = 0
        context = {0} if snap.fmt == "tsv" else set()  # a truth file's rows are read by its header line
        for line in sorted(context.union(snap.dirty)):
            if line >= buffer.line_count:
                continue
            self.stats["quick_lines"] += 1  # (counted work: the lines a quick check reads again)
            parts.append("\n" * (line - prev))
            pos += line - prev
            body = buffer.line_text(line)
            sub_starts[line] = pos
            parts.append(body)
            pos += len(body)
            prev = line
        parts.append("\n")
        result = check_text(snap.path, "".join(parts), loaded, kind=snap.kind, explicit=False, fmt=snap.fmt, partial=True)
        starts = buffer.line_starts

        def rebase(line0: int, offset: int) -> int | None:
            if line0 not in sub_starts:
                return None
            return starts[line0] + offset - sub_starts[line0]

        dirty = set(snap.dirty)

        def kept(diag: Diagnostic) -> bool:
            return diag.span.start.line - 1 in dirty and diag.code != EMPTY_FILE.code  # (the whole file's, for the full check)

        return Outcome(_placed(result.diagnostics, kept, rebase, buffer, snap.encoding), snap.kind)

    def _quick_entries(self, snap: Snapshot, item_map: ItemMap) -> Outcome:
        """The edited entries of a large JSON or YAML document, checked in a text where the others are blank."""
        loaded, _ = self.server.configs.for_file(snap.path)
        sparse = sparse_text(snap.buffer.text, item_map)
        result = check_text(snap.path, sparse.text, loaded, kind=snap.kind, explicit=False, fmt=snap.fmt, partial=True)

        def rebase(_: int, offset: int) -> int | None:
            for start, end, shift in sparse.shifts:
                if start <= offset <= end:
                    return offset - shift
            return None

        def kept(diag: Diagnostic) -> bool:  # found inside an edited entry (the rest is the envelope's, or blanked)
            return any(start <= diag.span.start_offset and diag.span.end_offset <= end for start, end, _ in sparse.shifts)

        items = _placed(result.diagnostics, kept, rebase, snap.buffer, snap.encoding)
        return Outcome(items, snap.kind, covered=[(start - shift, end - shift) for start, end, shift in sparse.shifts])


def _placed(diagnostics: list[Diagnostic], kept: Callable[[Diagnostic], bool], rebase: Callable[[int, int], int | None],
            buffer: TextBuffer, encoding: str) -> list[Item]:
    """The kept diagnostics of a quick check, moved from its text to the buffer's."""
    items = []
    for diag in diagnostics:
        if not kept(diag):
            continue
        span = _rebased(diag.span, rebase)
        if span is None:
            continue
        fix = _rebased_fix(diag.fix, rebase) if diag.fix is not None else None
        alternatives = tuple(f for f in (_rebased_fix(a, rebase) for a in diag.alternatives) if f is not None)
        items.append(make_item(msgspec.structs.replace(diag, span=span, fix=fix, alternatives=alternatives), buffer, encoding))
    return items


def _rebased_fix(fix: Fix, rebase: Callable[[int, int], int | None]) -> Fix | None:
    spans = [_rebased(e.span, rebase) for e in fix.edits]
    if any(s is None for s in spans):
        return None
    return Fix(fix.applicability, fix.message, tuple(Edit(s, e.new_text) for s, e in zip(spans, fix.edits, strict=True)))  # type: ignore[arg-type]


def _rebased(span: Span, rebase: Callable[[int, int], int | None]) -> Span | None:
    if span.start_offset < 0:
        return None
    start = rebase(span.start.line - 1, span.start_offset)
    end = rebase(span.end.line - 1, span.end_offset)
    if start is None or end is None:
        return None
    return Span(span.start, span.end, start, end)
