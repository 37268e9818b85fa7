"""The server under abuse (issue 8): a thousand random edits to one open document, versions
out of order, requests for documents never opened, malformed parameters.

The test keeps its own copy of the document (:class:`Mirror`) and computes every position in
the negotiated encoding itself, independently of the server. At every checkpoint the server's
copy must be the same as the mirror's: the diagnostics it publishes (and answers to a pull)
are those the engine finds in the mirror's text, and its document symbols outline exactly the
mirror's lines. At the end the mirror's text is written to a file of the document's name and
checked by ``goldlint check --format json``: same codes, ranges and messages.

What the server does with abuse (pinned down here):

- Versions: LSP says they only increase. A change with a lower or repeated version is still
  applied, in the order it arrived: with incremental sync the client's next edits are relative
  to the text after it, so dropping it would desynchronise the buffer for good. The version is
  only a label: diagnostics are published with the version of the last change received, and
  what is stale is decided by the order of arrival, never by comparing version numbers.
- Positions: past the end of its line is the end of that line (before the break); a line past
  the end of the document is the end of the document; a position inside a character (between
  the two UTF-16 units of an emoji, inside a UTF-8 sequence) is that character's start.
- A change whose range ends before it starts replaces the text between its two positions, as
  vscode-languageserver-textdocument does (``getWellformedRange``): a client that builds a
  range from a selection's anchor and head sends such ranges.
- Params that do not fit the protocol's types: a request gets an InvalidParams error; a
  notification (a change) is dropped whole, with a log line. A string field holding a number,
  null or a list does not fit (it is not turned into "5", "None" or "['I']").
- Requests about a document never opened get an empty answer, never an error.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import subprocess
import sys
import time
from bisect import bisect_right
from collections.abc import Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from goldlint import config as cfg
from goldlint.engine import check_file, check_text
from goldlint.reporters.json_format import diagnostic_json

from .conftest import client_fixture
from .helpers import DATA, WAIT, open_doc, still_serving, units, uri_of, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")
# UTF-16 with push diagnostics (VS Code), UTF-8 with pull diagnostics (Neovim 0.11).
client = client_fixture(["vscode", "neovim-0.11"])

SEED = 20240808
EDITS = 1000
STATS = "goldlint.serverStats"
FIX_ALL = "source.fixAll.goldlint"
_BREAK = re.compile(r"\r\n|\r|\n")  # LSP's line breaks, and only those (not U+2028, \x85, \x0b...)

# Text typed into the document: pieces of valid SLU records, and garbage. The garbage holds
# characters outside the BMP (two UTF-16 units, four UTF-8 bytes), a ZWJ sequence, combining
# marks, every LSP line break and characters that other line splitters break at (U+2028,
# U+2029, NEL, VT, FF), a BOM, NUL, NBSP and JSON punctuation. No lone surrogates: a file
# cannot hold them in UTF-8, so the CLI could not be asked about the final text.
GARBAGE = (list("abcxyz019 {}[]\":,\\-") + ["ж", "Ё", "ц", "й", "и\u0306", "😀", "🎧", "📚", "👩\u200d👩\u200d👧", "\U0001d11e",
           "\U0010fffd", "\r\n", "\r", "\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\t", "\x00", "\ufeff", "\u00a0", "\u200b"])
VALID = ['"play_music"', '"rate_bok"', '"rate_book"', '{"artist": "цой"}', '"id": 9, ', ", ", '"slots": []', '"Включи 🎧 цоя"',
         '"audio": "samples/audio_1.wav"', '"intent": ', "\n", "\r\n", "}", "{"]


# -- the client's copy of the document -----------------------------------------------------


class Mirror:
    """The document as the client has it; positions in the negotiated encoding, computed here."""

    def __init__(self, text: str, encoding: str, uri: str = "") -> None:
        self.text, self.encoding, self.uri = text, encoding, uri
        self._indexed: tuple[str, list[int], list[str]] | None = None

    def _index(self) -> tuple[str, list[int], list[str]]:
        if self._indexed is None or self._indexed[0] is not self.text:
            self._indexed = (self.text, [0] + [m.end() for m in _BREAK.finditer(self.text)], _BREAK.split(self.text))
        return self._indexed

    def starts(self) -> list[int]:
        return self._index()[1]

    def lines(self) -> list[str]:
        """Lines without their breaks."""
        return self._index()[2]

    def position(self, offset: int) -> types.Position:
        starts = self.starts()
        row = bisect_right(starts, offset) - 1
        return types.Position(line=row, character=units(self.text[starts[row]:offset], self.encoding))

    def offset(self, position: types.Position) -> int:
        """Where the server puts a position (see the module's docstring)."""
        starts, lines = self.starts(), self.lines()
        if position.line >= len(lines):
            return len(self.text)
        count = 0
        for i, char in enumerate(lines[position.line]):
            width = units(char, self.encoding)
            if count + width > position.character:
                return starts[position.line] + i
            count += width
        return starts[position.line] + len(lines[position.line])

    def random_offset(self, rng: random.Random) -> int:
        at = rng.randint(0, len(self.text))
        if 0 < at < len(self.text) and self.text[at - 1] == "\r" and self.text[at] == "\n":
            at -= 1  # never between the two characters of one line break
        return at

    def apply(self, change: types.TextDocumentContentChangeEvent) -> None:
        if isinstance(change, types.TextDocumentContentChangePartial):
            start, end = sorted((self.offset(change.range.start), self.offset(change.range.end)))
            self.text = self.text[:start] + change.text + self.text[end:]
        else:
            self.text = change.text

    def range_of(self, start: int, end: int) -> types.Range:
        return types.Range(start=self.position(start), end=self.position(end))


def garbage(rng: random.Random, most: int = 12) -> str:
    return "".join(rng.choice(GARBAGE) for _ in range(rng.randint(1, most)))


def fragment(rng: random.Random, lines: list[str]) -> str:
    roll = rng.random()
    if roll < 0.1:
        return rng.choice(lines) + rng.choice(["\n", "\r\n", "\r"])
    if roll < 0.5:
        return rng.choice(VALID)
    return garbage(rng)


def whole_texts(base: str) -> list[str]:
    """Whole-document replacements: the starting text, with CRLF, with U+2028 / U+2029 inside
    strings and lone CRs, cut in half; rarely an empty or a blank document."""
    separators = base.replace("Включи", "Вклю\u2028чи").replace("книгу", "кни\u2029гу").replace('"}}\n', '"}}\r', 3)
    return [base, base, base.replace("\n", "\r\n"), separators, separators, base[: len(base) // 2], "", "\n\n \n"]


def clamped(mirror: Mirror, rng: random.Random) -> types.TextDocumentContentChangePartial:
    """A change with positions a careful client never sends: past the end of a line or of the
    document, inside a character, or a range whose end comes before its start."""
    lines = mirror.lines()
    row = rng.randrange(len(lines))
    line_units = units(lines[row], mirror.encoding)
    roll = rng.random()
    if roll < 0.3:  # past the end of a line
        start = types.Position(line=row, character=line_units + rng.randint(1, 50))
        end = start
    elif roll < 0.45:  # past the end of the document
        start = types.Position(line=len(lines) + rng.randint(0, 5), character=rng.randint(0, 99))
        end = types.Position(line=start.line + rng.randint(0, 3), character=rng.randint(0, 99))
    elif roll < 0.7:  # inside a character of more than one unit, when the line has one
        wide = [i for i, c in enumerate(lines[row]) if units(c, mirror.encoding) > 1]
        col = units(lines[row][: rng.choice(wide)], mirror.encoding) + 1 if wide else line_units + 1
        start = types.Position(line=row, character=col)
        end = types.Position(line=row, character=col + (rng.randint(0, 3) if rng.random() < 0.5 else 0))
    else:  # end before start
        a = mirror.random_offset(rng)
        b = min(len(mirror.text), a + rng.choice([1, 3, 20, 300]))
        if 0 < b < len(mirror.text) and mirror.text[b - 1] == "\r" and mirror.text[b] == "\n":
            b += 1
        start, end = mirror.position(b), mirror.position(a)
    return types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=fragment(rng, lines) if rng.random() < 0.7 else "")


def random_change(mirror: Mirror, rng: random.Random, base: str, limit: int) -> list[types.TextDocumentContentChangeEvent]:
    """One didChange's content changes (usually one; sometimes several, applied in order)."""
    count = 1 if rng.random() < 0.93 else rng.randint(2, 4)
    out: list[types.TextDocumentContentChangeEvent] = []
    for _ in range(count):
        change = _one_change(mirror, rng, base, limit)
        mirror.apply(change)
        out.append(change)
    return out


def _one_change(mirror: Mirror, rng: random.Random, base: str, limit: int) -> types.TextDocumentContentChangeEvent:
    roll = rng.random()
    lines = base.split("\n")
    if roll < 0.025:
        return types.TextDocumentContentChangeWholeDocument(text=rng.choice(whole_texts(base)) if rng.random() < 0.9 else garbage(rng, 300))
    if roll < 0.055:
        return clamped(mirror, rng)
    text = mirror.text
    start = mirror.random_offset(rng)
    if len(text) > limit or roll < 0.31:  # delete (always, once the document grows too large)
        length = rng.choice([1, 1, 2, 3, rng.randint(1, 40), rng.randint(1, 400)]) if len(text) <= limit else len(text) // 3
        end = min(len(text), start + length)
        if 0 < end < len(text) and text[end - 1] == "\r" and text[end] == "\n":
            end += 1
        new = ""
    elif roll < 0.66:  # insert
        end, new = start, fragment(rng, lines)
    else:  # replace
        end = min(len(text), start + rng.choice([1, 2, rng.randint(1, 20), rng.randint(1, 200)]))
        if 0 < end < len(text) and text[end - 1] == "\r" and text[end] == "\n":
            end += 1
        new = fragment(rng, lines)
    return types.TextDocumentContentChangePartial(range=mirror.range_of(start, end), text=new)


# -- what the server should say about a text -------------------------------------------------


def expected_from_json(found: list[dict[str, Any]], text: str, encoding: str) -> list[tuple[Any, ...]]:
    """``goldlint check --format json`` diagnostics (1-based lines, code-point columns) in LSP terms."""
    lines = _BREAK.split(text)

    def position(at: dict[str, int]) -> tuple[int, int]:
        row = at["line"] - 1
        return row, units(lines[row][: at["column"] - 1], encoding)

    out = []
    for d in found:
        start, end = position(d["range"]["start"]), position(d["range"]["end"])
        out.append((d["code"], start, max(start, end), d["message"], d["severity"]))
    return sorted(out)


def expected_for(path: Path, text: str, encoding: str) -> list[tuple[Any, ...]]:
    """What the engine finds in ``text`` checked as the file ``path`` (as the server checks a buffer)."""
    result = check_text(path, text, cfg.for_file(path), explicit=False)
    return expected_from_json([diagnostic_json(d) for d in result.diagnostics], text, encoding)


_SEVERITY = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning", types.DiagnosticSeverity.Information: "info"}


def served(diagnostics: list[types.Diagnostic]) -> list[tuple[Any, ...]]:
    return sorted((d.code, (d.range.start.line, d.range.start.character), (d.range.end.line, d.range.end.character), d.message,
                   _SEVERITY[d.severity]) for d in diagnostics)


def expected_symbols(mirror: Mirror) -> list[tuple[Any, ...]]:
    """One symbol per non-blank line, spanning the line (without its break); does it parse?"""
    out = []
    for row, body in enumerate(mirror.lines()):
        if not body.strip():
            continue
        try:
            orjson.loads(body)
            parses = True
        except orjson.JSONDecodeError:
            parses = False
        out.append(((row, 0), (row, units(body, mirror.encoding)), parses))
    return out


def symbol_rows(symbols: list[types.DocumentSymbol]) -> list[tuple[Any, ...]]:
    return [((s.range.start.line, s.range.start.character), (s.range.end.line, s.range.end.character), not s.name.endswith("(does not parse)"))
            for s in symbols]


# -- the wire ---------------------------------------------------------------------------------


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def server_pid(client: Any) -> int:
    process = client._server  # the asyncio subprocess pytest-lsp started: ``python -m goldlint.server`` itself
    assert process is not None and process.returncode is None
    return process.pid


_IDS = itertools.count()


async def raw_request(client: Any, method: str, params: Any) -> Any:
    """Send a request exactly as given (no client-side typing), and wait for its answer."""
    msg_id = f"abuse-{next(_IDS)}"
    future: Future[Any] = Future()
    client.protocol._request_futures[msg_id] = future
    client.protocol._send_data({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
    return await asyncio.wait_for(asyncio.wrap_future(future), WAIT)



def raw_notify(client: Any, method: str, params: Any) -> None:
    client.protocol._send_data({"jsonrpc": "2.0", "method": method, "params": params})


def send_change(client: Any, uri: str, version: int, changes: list[types.TextDocumentContentChangeEvent]) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=changes))


def doc_id(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def request_for(mirror: Mirror, rng: random.Random, pulls: bool) -> tuple[str, Any]:
    """A well-formed request at a random place of the document as it is now: (method, params)."""
    at = mirror.position(mirror.random_offset(rng))
    other = mirror.position(mirror.random_offset(rng))
    low, high = sorted((at, other), key=lambda p: (p.line, p.character))
    roll = rng.random()
    if roll < 0.3:
        return types.TEXT_DOCUMENT_HOVER, types.HoverParams(text_document=doc_id(mirror.uri), position=at)
    if roll < 0.6:
        return types.TEXT_DOCUMENT_COMPLETION, types.CompletionParams(text_document=doc_id(mirror.uri), position=at)
    if roll < 0.8:
        only = [FIX_ALL] if rng.random() < 0.2 else None
        return types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionParams(
            text_document=doc_id(mirror.uri), range=types.Range(start=low, end=high), context=types.CodeActionContext(diagnostics=[], only=only))
    if roll < 0.9 and pulls:
        return types.TEXT_DOCUMENT_DIAGNOSTIC, types.DocumentDiagnosticParams(text_document=doc_id(mirror.uri))
    return types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, types.DocumentSymbolParams(text_document=doc_id(mirror.uri))


@dataclass(slots=True)
class Step:
    version: int  # as sent: lower than the one before when out of order
    changes: list[types.TextDocumentContentChangeEvent]
    text: str  # the document after the change
    requests: list[tuple[str, Any]]  # sent right after the change
    checkpoint: bool  # wait for the diagnostics of this version, then compare


def script(uri: str, base: str, encoding: str, pulls: bool) -> Iterator[Step]:
    """The whole abuse, decided in advance from the seed (the server's answers change nothing)."""
    rng = random.Random(SEED)
    mirror = Mirror(base, encoding, uri)
    version = last = 1
    edits = 0
    while edits < EDITS:
        batch = min(rng.randint(10, 40), EDITS - edits)
        for n in range(batch):
            changes: list[types.TextDocumentContentChangeEvent] = []
            if edits + batch == EDITS and n == 0:
                # The last batch starts again from the whole file (with U+2028 and lone CRs), so
                # that the final text, checked by the CLI at the end, is a real gold file, edited.
                changes.append(types.TextDocumentContentChangeWholeDocument(text=whole_texts(base)[3]))
                mirror.apply(changes[0])
            changes += random_change(mirror, rng, base, limit=2 * len(base))
            if n < batch - 1 and rng.random() < 0.03:
                sent = max(0, last - rng.randint(1, 8))  # lower than the last version sent, maybe one already used
            else:
                version += 1
                sent = version
            last = sent
            requests = [request_for(mirror, rng, pulls)] if rng.random() < 0.12 else []
            # A batch's last change has a version higher than any before: its publication is unambiguous.
            yield Step(sent, changes, mirror.text, requests, n == batch - 1)
        edits += batch


async def answered(pending: list[tuple[str, Any]]) -> list[Any]:
    """Every request gets its answer in time; a well-formed request never gets an error."""
    results = await asyncio.wait_for(asyncio.gather(*(f for _, f in pending), return_exceptions=True), WAIT)
    errors = [(name, r) for (name, _), r in zip(pending, results, strict=True) if isinstance(r, BaseException)]
    assert not errors, f"well-formed requests answered with errors: {errors[:5]}"
    return results


# -- the tests --------------------------------------------------------------------------------


def base_text() -> str:
    """Valid and defective SLU records with Cyrillic and emoji: 60 records, 24,000 characters."""
    lines = (DATA / "defective.jsonl").read_text(encoding="utf-8").splitlines() + (DATA / "clean.jsonl").read_text(encoding="utf-8").splitlines()
    out = []
    for n in range(60):
        line = lines[n % len(lines)]
        out.append(re.sub(r'"id": \d+', f'"id": {n + 1}', line) if n >= len(lines) else line)
    return "\n".join(out) + "\n"


async def test_a_thousand_random_edits(client, work: Path) -> None:
    started = time.monotonic()
    enc = client.encoding
    pulls = client.init_result.capabilities.diagnostic_provider is not None
    base = base_text()
    path = work / "abuse.jsonl"
    path.write_text(base, encoding="utf-8")
    uri = open_doc(client, path, base)
    first = await wait_published(client, uri)
    assert served(first.diagnostics) == expected_for(path, base, enc) != []
    pid = server_pid(client)
    rss_start = rss_peak = rss_kib(pid)
    logs_before = len(client.log_messages)

    checkpoints = stale_versions = requests = edits = 0
    seen: set[str] = set()  # the codes the checkpoints compared
    since = len(client.published)
    pending: list[tuple[str, Any]] = []
    highest = 1
    text = base
    for step in script(uri, base, enc, pulls):
        send_change(client, uri, step.version, step.changes)
        edits += 1
        stale_versions += step.version <= highest
        highest = max(highest, step.version)
        text = step.text
        for method, params in step.requests:
            pending.append((method, asyncio.wrap_future(client.protocol.send_request(method, params))))  # sent now, answered later
        requests += len(step.requests)
        if not step.checkpoint:
            continue
        published = await wait_published(client, uri, lambda p, v=step.version: p.version == v, since=since)
        checkpoints += 1
        expected = expected_for(path, text, enc)
        seen.update(code for code, *_ in expected)
        symbols = await asyncio.wait_for(client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc_id(uri))), WAIT)
        assert symbol_rows(symbols or []) == expected_symbols(Mirror(text, enc)), f"the server's buffer differs after {edits} edits"
        assert served(published.diagnostics) == expected, f"after {edits} edits (version {step.version})"
        if pulls:
            report = await asyncio.wait_for(client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc_id(uri))), WAIT)
            assert served(report.items) == expected, f"pulled after {edits} edits"
        await answered(pending)
        pending = []
        since = len(client.published)
        rss_peak = max(rss_peak, rss_kib(pid))
    assert edits == EDITS
    # The comparisons were about syntax errors, line endings and the family's own rules alike.
    assert {"GL003", "GL009", "SLU102", "SLU108"} <= seen and len({c for c in seen if c.startswith("SLU")}) >= 4, seen

    rss_end = rss_kib(pid)
    stats = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(command=STATS)), WAIT)
    assert stats["checks"].get("failed", 0) == 0
    errors = [m.message for m in client.log_messages[logs_before:] if m.type == types.MessageType.Error]
    assert not errors, errors[:5]

    # The final text, written to a file of the same name, checked by the CLI. The folder is
    # named (not the file) so that the file is checked the way the server checks a buffer:
    # a file named explicitly would also get GL005 when its kind is not recognised.
    path.write_text(text, encoding="utf-8", newline="")
    assert path.read_bytes().decode("utf-8") == text
    cli = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "goldlint", "check", "--format", "json", str(work)],
                                  capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert cli.returncode in (0, 1), cli.stderr
    from_cli = [d for d in json.loads(cli.stdout) if Path(d["path"]).name == path.name]
    final = expected_from_json(from_cli, text, enc)
    assert served(published.diagnostics) == final
    on_disk = check_file(path, cfg.for_file(path), explicit=False)
    assert expected_from_json([diagnostic_json(d) for d in on_disk.diagnostics], text, enc) == final

    # Bounded memory. The document stays under ~28,000 characters (~110 KB in CPython once an
    # emoji is in it); the server holds one copy, the snapshots of running checks and some
    # dozens of diagnostics. RSS also moves for reasons that are no leak: first-use imports
    # (hover, completion and fix-all load family and schema modules), executor thread stacks,
    # allocator arenas CPython keeps after freeing. 200 MiB is far above all of that (the
    # growth measured is a few MiB) and catches runaway growth: keeping the parsed document,
    # the diagnostics or a snapshot of every edit or request (~1,000 of each here). It is no
    # instrument for small leaks, which the bound leaves unseen on purpose (RSS is too noisy).
    growth = (rss_end - rss_start) / 1024
    print(f"\n[{client.profile}] {EDITS} edits ({stale_versions} out of order), {checkpoints} checkpoints, "
          f"{time.monotonic() - started:.1f} s; RSS {rss_start / 1024:.1f} -> {rss_end / 1024:.1f} MiB "
          f"(peak {rss_peak / 1024:.1f}, growth {growth:.1f} MiB); {requests} requests on the way; final text {len(text)} chars, "
          f"{len(final)} diagnostics; codes compared: {sorted(seen)}")
    assert growth < 200, f"server RSS grew by {growth:.0f} MiB"
    assert server_pid(client) == pid  # alive to the end, the same process
    await still_serving(client, work)


