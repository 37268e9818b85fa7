"""A change sent as the whole new text, read from the frame's bytes as the edit it is.

LSP lets a client send each change as the document's whole new text. For a 30 MB document
that is a 30 MB frame per keystroke; decoding it (its UTF-8 and escapes into a ``str``) took
60-80 ms, and comparing the new text with the old another 12 ms, before the edit was even
known. Here the frame is compared with the frame the document's text last came in, as
bytes (memcmp, a few ms for 30 MB), and only the lines that differ are decoded:

1. The text's JSON string is found in the frame (:func:`locate`): its ``"text"`` key near the
   start, its closing quote near the end; the message with a short stand-in for the string
   (:data:`STAND_IN`) is decoded in full, so everything but the text is checked as usual.
2. The string's bytes are compared with the previous frame's (:func:`splice`): the shared
   start and end, each cut back to a line start — just past a ``\\n`` escape, where no escape
   sequence or UTF-8 character can be split. The previous frame's line starts are kept
   (:attr:`RawText.lines`), parallel to the buffer's, so a byte offset there is a line, and a
   line a character offset in the buffer.
3. Only the bytes between those line starts are decoded (strictly, as a JSON string: any
   invalid byte there fails the frame as a parse error would); the rest is the previous
   frame's bytes, already decoded once into the buffer. The edit is then narrowed to the
   characters that differ and applied as a ranged edit would be (:class:`Splice`).

The buffer ends equal to the client's text exactly, as when the whole string is decoded:
what is shared is equal bytes at clean boundaries. Whenever the shortcut does not apply —
no previous frame (the first whole-text change, or one after a ranged change), a lone CR in
the text (a line start that is not after ``\\n``), a newline written as ``\\u000a`` — the
string is decoded whole, as before.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson
from lsprotocol import types

from goldlint.server.textbuffer import TextBuffer, common_prefix, common_suffix

if TYPE_CHECKING:
    from goldlint.server.documents import DocState

SPLICE_ABOVE = 1 << 20  # bytes: a smaller frame is decoded whole (under a millisecond or two)
STAND_IN = "\x00goldlint: the whole text, read apart\x00"  # (no client sends a NUL in a text: JSON writes \u0000)
_STAND_IN_JSON = orjson.dumps(STAND_IN)
_TEXT_KEY = re.compile(rb'"text"[ \t\r\n]*:[ \t\r\n]*"')
_NEAR = 1 << 16  # bytes: how far from the frame's ends the text's key and closing quote are looked for
_TRIES = 16  # candidate keys or closing quotes tried before the frame is decoded whole
_BACKSLASH = 0x5C


@dataclass(slots=True)
class RawText:
    """A document's text as its client last sent it whole: a JSON string's content in a frame."""

    body: bytes
    start: int  # where the string's content starts in ``body`` (just past the quote)
    end: int  # where it ends (at the closing quote)
    lines: array[int] | None = None  # offsets from ``start`` where each line starts (built when first needed)

    @property
    def size(self) -> int:
        return self.end - self.start

    def line_starts(self, buffer: TextBuffer) -> array[int] | None:
        """The offsets of the text's line starts, or None when they are not the buffer's (the
        buffer breaks lines at a lone CR, or the client wrote a newline as ``\\u000a``)."""
        if self.lines is None:
            self.lines = self._written_as_orjson_would(buffer)
        if self.lines is None:
            self.lines = array("q", [0])
            self.lines.extend(_breaks(self.body, self.start, self.end))
        return self.lines if len(self.lines) == buffer.line_count else None

    def _written_as_orjson_would(self, buffer: TextBuffer) -> array[int] | None:
        """The line starts of a frame whose client escapes as orjson does (and JavaScript's
        ``JSON.stringify``, and Python's ``json.dumps`` without ``ensure_ascii``): each line's
        length in the frame is its length encoded so, and a line start follows a ``\\n``
        escape. A line start in the wrong place (another client) is found out at once and None
        given: the frame is then searched for its ``\\n`` escapes, ten times as long (30 MB:
        about 150 ms, once a run of whole-text changes).

        Every offset given is a ``\\n`` escape's end, so a newline of the text, and there are as
        many as the text has newlines (no lone CR): they are its newlines, in order."""
        if buffer.lone_cr:
            return None
        body, start = self.body, self.start
        out = array("q", [0])
        at = 0
        try:
            for line in buffer.lines_with_breaks()[:-1]:
                at += len(orjson.dumps(line)) - 2
                if body[start + at - 2 : start + at] != b"\\n" or not _free(body, start + at - 2, start):
                    return None
                out.append(at)
        except orjson.JSONEncodeError:  # (a lone surrogate: orjson writes none)
            return None
        return out

    def decode(self) -> str:
        return _string(self.body[self.start - 1 : self.end + 1])


@dataclass(frozen=True, slots=True)
class Splice:
    """A whole-text change as the edit it is: characters ``start:end`` of the text it was read
    against (``base``, at ``revision``) become ``text``; ``raw`` is the new text's frame."""

    start: int
    end: int
    text: str
    raw: RawText
    base: DocState
    revision: int


def _string(literal: bytes) -> str:
    """A JSON string (with its quotes), decoded strictly: orjson, or the standard parser for
    what orjson refuses and JSON allows (a lone surrogate's escape)."""
    try:
        value = orjson.loads(literal)
    except orjson.JSONDecodeError:
        import json

        value = json.loads(literal)
    if not isinstance(value, str):  # (a stray quote inside ended the string early)
        raise ValueError("the text is not one JSON string")
    return value


def _free(body: bytes, at: int, floor: int) -> bool:
    """Whether the byte at ``at`` stands for itself, not escaped (a quote that delimits, a
    backslash that starts an escape): the run of backslashes before it is even."""
    j = at
    while j > floor and body[j - 1] == _BACKSLASH:
        j -= 1
    return (at - j) % 2 == 0


def _breaks(body: bytes, start: int, end: int) -> array[int]:
    """Offsets from ``start``, just past each ``\\n`` escape in ``body[start:end]`` (a JSON
    string's content from a clean boundary): where the text's lines start."""
    out = array("q")
    at = body.find(b"\\n", start, end)
    while at >= 0:
        if _free(body, at, start):
            out.append(at + 2 - start)
        at = body.find(b"\\n", at + 2, end)
    return out


def locate(body: bytes) -> tuple[Any, int, int] | None:
    """The message in ``body`` with its ``text`` string replaced by :data:`STAND_IN`, and where
    that string's content lies in ``body``; None when no such string is found near the ends.

    The first ``"text"`` key whose quote is not escaped opens the string; its end is the last
    unescaped quote that leaves a message that decodes. Whether the bytes between are one
    string is the caller's to check (decoding them, or the part of them that changed)."""
    key = None
    at = 0
    for _ in range(_TRIES):
        found = _TEXT_KEY.search(body, at, min(len(body), _NEAR))
        if found is None:
            return None
        if found.start() == 0 or body[found.start() - 1] != _BACKSLASH:
            key = found
            break
        at = found.start() + 1
    if key is None:
        return None
    start = key.end()
    close = len(body)
    floor = max(start, len(body) - _NEAR)
    for _ in range(_TRIES):
        close = body.rfind(b'"', floor, close)
        if close < 0:
            return None
        if not _free(body, close, start):
            continue
        try:
            message = orjson.loads(body[: start - 1] + _STAND_IN_JSON + body[close + 1 :])
        except orjson.JSONDecodeError:
            continue
        return message, start, close
    return None


def splice(old: RawText, buffer: TextBuffer, new: RawText, state: DocState, counts: Counter[str]) -> Splice | None:
    """The edit that makes ``old``'s text (the buffer's) into ``new``'s, found by comparing the
    two frames' bytes; None when the old frame's lines are not the buffer's."""
    lines = old.line_starts(buffer) if not buffer.lone_cr else None
    if lines is None:
        return None
    n0, n1 = old.size, new.size
    shared = common_prefix(old.body, new.body, old.start, new.start, min(n0, n1))
    same_end = common_suffix(old.body, new.body, min(n0, n1) - shared, old.end, new.end)
    first = bisect_right(lines, shared) - 1  # the line where the change starts, cut back to its start
    head = lines[first]
    # The first line start after the change whose escape and the byte before it are shared
    # (a backslash there: its run of backslashes may reach into the change; take the next).
    stop = bisect_left(lines, n0 - same_end + 3)
    while stop < len(lines) and old.body[old.start + lines[stop] - 3] == _BACKSLASH:
        stop += 1
    tail = n0 - lines[stop] if stop < len(lines) else 0  # bytes of the end kept as they were
    text = _string(b'"' + new.body[new.start + head : new.end - tail] + b'"')
    counts["splice_bytes_decoded"] += n1 - tail - head
    inner = _breaks(new.body, new.start + head, new.end - tail)
    fresh = array("q", lines[: first + 1])
    fresh.extend(head + x for x in inner if stop == len(lines) or head + x < n1 - tail)
    delta = n1 - n0
    fresh.extend(x + delta for x in lines[stop:])
    new.lines = fresh
    # Narrowed to the characters that differ: a ranged edit of the same keystroke.
    start = buffer.line_starts[first]
    end = buffer.line_starts[stop] if stop < len(lines) else buffer.length
    old_text = buffer.lines_text(first, stop)
    same = common_prefix(old_text, text)
    same_tail = common_suffix(old_text, text, min(len(old_text), len(text)) - same)
    return Splice(start + same, end - same_tail, text[same : len(text) - same_tail], new, state, state.revision)


class WholeTexts:
    """Large frames that carry a whole-text change, read apart (see the module's docs).

    :meth:`read` gives the message to structure, with the text left out, and a function that
    puts the change into the structured message; :meth:`settle` records the frame of a text
    that had to be decoded whole, once its change was applied."""

    def __init__(self, docs: dict[str, DocState], counts: Counter[str], above: int = SPLICE_ABOVE) -> None:
        self.docs, self.counts, self.above = docs, counts, above
        self.unsplit: set[str] = set()  # documents whose client writes its texts so that they cannot be read apart

    def read(self, body: bytes) -> tuple[dict[str, Any], Callable[[Any], None], Callable[[], None]] | None:
        """None: an ordinary frame, or one whose text read apart is not a JSON string (decode it
        whole: that says whether the frame is JSON). The string found runs from the text's
        key to the last quote that leaves a message: a member written after the text (valid
        JSON) ends it later than the text does, and the text read so is no string; so do
        several content changes (from the first one's text to the last one's).

        That the string is one JSON string is known without a pass of its own over the frame:
        decoded whole, it is decoded strictly; spliced, its shared start and end are a kept
        frame's bytes (one string, checked when it came) cut after a ``\\n`` escape, and the
        bytes between are decoded strictly — a free quote anywhere fails one or the other."""
        if len(body) < self.above:
            return None
        found = locate(body)
        if found is None:
            return None
        message, start, end = found
        if not isinstance(message, dict):
            return None
        params = message.get("params")
        if (message.get("method") != types.TEXT_DOCUMENT_DID_CHANGE or not isinstance(params, dict)
                or params.get("contentChanges") != [{"text": STAND_IN}] or not isinstance(params.get("textDocument"), dict)):
            return None
        uri = params["textDocument"].get("uri")
        state = self.docs.get(uri) if isinstance(uri, str) else None
        if state is None:
            return None
        new = RawText(body, start, end)
        try:
            change = splice(state.raw, state.buffer, new, state, self.counts) if state.raw is not None else None
        except ValueError:
            return None
        if change is None and state.raw is not None and not state.buffer.lone_cr:
            # Its frames' line starts are not the buffer's (a newline written as \u000a): no use
            # finding them again (a pass over the whole frame) at every change of this document.
            self.unsplit.add(state.uri)
        if change is not None:
            self.counts["whole_text_spliced"] += 1

            def put(structured: Any) -> None:
                structured.params.content_changes = [change]

            return message, put, lambda: None
        try:
            params["contentChanges"][0]["text"] = new.decode()
        except ValueError:
            return None
        self.counts["whole_text_decoded"] += 1
        changed: DocState = state
        revision = state.revision

        def settle() -> None:  # (kept only if this change was applied, and nothing else since)
            current = self.docs.get(changed.uri)
            if current is changed and current is not None and current.revision == revision + 1 and current.uri not in self.unsplit:
                current.raw = new

        return message, lambda structured: None, settle
