"""The workspace index: the dataset checks (DS1xx) across the files of the workspace folders.

A leak between a test and a validation split shows in the open test file while the
validation file is closed. On ``initialized`` the index finds the gold files of the workspace
folders as ``goldlint check <folder>`` finds them (config, ``exclude``), groups them into
datasets as the CLI does (one grouping: :func:`goldlint.dataset.splits.by_dataset` — the files
a config's ``datasets: {splits}`` globs give splits are one dataset wherever they stand, the
others a dataset per folder), and checks each dataset of two files or more of a kind with
:func:`goldlint.dataset.check.check_members`. Open documents are read from their buffers,
every other file from disk.

All of it runs in one background thread, a dataset at a time, the datasets of open documents
first; ``initialize`` and the one-file diagnostics never wait for it. What starts work:

- opening, saving or closing a document, and a pause after its edits: its dataset, for the
  kinds it is (before and after);
- a gold file created, changed or deleted on disk (``workspace/didChangeWatchedFiles``, the
  watcher registered when the client can): likewise; a config file: the whole workspace.

So a changed file costs the datasets it is in, never the workspace. Work is bounded: at most
``maxFiles`` gold files are indexed, a file over ``maxFileBytes`` (JSON Lines excepted: its
kind is told from its first line) is not read to tell its kind, and a dataset over
``maxDatasetBytes`` is not checked (each said once in the log). Each document's DS findings
are published with its one-file diagnostics (:attr:`DocState.dataset`), each naming its
other occurrences as ``relatedInformation``. Closed files get none: the server publishes for
open documents only.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from goldlint.server.encoding import to_units

if TYPE_CHECKING:
    from goldlint.diagnostics import Diagnostic, Span
    from goldlint.server.convert import Item
    from goldlint.server.documents import DocState
    from goldlint.server.server import GoldlintServer
    from goldlint.server.textbuffer import TextBuffer

log = logging.getLogger(__name__)
_ALL = None  # a dataset to index whole (its files not known yet, or the config changed)
Key = object  # a dataset, as :func:`goldlint.dataset.splits.assigned` names it (a folder, or a config's splits)


@dataclass(slots=True)
class Limits:
    max_files: int = 20_000  # gold files indexed across the workspace folders
    max_file_bytes: int = 64 << 20  # above it, a file (not JSON Lines) is not parsed to tell its kind
    max_dataset_bytes: int = 512 << 20  # above it, a dataset is not checked
    edit_delay: float = 0.5  # seconds after the last edit of an open document before its datasets are checked again


@dataclass(slots=True)
class _Open:
    """An open document as it was when its folder's work started."""

    uri: str
    path: Path
    revision: int
    buffer: TextBuffer


