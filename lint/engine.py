"""One way through the house: bytes → text → document → kind → rules → diagnostics.

The CLI, ``--fix``, the language server and ``score`` all call :func:`check_text` or
:func:`check_file`; none of them re-reads a file or re-implements a rule.
"""

from __future__ import annotations

import gc
import os
import sys
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from stat import S_ISREG
from typing import Any

import msgspec

from goldlint import config as cfg
from goldlint import lifetime
from goldlint.allocator import reuse_freed_buffers
from goldlint.diagnostics import Diagnostic, Edit, Fix, Position, Severity, Span
from goldlint.families import FAMILIES, KINDS, detect
from goldlint.families.base import Context, Family, Report
from goldlint.findings import CAPPED, At, Change, CheckStopped, Finding, FixProposal, capped_message
from goldlint.formats.base import Document, Limits
from goldlint.formats.json_doc import JsonDocument
from goldlint.formats.json_read import parse_bytes
from goldlint.formats.json_values import may_exceed, value_past
from goldlint.formats.jsonl_doc import JsonlDocument, Line, RawBatch
from goldlint.reading import is_stream, open_regular, read_regular, read_stream
from goldlint.rules.file_rules import check_bom, check_line_endings
from goldlint.rules.general import BYTE_ORDER_MARK, EMPTY_FILE, KIND_CANNOT_READ_FILE, LIMIT_EXCEEDED, LINE_ENDINGS, SYNTAX_ERROR
from goldlint.rules.registry import Rule, get, rule_matches
from goldlint.source import decode
from goldlint.speedups import COLON, count_byte
from goldlint.walk import files_under

EXTENSIONS = {".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl", ".yaml": "yaml", ".yml": "yaml", ".tsv": "tsv", ".conll": "conll"}
STREAM_ABOVE = 8 << 20  # JSONL files larger than this are streamed line by line

# Why a file was not checked (FileResult.skipped). A dataset repository holds other JSON and
# YAML (package.json, CI workflows, goldlint's own config): they are counted and said once in
# the run's summary, never reported as problems, unless the user asked for a kind (--kind, a
# `kinds` glob).
NOT_RECOGNISED = "kind not recognised"
NOT_GOLD_FORMAT = "not a gold file format"
EXCLUDED = "excluded"
GOLDLINT_CONFIG = "goldlint config"
CONFIG_FILE_NAMES = frozenset(name for name in cfg.CONFIG_NAMES if name.endswith(".yaml"))  # (pyproject.toml is no gold format anyway)


class FileResult(msgspec.Struct):
    path: str
    diagnostics: list[Diagnostic] = msgspec.field(default_factory=list)
    kind: str | None = None
    text: str | None = None  # the text checked, when it was held in memory
    lossy: bool = False  # invalid UTF-8 was replaced: fixes must not be written
    document: Document | None = None
    skipped: str | None = None  # why the file was not checked (NOT_RECOGNISED, ...), None when it was
    sha256: str | None = None  # of the bytes checked, when the caller asked (``digest``) and they were read whole

    @property
    def errors(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)


def format_of(path: Path | str) -> str | None:
    return EXTENSIONS.get(Path(path).suffix.lower())


def make_document(path: str, text: str, fmt: str, limits: Limits | None = None) -> Document:
    if fmt == "json":
        return JsonDocument(path, text, limits)
    if fmt == "jsonl":
        limits = limits or Limits()
        return JsonlDocument(path, text, max_depth=limits.max_depth, max_values=limits.max_json_values)
    if fmt == "yaml":
        from goldlint.formats.yaml_doc import YamlDocument  # (the YAML stack, only for YAML)

        return YamlDocument(path, text, limits)
    if fmt == "tsv":
        from goldlint.formats.tsv_doc import TsvDocument

        return TsvDocument(path, text)
    if fmt == "conll":
        from goldlint.formats.conll_doc import ConllDocument

        return ConllDocument(path, text)
    raise ValueError(fmt)