# -- focused cases ----------------------------------------------------------------------------


def edit(mirror: Mirror, old: str, new: str, after: str = "") -> types.TextDocumentContentChangePartial:
    """Replace the first ``old`` (after ``after``) in the mirror; the change that does it."""
    at = mirror.text.index(old, mirror.text.index(after) if after else 0)
    change = types.TextDocumentContentChangePartial(range=mirror.range_of(at, at + len(old)), text=new)
    mirror.apply(change)
    return change


async def pull(client: Any, uri: str) -> types.DocumentDiagnosticReport:
    return await asyncio.wait_for(client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc_id(uri))), WAIT)


async def agrees(client: Any, uri: str, path: Path, mirror: Mirror, version: int, since: int) -> types.PublishDiagnosticsParams:
    """The publication for ``version`` (from ``since`` on) is the engine's on the mirror's text,
    and the server's document symbols outline the mirror's lines."""
    published = await wait_published(client, uri, lambda p: p.version == version, since=since)
    assert served(published.diagnostics) == expected_for(path, mirror.text, mirror.encoding)
    symbols = await asyncio.wait_for(client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc_id(uri))), WAIT)
    assert symbol_rows(symbols or []) == expected_symbols(mirror)
    return published


async def test_versions_out_of_order_are_applied_in_the_order_they_arrive(client, work: Path) -> None:
    pulls = client.init_result.capabilities.diagnostic_provider is not None
    base = (DATA / "clean.jsonl").read_text(encoding="utf-8")
    path = work / "versions.jsonl"
    uri = open_doc(client, path, base)
    mirror = Mirror(base, client.encoding)
    await wait_published(client, uri)

    since = len(client.published)
    send_change(client, uri, 10, [edit(mirror, '"play_music"', '"play_musik"', after='"outputs"')])
    published = await agrees(client, uri, path, mirror, 10, since)
    assert [d.code for d in published.diagnostics] == ["SLU102"]

    # A lower version: applied all the same, and published with the version it came with.
    since = len(client.published)
    send_change(client, uri, 3, [edit(mirror, '"play_musik"', '"play_music"')])
    if pulls:  # asked at once: the answer is about the text after the change, not version 10's diagnostics
        assert served((await pull(client, uri)).items) == expected_for(path, mirror.text, mirror.encoding) == []
    published = await agrees(client, uri, path, mirror, 3, since)
    assert list(published.diagnostics) == []

    # The same version again, then a negative one, two changes in one notification.
    since = len(client.published)
    send_change(client, uri, 3, [edit(mirror, '"rate_book"', '"rate_bok"', after='"outputs"')])
    if pulls:
        assert [d.code for d in (await pull(client, uri)).items] == ["SLU102"]
    await agrees(client, uri, path, mirror, 3, since)
    since = len(client.published)
    send_change(client, uri, -7, [edit(mirror, '"цой"', '"цой 😀"'), edit(mirror, "\n", "\r\n")])
    await agrees(client, uri, path, mirror, -7, since)
    if pulls:
        assert served((await pull(client, uri)).items) == expected_for(path, mirror.text, mirror.encoding)


