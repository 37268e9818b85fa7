"""Positions in large JSON texts: msgspec's skipping finds exactly what the standard decoder finds.

:func:`goldlint.formats.json_scan.locate` walks a large text with msgspec
(:mod:`goldlint.formats.json_spans`) and a small one with ``json.raw_decode``; the
thresholds are lowered here so that both walks run on the same small texts.

Positions found from a file's bytes (:class:`goldlint.formats.json_items.ItemsDocument`,
which places the items of one array and resolves paths inside each item's own text) are
exactly those the whole text gives (:class:`goldlint.formats.json_doc.JsonDocument`); and
object members are read exactly as the standard decoder reads them.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from goldlint import textindex
from goldlint.checkpoints import Checkpoints
from goldlint.findings import At
from goldlint.formats import json_items, json_scan, json_spans
from goldlint.formats.json_doc import JsonDocument
from goldlint.formats.json_items import ItemsDocument, _items_of
from goldlint.formats.json_scan import locate, object_members
from goldlint.textindex import TextIndex

_TEXT = st.text(alphabet=st.sampled_from("aé→ \"\\\n\t{}[],:😀\u2028x"), max_size=6)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False, allow_infinity=False) | _TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=25,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, list):
        for n, item in enumerate(value):
            out += _paths(item, (*prefix, n))
    elif isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    return out


def _both_ways(text: str, requests: list[tuple[tuple[Any, ...], bool]]) -> tuple[dict[Any, Any], dict[Any, Any]]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_spans, "FAST_ABOVE", 0)
        patch.setattr(json_scan, "_FAST_FROM_ITEM", 1)  # switch after the first item
        fast = locate(text, requests)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_spans, "FAST_ABOVE", 1 << 60)
        slow = locate(text, requests)
    return fast, slow


@settings(max_examples=300, deadline=None)
@given(_JSON, st.sampled_from([None, 0, 1, 2]), st.booleans(), st.randoms(use_true_random=False))
def test_fast_and_standard_walks_find_the_same_spans(value: Any, indent: int | None, ascii_only: bool, rnd: random.Random) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    paths = _paths(value)
    requests = [(p, want_key) for p in rnd.sample(paths, min(len(paths), 6)) for want_key in (False, True)]
    fast, slow = _both_ways(text, requests)
    assert fast == slow
    for (path, want_key), (start, end) in fast.items():
        if not want_key:
            assert json.loads(text[start:end]) == _at(value, path)


@settings(max_examples=300, deadline=None)
@given(_JSON, st.sampled_from([None, 0, 2]), st.randoms(use_true_random=False))
def test_a_walk_told_that_no_key_repeats_finds_the_same_spans(value: Any, indent: int | None, rnd: random.Random) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=False)  # (a dict's keys: none repeats)
    paths = _paths(value)
    requests = [(p, want_key) for p in rnd.sample(paths, min(len(paths), 6)) for want_key in (False, True)]
    assert locate(text, requests, unique_keys=True) == locate(text, requests)


def test_a_walk_told_that_no_key_repeats_reads_an_object_only_up_to_the_last_key_wanted() -> None:
    text = '{"a": {"b": 1, "c": 2, "d": 4}, "e": [}'  # (broken after the keys wanted: not read)
    requests = [(("a", "b"), False), (("a", "c"), True)]
    assert locate(text, requests, unique_keys=True) == {(("a", "b"), False): (12, 13), (("a", "c"), True): (15, 18)}
    assert locate(text, requests) == {}  # (read to its end, the object is broken: nothing in it is placed)


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


_ENTRY = '{{"id": {n}, "source": "Сөз {n} →", "notes": [1, {{"k": "v"}}]}}'


@pytest.mark.parametrize("separators", [[",\n  "], [",", ", ", " ,\n\n\t", ",\r\n  "]], ids=["even", "uneven"])
def test_items_are_found_however_they_are_spaced(separators: list[str]) -> None:
    items = [_ENTRY.format(n=n) for n in range(200)]
    body = items[0] + "".join(separators[n % len(separators)] + item for n, item in enumerate(items[1:]))
    text = '{"dataset": {"id": "x→y"}, "entries": [\n  ' + body + "\n]}"
    requests = [(("entries", n, "source"), False) for n in range(0, 200, 7)] + [(("entries", 199), False)]
    fast, slow = _both_ways(text, requests)
    assert fast == slow and len(fast) == len(requests)
    assert text[slice(*fast[(("entries", 199), False)])] == items[199]


@pytest.mark.parametrize(
    "text",
    [
        '{"entries": [' + ", ".join(["NaN"] * 80) + '], "x": 1}',  # msgspec refuses NaN: the standard walk
        '{"entries": [' + ", ".join(['{"a": 1, "a": 2}'] * 80) + "]}",  # duplicate keys: the last wins
        '{"entries": [' + ", ".join(["[" * 1500 + "]" * 1500] * 70) + "]}",  # deeper than msgspec goes
        '{"entries": [' + ", ".join(["1"] * 80) + ", ]}",  # broken after item 79
    ],
    ids=["nan", "duplicate-keys", "deep", "trailing-comma"],
)
def test_what_msgspec_cannot_read_is_walked_the_standard_way(text: str) -> None:
    requests = [(("entries", n), False) for n in range(0, 80, 3)] + [(("entries", 70, "a"), False), (("x",), True)]
    fast, slow = _both_ways(text, requests)
    assert fast == slow


def test_offsets_convert_between_characters_and_bytes() -> None:
    text = "a→😀\u2028b" * 50
    utf8 = json_spans.Utf8Text(text)
    offsets = list(range(len(text) + 1))
    random.Random(7).shuffle(offsets)
    for char in offsets:
        byte = utf8.to_byte(char)
        assert byte == len(text[:char].encode("utf-8"))
        assert utf8.to_char(byte) == char


def test_checkpoints_count_from_the_nearest_known_point() -> None:
    calls: list[tuple[int, int]] = []

    def step(x0: int, y0: int, x: int) -> int:
        calls.append((x0, x))
        return y0 + (x - x0) * 2

    points = Checkpoints(step)
    assert [points.convert(x) for x in (50, 10, 70, 50, 60)] == [100, 20, 140, 100, 120]
    assert calls == [(0, 50), (0, 10), (50, 70), (50, 60)]  # 50 again: known, not counted
    points.learn(30, 60)  # found by the inverse conversion
    points.learn(50, 999)  # already known: kept as it was
    assert [points.convert(x) for x in (40, 55)] == [80, 110]
    assert calls[-2:] == [(30, 40), (50, 55)]


@given(st.text(alphabet="ab\n", max_size=120), st.lists(st.integers(0, 130), max_size=20))
def test_positions_counted_from_checkpoints_equal_the_line_index(text: str, offsets: list[int]) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textindex, "COUNT_ROWS_ABOVE", -1)  # every text counts as large: rows are counted
        counted = [TextIndex(text).position(o) for o in offsets]
    indexed = TextIndex(text)
    _ = indexed.line_starts  # built first: the index answers
    assert counted == [indexed.position(o) for o in offsets]


# --------------------------------------------------------------------------- positions from bytes

_ITEM = st.dictionaries(_TEXT, _JSON, min_size=1, max_size=5) | _JSON
_GAPS = [",", ", ", ",\n  ", " ,\n\n    ", "\n,"]


def _text(root: Any, member: str | None, rnd: random.Random, layout: str) -> str:
    """``root`` as JSON, the array ``member`` (None: the root itself) written with the gaps
    ``layout`` asks for."""
    indent = rnd.choice([None, 2])
    def dumps(v: Any) -> str:
        return json.dumps(v, indent=indent, ensure_ascii=rnd.random() < 0.3)
    entries = root if member is None else root[member]
    gap = rnd.choice(_GAPS)
    gaps = [rnd.choice(_GAPS) if layout == "uneven" else gap for _ in entries]
    items = "".join(dumps(item) + (gaps[n] if n + 1 < len(entries) else "") for n, item in enumerate(entries))
    if member is None:
        text = f" [\n  {items}\n]\n"
    else:
        key = json.dumps(member, ensure_ascii=False)
        key = key.replace("e", "\\u0065", 1) if layout == "escaped-key" else key
        if layout == "nested-copy":  # (the head holds the same array, written alike, before the root's)
            members = [f'"head": {{{key}: [\n  {items}\n]}}', f'{key}: [\n  {items}\n]']
        else:
            members = [f'{key}: [\n  {items}\n]', f'"head": {dumps(root["head"])}']
            members = members if rnd.random() < 0.5 else members[::-1]
        text = "{" + ", ".join(members) + "}"
    return text.replace("\n", "\r\n") if layout == "crlf" else text


def _locations(root: Any, member: str | None, rnd: random.Random) -> list[At]:
    """Values, keys, ranges inside strings, and paths that do not exist (they fall back to a parent)."""
    out = []
    for path in rnd.sample(_paths(root), min(12, len(_paths(root)))):
        value: Any = root
        for step in path:
            value = value[step]
        out.append(At(path, key=rnd.random() < 0.3))
        if isinstance(value, str) and value:
            start = rnd.randrange(len(value))
            out.append(At(path).inside(start, rnd.randrange(start, len(value) + 1)))
        out.append(At((*path, "missing", 0)))
    prefix = (member,) if member is not None else ()
    out.append(At((*prefix, len(root if member is None else root[member]) + 3, "id")))
    return out


def _spans(doc: Any, where: list[At]) -> list[Any]:
    return [None if s is None else (s.start, s.end, s.start_offset, s.end_offset) for s in doc.resolve(where)]


@settings(max_examples=300, deadline=None)
@given(st.lists(_ITEM, min_size=1, max_size=6), _JSON, st.sampled_from(["even", "uneven", "escaped-key", "crlf", "nested-copy"]),
       st.sampled_from(["entries", "test set", "ключ", None]), st.booleans(), st.booleans(), st.randoms(use_true_random=False))
@example([{"id": 1, "a": "x"}, {"id": 2, "a": "é\\y"}], {"k": ["é"]}, "even", "entries", False, True, random.Random(1))
@example([{"id": 1, "a": "x"}, [2, {"a": "é"}]], None, "uneven", None, False, False, random.Random(2))  # the root is the array
def test_items_document_places_what_the_whole_text_places(entries: list[Any], head: Any, layout: str, member: str | None,
                                                           items_given: bool, addressed: bool, rnd: random.Random) -> None:
    """Both ways of placing the items (by their addresses, and proved from the text) give
    what the whole text gives."""
    if layout == "nested-copy" and member is not None:
        head = {member: entries}
    root: Any = entries if member is None else {"head": head, member: entries}
    text = _text(root, member, rnd, layout)
    data = text.encode("utf-8")
    items = None
    if items_given and layout != "escaped-key":
        decoded = _items_of(member).decode(data)
        items = decoded if member is None else decoded.items
    where = _locations(root, member, rnd)
    expected = _spans(JsonDocument("f.json", text), where)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_items, "_ADDRESSED_FROM", 0 if addressed else sys.maxsize)
        assert _spans(ItemsDocument("f.json", data, member, items), where) == expected
        assert _spans(ItemsDocument.of_value("f.json", data, json.loads(text)), where) == expected


def test_few_items_are_proved_and_many_addressed() -> None:
    """A short array's items are proved from the text (no ctypes to import for them); from
    ``_ADDRESSED_FROM`` items on, they are placed by their addresses."""
    def placed(count: int) -> type:
        return type(ItemsDocument("f.json", ('{"entries": [' + ", ".join(["{}"] * count) + "]}").encode(), "entries")._placed())

    assert placed(3) is json_items._Proved
    assert placed(json_items._ADDRESSED_FROM - 1) is json_items._Proved
    assert placed(json_items._ADDRESSED_FROM) is json_items._Addressed


def _item_spans(doc: ItemsDocument) -> list[Any]:
    places = doc._placed()
    return [places.span(n) for n in range(places.count)]


@pytest.mark.parametrize("addressed", [True, False])
def test_items_are_placed_when_the_layout_allows_it(addressed: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cases the property above falls back on are the exceptions: an even or uneven
    layout is placed (each item resolved in its own text), by the items' addresses or
    proved from the text."""
    monkeypatch.setattr(json_items, "_ADDRESSED_FROM", 0 if addressed else sys.maxsize)
    for gaps in ([", "] * 3, [",", ",\n    ", " , "]):
        text = '{"head": {"entries": ["x"]}, "entries": [' + "".join(
            json.dumps({"id": n, "s": "é"}) + (gaps[n] if n < 3 else "") for n in range(4)) + "]}"
        doc = ItemsDocument("f.json", text.encode(), "entries")
        assert type(doc._placed()) is (json_items._Addressed if addressed else json_items._Proved)
        assert [text.encode()[s:e] for s, e in _item_spans(doc)] == [json.dumps({"id": n, "s": "é"}).encode() for n in range(4)]
    assert _item_spans(ItemsDocument("f.json", b'{"entries": [{"a": 1}]\r\n}', "entries")) == []  # a CR: the whole text's index
    root = b' [\n {"id": 1}, {"id": 2},\n {"id": 3}]'
    assert _item_spans(ItemsDocument("f.json", root, None)) == [(4, 13), (15, 24), (27, 36)]  # the root array
    escaped = b'{"\\u0065ntries": [{"id": 1}, {"id": 2}]}'  # (the proof reads each key's token decoded)
    assert _item_spans(ItemsDocument("f.json", escaped, "entries")) == [(18, 27), (29, 38)]