def check_text(
    path: str | Path,
    text: str,
    loaded: cfg.Loaded | None = None,
    kind: str | None = None,
    explicit: bool = True,
    fmt: str | None = None,
    partial: bool = False,
    lossy: bool = False,
) -> FileResult:
    """Check a text in memory (a buffer, or a file already read); ``partial``: the text holds
    only some of the file's entries (:attr:`Context.partial`); ``lossy``: the text was decoded
    from bytes that were not all UTF-8."""
    path = Path(path)
    loaded = loaded or cfg.for_file(path)
    report = Report()
    asked = asked_kind(path, loaded, kind)
    # Content decides the format of an unknown extension only for a kind the user asked for:
    # a README that opens with a `[badge]` is no JSON file.
    fmt = fmt or format_of(path) or (_sniff(text) if asked else None)
    result = FileResult(str(path), text=text, lossy=lossy)
    if fmt is None and asked is None:
        result.skipped = NOT_GOLD_FORMAT
        return result
    if not text or text.isspace():  # (not ``strip()``: that copies the whole text)
        EMPTY_FILE.report(report, Span(Position(1, 1), Position(1, 1), 0, 0), "empty file")
        return _finish(result, report, None, loaded)
    limit, key = loaded.settings.size_limit(fmt)
    if len(text) * 4 > limit and (size := len(text.encode("utf-8", "surrogatepass"))) > limit:
        return _limit(path, f"file is {size:,} bytes, over the limit of {limit:,} ({key}): not checked", loaded)
    check_bom(text, report)
    check_line_endings(text, report, fmt)
    if fmt is None:
        KIND_CANNOT_READ_FILE.report(report, Span(Position(1, 1), Position(1, 1), 0, 0),
                                     f"unknown file type `{path.suffix}`: kind `{asked}` reads {', '.join(FAMILIES[asked].formats)} files")
        return _finish(result, report, None, loaded)
    doc = make_document(str(path), text, fmt, Limits.of(loaded.settings))
    _run(doc, path, report, loaded, kind, explicit, result, partial)
    return _finish(result, report, doc, loaded)


def check_file(
    path: Path, loaded: cfg.Loaded | None = None, kind: str | None = None, explicit: bool = True, in_memory: bool = False,
    need_document: bool = True, digest: bool = False,
) -> FileResult:
    """Check a file on disk, streaming large JSONL files so memory stays flat (unless ``in_memory``: fixes need the text).

    Without ``need_document`` (a caller that wants only diagnostics), a JSON file may be
    checked from its bytes alone (:func:`_from_bytes`), and the result then has no text and
    no document. With ``digest``, the result carries the SHA-256 of the bytes it checked (a
    report that names them hashes what was scored, not a second read that may differ)."""
    loaded = loaded or cfg.for_file(path)
    with _collector_paused():
        try:
            return _check_file(path, loaded, kind, explicit, in_memory, need_document, digest)
        except SystemError as exc:  # (orjson's way of saying MemoryError: "returned a result with an exception set")
            if not isinstance(exc.__cause__, MemoryError):
                raise
            return _limit(path, _OUT_OF_MEMORY, loaded)
        except MemoryError:
            # (a file inside every size limit can still need more memory than the process may
            # have, under `ulimit -v` or a container's cap: what was built is freed on the way
            # here, and the file is reported, not the run ended by an internal error)
            return _limit(path, _OUT_OF_MEMORY, loaded)


_OUT_OF_MEMORY = "the check ran out of memory on this file: not checked (raise the memory limit, or split the file)"


def _unlisted_folder(path: Path) -> str | None:
    """Why a folder the walk could not list is not checked (None: ``path`` is no folder). A
    folder reaches a file's check only so: a folder named is walked."""
    try:
        with os.scandir(path):
            pass
    except (NotADirectoryError, FileNotFoundError):
        return None
    except OSError as exc:
        return f"cannot list this folder: {exc.strerror or exc}; the files in it are not checked"
    # (listed now by a shorter spelling of its path: the walk's was too long for the system)
    return "cannot list this folder: its path is too long; the files in it are not checked (name a folder nearer to them)"


def asked_kind(path: Path, loaded: cfg.Loaded, kind: str | None) -> str | None:
    """The kind the user asked for this file: ``--kind``, else the first `kinds` glob it matches."""
    return kind or next((loaded.settings.kinds[glob] for glob in loaded.matches(path, loaded.settings.kinds)), None)