def big_json() -> str:
    """~2.5 MB of pretty-printed SLU records: a full check takes a few tenths of a second,
    a hundred times a request's round trip."""
    record = json.loads((DATA / "clean.jsonl").read_text(encoding="utf-8").splitlines()[0])
    records = [{**record, "meta": {**record["meta"], "id": n}} for n in range(1, 5501)]
    return json.dumps(records, ensure_ascii=False, indent=1)


async def checks(client: Any) -> dict[str, int]:
    """The server's check counters (started, published, dropped as stale...)."""
    stats = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(command=STATS)), WAIT)
    return dict(stats["checks"])


async def test_a_check_of_an_older_text_is_never_published_when_a_version_number_comes_again(client, work: Path) -> None:
    """A check that started on version 5 finishes after a change that is labelled 5 again: its
    result is about a text that is gone, and must be dropped like any stale result.

    The race is real: now and then the check ends before the server reads the changes (its
    result is then current, and rightly published). The scenario runs again on a fresh
    document until the race happened, which the server's counters tell."""
    for attempt in range(6):
        base = big_json()
        path = work / f"repeat-{attempt}.json"
        uri = open_doc(client, path, base)
        mirror = Mirror(base, client.encoding)
        await wait_published(client, uri)
        before = await checks(client)

        # The changes, worked out before the race (the mirror takes a while on megabytes): X in
        # version 5; X fixed and Y in version 6; Z in version 5 again.
        first = [edit(mirror, '"play_music"', '"play_musik"', after='"id": 100,')]
        old = mirror.position(mirror.text.index('"play_musik"')).line
        then = [edit(mirror, '"play_musik"', '"play_music"'), edit(mirror, '"play_music"', '"rate_bok"', after='"id": 4000,')]
        again = [edit(mirror, '"play_music"', '"play_musak"', after='"id": 5000,')]
        expected = expected_for(path, mirror.text, mirror.encoding)
        assert sorted(code for code, *_ in expected) == ["SLU102", "SLU102"]

        send_change(client, uri, 5, first)
        while (await checks(client)).get("full_started", 0) == before.get("full_started", 0):
            pass  # waiting on answers, not on sleeps, until the full check of version 5 runs
        since = len(client.published)  # (a quick check of version 5's edited entry published while it was current)
        send_change(client, uri, 6, then)
        send_change(client, uri, 5, again)
        final = await wait_published(client, uri, lambda p, expected=expected: served(p.diagnostics) == expected, since=since)
        after = await checks(client)
        if after.get("stale_dropped", 0) > before.get("stale_dropped", 0):
            break  # the check of version 5 ended after the changes arrived: the race ran
        client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))
    else:
        pytest.fail(f"the check of version 5 always ended before the changes arrived: the race never ran ({before} {after})")
    for params in client.published[since : client.published.index(final)]:
        if params.uri == uri:
            assert all(d.range.start.line != old for d in params.diagnostics), \
                f"diagnostics of a text that is gone were published: {params.version} {[(d.code, d.range.start.line) for d in params.diagnostics]}"
    if client.init_result.capabilities.diagnostic_provider is not None:
        assert served((await pull(client, uri)).items) == expected


