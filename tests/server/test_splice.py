"""Whole-text changes read apart from their frames (:mod:`goldlint.server.splice`): whatever
the text (CRLF, lone CR, surrogates, astral characters, backslashes before a newline,
quotes) and however the client writes its JSON (escaped ASCII or raw UTF-8, ``\\u000a`` for
a newline, keys in any order, spaces between tokens), a random run of whole-text and ranged
changes leaves the buffer equal to the client's text — the same lines as a fresh open —
and a kept frame always decodes to the buffer's text, with its line starts where they are.

Each frame goes the way ``frames.run_frames`` sends it: :meth:`WholeTexts.read`, lsprotocol's
own structuring, the change put in, ``DocState.apply`` as ``didChange`` calls it, then the
settling. The end-to-end routes (a real server, the CLI's diagnostics) are in ``test_whole_text.py``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types
from pygls.protocol import default_converter

from goldlint.server import splice
from goldlint.server.documents import DocState
from goldlint.server.encoding import UTF16
from goldlint.server.frames import _decode
from goldlint.server.splice import WholeTexts
from goldlint.server.textbuffer import TextBuffer

URI = "file:///work/edited.jsonl"
CONVERTER = default_converter()  # type: ignore[no-untyped-call]
PIECES = ["a", "b", "{}", " ", "\n", "\r\n", "\r", "\\", "\\\n", '"', '\\"', "ё", "中", "😀", "\ud800", "\udc00", "\t", "\u2028",
          "\x00", "/", "\\n", "\\\\n", "u000a"]
STYLES = ["orjson", "ascii", "utf8", "u000a", "pretty", "text-first"]
_FREE_NEWLINE = re.compile(rb"(?<!\\)((?:\\\\)*)\\n")


def frame(version: int, text: str, style: str, then: list[dict[str, Any]] | None = None) -> bytes:
    """A didChange whose one change is the whole ``text``, written as a client of ``style`` would
    (``then``: more changes after it, in the same frame)."""
    changes = [{"text": text}, *(then or [])]
    document = {"uri": URI, "version": version}
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_DID_CHANGE,
                               "params": {"textDocument": document, "contentChanges": changes}}
    if style == "text-first":
        message = {"params": {"contentChanges": changes, "textDocument": document}, "method": types.TEXT_DOCUMENT_DID_CHANGE, "jsonrpc": "2.0"}
    surrogates = any("\ud800" <= c <= "\udfff" for change in changes for c in change["text"])
    if style == "orjson" and not surrogates:
        return orjson.dumps(message)
    if style in ("utf8", "text-first") and not surrogates:
        return json.dumps(message, ensure_ascii=False).encode("utf-8")
    if style == "pretty":
        return json.dumps(message, indent=2).encode("ascii")
    body = json.dumps(message).encode("ascii")
    return _FREE_NEWLINE.sub(rb"\1\\u000a", body) if style == "u000a" else body


def ranged_change(buffer: TextBuffer, start: int, end: int, new: str) -> dict[str, Any]:
    return {"range": CONVERTER.unstructure(buffer.range_of(start, end, UTF16)), "text": new}


def ranged(version: int, buffer: TextBuffer, start: int, end: int, new: str) -> bytes:
    change = ranged_change(buffer, start, end, new)
    return json.dumps({"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_DID_CHANGE,
                       "params": {"textDocument": {"uri": URI, "version": version}, "contentChanges": [change]}}).encode("ascii")


def as_client(text: str) -> str:
    """The text as a client holds it, in UTF-16: a lone high surrogate that comes to stand before a
    lone low one makes a pair with it (and JSON's escapes of the two decode to that one character)."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def send(state: DocState, reader: WholeTexts, body: bytes) -> None:
    """One frame, as ``frames.run_frames`` and the ``didChange`` handler take it."""
    apart = reader.read(body)
    data, put, settle = apart if apart is not None else (_decode(body), lambda m: None, lambda: None)
    message = CONVERTER.structure(data, types.DidChangeTextDocumentNotification)
    put(message)
    state.apply(list(message.params.content_changes), message.params.text_document.version, UTF16)
    settle()


def assert_holds(state: DocState, text: str) -> None:
    fresh = TextBuffer(text)
    assert state.text == text
    assert state.buffer.line_count == fresh.line_count and list(state.buffer.line_starts) == list(fresh.line_starts)
    assert [state.buffer.line_text(n) for n in range(fresh.line_count)] == [fresh.line_text(n) for n in range(fresh.line_count)]
    assert state.buffer.lone_cr == fresh.lone_cr
    if state.raw is not None:  # a kept frame is the buffer's text, its lines where the buffer's are
        assert state.raw.decode() == text
        if state.raw.lines is not None:  # (built when a change is first compared with it)
            assert list(state.raw.lines) == [0, *splice._breaks(state.raw.body, state.raw.start, state.raw.end)]
            assert len(state.raw.lines) == fresh.line_count  # (byte offsets in the frame, one a line)


texts = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(first=texts, steps=st.lists(st.tuples(st.sampled_from(["whole", "whole", "whole", "ranged", "two whole", "whole, ranged"]),
                                             st.sampled_from(STYLES), st.floats(0, 1), st.floats(0, 1), texts.map(lambda t: t[:6])), max_size=8))
def test_random_whole_text_and_ranged_changes_leave_the_clients_text(first: str, steps: list[tuple[str, str, float, float, str]]) -> None:
    """Also frames of several changes, the first a whole text: read apart, their text runs from
    the first change's to the last one's (no string), and they are decoded whole and applied in
    order. The last whole text is the text before (what a kept frame ends with: the shared
    start and end reach into the junk between the changes' texts)."""
    text = as_client(first)
    state = DocState(URI, text, 1, "jsonl")
    reader = WholeTexts({URI: state}, Counter(), above=0)  # (every frame read apart, however short)
    for version, (route, style, a, b, new) in enumerate(steps, start=2):
        start, end = (at - (text[at - 1 : at + 1] == "\r\n") for at in sorted((int(a * len(text)), int(b * len(text)))))
        if route == "ranged":  # (an LSP position cannot fall between a CR and its LF)
            send(state, reader, ranged(version, state.buffer, start, end, new))
            text = text[:start] + as_client(new) + text[end:]  # (two lone surrogates brought together stay two code points)
        elif route == "two whole":
            send(state, reader, frame(version, as_client(text[:start] + new + text[end:]), style, [{"text": text}]))
        elif route == "whole, ranged":
            send(state, reader, frame(version, text, style, [ranged_change(TextBuffer(text), start, end, new)]))
            text = text[:start] + as_client(new) + text[end:]
        else:
            text = as_client(text[:start] + new + text[end:])
            send(state, reader, frame(version, text, style))
        assert_holds(state, text)


def test_a_one_letter_change_of_a_large_text_decodes_about_one_line() -> None:
    """Counted work: the first whole-text change is decoded whole (nothing to compare it with);
    after it, a one-letter change in line 5,000 of 10,000 decodes that line's bytes alone."""
    lines = [json.dumps({"id": n, "text": f"вопрос номер {n}", "note": "a\\nb \"quoted\""}, ensure_ascii=False) for n in range(10_000)]
    text = "\n".join(lines) + "\n"
    state = DocState(URI, text, 1, "jsonl")
    counts: Counter[str] = Counter()
    reader = WholeTexts({URI: state}, counts, above=len(text) // 2)  # (a large frame, under the default's megabyte)
    send(state, reader, frame(2, text, "orjson"))
    assert counts == {"whole_text_decoded": 1}
    lines[5_000] = lines[5_000].replace("номер", "нимер")
    text = "\n".join(lines) + "\n"
    before = set(state.dirty)
    send(state, reader, frame(3, text, "orjson"))
    assert_holds(state, text)
    assert counts["whole_text_spliced"] == 1
    assert counts["splice_bytes_decoded"] <= len(orjson.dumps(lines[5_000])) + 2  # (the line and its newline)
    assert state.dirty - before == {5_000}  # (the one line a quick check reads again)


def test_a_frame_that_is_not_json_where_it_changed_is_a_parse_error() -> None:
    """The changed bytes are decoded strictly: a raw newline or a broken escape there is no text
    read apart, the frame is decoded whole and fails as a parse error, and the document keeps
    its text and its frame."""
    text = "\n".join(f"line {n}" for n in range(100)) + "\n"
    state = DocState(URI, text, 1, "jsonl")
    reader = WholeTexts({URI: state}, Counter(), above=0)
    good = frame(2, text, "orjson")
    send(state, reader, good)
    assert state.raw is not None
    for bad in (b"line 5\nraw", b"line 5\\x", b"line 5\\ud83", b"line 5\xff", b'line 5"'):
        broken = good.replace(b"line 50", bad, 1)
        with pytest.raises(ValueError):
            _decode(broken)
        assert reader.read(broken) is None
        assert_holds(state, text)
        assert state.raw is not None


@pytest.mark.parametrize("after", [', "x": "y"', ', "note": "a \\"quoted\\" word"', ', "n": 1, "s": "z"'])
def test_a_member_after_the_text_is_read_with_the_frame_whole(after: str) -> None:
    """``{"text": "...", "x": "y"}`` is valid JSON: the last quote that leaves a message is then
    the one after ``y``, and the text read apart was no string (a parse error, and the change
    lost: the buffer no longer the client's). Read whole, the change is applied."""
    text = "\n".join(f"line {n}" for n in range(100)) + "\n"
    state = DocState(URI, text, 1, "jsonl")
    reader = WholeTexts({URI: state}, Counter(), above=0)
    for version, new in ((2, text.replace("line 5\n", "line 5!\n")), (3, text.replace("line 7\n", "line 7?\n"))):
        body = frame(version, new, "orjson")
        body = body.replace(b'"}]', b'"' + after.encode() + b'}]', 1)
        assert body.endswith(b"}]}}") and json.loads(body)["params"]["contentChanges"][0]["text"] == new
        send(state, reader, body)
        assert_holds(state, new)


def test_a_client_that_writes_newlines_as_u000a_has_its_texts_decoded_whole() -> None:
    """Its frames' line starts are not where ``\\n`` escapes are: the first comparison finds that
    out, and later frames are neither kept nor searched for line starts again (a pass over the
    whole frame each time); the buffer is still the client's text."""
    text = "\n".join(f"line {n}" for n in range(100)) + "\n"
    state = DocState(URI, text, 1, "jsonl")
    counts: Counter[str] = Counter()
    reader = WholeTexts({URI: state}, counts, above=0)
    for version in range(2, 6):
        text = text.replace(f"line {version}\n", f"line {version}!\n")
        send(state, reader, frame(version, text, "u000a"))
        assert_holds(state, text)
    assert counts["whole_text_spliced"] == 0 and counts["whole_text_decoded"] == 4
    assert URI in reader.unsplit and state.raw is None