def _check_file(path: Path, loaded: cfg.Loaded, kind: str | None, explicit: bool, in_memory: bool, need_document: bool,
                digest: bool = False) -> FileResult:
    fmt = format_of(path)
    if fmt is None and explicit and (unlisted := _unlisted_folder(path)) is not None:
        return _limit(path, unlisted, loaded, rule=SYNTAX_ERROR)
    if fmt is None and asked_kind(path, loaded, kind) is None:
        return FileResult(str(path), skipped=NOT_GOLD_FORMAT)  # not even read
    limit, key = loaded.settings.size_limit(fmt)
    try:
        st = path.stat()
        size = st.st_size
        if not S_ISREG(st.st_mode):
            if not explicit or not is_stream(st.st_mode):  # a pipe met in a folder; /dev/zero, a terminal
                return _limit(path, "not a regular file (a pipe or a device): not read", loaded, rule=SYNTAX_ERROR)
            # A pipe or standard input, named: read whole, its size counted as it is read.
            limit, key = min(loaded.settings.size_limit("json")[0], limit), "max-document-size"
            streamed = read_stream(path, limit)
            if streamed is None:
                return _limit(path, f"the stream holds more than {limit:,} bytes, the limit ({key}): not checked", loaded)
            data = streamed
        elif size > limit:
            return _limit(path, f"file is {size:,} bytes, over the limit of {limit:,} ({key}): not checked", loaded)
        elif fmt == "jsonl" and size > STREAM_ABOVE and not in_memory:
            return _check_streamed(path, loaded, kind, explicit)
        else:
            data = path.read_bytes()
    except OSError as exc:
        return _limit(path, f"cannot read: {exc.strerror or exc}", loaded, rule=SYNTAX_ERROR)
    if fmt == "json" and not need_document and not in_memory:
        checked = _from_bytes(path, data, loaded, kind, explicit)
        if checked is not None:
            return checked
    sha256 = _sha256(data) if digest else None
    decoded = decode(data)
    del data  # the text holds it all now: a big file is not kept twice while it is checked
    result = check_text(path, decoded.text, loaded, kind, explicit, lossy=decoded.lossy)
    result.sha256 = sha256
    if decoded.findings and result.skipped is None:
        extra = resolve_findings(decoded.findings, None, loaded, path)
        result.diagnostics = sorted(extra + result.diagnostics, key=lambda d: d.sort_key)
    return result


def _sha256(data: bytes) -> str:
    import hashlib  # (only a caller that reports the hash pays for it)

    return hashlib.sha256(data).hexdigest()


def _from_bytes(path: Path, data: bytes, loaded: cfg.Loaded, kind: str | None, explicit: bool) -> FileResult | None:
    """A JSON file checked from its bytes, by a family's own reading of them or after one
    parse of them, without a decoded text; None: check it the ordinary way."""
    limits = Limits.of(loaded.settings)
    max_depth = limits.max_depth
    if data.startswith(b"\xef\xbb\xbf") or b"\r" in data or max_depth < 8:
        return None  # GL002, GL009 (file rules of the text), or a depth limit a clean file might reach
    # (a file long enough to hold too many values has its colons counted once, for the bound and
    # for a family's own reading, which counts them to rule out a repeated key)
    colons = count_byte(data, COLON) if (len(data) + 1) // 2 > limits.max_json_values else None
    counted = False  # (the values are counted before the first reader that does not count them itself)
    named = asked_kind(path, loaded, kind)
    for row in [KINDS[named]] if named else KINDS.values():
        if "json" not in row.formats or row.byte_sniff is None or data.find(row.byte_sniff, 0, row.sniff_within or len(data)) < 0:
            continue
        family = FAMILIES[row.name]
        if not family.counts_values and not counted:
            if _too_many_values(data, limits.max_json_values, colons):
                return None
            counted = True
        report = Report()
        try:
            doc = family.check_bytes(data, report, _context(path, loaded, family, colons=colons))
        except CheckStopped:
            return None  # (the ordinary way stops where this one did, and has a document to place it)
        if doc is not None:
            return _finish(FileResult(str(path), kind=family.name), report, doc, loaded)
    if not counted and _too_many_values(data, limits.max_json_values, colons):
        return None
    parsed = parse_bytes(data, max_depth, max_values=sys.maxsize, colons=colons)  # (its values counted above)
    if not parsed.ok:
        return None  # the text's reader has something to say (JsonDocument)
    report = Report()
    result = FileResult(str(path))
    from goldlint.formats.json_items import ItemsDocument

    doc = ItemsDocument.of_value(str(path), data, parsed.value, by_line=True)
    del parsed
    _run(doc, path, report, loaded, kind, explicit, result)
    result.document = None  # diagnostics only: the values are freed before the findings are placed, while the collector is still paused
    doc.release_value()
    return _finish(result, report, doc, loaded)


def _too_many_values(data: bytes, limit: int, colons: int | None) -> bool:
    """Too many values to read (max-json-values): the text's reader says where, having built none."""
    return may_exceed(data, limit, colons) and value_past(data, limit) is not None


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a file is checked. A large file's check builds
    hundreds of thousands of objects that all live until it ends: a full collection in the
    middle visits them all and frees none (about a tenth of the time of a 100,000-entry
    corpus). Reference counting frees them as always; a cycle waits for the next collection."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
        lifetime.freeze_held()