async def test_a_range_that_ends_before_it_starts_replaces_the_text_between(client, work: Path) -> None:
    base = (DATA / "defective.jsonl").read_text(encoding="utf-8")
    path = work / "reversed.jsonl"
    uri = open_doc(client, path, base)
    mirror = Mirror(base, client.encoding)
    await wait_published(client, uri)
    since = len(client.published)
    # Select "rate_bok" from its end back to its start (after the emoji of line 2), type the right intent.
    at = base.index('"rate_bok"') + 1
    start, end = mirror.position(at + len("rate_bok")), mirror.position(at)
    change = types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="rate_book")
    mirror.apply(change)
    assert '"rate_book"' in mirror.text.split("\n")[2]
    send_change(client, uri, 2, [change])
    published = await agrees(client, uri, path, mirror, 2, since)
    assert [d.code for d in published.diagnostics] == ["SLU108"]
    # Across lines, backwards: from the middle of line 3 back to the middle of line 1.
    since = len(client.published)
    a, b = mirror.text.index("samples/audio_2.wav"), mirror.text.index("samples/audio_3.wav")
    change = types.TextDocumentContentChangePartial(range=types.Range(start=mirror.position(b), end=mirror.position(a)), text="🎧\n")
    mirror.apply(change)
    send_change(client, uri, 3, [change])
    await agrees(client, uri, path, mirror, 3, since)


