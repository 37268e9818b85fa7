"""Changes sent as the whole new text (LSP allows it; some clients always do) on a large JSON
Lines file: applied as the edit they are, so they publish what the same edits sent as
ranges publish — and what the CLI finds on the text — after re-checking only the edited
records, also when a client mixes both kinds; the whole texts are read apart from their
frames (``test_splice.py`` holds the buffer to the client's text exactly); and while they
keep coming, no full check starts between two of them."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path

import pytest
from lsprotocol import types

from goldlint.server.checker import Checker
from goldlint.server.documents import RHYTHM_CAP, DocState
from goldlint.server.encoding import UTF16
from goldlint.server.sync import STATS_COMMAND
from goldlint.server.textbuffer import _BLOCK as BLOCK
from goldlint.server.textbuffer import TextBuffer, common_prefix, common_suffix
from goldlint.server.workspace_index import WorkspaceIndex

from .conftest import client_fixture
from .helpers import WAIT, open_doc, wait_published
from .test_abuse import checks
from .test_large import big_file, from_scratch, got

ON_ITS_SERVER = pytest.mark.asyncio(loop_scope="module")
client = client_fixture(["vscode"])  # one recorded client is enough: the routes are the server's


def whole(client, uri: str, version: int, text: str) -> None:  # type: ignore[no-untyped-def]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def ranged(client, uri: str, version: int, old: TextBuffer, start: int, end: int, new: str) -> None:  # type: ignore[no-untyped-def]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=old.range_of(start, end, client.encoding), text=new)]))


def random_edit(rng: random.Random, text: str, n: int) -> tuple[int, int, str]:
    """One edit of a record's own content (``start``, ``end``, new text): a typo in an intent
    or its mending, a record broken or mended, a new record inserted, a record deleted, a
    letter typed into a value. None makes ids repeat (only a full check sees that)."""
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"][:-1]
    line = rng.randrange(len(starts))
    begin = starts[line]
    stop = text.index("\n", begin)
    record = text[begin:stop]
    kind = rng.choice(["typo", "break", "insert", "delete", "letter"])
    if kind == "typo":
        for old, new in (('"play_music"', '"play_musik"'), ('"play_musik"', '"play_music"')):
            if old in record:
                at = begin + record.index(old)
                return at + len(old) - 2, at + len(old) - 1, new[-2]
        kind = "letter"
    if kind == "break":
        return (stop - 1, stop, "") if record.endswith("}") else (stop, stop, "}")
    if kind == "insert":
        fresh = record.replace('"id": ', f'"id": {900_000 + n}', 1)
        return begin, begin, fresh + "\n"
    if kind == "delete":
        return begin, stop + 1, ""
    at = begin + record.index('"question": "') + len('"question": "')
    return at, at, "ё"


@ON_ITS_SERVER
async def test_whole_text_edits_publish_what_ranged_edits_and_the_cli_do(client, work: Path) -> None:
    text = "\n".join(big_file()) + "\n"
    assert len(text) > 1 << 20  # large: checked line by line first
    by_range, by_whole, by_both = work / "ranged.jsonl", work / "whole.jsonl", work / "mixed.jsonl"
    uris = open_doc(client, by_range, text), open_doc(client, by_whole, text), open_doc(client, by_both, text)
    for uri in uris:
        assert not (await wait_published(client, uri)).diagnostics
    before = await sync_counts(client)
    rng = random.Random(18)
    for version in range(2, 14):
        start, end, new = random_edit(rng, text, version)
        old = TextBuffer(text)
        ranged(client, uris[0], version, old, start, end, new)
        text = text[:start] + new + text[end:]
        whole(client, uris[1], version, text)
        if rng.random() < 0.3:  # the same edit to the third, sent either way
            ranged(client, uris[2], version, old, start, end, new)
        else:
            whole(client, uris[2], version, text)
        expected = from_scratch(by_whole, text, client.encoding)
        for uri in uris:  # the first publication of this version (the quick one, as a rule)
            assert got(await wait_published(client, uri, lambda p, v=version: p.version == v)) == expected, (version, uri)
    after = await sync_counts(client)
    # The whole texts were read apart from their frames, all but the first of each run decoded in part.
    assert after.get("whole_text_spliced", 0) - before.get("whole_text_spliced", 0) >= 11
    # An id repeated: only the full check sees it, and it ends where the CLI does on both routes.
    first, second = (re.search(r'"id": (\d+)', line) for line in text.split("\n", 2)[:2])
    assert first is not None and second is not None
    start, end, new = len(text.split("\n", 1)[0]) + 1 + second.start(1), len(text.split("\n", 1)[0]) + 1 + second.end(1), first[1]
    for uri in (uris[0], uris[2]):
        ranged(client, uri, 14, TextBuffer(text), start, end, new)
    text = text[:start] + new + text[end:]
    whole(client, uris[1], 14, text)
    expected = from_scratch(by_whole, text, client.encoding)
    assert "SLU105" in {code for code, *_ in expected}
    for uri in uris:
        await wait_published(client, uri, lambda p: p.version == 14 and got(p) == expected)


async def sync_counts(client) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """The server's counts of whole-text changes read apart or decoded whole."""
    stats = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(command=STATS_COMMAND)), WAIT)
    return dict(stats["sync"])