def _check_streamed(path: Path, loaded: cfg.Loaded, kind: str | None, explicit: bool) -> FileResult:
    reuse_freed_buffers()  # (chunk after chunk: see goldlint.allocator; a command's check, not the language server's reading)
    report = Report()
    result = FileResult(str(path))
    longest = loaded.settings.size_limit("json")[0]  # a line is one JSON document, held whole to be parsed
    limits = Limits.of(loaded.settings)
    doc = JsonlDocument(str(path), None, lambda: _decoded_lines(path, longest), lambda: _raw_batches(path, report, longest),
                        lambda wanted, starts: _decoded_lines(path, longest, wanted, offsets=False, starts=starts), limits.max_depth,
                        limits.max_json_values)
    _run(doc, path, report, loaded, kind, explicit, result)
    result.lossy = doc.lossy
    return _finish(result, report, doc, loaded)


def read_document(path: Path, loaded: cfg.Loaded) -> Document | None:
    """A file's document for reading its values and placing paths in it, the fastest way its
    format allows (a JSON file parsed once from its bytes, a JSON Lines file streamed); None
    when it cannot be read or does not parse (its own check says why). Nothing is checked."""
    fmt = format_of(path)
    if fmt is None:
        return None
    # (a file read again: a pipe named on the command line was read once, by its check, and
    # reading it again would wait for a writer; a file over its limit is its check's GL011)
    limit = loaded.settings.size_limit(fmt)[0]
    try:
        if fmt == "jsonl":
            open_regular(path, limit).close()  # (the streamed document opens it as it reads)
        else:
            data = read_regular(path, limit)
    except OSError:
        return None
    if fmt == "jsonl":
        longest = loaded.settings.size_limit("json")[0]
        limits = Limits.of(loaded.settings)
        return JsonlDocument(str(path), None, lambda: _decoded_lines(path, longest), lambda: _raw_batches(path, Report(), longest),
                             lambda wanted, starts: _decoded_lines(path, longest, wanted), limits.max_depth, limits.max_json_values)
    if fmt == "json":
        limits = Limits.of(loaded.settings)
        parsed = parse_bytes(data, limits.max_depth, limits.max_json_values)
        if parsed.ok:
            from goldlint.formats.json_items import ItemsDocument

            return ItemsDocument.of_value(str(path), data, parsed.value)
    doc = make_document(str(path), decode(data).text, fmt, Limits.of(loaded.settings))
    return doc if doc.ok else None


_CHUNK = 1 << 22  # bytes read at once by the checking pass: a few thousand records


def _raw_batches(path: Path, report: Report, longest: int) -> Iterator[RawBatch]:
    """The checking pass over a streamed file: undecoded lines, a chunk at a time (the JSON
    readers validate UTF-8 themselves). A line longer than a chunk is gathered whole, up to
    ``longest`` bytes: a longer one is GL011 and read past (an empty line stands in for it,
    so the lines after it keep their numbers and offsets), never held."""
    reader = _BatchReader(report)
    pieces: list[bytes] = []  # the file since the last complete line
    held = 0  # bytes in pieces
    skipping: int | None = None  # the length so far of an over-long line being read past
    pending = b""  # what is left of a chunk after an over-long line ended in it
    try:
        with path.open("rb") as handle:
            while chunk := pending or handle.read(_CHUNK):
                pending = b""
                if skipping is not None:
                    end = chunk.find(b"\n")
                    if end < 0:
                        skipping += len(chunk)
                        continue
                    yield reader.skipped(skipping + end)
                    skipping, pending = None, chunk[end + 1 :]
                    continue
                cut = chunk.rfind(b"\n")
                if cut < 0:
                    pieces.append(chunk)
                    held += len(chunk)
                    if held > longest:
                        line = reader.number + reader.ahead + 1
                        LIMIT_EXCEEDED.report(report, Span(Position(line, 1), Position(line, 1)),
                                              f"a line of more than {longest:,} bytes (max-document-size): not read")
                        skipping, pieces, held = held, [], 0
                    continue
                lo = 0
                if held:  # a line begun in the chunks before ends in this one: it alone is joined
                    lo = chunk.find(b"\n") + 1
                    pieces.append(chunk[: lo - 1])
                    yield reader.batch(b"".join(pieces))
                if lo <= cut:  # the lines after it, read where they are in the chunk (4 MB not copied twice)
                    yield reader.batch(chunk, lo=lo, hi=cut)
                pieces = [chunk[cut + 1 :]]
                held = len(pieces[0])
        if skipping is not None:
            yield reader.skipped(skipping, ends_line=False)
        last = b"".join(pieces)
        if last:
            yield reader.batch(last, ends_line=False)
    finally:
        reader.finish()  # (also when the reading stops early: GL009 for what was read)