async def test_requests_for_documents_never_opened(client, work: Path) -> None:
    pulls = client.init_result.capabilities.diagnostic_provider is not None
    ghosts = [uri_of(work / "never-opened.jsonl"), uri_of(work / "no" / "such" / "folder.json"), "untitled:Untitled-1",
              "http://example.com/gold.jsonl", "file:///", "not a uri at all", ""]
    here = types.Position(line=0, character=0)
    for ghost in ghosts:
        requests = [
            client.text_document_hover_async(types.HoverParams(text_document=doc_id(ghost), position=here)),
            client.text_document_completion_async(types.CompletionParams(text_document=doc_id(ghost), position=here)),
            client.text_document_code_action_async(types.CodeActionParams(text_document=doc_id(ghost), range=types.Range(start=here, end=here),
                                                                          context=types.CodeActionContext(diagnostics=[]))),
            client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc_id(ghost))),
        ]
        assert await asyncio.wait_for(asyncio.gather(*requests), WAIT) == [None, None, None, None], ghost
        if pulls:
            report = await pull(client, ghost)
            assert report.kind == "full" and list(report.items) == [], ghost
        client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=doc_id(ghost)))
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc_id(ghost)))
        send_change(client, ghost, 2, [types.TextDocumentContentChangeWholeDocument(text="{")])
    await still_serving(client, work)
    assert not [p.uri for p in client.published if p.uri in ghosts]