@ON_ITS_SERVER
async def test_a_one_letter_whole_text_change_rechecks_only_its_record(client, work: Path) -> None:
    lines = big_file()
    text = "\n".join(lines) + "\n"
    uri = open_doc(client, work / "large.jsonl", text)
    assert not (await wait_published(client, uri)).diagnostics
    before = await checks(client)
    row = 5_000
    lines[row] = lines[row].replace('"play_music"', '"play_musik"', 1)
    whole(client, uri, 2, "\n".join(lines) + "\n")
    quick = await wait_published(client, uri, lambda p: p.version == 2)
    after = await checks(client)
    assert [(d.code, d.range.start.line) for d in quick.diagnostics] == [("SLU102", row)]
    assert after.get("quick_lines", 0) - before.get("quick_lines", 0) == 1  # one record of 10,000 read again
    assert after.get("quick_published", 0) - before.get("quick_published", 0) == 1


def test_whole_text_changes_in_quick_succession_stretch_the_wait_for_a_full_check() -> None:
    """A client that sends whole texts spends the gap between two changes writing the text
    out: while such changes keep coming, the full check waits for twice that gap; changes
    sent as ranges, or a gap that was itself a pause, leave the usual wait."""
    checker = Checker(None)  # type: ignore[arg-type]  # (its delays and counters only)
    state = DocState("file:///x.jsonl", "a\nb\n", 1, "jsonl")
    assert state.whole_text_gap is None
    state.apply([types.TextDocumentContentChangeWholeDocument(text="a\nc\n")], 2, UTF16)
    assert state.whole_text_gap is None  # (no change before it to measure from)
    state.apply([types.TextDocumentContentChangeWholeDocument(text="a\nd\n")], 3, UTF16)
    assert state.whole_text_gap is not None and state.whole_text_gap >= 0
    for gap, wait in ((0.1, checker.delays.idle), (0.6, 1.2), (2.5, 5.0), (checker.delays.rhythm_cap + 1, checker.delays.idle)):
        state.whole_text_gap = gap
        assert checker.idle(state) == pytest.approx(wait)
    state.apply([types.TextDocumentContentChangePartial(range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=1)), text="b")], 4, UTF16)
    assert state.whole_text_gap is None and checker.idle(state) == checker.delays.idle


async def test_whole_text_changes_in_quick_succession_stretch_the_wait_for_the_workspace_index(tmp_path: Path) -> None:
    """The workspace index waits for a pause in a document's edits the same way: while whole
    texts keep coming, for twice the gap between them (a dataset's check — seconds of CPU on a
    30 MB file — set off between every two changes slowed each next one past the wait again)."""
    index = WorkspaceIndex(None)  # type: ignore[arg-type]  # (its timers and counters only)
    index.roots, index._started = [tmp_path], True
    state = DocState((tmp_path / "x.jsonl").as_uri(), "a\nb\n", 1, "jsonl")
    loop = asyncio.get_running_loop()
    for gap, wait in ((None, index.limits.edit_delay), (0.1, index.limits.edit_delay), (0.6, 1.2), (RHYTHM_CAP + 1, index.limits.edit_delay)):
        state.whole_text_gap = gap
        before = loop.time()
        index.edited(state)
        assert index._edits[state.uri].when() - before == pytest.approx(wait, abs=0.05)
    assert index.stats["edit_delay_stretched"] == 1
    index.stop()


