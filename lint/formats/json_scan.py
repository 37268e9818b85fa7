"""Exact spans inside JSON text, found without a full position-aware parse.

The fast path parses with orjson and keeps no positions. When a diagnostic needs one,
:func:`locate` walks the text again, descending only into the containers on the
requested paths and skipping every other value with the C-accelerated decoder, so the
cost is paid only by files that have something to report.
"""

from __future__ import annotations

import json
import re
from array import array
from collections.abc import Iterator
from json.decoder import scanstring  # type: ignore[attr-defined]  # (typeshed does not list the C scanner)
from typing import Any

from goldlint.formats import json_spans
from goldlint.lazy_patterns import LazyPatterns

JsonPath = tuple[str | int, ...]

_DECODER = json.JSONDecoder()
_SCALAR_END = re.compile(r'[,\]}\s"]')
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'


# JSON's blanks (U+FEFF among them: each class is beyond Latin-1), compiled when first used: a run
# that walks no JSON text (a CoNLL or TSV file, a JSON file without findings) needs none. ``member``
# is an object's member: its key, and (when it is no array or object) its value and the `,` or `}`
# after it. A member is one match where a scan token by token took ten calls.
_PATTERNS = LazyPatterns(
    blanks=r"[ \t\n\r\ufeff]*",
    next_item=r"[ \t\n\r\ufeff]*(?:(\])|,[ \t\n\r\ufeff]*)",
    member=rf"[ \t\n\r\ufeff]*({_STRING})[ \t\n\r\ufeff]*:[ \t\n\r\ufeff]*"
           rf"(?:({_STRING}|-?[0-9][0-9.eE+-]*|true|false|null)[ \t\n\r\ufeff]*([,}}]))?",
)


class ScanError(ValueError):
    """The text is not the JSON the caller expected (it changed, or never parsed)."""


def skip_ws(text: str, i: int) -> int:
    if text[i : i + 1] not in _BLANKS:
        return i  # nothing to skip (half the calls in pretty-printed JSON): no regular expression
    return _PATTERNS.blanks.match(text, i).end()  # type: ignore[union-attr]


_BLANKS = frozenset(" \t\n\r\ufeff")


def value_end(text: str, i: int) -> int:
    """Offset just past the JSON value starting at ``i``."""
    try:
        return _DECODER.raw_decode(text, i)[1]
    except RecursionError:
        return _skip_deep(text, i)
    except ValueError as exc:
        raise ScanError(f"no JSON value at offset {i}") from exc