@pytest.mark.parametrize("addressed", [True, False])
def test_the_root_objects_array_is_placed_not_a_nested_copy_of_it(addressed: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A nested object may hold an array of the same name and the same text before the root's
    own: the items are placed in the root's (a finding in ``entries`` once pointed into ``head``)."""
    monkeypatch.setattr(json_items, "_ADDRESSED_FROM", 0 if addressed else sys.maxsize)
    text = '{"head": {"entries": [{"id": 1}, {"id": 2}]},\n "entries": [{"id": 1}, {"id": 2}]}'
    where = [At(("entries", 1, "id")), At(("entries", 0), key=False), At(("head", "entries", 1, "id"))]
    placed = _spans(ItemsDocument("f.json", text.encode(), "entries"), where)
    assert placed == _spans(JsonDocument("f.json", text), where)
    assert placed[0][0].line == 2 and placed[2][0].line == 1


def test_items_given_from_other_bytes_are_proved_from_the_text() -> None:
    """Items decoded from a copy of the bytes are no views of them: their addresses say
    nothing, and their places are proved from the text."""
    data = b'{"entries": [{"id": 1}, {"id": 2}]}'
    copy = bytes(bytearray(data))
    items = _items_of("entries").decode(copy).items
    doc = ItemsDocument("f.json", data, "entries", items)
    assert type(doc._placed()) is json_items._Proved and _item_spans(doc) == [(13, 22), (24, 33)]


def test_an_item_whose_address_is_not_known_is_placed_in_the_whole_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should an item between the first and the last not be a view of the bytes after all,
    its paths are resolved in the whole text: the same positions."""
    monkeypatch.setattr(json_items, "_ADDRESSED_FROM", 0)
    value = {"entries": [{"id": n, "s": "é" * n} for n in range(5)]}
    text = json.dumps(value, indent=2, ensure_ascii=False)
    data = text.encode()
    where = [At(("entries", n, "s")) for n in range(5)] + [At(("entries", 2, "s")).inside(1, 2)]
    doc = ItemsDocument("f.json", data, "entries")
    places = doc._placed()
    assert isinstance(places, json_items._Addressed)
    offset, unknown = places.offset, places.items[2]
    places.offset = lambda item: None if item is unknown else offset(item)  # type: ignore[method-assign]
    assert places.span(2) is None and places.span(3) is not None
    assert _spans(doc, where) == _spans(JsonDocument("f.json", text), where)


def test_a_document_of_a_value_places_its_longest_array() -> None:
    value = {"labels": ["a"], "records": [{"id": 1}, {"id": 2}], "n": 2}
    assert ItemsDocument.of_value("f.json", json.dumps(value).encode(), value).member == "records"
    assert ItemsDocument.of_value("f.json", b"[1, 2]", [1, 2]).member is None
    assert ItemsDocument.of_value("f.json", b'{"a": 1}', {"a": 1}).member is None  # no array: every path in the whole text


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(_TEXT, _JSON, max_size=6), st.sampled_from([None, 0, 2]), st.booleans(), st.sampled_from(["", " ", "\n  "]),
       st.sampled_from([":", ": ", " :  ", "\n:\n"]))
def test_object_members_read_as_the_standard_decoder_reads_them(value: dict[str, Any], indent: int | None, ascii_only: bool,
                                                                 pad: str, colon: str) -> None:
    text = pad + json.dumps(value, indent=indent, ensure_ascii=ascii_only, separators=("," + pad, colon)) + pad
    members = list(object_members(text, len(pad)))
    assert [m[0] for m in members] == list(value)
    for key, key_start, key_end, value_start, value_end in members:
        assert json.loads(text[key_start:key_end]) == key
        assert json.loads(text[value_start:value_end]) == value[key]


def test_an_undecoded_item_is_found_at_its_offset_in_the_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A msgspec ``Raw`` is a view of the bytes it was decoded from: its offset is read from
    its address; a buffer that is not a view of them has none; and an interpreter where
    addresses cannot be read offers no offsets (the caller proves them from the text)."""
    from goldlint import speedups
    from goldlint.formats import buffer_offsets

    data = b'[{"id": 1},\n  {"id": 22}, "x"]'
    items = _items_of(None).decode(data)
    offset = buffer_offsets.offsets_in(data)
    assert offset is not None
    assert [offset(item) for item in items] == [data.index(b'{"id": 1}'), data.index(b'{"id": 22}'), data.index(b'"x"')]
    assert offset(bytes(items[1])) is None and offset(bytearray(data)) is None  # copies
    monkeypatch.setattr(buffer_offsets, "_address", lambda: None)
    monkeypatch.setattr(speedups, "native", None)
    assert buffer_offsets.offsets_in(data) is None