class WorkspaceIndex:
    def __init__(self, server: GoldlintServer) -> None:
        self.server = server
        self.limits = Limits()
        self.enabled = True
        self.roots: list[Path] = []
        self.stats: Counter[str] = Counter()  # work done, counted (tests bound it)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="goldlint-index")
        self._dirty: dict[Key, set[Path] | None] = {}  # dataset -> its changed files (None: all)
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._edits: dict[str, asyncio.TimerHandle] = {}
        self._started = False
        self._rediscover = True
        # Owned by the worker thread:
        self._members: dict[Key, set[Path]] = {}  # dataset -> its gold files
        self._kinds: dict[Path, tuple[tuple[int, int], str | None]] = {}  # file -> (stamp, kind) on disk
        self._results: dict[tuple[str, Key], list[Diagnostic]] = {}  # (kind, dataset) -> its findings
        self._said: set[Any] = set()  # limits already said in the log

    # -- set-up ----------------------------------------------------------------------

    def configure(self, options: dict[str, Any], params: types.InitializeParams) -> None:
        """Options (``workspaceIndex: false``, or a table of the limits) and the workspace folders."""
        given = options.get("workspaceIndex", True)
        self.enabled = given is not False
        if isinstance(given, dict):
            for key, attr in (("maxFiles", "max_files"), ("maxFileBytes", "max_file_bytes"), ("maxDatasetBytes", "max_dataset_bytes")):
                if isinstance(value := given.get(key), int) and value >= 0:
                    setattr(self.limits, attr, value)
            if isinstance(value := given.get("editDelay"), (int, float)) and 0 <= value <= 60:
                self.limits.edit_delay = float(value)
        uris = [folder.uri for folder in params.workspace_folders or []] or [params.root_uri or ""]
        paths = [to_fs_path(uri) for uri in uris if uri] or ([params.root_path] if params.root_path else [])
        self.roots = [Path(os.path.abspath(p)) for p in paths if p]

    def start(self) -> None:
        """After ``initialized``: index the workspace in the background."""
        if not self.enabled or not self.roots or self._started:
            return
        self._started = True
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._work())

    def watchers(self) -> list[types.FileSystemWatcher]:
        """What the client is asked to watch for the index (registered with the config watchers)."""
        if not self._started:
            return []
        from goldlint.engine import EXTENSIONS

        return [types.FileSystemWatcher(glob_pattern="**/*.{" + ",".join(sorted(e.lstrip(".") for e in EXTENSIONS)) + "}")]

    def stop(self) -> None:
        for handle in self._edits.values():
            handle.cancel()
        if self._task is not None:
            self._task.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)

    # -- triggers (on the event loop) ------------------------------------------------

    def opened(self, state: DocState) -> None:
        self._mark(state.path)

    def saved(self, state: DocState) -> None:
        self._mark(state.path)

    def closed(self, state: DocState) -> None:
        self._cancel_edit(state.uri)
        self._mark(state.path)  # (read from disk again, as its last saved text)

    def edited(self, state: DocState) -> None:
        """Check the document's datasets again once its edits pause: ``edit_delay``, or longer
        while its changes come as whole texts (:meth:`DocState.typing_pause`). Otherwise a
        client whose 30 MB texts take over half a second to arrive set the dataset's check off
        (seconds of CPU) between every two changes, and the check slowed the next change's
        arrival past the delay again."""
        if not self._started:
            return
        self._cancel_edit(state.uri)
        delay = state.typing_pause(self.limits.edit_delay)
        self.stats["edit_delay_stretched"] += delay > self.limits.edit_delay
        self._edits[state.uri] = asyncio.get_running_loop().call_later(delay, self._edit_paused, state)

    def on_disk(self, path: Path) -> None:
        """A file was created, changed or deleted (a watched-file event)."""
        from goldlint.server.configs import is_config_file

        if is_config_file(path):
            self._rediscover = True  # (kinds, excludes and selections may all have changed)
            self._nudge()
        else:
            self._mark(path)

    def _edit_paused(self, state: DocState) -> None:
        self._edits.pop(state.uri, None)
        if not state.closed:
            self._mark(state.path)

    def _cancel_edit(self, uri: str) -> None:
        handle = self._edits.pop(uri, None)
        if handle is not None:
            handle.cancel()

    def _mark(self, path: Path) -> None:
        if not self._started:
            return
        path = Path(os.path.abspath(path))
        if not any(path.is_relative_to(root) for root in self.roots):
            return  # (outside the workspace: not indexed)
        dataset = self._dataset_of(path)
        changed = self._dirty.get(dataset, set())
        if changed is not None:
            changed.add(path)
            self._dirty[dataset] = changed
        else:
            self._dirty[dataset] = _ALL
        self._nudge()

    def _dataset_of(self, path: Path) -> Key:
        """The dataset a file is in, as the command line groups it (:func:`goldlint.dataset.splits.assigned`)."""
        from goldlint.dataset.splits import assigned

        return assigned(path, self._loaded(path))[0]

    def _nudge(self) -> None:
        if self._wake is not None:
            self._wake.set()

    # -- the worker ------------------------------------------------------------------

    async def _work(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._wake is not None
        try:
            while True:
                if self._rediscover:
                    self._rediscover = False
                    for dataset in await loop.run_in_executor(self._executor, self._discover):
                        self._dirty[dataset] = _ALL  # (files marked before are among them)
                while self._dirty and not self._rediscover:
                    dataset = self._next()
                    changed = self._dirty.pop(dataset)
                    opened = self._open_in(dataset)
                    try:
                        items = await loop.run_in_executor(self._executor, self._index, dataset, changed, opened, self.server.encoding)
                    except asyncio.CancelledError:
                        raise
                    except Exception:
                        log.exception("indexing %s failed", dataset)
                        self.stats["failed"] += 1
                        continue
                    self._deliver(opened, items)
                if not self._rediscover:
                    log.info("workspace index: up to date (%d datasets checked so far)", self.stats["datasets_checked"])
                    await self._wake.wait()
                    self._wake.clear()
        except asyncio.CancelledError:
            pass
        except RuntimeError:  # the executor shut down (the server is stopping)
            pass

    def _next(self) -> Key:
        """The dataset to index next: one of an open document first."""
        wanted = {self._dataset_of(Path(os.path.abspath(state.path))) for state in self.server.docs.values()}
        return next((dataset for dataset in self._dirty if dataset in wanted), next(iter(self._dirty)))

    def _open_in(self, dataset: Key) -> list[_Open]:
        from goldlint.server.configs import is_config_file

        return [_Open(state.uri, Path(os.path.abspath(state.path)), state.revision, state.buffer.snapshot())
                for state in self.server.docs.values()
                if not state.closed and not is_config_file(state.path) and self._dataset_of(Path(os.path.abspath(state.path))) == dataset]

    def _deliver(self, opened: list[_Open], items: dict[str, list[Item]]) -> None:
        """The new DS diagnostics of the open documents indexed, published where they changed
        (for the text they were computed on only: a newer text has its own work coming)."""
        refresh = False
        for each in opened:
            state = self.server.docs.get(each.uri)
            new = items.get(each.uri, [])
            if state is None or state.closed or state.revision != each.revision:
                self.stats["stale_dropped"] += 1
                continue
            if [i.json for i in new] == [i.json for i in state.dataset]:
                continue
            state.dataset = new
            if state.published_revision == state.revision:  # (else its pending check publishes them with its own)
                self.server.publish(state)
                self.stats["published"] += 1
                refresh = True
        if refresh:
            self.server.refresh_pulls()

    # -- in the worker thread --------------------------------------------------------

    def _loaded(self, path: Path) -> Any:
        return self.server.configs.for_file(path)[0]

    def _discover(self) -> list[Key]:
        """The gold files of the workspace folders (as ``goldlint check`` walks them), by dataset
        (as ``goldlint check`` groups them: :func:`goldlint.dataset.splits.by_dataset`)."""
        from goldlint.dataset.splits import by_dataset
        from goldlint.engine import iter_files

        self._members.clear()
        self._kinds.clear()
        found = [Path(os.path.abspath(path)) for path, _ in islice(iter_files(self.roots, self._loaded), self.limits.max_files + 1)]
        if len(found) > self.limits.max_files:
            log.info("workspace index: more than %d gold files, the others are not indexed", self.limits.max_files)
            self.stats["capped"] += 1
            found.pop()
        self.stats["discovered"] += len(found)
        for dataset, members in by_dataset(found, self._loaded).items():
            self._members[dataset] = {path for path, _ in members}
        return list(self._members)

    def _index(self, dataset: Key, changed: set[Path] | None, opened: list[_Open], encoding: str) -> dict[str, list[Item]]:
        """Check again the kinds of ``dataset`` that ``changed`` files are (all when None); the
        DS diagnostics of its open documents, by URI."""
        from goldlint.dataset.buffers import reading

        buffers = {str(each.path): each.buffer.text for each in opened}
        with reading(buffers):
            before = {path: self._kinds[path][1] for path in changed or () if path in self._kinds}
            members = self._update_members(dataset, changed)
            kinds: dict[Path, str | None] = {}
            for path in sorted(members):
                kinds[path] = self._kind(path, buffers.get(str(path)))
            if changed is None:
                touched = set(kinds.values()) | {kind for kind, where in self._results if where == dataset}
            else:
                touched = {kinds.get(p) for p in changed} | {before.get(p) for p in changed}
            of_kind: defaultdict[str, list[Path]] = defaultdict(list)
            for path, kind in kinds.items():
                if kind is not None:
                    of_kind[kind].append(path)
            for kind in touched:
                if kind is not None:
                    self._results[kind, dataset] = self._check(kind, dataset, of_kind.get(kind, []), buffers)
        return {each.uri: self._items(each, dataset, kinds.get(each.path), opened, encoding) for each in opened}

    def _update_members(self, dataset: Key, changed: set[Path] | None) -> set[Path]:
        """The dataset's gold files, with the changed ones added or dropped as they stand now."""
        from goldlint.engine import iter_files

        members = self._members.get(dataset)
        if members is None:  # (a folder made since the workspace was walked; a config's splits: its files come as they change)
            members = self._members[dataset] = self._walk(dataset) if isinstance(dataset, Path) else set()
        for path in changed or ():
            if path.is_file() and _is_gold_format(path) and any(True for _ in iter_files([path], self._loaded)):
                members.add(path)
            else:
                members.discard(path)
                self._kinds.pop(path, None)
        return members

    def _walk(self, folder: Path) -> set[Path]:
        """The gold files of a dataset folder: its own, and those of its subfolders named after a
        split (those no config's split globs give to a dataset of their own)."""
        from goldlint.dataset.splits import split_of_name
        from goldlint.engine import iter_files

        found: set[Path] = set()
        try:
            with os.scandir(folder) as entries:
                listed = [(e.name, e.is_dir(follow_symlinks=False)) for e in entries]
        except OSError:
            return found
        for name, is_folder in listed:
            if not is_folder:
                candidates = [folder / name]
            elif split_of_name(name) is not None:
                candidates = [folder / name / f for f in _names_in(folder / name)]
            else:
                continue
            for path in candidates:
                if self._dataset_of(Path(os.path.abspath(path))) == folder:
                    found.update(Path(os.path.abspath(p)) for p, _ in iter_files([path], self._loaded) if _is_gold_format(p))
        self.stats["folders_walked"] += 1
        return found

    def _kind(self, path: Path, text: str | None) -> str | None:
        """The file's kind, as ``goldlint check`` would tell it (a file on disk: once per version of it)."""
        from goldlint.dataset.buffers import read_document
        from goldlint.engine import _choose_family, format_of  # (the CLI's own choice of a kind)
        from goldlint.families import KINDS

        stamp = (-1, len(text)) if text is not None else _stamp(path)
        if text is None and (known := self._kinds.get(path)) is not None and known[0] == stamp:
            return known[1]
        kind = None
        if stamp[1] >= 0 and (stamp[1] <= self.limits.max_file_bytes or format_of(path) == "jsonl"):
            loaded = self._loaded(path)
            self.stats["kinds_told"] += 1
            doc = read_document(path, loaded)
            family = _choose_family(doc, path, loaded, None) if doc is not None else None
            kind = family.name if family is not None and KINDS[family.name].items else None
        elif stamp[1] >= 0:
            self._say_once(("file", path), "workspace index: %s is over %d bytes, not read", path, self.limits.max_file_bytes)
        if text is None:
            self._kinds[path] = (stamp, kind)
        return kind

    def _check(self, kind: str, dataset: Key, files: list[Path], buffers: dict[str, str]) -> list[Diagnostic]:
        from goldlint.dataset.check import check_members
        from goldlint.dataset.rules import CODES
        from goldlint.dataset.splits import by_dataset
        from goldlint.engine import enabled_codes
        from goldlint.rules.registry import rule_matches

        if len(files) < 2:
            return []  # (one file: its own repeats are its family's)
        size = sum(len(buffers[str(p)]) if str(p) in buffers else max(_stamp(p)[1], 0) for p in files)
        if size > self.limits.max_dataset_bytes:
            self.stats["datasets_too_large"] += 1
            self._say_once((kind, dataset), "workspace index: the %s dataset %s holds %d bytes, over %d: not checked", kind, dataset, size,
                           self.limits.max_dataset_bytes)
            return []
        answers: dict[tuple[Path, str], bool] = {}

        def wants(path: Path, code: str) -> bool:
            if (path, code) not in answers:
                select, ignore = enabled_codes(self._loaded(path), path)
                answers[path, code] = rule_matches(code, select) and not rule_matches(code, ignore)
            return answers[path, code]

        if not any(wants(path, code) for path in files for code in CODES):
            return []
        self.stats["datasets_checked"] += 1
        self.stats["files_checked"] += len(files)
        # (split and dataset as the command line reads them: config's `datasets.splits`, else names)
        datasets = by_dataset(sorted(files), self._loaded)
        return [found for members in datasets.values() if len(members) > 1 for found in check_members(kind, members, wants, self._loaded)]

    def _say_once(self, key: Any, message: str, *args: Any) -> None:
        if key not in self._said:
            self._said.add(key)
            log.info(message, *args)

    def _items(self, each: _Open, dataset: Key, kind: str | None, opened: list[_Open], encoding: str) -> list[Item]:
        """The DS diagnostics of an open document, as the server keeps them, with their related locations."""
        from goldlint.server.convert import make_item

        if kind is None:
            return []
        buffers = {str(o.path): o.buffer for o in opened}
        lines = _Lines(buffers)
        out = []
        for diag in self._results.get((kind, dataset), []):
            if diag.path != str(each.path):
                continue
            item = make_item(diag, each.buffer, encoding)
            related = [types.DiagnosticRelatedInformation(location=types.Location(uri=from_fs_path(r.path) or r.path, range=lines.range(r.path, r.span, encoding)),
                                                          message=r.message) for r in diag.related]
            if related:
                item.lsp.related_information = related
                item.json["relatedInformation"] = [_converter().unstructure(r) for r in related]
            out.append(item)
        return out


class _Lines:
    """The lines a related location stands on, to place it in the client's position encoding:
    from an open document's buffer, else read once from the file (up to the last line wanted)."""

    def __init__(self, buffers: dict[str, TextBuffer]) -> None:
        self.buffers = buffers
        self.files: dict[str, list[str]] = {}

    def range(self, path: str, span: Span, encoding: str) -> types.Range:
        return types.Range(start=self._position(path, span.start.line, span.start.column, encoding),
                           end=self._position(path, span.end.line, span.end.column, encoding))

    def _position(self, path: str, line: int, column: int, encoding: str) -> types.Position:
        text = self._line(path, line - 1)
        return types.Position(line=max(line - 1, 0), character=to_units(text, column - 1, encoding) if text is not None else max(column - 1, 0))

    def _line(self, path: str, row: int) -> str | None:
        buffer = self.buffers.get(path)
        if buffer is not None:
            return buffer.line_text(row) if 0 <= row < buffer.line_count else None
        lines = self.files.get(path)
        if lines is None or row >= len(lines):
            lines = self.files[path] = _read_lines(Path(path), row)
        return lines[row] if 0 <= row < len(lines) else None


def _read_lines(path: Path, last: int) -> list[str]:
    """A file's lines up to ``last`` (0-based), their breaks (LF, CRLF, CR) taken off."""
    lines: list[str] = []
    try:
        with open(path, encoding="utf-8", errors="replace", newline=None) as handle:
            for line in handle:
                lines.append(line.rstrip("\n"))
                if len(lines) > last:
                    break
    except OSError:
        pass
    return lines


@cache
def _converter() -> Any:
    """pygls's converter, made when a first related location is sent (not at start-up)."""
    from pygls.protocol import default_converter

    return default_converter()  # type: ignore[no-untyped-call]


def _names_in(folder: Path) -> list[str]:
    try:
        with os.scandir(folder) as entries:
            return [e.name for e in entries if not e.is_dir(follow_symlinks=False)]
    except OSError:
        return []


def _is_gold_format(path: Path) -> bool:
    from goldlint.engine import format_of

    return format_of(path) is not None


def _stamp(path: Path) -> tuple[int, int]:
    try:
        st = path.stat()
    except OSError:
        return (-1, -1)
    return (st.st_mtime_ns, st.st_size)