class _BatchReader:
    """Numbers the lines of consecutive chunks; reports a BOM and the line breaks that are not
    LF (GL002, GL009), as :func:`check_bom` and :func:`check_line_endings` do in memory.

    Lines are JSONL's, split at ``\\n`` only. A lone ``\\r`` (not before ``\\n``) does not end
    one, but it does end an editor line (LSP's, :class:`~goldlint.textindex.TextIndex`'s), and
    positions are given in editor lines: each batch says on which editor line its lines start.
    """

    def __init__(self, report: Report) -> None:
        self.report = report
        self.number = 0
        self.offset = 0
        self.ahead = 0  # lone \r so far: the editor line of JSONL line n is n + ahead
        self.crs = 0  # \r so far, each one a line break that is not LF (a CRLF or a lone CR)
        self.crlf = False  # a CRLF so far
        self.lone_lfs = 0  # LFs without a \r before them so far
        self.first_cr: Span | None = None

    def batch(self, data: bytes, ends_line: bool = True, lo: int = 0, hi: int | None = None) -> RawBatch:
        """The lines of ``data[lo:hi]``; ``ends_line``: an LF (not in it) follows its last line."""
        hi = len(data) if hi is None else hi
        if self.number == 0 and data.startswith(b"\xef\xbb\xbf", lo):
            BYTE_ORDER_MARK.report(self.report, Span(Position(1, 1), Position(1, 2)), "UTF-8 byte-order mark at the start of the file")
        if data.find(b"\r", lo, hi) >= 0:
            lines = data[lo:hi]
            batch = self._with_crs(lines.split(b"\n"), lines, ends_line)
        else:
            batch = RawBatch.of(self.number, self.offset, data, self.ahead, lo, hi)
            self.lone_lfs += len(batch.starts) - 1 + ends_line
        self.number += len(batch.starts)
        self.offset += hi - lo + 1
        return batch

    def _with_crs(self, lines: list[bytes], data: bytes, ends_line: bool) -> RawBatch:
        """The lines without the ``\\r`` of CRLF breaks (their offsets still count it), each
        with its editor line. (A ``\\r`` at the very end of the file is left out of the line
        too, as :func:`~goldlint.formats.jsonl_doc._split_lines` does.)"""
        offsets, starts, ends, editors, offset = [], [], [], [], self.offset
        ahead = self.ahead
        last = len(lines) - 1
        start = 0
        for n, line in enumerate(lines):
            offsets.append(offset)
            offset += len(line) + 1
            editors.append(self.number + n + ahead)
            starts.append(start)
            start += len(line) + 1
            lf = n < last or ends_line  # an LF ends this line
            if b"\r" not in line:
                self.lone_lfs += lf
                ends.append(start - 1)
                continue
            crlf = lf and line.endswith(b"\r")
            if self.first_cr is None:
                self.first_cr = self._cr_span(line, self.number + n + ahead, crlf)
            self.crs += line.count(b"\r")
            self.crlf |= crlf
            self.lone_lfs += lf and not crlf
            ahead += line.count(b"\r") - crlf
            ends.append(start - 1 - line.endswith(b"\r"))
        batch = RawBatch(self.number, offsets, data, starts, ends, self.ahead if ahead == self.ahead else editors)
        self.ahead = ahead
        return batch

    @staticmethod
    def _cr_span(line: bytes, editor: int, crlf: bool) -> Span:
        """The span of the first ``\\r`` of a line starting on editor line ``editor`` (0-based)."""
        at = line.index(b"\r")
        col = len(line[:at].decode("utf-8", errors="replace")) + 1
        end = Position(editor + 1, col + 1) if crlf and at == len(line) - 1 else Position(editor + 2, 1)
        return Span(Position(editor + 1, col), end)

    def skipped(self, length: int, ends_line: bool = True) -> RawBatch:
        """An over-long line of ``length`` bytes, read past: an empty line in its place."""
        batch = RawBatch.of(self.number, self.offset, b"", self.ahead)
        batch.read_past = True
        self.number += 1
        self.offset += length + 1
        self.lone_lfs += ends_line
        return batch

    def finish(self) -> None:
        """GL009 for the whole file, once read (what :func:`check_line_endings` says in memory, without the fix)."""
        if self.first_cr is None:
            return
        kind = "mixed line endings" if self.lone_lfs else ("CRLF line endings" if self.crlf else "CR line endings")
        LINE_ENDINGS.report(self.report, self.first_cr, f"{kind} ({self.crs} line break(s) not LF; "
                            "the file is too large to fix in place line by line: run --fix)")


