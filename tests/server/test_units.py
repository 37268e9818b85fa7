"""The server's pure pieces: position encodings, the text buffer, the path at the cursor,
schema descriptions, quick-fix labels."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from lsprotocol import types

from goldlint.diagnostics import Diagnostic, Edit, Fix, Position, Severity, Span
from goldlint.server.code_actions import quick_fixes
from goldlint.server.convert import Item, make_item, whole_text_edit
from goldlint.server.documents import DocState
from goldlint.server.encoding import UTF8, UTF16, UTF32, from_units, to_units
from goldlint.server.pathat import json_spot
from goldlint.server.pathat_tsv import tsv_spot
from goldlint.server.pathat_yaml import indentation_spot, yaml_spot
from goldlint.server.schema_docs import describe
from goldlint.server.textbuffer import TextBuffer, _starts
from goldlint.textindex import TextIndex

DATA = Path(__file__).resolve().parent.parent / "data" / "server"
LINE = "ж😀x"  # one Cyrillic letter, one emoji, one ASCII letter


@pytest.mark.parametrize("encoding,units", [(UTF8, [0, 2, 6, 7]), (UTF16, [0, 1, 3, 4]), (UTF32, [0, 1, 2, 3])])
def test_code_points_to_units_and_back(encoding: str, units: list[int]) -> None:
    assert [to_units(LINE, c, encoding) for c in range(4)] == units
    assert [from_units(LINE, u, encoding) for u in units] == [0, 1, 2, 3]


def test_a_count_inside_a_character_rounds_down_and_past_the_end_clamps() -> None:
    assert from_units(LINE, 2, UTF16) == 1  # between the two halves of the emoji
    assert [from_units(LINE, u, UTF8) for u in (1, 3, 4, 5)] == [0, 1, 1, 1]
    assert from_units(LINE, 99, UTF16) == 3
    assert from_units("a\ud800b", 2, UTF16) == 2  # a lone surrogate (JSON can carry one) is one unit


def test_line_breaks_are_lsps_only() -> None:
    text = "a\x0bb\u2028c\x1cd\re\r\nf\ng"
    buffer = TextBuffer(text)
    assert [buffer.line_text(n) for n in range(buffer.line_count)] == ["a\x0bb\u2028c\x1cd", "e", "f", "g"]
    assert list(buffer.line_starts) == list(TextIndex(text).line_starts)  # the same breaks as the core


def test_edits_keep_the_line_starts_exact() -> None:
    rng = random.Random(7)
    alphabet = "ab\r\n\n\r😀ж"
    for _ in range(3000):
        buffer = TextBuffer("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))))
        for _ in range(3):
            start = rng.randint(0, len(buffer.text))
            end = rng.randint(start, len(buffer.text))
            buffer.replace(start, end, "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 4))))
            assert list(buffer.line_starts) == [0] + _starts(buffer.text)


def test_lsp_changes_in_each_encoding() -> None:
    for encoding in (UTF8, UTF16, UTF32):
        buffer = TextBuffer("жж😀x\nyy")
        at = types.Position(line=0, character=to_units("жж😀", 3, encoding))
        change = types.TextDocumentContentChangePartial(range=types.Range(start=at, end=types.Position(line=1, character=1)), text="Z")
        buffer.apply(change, encoding)
        assert buffer.text == "жж😀Zy"
        assert buffer.position_at(3, encoding) == at


def _state_with_two_items(text: str) -> tuple[DocState, Item, Item]:
    """A document whose last full check found `error` on its first line and `other` on its last."""
    state = DocState("file:///x.jsonl", text, 1, "json")
    diag = Diagnostic("x", "GL008", "x", Severity.WARNING, "m", Span(Position(1, 1), Position(1, 1), 0, 0))
    first = make_item(diag, state.buffer, UTF16, text.index("error"), text.index("error") + 5)
    last = make_item(diag, state.buffer, UTF16, text.index("other"), text.index("other") + 5)
    state.base = [first, last]
    return state, first, last


def test_diagnostics_follow_edits_and_edited_lines_drop_theirs() -> None:
    state, first, last = _state_with_two_items("жж 😀 error\nclean\nother error\n")
    edit = types.TextDocumentContentChangePartial(range=types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=5)), text="a\nb\nc")
    state.apply([edit], 2, UTF16)
    assert state.base == [first, last]
    assert last.lsp.range.start == types.Position(line=4, character=0)
    assert state.text[last.start : last.end] == "other"
    assert first.lsp.range.start == types.Position(line=0, character=6)  # before the edit: unchanged
    state.apply([types.TextDocumentContentChangePartial(range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=1)), text="")], 3, UTF16)
    assert state.base == [last]


def test_a_whole_text_change_is_applied_as_the_edit_it_is() -> None:
    """A client may send every change as the whole new text: the server finds the span that
    changed (the parts both texts share at each end) and follows it as it follows a ranged
    edit — diagnostics elsewhere kept and moved, only the edited lines dirty — so such a
    client waits for the quick check of one line, not for a check of the whole file."""
    text = "жж 😀 error\nclean\nother error\n"
    state, first, last = _state_with_two_items(text)
    state.apply([types.TextDocumentContentChangeWholeDocument(text=text.replace("clean", "a\nb\nc"))], 2, UTF16)
    assert state.text == text.replace("clean", "a\nb\nc")
    assert state.base == [first, last] and state.dirty == {1, 2, 3}
    assert last.lsp.range.start == types.Position(line=4, character=0)
    assert state.text[last.start : last.end] == "other"
    state.apply([types.TextDocumentContentChangeWholeDocument(text=state.text[1:])], 3, UTF16)  # the first character deleted
    assert state.base == [last] and 0 in state.dirty
    same = state.text
    state.apply([types.TextDocumentContentChangeWholeDocument(text=same)], 4, UTF16)  # nothing changed
    assert state.text == same and state.base == [last]
    state.apply([types.TextDocumentContentChangeWholeDocument(text="")], 5, UTF16)
    assert state.text == "" and state.base == []


@pytest.mark.parametrize("old,new", [("", ""), ("", "abc"), ("abc", ""), ("aaa", "aa"), ("aa", "aaa"), ("abcabc", "abc"), ("x" * 70_000 + "y", "x" * 70_000 + "z"),
                                     ("a\r\nb", "a\nb"), ("a\nb", "a\r\nb"), ("ab" * 40_000, "ab" * 39_999 + "b")])
def test_a_whole_text_change_leaves_exactly_the_new_text(old: str, new: str) -> None:
    state = DocState("file:///x.jsonl", old, 1, "json")
    state.apply([types.TextDocumentContentChangeWholeDocument(text=new)], 2, UTF16)
    assert state.text == new
    assert TextBuffer(new).line_starts == state.buffer.line_starts
    assert [state.buffer.line_text(n) for n in range(state.buffer.line_count)] == [TextBuffer(new).line_text(n) for n in range(TextBuffer(new).line_count)]


@pytest.mark.parametrize("typed,path,is_key", [
    ('{"outputs": {"intent": "pl|', ("outputs", "intent"), False),
    ('{"outputs": {"intent": |', ("outputs", "intent"), False),
    ('{"outputs": {"slots": [{"ar|"}]}}', ("outputs", "slots", 0, "ar"), True),
    ('{"outputs": {"slots": [{"a": "b"}, {|', ("outputs", "slots", 1, ""), True),
    ('[{"a": 1}, {"b": [1, 2, |', (1, "b", 2), False),
    ('{"type": re|al}', ("type",), False),
    ('{"a": "x"}|', None, False),
])
def test_json_path_at_the_cursor(typed: str, path: tuple | None, is_key: bool) -> None:
    cursor = typed.index("|")
    spot = json_spot(typed.replace("|", "", 1), cursor)
    if path is None:
        assert spot is None
        return
    assert spot is not None and (spot.path, spot.is_key) == (path, is_key)


def test_the_values_before_the_cursor_stand_in_for_a_broken_document() -> None:
    spot = json_spot('{"inputs": {"annotation": "a: [x]"}, "outputs": {"intent": "', 62)
    assert spot is not None and spot.partial == {"inputs": {"annotation": "a: [x]"}, "outputs": {}}


@pytest.mark.parametrize("typed,path,is_key", [
    ("entries:\n  - id: 1\n    segment: dev|\n", ("entries", 0, "segment"), False),
    ("entries:\n  - id: 1\n  - id: 2\n    segment: |\n", ("entries", 1, "segment"), False),
    ('entries:\n  - id: 1\n    segment: "de|\n', ("entries", 0, "segment"), False),
    ("a:\n  b: 1\n  c|", ("a", "c"), True),
])
def test_yaml_path_at_the_cursor(typed: str, path: tuple, is_key: bool) -> None:
    cursor = typed.index("|")
    spot = yaml_spot(typed.replace("|", "", 1), cursor)
    assert spot is not None and (spot.path, spot.is_key) == (path, is_key)


def test_yaml_indentation_fallback_counts_sequence_items() -> None:
    text = "risks:\n  - type: churn\n    severity: low\n  - type: 'esc"
    spot = indentation_spot(text, len(text))
    assert spot is not None and spot.path == ("risks", 1, "type") and spot.quote == "'"


def test_tsv_path_at_the_cursor_reaches_into_the_annotation_cell() -> None:
    text = 'speaker\tannotation\tintent\n\ns1\t{"DATE": {"lit"}}\tgreet\ns2\t"{""TIME"": {""can""}}"\tbye\n'
    spot = tsv_spot(text, text.index('lit"') + 2)
    assert spot is not None and (spot.path, spot.is_key) == ((0, "annotation", "DATE", "lit"), True)
    spot = tsv_spot(text, text.index('can""') + 2)
    assert spot is not None and spot.path == (1, "annotation", "TIME", "can") and spot.cell_quoted
    assert text[spot.token[0] : spot.token[1]] == '""can""'
    spot = tsv_spot(text, text.index("bye") + 1)
    assert spot is not None and spot.path == (1, "intent") and not spot.is_key


def test_schema_descriptions_follow_refs_and_branches() -> None:
    schema = json.loads((DATA / "schemas" / "example.schema.json").read_text(encoding="utf-8"))
    assert describe(schema, ("entries", 3, "segment")) == "Which split the entry belongs to.\n\nAllowed: `\"development\"`, `\"held_out\"`"
    assert describe(schema, ("meta", "speaker")) == "Speaker as `<id>_<gender>_<age>`."
    assert describe(schema, ("entries", 0, "nope")) is None


def test_quick_fix_titles_say_safe_or_unsafe() -> None:
    state = DocState("file:///x.json", '{"a": "b"}', 1, "json")
    span = Span(Position(1, 7), Position(1, 10), 6, 9)
    for applicability, title, preferred in (("safe", "Fix: use c (X001)", True), ("unsafe", "Fix (unsafe): use c (X001)", False)):
        diag = Diagnostic("x", "X001", "x", Severity.ERROR, "m", span, Fix(applicability, "use c", (Edit(span, '"c"'),)))  # type: ignore[arg-type]
        [action] = quick_fixes(state, make_item(diag, state.buffer, UTF16), UTF16)
        assert (action.title, action.is_preferred) == (title, preferred)
        assert action.edit.changes["file:///x.json"][0].new_text == '"c"'


def test_alternative_fixes_are_quick_fixes_of_their_own_and_follow_edits() -> None:
    state = DocState("file:///x.json", '{"a": "b"}', 1, "json")
    span = Span(Position(1, 7), Position(1, 10), 6, 9)
    fix = Fix("unsafe", "use c", (Edit(span, '"c"'),))
    other = Fix("unsafe", "use d", (Edit(span, '"d"'),))
    diag = Diagnostic("x", "X001", "x", Severity.ERROR, "m", span, fix, (other,))
    item = make_item(diag, state.buffer, UTF16)
    titles = [(a.title, a.is_preferred, a.edit.changes["file:///x.json"][0].new_text) for a in quick_fixes(state, item, UTF16)]
    assert titles == [("Fix (unsafe): use c (X001)", False, '"c"'), ("Fix (unsafe): use d (X001)", False, '"d"')]
    # Three characters inserted before the item move both fixes; an edit on them drops both.
    assert item.shift(3, 0, 0, 0, 0) and item.edits == [(9, 12, '"c"')] and item.others == [(other, [(9, 12, '"d"')])]
    assert not item.shift(1, 0, 10, 10, 10)


def test_whole_text_edit_is_the_changed_middle() -> None:
    buffer = TextBuffer("abc 😀 def")
    edit = whole_text_edit(buffer.text, "abc 😀 xyz", buffer, UTF16)
    assert (edit.range.start.character, edit.range.end.character, edit.new_text) == (7, 10, "xyz")


def test_whole_text_edit_never_starts_or_ends_between_a_cr_and_its_lf() -> None:
    """No LSP position names the place between a CR and its LF (a client reads it as before the
    CR): applied the way a client applies it, the edit gives exactly the new text. (Fix-all on a
    CRLF buffer left one CR behind; found by a hostile-input sweep of the server.)"""
    rng = random.Random(11)
    alphabet = ["a", "b", "\r\n", "\n", "\r", "😀"]
    cases = [("a\r\nb\r\n", "a\nb\n"), ("a\r\n", "a\n"), ("a\r\nb", "a\nb"), ("\r\n", "\n"), ("a\nb", "a\r\nb")]
    cases += [("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8))), "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8))))
              for _ in range(3000)]
    for old, new in cases:
        buffer = TextBuffer(old)
        for encoding in (UTF8, UTF16):
            edit = whole_text_edit(old, new, buffer, encoding)
            start, end = buffer.offset_at(edit.range.start, encoding), buffer.offset_at(edit.range.end, encoding)
            assert old[:start] + edit.new_text + old[end:] == new, (old, new, encoding)


def test_a_fix_past_its_diagnostic_is_dropped_when_a_later_edit_touches_it() -> None:
    """A deletion before the item, then an edit of the fix's own text (past the diagnostic's end):
    the fix is no longer offered. (The item's reach, the furthest its fix touches, was measured
    before the diagnostic moved and then moved again, so the second edit passed it by and the
    quick fix replaced the wrong text; found by a hostile-input sweep of the server.)"""
    text = "x" * 10 + "0123456789item      word"
    state = DocState("file:///x.json", text, 1, "json")
    span = Span(Position(1, 21), Position(1, 25), 20, 24)
    target = Span(Position(1, 31), Position(1, 35), 30, 34)
    diag = Diagnostic("x", "X001", "x", Severity.ERROR, "m", span, Fix("safe", "say new", (Edit(target, "new"),)))  # type: ignore[arg-type]
    item = make_item(diag, state.buffer, UTF16)
    assert item.shift(-10, 0, 10, 0, 0) and (item.start, item.end, item.edits, item.reach) == (10, 14, [(20, 24, "new")], 24)
    assert item.shift(1, 0, 22, 22, 22) and item.edits is None  # (an edit inside `word`: the fix would write over it)