async def test_a_document_whose_path_cannot_exist_is_still_checked(client, work: Path) -> None:
    """A URI with an escaped NUL names no file the OS can look at: looking for its config must not fail the check."""
    uri = uri_of(work) + "/nul%00byte/abuse.jsonl"
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="json", version=1, text=(DATA / "defective.jsonl").read_text(encoding="utf-8"))))
    if client.init_result.capabilities.diagnostic_provider is not None:
        assert sorted(d.code for d in (await pull(client, uri)).items) == ["SLU102", "SLU108"]
    published = await wait_published(client, uri)
    assert sorted(d.code for d in published.diagnostics) == ["SLU102", "SLU108"]
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=doc_id(uri), position=published.diagnostics[0].range.start)), WAIT)
    assert hover is not None


async def test_malformed_params(client, work: Path) -> None:
    base = (DATA / "defective.jsonl").read_text(encoding="utf-8")
    path = work / "malformed.jsonl"
    uri = open_doc(client, path, base)
    mirror = Mirror(base, client.encoding)
    await wait_published(client, uri)
    logs = len(client.log_messages)

    # Requests whose params do not fit the protocol's types: an InvalidParams error each.
    good = {"uri": uri}
    bad_requests = [
        ("textDocument/hover", {"textDocument": 5, "position": "here"}),
        ("textDocument/hover", {"textDocument": good, "position": {"line": -1, "character": 0}}),
        ("textDocument/hover", {"textDocument": good, "position": {"line": 0, "character": 2**31}}),
        ("textDocument/completion", {"textDocument": {"uri": 7}, "position": {"line": 0}}),
        ("textDocument/completion", [uri, 0, 0]),
        ("textDocument/codeAction", {"textDocument": good, "range": None, "context": {"diagnostics": []}}),
        ("textDocument/codeAction", {"textDocument": good, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                                     "context": {"diagnostics": [{"range": "everywhere", "message": 3}]}}),
        ("textDocument/documentSymbol", {"textDocument": "malformed.jsonl"}),
        ("textDocument/documentSymbol", None),
        ("textDocument/diagnostic", {"textDocument": []}),
    ]
    for method, params in bad_requests:
        with pytest.raises(JsonRpcInvalidParams):
            await raw_request(client, method, params)

    # Well-typed but out of range: positions past the end of a line or of the document, a range
    # whose end comes before its start. Answered (clamped), never an error.
    far = types.Position(line=10**6, character=10**6)
    eol = types.Position(line=0, character=10**6)
    line2 = base.split("\n")[2]
    wide = next(c for c in line2 if ord(c) > 0xFFFF)  # an emoji: two UTF-16 units, four UTF-8 bytes
    mid_emoji = types.Position(line=2, character=units(line2[: line2.index(wide)], client.encoding) + 1)
    reversed_range = types.Range(start=types.Position(line=2, character=30), end=types.Position(line=0, character=5))
    answers = await asyncio.wait_for(asyncio.gather(*[
        client.text_document_hover_async(types.HoverParams(text_document=doc_id(uri), position=p)) for p in (far, eol, mid_emoji)
    ], *[
        client.text_document_completion_async(types.CompletionParams(text_document=doc_id(uri), position=p)) for p in (far, eol, mid_emoji)
    ], *[
        client.text_document_code_action_async(types.CodeActionParams(text_document=doc_id(uri), range=r, context=types.CodeActionContext(diagnostics=[])))
        for r in (reversed_range, types.Range(start=far, end=far), types.Range(start=eol, end=far))
    ]), WAIT)
    assert answers[:6] == [None] * 6
    assert all(a is None or isinstance(a, (list, tuple)) for a in answers[6:]), answers[6:]

    # A change whose params do not fit is dropped whole (a notification gets no answer): the
    # text stays as it was, even when the notification's other changes were fine. (Numbers
    # are read leniently, as cattrs reads them: "1" or 1.9 for a line is line 1.)
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}
    bad_changes = [
        {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": whole, "text": "A"}, {"range": {"start": {"line": -1, "character": 0}, "end": whole["end"]}, "text": "B"}]},
        {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": "everything", "text": "C"}]},
        {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": {"start": {"line": 0, "character": 0}}, "text": "J"}]},
        {"textDocument": {"uri": uri, "version": "two"}, "contentChanges": [{"text": "D"}]},
        {"textDocument": {"uri": uri}, "contentChanges": [{"text": "E"}]},
        {"textDocument": {"uri": uri, "version": 2**40}, "contentChanges": [{"text": "F"}]},
        {"textDocument": {"uri": uri, "version": 2}, "contentChanges": {"text": "G"}},
        {"textDocument": {"uri": uri, "version": 2}, "contentChanges": "HH"},
        {"textDocument": {"uri": uri, "version": 2}},
    ]
    for params in bad_changes:
        raw_notify(client, "textDocument/didChange", params)
    # Well-typed changes at positions a careful client never sends, each checked against the mirror.
    version = 1
    for start, end, text in [
        ((0, 10**6), (0, 10**6), "tail"),  # past the end of a line: at its end, before the break
        ((10**6, 0), (10**6 + 3, 7), "\nEOF"),  # past the end of the document: at its end
        ((2, mid_emoji.character), (2, mid_emoji.character), "♪"),  # inside a character: at its start
        ((2, mid_emoji.character + 1), (0, 10**6), ""),  # inside a character, backwards, to past the end of line 0
        ((1, 5), (1, 2), "\u2028x\u2029"),  # backwards on one line
        ((3, 0), (0, 0), ""),  # backwards, the first three lines
    ]:
        version += 1
        since = len(client.published)
        change = types.TextDocumentContentChangePartial(range=types.Range(start=types.Position(line=start[0], character=start[1]),
                                                                          end=types.Position(line=end[0], character=end[1])), text=text)
        mirror.apply(change)
        send_change(client, uri, version, [change])
        await agrees(client, uri, path, mirror, version, since)
    invalid = [m.message for m in client.log_messages[logs:] if "invalid message" in m.message]
    assert len(invalid) >= len(bad_requests) + len(bad_changes)
    await still_serving(client, work)


async def test_a_change_whose_text_is_not_a_string_is_dropped(client, work: Path) -> None:
    """cattrs makes a string of anything (5 -> "5", null -> "None"): such a change must be
    dropped like any change whose params do not fit, not typed into the buffer."""
    base = (DATA / "defective.jsonl").read_text(encoding="utf-8")
    path = work / "not-a-string.jsonl"
    uri = open_doc(client, path, base)
    mirror = Mirror(base, client.encoding)
    await wait_published(client, uri)
    logs = len(client.log_messages)
    here = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}
    for text in (5, None, ["I"], {"text": "J"}, True):
        raw_notify(client, "textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": here, "text": text}]})
        raw_notify(client, "textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]})
    since = len(client.published)
    send_change(client, uri, 3, [edit(mirror, '"rate_bok"', '"rate_book"')])
    published = await agrees(client, uri, path, mirror, 3, since)
    assert [d.code for d in published.diagnostics] == ["SLU108"]
    assert sum("invalid message for textDocument/didChange" in m.message for m in client.log_messages[logs:]) == 10