_SKIP = 1 << 16  # bytes looked over at once for lines that no finding is on
_LINE_BUFFER = 1 << 13  # bytes read at once after going to a line's known start


def _decoded_lines(path: Path, longest: int, wanted: frozenset[int] | None = None, offsets: bool = True,
                   starts: dict[int, tuple[int, int]] | None = None) -> Iterator[Line]:
    """Lines of a file on disk with their character offsets, for resolving positions (the
    lines of :func:`~goldlint.formats.jsonl_doc._split_lines`, editor lines included). A line
    over ``longest`` bytes is not held: an empty line stands in for it (as in the checking
    pass), and its characters are counted as they are read past.

    With ``wanted`` (the lines findings are on), the others need not be yielded: runs of
    them are stepped over a block at a time — lines counted with memchr, characters from the
    bytes that start one — instead of being read and decoded one by one (a 300 MB file with a
    thousand findings: the placing pass went from a second to a fraction of it).

    Without ``offsets``, the lines' character offsets in the file are not counted (each
    line's is -1: unknown): a streamed file's findings are placed by line and column, and
    the file is never edited from them (``--fix`` reads the whole text), so counting every
    character before them is a pass over the file that nothing reads. Then the lines are
    counted on from the nearest line before a wanted one whose start is known (``starts``:
    line -> byte offset, editor line), gone to at once."""
    char_offset = 0
    ahead = 0  # lone \r so far
    targets = sorted(wanted) if wanted is not None else None
    known = sorted(starts) if starts and targets is not None and not offsets else None
    next_target = 0
    # (a buffer larger than a block: a block is read from it, and the seek back to the first
    # line not stepped over stays inside it; but when lines are gone to by their known starts,
    # each seek would fill a buffer that large again for one line)
    with path.open("rb", buffering=_LINE_BUFFER if known else 4 * _SKIP) as handle:
        number = 0
        while True:
            if targets is not None:
                while next_target < len(targets) and targets[next_target] < number:
                    next_target += 1
                if next_target == len(targets):
                    return  # every wanted line was yielded
                if known:  # the nearest known start at or before the wanted line, when ahead of this one
                    nearest = known[bisect_right(known, targets[next_target]) - 1] if known[0] <= targets[next_target] else -1
                    if nearest > number or nearest == targets[next_target]:
                        byte_offset, editor = starts[nearest]  # type: ignore[index]
                        handle.seek(byte_offset)
                        number, ahead = nearest, editor - nearest
                if number < targets[next_target]:  # lines before the next one wanted: step over them
                    at = handle.tell()
                    block = handle.read(_SKIP)
                    lines = block.count(b"\n")
                    if lines <= targets[next_target] - number:  # every line ending in the block: one count
                        end = block.rfind(b"\n") + 1
                    else:  # the wanted line starts in it: a memchr for each line before that one
                        end, lines = 0, targets[next_target] - number
                        for _ in range(lines):
                            end = block.find(b"\n", end) + 1
                    handle.seek(at + end)
                    if lines and block.find(b"\r", 0, end) < 0:
                        number += lines
                        if offsets:
                            char_offset += _utf8_chars(block[:end])
                        continue
                    handle.seek(at)  # (a lone \r moves editor lines, or a line longer than the block: read it)
            raw = handle.readline(longest + 1)
            if not raw:
                return
            if len(raw) > longest and not raw.endswith(b"\n"):
                count = _utf8_chars if offsets else len  # (the characters read past, when offsets are counted)
                chars = count(raw)
                while (more := handle.readline(_CHUNK)) and not more.endswith(b"\n"):
                    chars += count(more)
                chars += count(more)
                yield number, char_offset if offsets else -1, "", number + ahead
                char_offset += chars
                number += 1
                continue
            text = raw.decode("utf-8", errors="replace")
            body = text.removesuffix("\n").removesuffix("\r")
            yield number, char_offset if offsets else -1, body, number + ahead
            char_offset += len(text)
            if "\r" in body:
                ahead += body.count("\r")
            number += 1


_CONTINUATION = bytes(range(0x80, 0xC0))


def _utf8_chars(data: bytes) -> int:
    """How many characters UTF-8 ``data`` decodes to (every byte but a continuation byte starts one)."""
    return len(data.translate(None, _CONTINUATION))


def _sniff(text: str) -> str | None:
    head = text.lstrip("\ufeff \t\r\n")[:1]
    return "json" if head in ("{", "[") else None


def first_value(doc: Document) -> Any:
    if isinstance(doc, JsonlDocument):
        return doc.first_record()
    return doc.root