def _skip_deep(text: str, i: int) -> int:
    """Iterative bracket matching for values nested deeper than the C decoder allows."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i = scanstring(text, i + 1)[1]
            if depth == 0:
                return i
            continue
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
            if depth == 0:
                return i + 1
        elif depth == 0 and not c.isspace():
            m = _SCALAR_END.search(text, i)
            return m.start() if m else n
        i += 1
    raise ScanError("unterminated value")


def object_members(text: str, i: int, fast: _Fast | None = None) -> Iterator[tuple[str, int, int, int, int]]:
    """Yield ``(key, key_start, key_end, value_start, value_end)`` of the object at ``i``."""
    if text[i] != "{":
        raise ScanError(f"expected an object at offset {i}")
    if text[skip_ws(text, i + 1)] == "}":
        return
    at = i + 1
    while True:
        member = _PATTERNS.member.match(text, at)
        if member is None:
            raise ScanError(f"expected a key at offset {skip_ws(text, at)}")
        key_start, key_end = member.span(1)
        key = scanstring(text, key_start + 1)[0]
        if member.group(2) is not None:  # a string, a number or a literal, and what follows it: one match
            value_start, end = member.span(2)
            yield key, key_start, key_end, value_start, end
            if member.group(3) == "}":
                return
            at = member.end()
            continue
        value_start = member.end()
        end = (fast.value_end(value_start) if fast is not None else None) or value_end(text, value_start)
        yield key, key_start, key_end, value_start, end
        at = skip_ws(text, end)
        if text[at] == "}":
            return
        at += 1


def array_items(text: str, i: int) -> Iterator[tuple[int, int]]:
    """Yield ``(start, end)`` of each item of the array at ``i``."""
    if text[i] != "[":
        raise ScanError(f"expected an array at offset {i}")
    i = skip_ws(text, i + 1)
    if text[i] == "]":
        return
    while True:
        end = value_end(text, i)
        yield i, end
        after = _PATTERNS.next_item.match(text, end)  # one match for the comma and the space around it
        if after is None:
            raise ScanError(f"expected `,` or `]` at offset {end}")
        if after.group(1):
            return
        i = after.end()


# A request trie: {step: subtrie}, with the marker keys below for what to record.
_VALUE, _KEY = object(), object()


def locate(
    text: str, requests: list[tuple[JsonPath, bool]], start: int = 0, utf8: json_spans.Utf8Text | None = None,
    unique_keys: bool = False,
) -> dict[tuple[JsonPath, bool], tuple[int, int]]:
    """Find the spans of many paths in one pass.

    Each request is ``(path, want_key)``: the span of the value at ``path``, or of the
    key token naming it. Where a key repeats, the last occurrence wins, as in every JSON
    reader. Paths that do not exist are absent from the result. ``unique_keys``: the caller
    knows that no key repeats, so an object is read only up to the last key wanted in it
    (a finding's entry is read half-way, on average).
    """
    trie: dict[Any, Any] = {}
    for path, want_key in requests:
        node = trie
        for step in path:
            node = node.setdefault(step, {})
        node[_KEY if want_key else _VALUE] = (path, want_key)
    found: dict[tuple[JsonPath, bool], tuple[int, int]] = {}
    i = skip_ws(text, start)
    try:
        _walk(text, i, trie, found, None, _Fast(text, utf8) if len(text) >= json_spans.FAST_ABOVE else None, unique_keys)
    except (ScanError, IndexError, ValueError):
        pass  # what was found before the text stopped making sense is still right
    return found


_FAST_FROM_ITEM = 64  # items walked the standard way before an array may switch to msgspec
_SMALL_ITEM = 1024  # characters: an array switches when its first items are smaller than this on average


class _Fast:
    """msgspec's skipping for the containers of a large text (:mod:`.json_spans`), made
    on first use. A container it cannot read is walked the ordinary way."""

    def __init__(self, text: str, utf8: json_spans.Utf8Text | None = None) -> None:
        self.text = text
        self._utf8 = utf8  # (a caller that walks the text again with msgspec shares its bytes)

    @property
    def utf8(self) -> json_spans.Utf8Text:
        if self._utf8 is None:
            self._utf8 = json_spans.Utf8Text(self.text)
        return self._utf8

    def value_end(self, i: int) -> int | None:
        if self.text[i] not in "[{":
            return None  # a scalar: the standard decoder is as quick
        return json_spans.value_end(self.utf8, i)

    def items(self, i: int) -> tuple[array[int], array[int], int] | None:
        return json_spans.item_spans(self.utf8, i)


def _walk(
    text: str, i: int, trie: dict[Any, Any], found: dict[Any, Any], key_span: tuple[int, int] | None, fast: _Fast | None = None,
    unique_keys: bool = False,
) -> int:
    end = -1
    if _KEY in trie and key_span is not None:
        found[trie[_KEY]] = key_span
    children = [k for k in trie if k is not _VALUE and k is not _KEY]
    if children:
        c = text[i]
        if c == "{":
            wanted = {k for k in children if isinstance(k, str)}
            last: dict[str, tuple[int, int, int]] = {}
            # (no key repeats and the object's end is not asked for: read up to the last key wanted)
            enough = len(wanted) if unique_keys and _VALUE not in trie else -1
            for key, ks, ke, vs, ve in object_members(text, i, fast):
                if key in wanted:
                    last[key] = (ks, ke, vs)
                    if len(last) == enough:
                        break
                end = ve
            for key, (ks, ke, vs) in sorted(last.items(), key=lambda kv: kv[1][2]):  # in text order: offsets convert forwards
                _walk(text, vs, trie[key], found, (ks, ke), fast, unique_keys)
            if len(last) == enough:
                return -1  # (the object's end is not known, and not needed)
            end = _close(text, end, i, "}")
        elif c == "[":
            wanted_idx = {k for k in children if isinstance(k, int)}
            last_wanted = max(wanted_idx, default=-1)
            for n, (s, e) in enumerate(array_items(text, i)):
                if n in wanted_idx:
                    _walk(text, s, trie[n], found, None, None, unique_keys)  # (inside an item, converting offsets costs more than it saves)
                end = e
                if n >= last_wanted and _VALUE not in trie:
                    return -1  # nothing more is wanted from this array
                if n + 1 == _FAST_FROM_ITEM and fast is not None and e - i < _FAST_FROM_ITEM * _SMALL_ITEM:
                    # Many small items (skipping them is where the standard decoder is slowest): msgspec for the rest.
                    spans = fast.items(i)
                    if spans is not None:
                        return _walk_spans(text, i, trie, found, fast, spans, sorted(k for k in wanted_idx if k > n), unique_keys)
            end = _close(text, end, i, "]")
    if _VALUE in trie:
        if end < 0:
            end = value_end(text, i)
        found[trie[_VALUE]] = (i, end)
    return end


def _walk_spans(
    text: str, i: int, trie: dict[Any, Any], found: dict[Any, Any], fast: _Fast, spans: tuple[array[int], array[int], int], wanted: list[int],
    unique_keys: bool,
) -> int:
    """The array at ``i`` with its items' byte spans known: into the wanted items, in order."""
    starts, _, close = spans
    utf8 = fast.utf8
    for n in wanted:
        if n < len(starts):
            _walk(text, utf8.to_char(starts[n]), trie[n], found, None, None, unique_keys)
    end = utf8.to_char(close)
    if _VALUE in trie:
        found[trie[_VALUE]] = (i, end)
    return end


def _close(text: str, last_end: int, open_at: int, closer: str) -> int:
    j = skip_ws(text, last_end if last_end >= 0 else open_at + 1)
    if text[j] != closer:
        raise ScanError("unbalanced container")
    return j + 1


def string_offsets(text: str, token_start: int, token_end: int, inner: tuple[int, int]) -> tuple[int, int]:
    """Map a ``[start, end)`` range of a decoded JSON string to offsets in the text.

    ``token_start`` is the opening quote. Escapes (``\\n``, ``\\u0436``, surrogate pairs)
    are walked so that a range inside a string with escapes still lands on the right
    characters.
    """
    body = text[token_start + 1 : token_end - 1]
    if "\\" not in body:
        return token_start + 1 + inner[0], token_start + 1 + inner[1]
    mapping = _decoded_to_source(body)
    lo = mapping[min(inner[0], len(mapping) - 1)]
    hi = mapping[min(inner[1], len(mapping) - 1)]
    return token_start + 1 + lo, token_start + 1 + hi


def _decoded_to_source(body: str) -> list[int]:
    """For each decoded character index, the offset in ``body`` where it starts (plus the end)."""
    out: list[int] = []
    i, n = 0, len(body)
    while i < n:
        out.append(i)
        if body[i] != "\\":
            i += 1
            continue
        if body[i + 1 : i + 2] == "u":
            code = int(body[i + 2 : i + 6], 16)
            if 0xD800 <= code < 0xDC00 and body[i + 6 : i + 8] == "\\u":
                i += 12  # a surrogate pair decodes to one character
            else:
                i += 6
        else:
            i += 2
    out.append(n)
    return out


def encode_string(value: str) -> str:
    """A JSON string token for ``value``, keeping non-ASCII characters as they are."""
    return json.dumps(value, ensure_ascii=False)
