"""The colon count that rules out a repeated key (:func:`goldlint.formats.json_keys.every_key_kept`)
is exact: it never clears a text that has a key twice in one object (the exact finder is the
judge), and it clears every text without one whose string colons are all counted. Texts are
written raw, so keys and strings hold colons, escaped quotes before colons, `\\u003a` (a colon
as an escape) and `\\u0061` (a key written as an escape of another: the same key)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.formats.json_keys import COLON_ESCAPE, every_key_kept
from goldlint.formats.json_read import find_duplicate_keys

# pieces of a raw JSON string token (between its quotes), and what they decode to
PIECES = {"a": "a", "b": "b", ":": ":", '\\"': '"', "\\u003a": ":", "\\u003A": ":", "\\u0061": "a", "\\\\": "\\", " : ": " : ", "{": "{", "é": "é"}
SPACES = ["", " ", "\n", "\t ", "\r\n"]


class Obj(list):  # type: ignore[type-arg]
    """An object as written: its (raw key, value) pairs, a key possibly twice."""


RAW_STRINGS = st.lists(st.sampled_from(list(PIECES)), max_size=4).map("".join)
VALUES = st.recursive(
    st.one_of(st.none(), st.integers(-5, 5), RAW_STRINGS.map(lambda raw: ("str", raw))),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.lists(st.tuples(RAW_STRINGS, inner), max_size=4).map(Obj)),
    max_leaves=14,
)


def _write(value: Any, space: str) -> str:
    if isinstance(value, Obj):
        return "{" + ",".join(f'{space}"{key}"{space}:{space}{_write(v, space)}' for key, v in value) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_write(v, space) for v in value) + "]"
    if isinstance(value, tuple):
        return f'"{value[1]}"'
    return json.dumps(value)


def _kept(value: Any) -> tuple[int, int]:
    """Members of the decoded objects, and the colons of the decoded strings (keys too)."""
    if isinstance(value, dict):
        members, colons = len(value), sum(key.count(":") for key in value)
        for v in value.values():
            m, c = _kept(v)
            members, colons = members + m, colons + c
        return members, colons
    if isinstance(value, list):
        pairs = [_kept(v) for v in value]
        return sum(m for m, _ in pairs), sum(c for _, c in pairs)
    return (0, value.count(":")) if isinstance(value, str) else (0, 0)


def _judged(text: str) -> tuple[bool, bool]:
    """(cleared by the colon count, has a repeated key as the exact finder says)."""
    data = text.encode()
    members, colons = _kept(json.loads(text))
    counted = colons if COLON_ESCAPE not in data else 0  # (decoded colons are raw ones only without the escape)
    return every_key_kept(b"  " + data + b"\n", 2, 2 + len(data), members, counted), bool(find_duplicate_keys(text))


@settings(max_examples=1500, deadline=None)
@given(VALUES, st.sampled_from(SPACES))
def test_the_count_clears_exactly_the_texts_without_a_repeated_key(value: Any, space: str) -> None:
    text = _write(value, space)
    cleared, repeated = _judged(text)
    assert not (cleared and repeated), text
    if not repeated and COLON_ESCAPE not in text.encode():
        assert cleared, text


@pytest.mark.parametrize(("text", "cleared", "repeated"), [
    ('{"a": 1, "b": 2}', True, False),
    ('{"a": 1, "a": 2}', False, True),
    ('{"a": 1, "\\u0061": 2}', False, True),  # the same key, written two ways
    ('{"a:": "x", "b": "y:z"}', True, False),  # colons in a key and in a value, counted
    ('{"a": "\\":", "b": 1}', True, False),  # an escaped quote before a colon
    ('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}', True, False),  # one key in several objects
    ('{"a": {"b": 1, "b": 2}}', False, True),  # nested
    ('{"a": "x:y", "a": 1}', False, True),  # the dropped value's colon is not counted: still not cleared
    ('{"a": "\\u003a", "b": 1}', True, False),  # an escaped colon is no colon of the text: nothing to count
    ('{"a": "\\u003a", "a": 1}', False, True),
    ('{"a" : 1, "b"\n:\n2}', True, False),  # spaces before colons
])
def test_tricky_lines(text: str, cleared: bool, repeated: bool) -> None:
    assert _judged(text) == (cleared, repeated)


@pytest.mark.parametrize("text", ['{"a": "xxxxxxxxxxxx", "a": "yyyyyyyyyyyy"}', '[{"k": "v: w"}, {"k": 1, "k": 2}]'])
def test_a_repeated_key_is_found_when_the_engine_counted_the_colons(text: str, tmp_path: Any) -> None:
    """A file long enough for the value bound to count its colons hands the count on to the
    repeated-key check (one count, not two): the check still finds the key written twice."""
    from pathlib import Path

    from goldlint import config as cfg
    from goldlint import engine

    folder = Path(tmp_path)
    (folder / "goldlint.yaml").write_text("max-json-values: 6\n", encoding="utf-8")
    (folder / "gold.json").write_text(text, encoding="utf-8")
    cfg.load.cache_clear()
    assert (len(text) + 1) // 2 > 6  # (the engine counts the colons)
    codes = [d.code for d in engine.check_file(folder / "gold.json").diagnostics]
    assert "GL004" in codes, codes