def _run(doc: Document, path: Path, report: Report, loaded: cfg.Loaded, kind: str | None, explicit: bool, result: FileResult,
         partial: bool = False) -> None:
    family = _choose_family(doc, path, loaded, kind)
    if family is not None and doc.format not in family.formats:
        # Named by --kind or a `kinds` glob: its rules would look for paths this format has not.
        KIND_CANNOT_READ_FILE.report(report, At(()), f"kind `{family.name}` does not read {doc.format.upper()} files (it reads {', '.join(family.formats)})")
        for _ in doc.records():
            pass
        return
    if family is None:
        records = sum(1 for _ in doc.records())  # (a streamed file's reading findings come as it is read)
        if records == 0 and not doc.findings and not doc.read_past and isinstance(doc, JsonlDocument):
            # Only blank lines, found by streaming (a text in memory is caught before it is parsed).
            EMPTY_FILE.report(report, Span(Position(1, 1), Position(1, 1), 0, 0), "empty file")
            return
        if not doc.findings and not doc.read_past and not result.lossy:
            # Read cleanly, of no kind goldlint knows, and none was asked for: not ours to judge.
            result.skipped = NOT_RECOGNISED
        # Else it is broken (invalid UTF-8, a syntax error, nesting past the limit): which kind
        # it was meant to be cannot be told, and its findings say what is wrong.
        return
    result.kind = family.name
    result.document = doc
    if not doc.ok:
        return  # nothing parsed: the syntax findings say why
    try:
        family.check(doc, report, _context(path, loaded, family, partial))
    except CheckStopped as stop:
        report.stopped(stop.where)


def _context(path: Path, loaded: cfg.Loaded, family: Family, partial: bool = False, colons: int | None = None) -> Context:
    return Context(path, loaded.family_options(family.name), loaded.settings, loaded.path.parent if loaded.path else None, partial=partial,
                   colons=colons)


def _choose_family(doc: Document, path: Path, loaded: cfg.Loaded, kind: str | None) -> Family | None:
    if kind:
        return FAMILIES[kind]
    for glob in loaded.matches(path, loaded.settings.kinds):
        return FAMILIES[loaded.settings.kinds[glob]]
    if not doc.ok:
        return None
    if doc.format in ("tsv", "conll"):  # (told from the document: its lines, not a decoded value)
        return detect(doc, doc.format)
    value = first_value(doc)
    return detect(value, doc.format) if value is not None else None


def _limit(path: Path, message: str, loaded: cfg.Loaded, rule: Rule = LIMIT_EXCEEDED) -> FileResult:
    report = Report()
    rule.report(report, Span(Position(1, 1), Position(1, 1), 0, 0), message)
    return _finish(FileResult(str(path)), report, None, loaded)


def _finish(result: FileResult, report: Report, doc: Document | None, loaded: cfg.Loaded) -> FileResult:
    if result.skipped is not None:
        result.document = None
        return result  # (its file-level findings too: a BOM in package.json is not ours to report)
    findings = (doc.findings if doc is not None else []) + report.findings
    diagnostics = resolve_findings(findings, doc, loaded, Path(result.path))
    if result.lossy:
        # (the text holds U+FFFD where its bytes were not UTF-8: it is never written back, so a
        # fix of it would be advertised and never applied; GL001 says what to mend first)
        diagnostics = [msgspec.structs.replace(d, fix=None, alternatives=()) if d.fix or d.alternatives else d for d in diagnostics]
    result.diagnostics = sorted(diagnostics, key=lambda d: d.sort_key)
    if doc is not None:
        lifetime.keep(doc)  # (the last file's document: freed by the exit)
    return result


def enabled_codes(loaded: cfg.Loaded, path: Path) -> tuple[list[str], list[str]]:
    settings = loaded.settings
    ignore = list(settings.ignore)
    for glob in loaded.matches(path, settings.per_file_ignores):
        ignore.extend(settings.per_file_ignores[glob])
    return list(settings.select), ignore


def resolve_findings(findings: list[Finding], doc: Document | None, loaded: cfg.Loaded, path: Path) -> list[Diagnostic]:
    """Findings to diagnostics, placed in ``doc``, keeping those the config selects for ``path``."""
    select, ignore = enabled_codes(loaded, path)
    kept = [f for f in findings if rule_matches(f.code, select) and not rule_matches(f.code, ignore)
            and (f.code != CAPPED or (rule_matches(f.extra["rule"], select) and not rule_matches(f.extra["rule"], ignore)))]
    return to_diagnostics(kept, doc, path)