def test_common_prefix_and_suffix_agree_with_a_character_by_character_count() -> None:
    """The block comparisons (and the halving of the block that differs) find what comparing
    one character at a time finds, also across block boundaries, in ``str`` and in ``bytes``."""

    def shared(a: str, b: str, limit: int) -> int:
        n = 0
        while n < min(len(a), len(b), limit) and a[n] == b[n]:
            n += 1
        return n

    rng = random.Random(18)
    for _ in range(2_000):
        old = "".join(rng.choice("ab\n") for _ in range(rng.randrange(200)))
        if rng.random() < 0.2:
            old = "x" * rng.randrange(BLOCK - 8, BLOCK + 8) + old + "y" * rng.randrange(BLOCK - 8, BLOCK + 8)
        i = rng.randrange(len(old) + 1)
        j = rng.randrange(i, len(old) + 1)
        new = old[:i] + "".join(rng.choice("abxy\n") for _ in range(rng.randrange(4))) + old[j:]
        start = common_prefix(old, new)
        assert start == shared(old, new, len(old))
        limit = min(len(old), len(new)) - start
        assert common_suffix(old, new, limit) == shared(old[::-1], new[::-1], limit)
        # As bytes inside frames (compared through views, as splice.py compares two frames' texts).
        head_a, head_b = b"{" * rng.randrange(3), b"[" * rng.randrange(3)
        frame_a, frame_b = head_a + old.encode() + b"}", head_b + new.encode() + b"]]"
        assert common_prefix(frame_a, frame_b, len(head_a), len(head_b), len(old)) == start
        assert common_suffix(frame_a, frame_b, limit, len(head_a) + len(old), len(head_b) + len(new)) == shared(old[::-1], new[::-1], limit)


class _Clock:
    """``time.monotonic`` for a module under test: a second later at each call from ``at``."""

    def __init__(self, at: float) -> None:
        self.at = at

    def monotonic(self) -> float:
        self.at += 1.0
        return self.at


def test_a_quick_check_waits_for_quiet_since_the_change_was_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick check's wait counts from when the change began to come in: a whole-text change
    of a 30 MB file spent 20 ms in the pipe and being compared, then waited the whole 30 ms
    (serve-latency-whole-text: 20 ms more than the same edit sent as a range). A change whose
    start is not known waits the whole delay; a start after now (another clock) waits it too."""
    from goldlint.server import checker as checker_module

    checker = Checker(None)  # type: ignore[arg-type]  # (its delays only)
    checker.delays.quick = 2.5
    monkeypatch.setattr(checker_module, "time", _Clock(100.0))  # (now: 101.0 at the first call, 102.0 at the next...)
    assert checker.quick_wait(None) == 2.5
    assert checker.quick_wait(100.0) == pytest.approx(1.5)  # (1 s of the 2.5 spent coming in)
    assert checker.quick_wait(90.0) == 0.0  # (a frame that took longer than the wait: checked at once)
    assert checker.quick_wait(200.0) == 2.5


async def test_a_change_handed_on_by_the_frame_loop_carries_when_its_frame_began(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_frames`` stamps each frame with the moment its first header line was read, and the
    ``didChange`` handler hands that to the checker as when the change was sent."""
    from goldlint.server import frames
    from goldlint.server.server import create_server

    server = create_server()
    uri = "file:///nowhere/edited.jsonl"
    messages = [{"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "jsonl", "version": 1, "text": "{}\n"}}},
                {"jsonrpc": "2.0", "method": "textDocument/didChange",
                 "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "{}\n{}\n"}]}}]
    bodies = [json.dumps(m).encode() for m in messages]
    lines = [line for body in bodies for line in (b"Content-Length: %d\r\n" % len(body), b"Content-Type: x\r\n", b"\r\n")]
    waiting = list(bodies)

    async def readline(limit: int) -> bytes:
        return lines.pop(0) if lines else b""

    async def read(n: int) -> bytes:
        return waiting.pop(0)

    sent: list[float | None] = []
    monkeypatch.setattr(server.checker, "opened", lambda state: None)
    monkeypatch.setattr(server.checker, "changed", lambda state, began=None: sent.append(began))
    monkeypatch.setattr(server.index, "opened", lambda state: None)
    monkeypatch.setattr(server.index, "edited", lambda state: None)
    monkeypatch.setattr(frames, "time", _Clock(0.0), raising=False)  # (each frame's first header line: 1.0, then 2.0)
    await frames.run_frames(server.stopping, frames.FrameReader(readline, read), server.protocol, lambda data: None)
    assert sent == [2.0]
    assert server.docs[uri].text == "{}\n{}\n"