def to_diagnostics(kept: list[Finding], doc: Document | None, path: Path) -> list[Diagnostic]:
    """Findings to positioned diagnostics (in one pass over the document), fixes included."""
    if not kept:
        return []
    where = [f.where for f in kept]
    changes = [c for f in kept for p in _proposals(f) for c in p.changes]
    spans = _spans(doc, where + [c.where for c in changes])
    change_spans = dict(zip((id(c) for c in changes), spans[len(where) :], strict=True))
    out: list[Diagnostic] = []
    for finding, span in zip(kept, spans[: len(where)], strict=True):
        rule = get(finding.code) or _unknown_rule(finding.code)
        span = span or Span(Position(1, 1), Position(1, 1), 0, 0)
        fix = _fix(finding.fix, change_spans, doc) if finding.fix is not None else None
        alternatives = tuple(a for a in (_fix(p, change_spans, doc) for p in finding.alternatives) if a is not None)
        severity = finding.severity or rule.severity
        message = finding.message
        if finding.code == CAPPED:  # as severe as the findings it stands for
            default = (get(finding.extra["rule"]) or _unknown_rule(finding.extra["rule"])).severity
            severity = max((s or default for s in finding.extra["severities"]), key=lambda s: s.rank, default=default)
            message = capped_message(finding)
        out.append(Diagnostic(str(path), finding.code, rule.name, severity, message, span, fix, alternatives))
    return out


def _proposals(finding: Finding) -> tuple[FixProposal, ...]:
    return finding.alternatives if finding.fix is None else (finding.fix, *finding.alternatives)


def _spans(doc: Document | None, where: list[Any]) -> list[Span | None]:
    if doc is not None:
        return doc.resolve(where)
    return [w if isinstance(w, Span) else None for w in where]


def _fix(proposal: FixProposal, spans: dict[int, Span | None], doc: Document | None) -> Fix | None:
    edits: list[Edit] = []
    placed_by_line = doc is not None and doc.placed_by_line
    for change in proposal.changes:
        span = spans.get(id(change))
        if span is None or (span.start_offset < 0 and not placed_by_line):
            return None  # a fix we cannot place exactly is no fix
        edits.append(Edit(span, _new_text(change, doc)))
    return Fix(proposal.applicability, proposal.message, tuple(edits))


def _new_text(change: Change, doc: Document | None) -> str:
    if change.as_string and isinstance(change.where, At) and doc is not None:
        return doc.encode(change.where, change.new_text)
    return change.new_text


def _unknown_rule(code: str) -> Rule:
    raise KeyError(f"finding with unregistered rule code {code}")


def iter_files(paths: list[Path], loaded_for: Any, skipped: Counter[str] | None = None) -> Iterator[tuple[Path, bool]]:
    """Files to check, and whether each was named explicitly; folders are walked recursively.

    A file named explicitly is excluded by config too (pre-commit names every file it passes,
    and ``exclude`` must still hold). goldlint's own config files are never gold. What is
    left out is counted in ``skipped`` by reason.

    A file met again (named twice, or named and in a folder named, or in a folder named twice
    through a link to it) is given once: checked twice, it was compared with itself by the
    dataset checks (each item its own duplicate, its id in "another file"). A file named is
    given where it is named, as named (a folder's walk passes over it), any other where it was
    first met. A file is its name in its folder, links to the folder resolved: another name
    linked to it is another file (a split that is a link to another split is a leak to report)."""
    def key(file: Path) -> tuple[str, str]:
        return os.path.realpath(file.parent), file.name

    named = {key(path) for path in paths if not path.is_dir()}
    seen: set[tuple[str, str]] = set()

    def first(file: Path, walked: bool = False) -> bool:
        found = key(file)
        if found in seen or (walked and found in named):
            return False
        seen.add(found)
        return True

    for path in paths:
        if not path.is_dir():
            if not first(path):
                continue
            reason = _left_out(path, loaded_for)
            if reason is None:
                yield path, True
            elif skipped is not None:
                skipped[reason] += 1
            continue
        unlisted: list[Path] = []
        for file in files_under(path, unlisted.append):
            if format_of(file) is None or not first(file, walked=True):
                continue  # (not counted: a folder holds all sorts of files)
            reason = _left_out(file, loaded_for)
            if reason is None:
                yield file, False
            elif skipped is not None:
                skipped[reason] += 1
        for folder in unlisted:  # (checked as named: its check says why its files are not)
            yield folder, True


def _left_out(file: Path, loaded_for: Any) -> str | None:
    if file.name in CONFIG_FILE_NAMES:
        return GOLDLINT_CONFIG
    loaded = loaded_for(file)
    return EXCLUDED if loaded.matches(file, loaded.settings.exclude) else None
