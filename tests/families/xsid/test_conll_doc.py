"""The CoNLL document: lines and cells at exact positions, comments' keys, separators and values."""

from __future__ import annotations

import random

import pytest

from goldlint.findings import At, Offsets
from goldlint.formats import conll_doc
from goldlint.formats.conll_doc import ConllDocument

TEXT = "# id = 7\n# text: wake me\n1\twake\talarm/set_alarm\tO\n2\tme\talarm/set_alarm\tB-reference\n\n# text = x\n1\tx\ty\n"


def _at(doc: ConllDocument, *where: At | Offsets) -> list[tuple[int, int, int, int]]:
    return [(s.start.line, s.start.column, s.end.line, s.end.column) for s in doc.resolve(list(where)) if s is not None]


def test_sentences_comments_and_tokens() -> None:
    doc = ConllDocument("f.conll", TEXT)
    assert doc.ok and len(doc.sentences) == 2
    first, second = doc.sentences
    assert [(c.key, c.sep, c.value) for c in first.comments] == [("id", "=", "7"), ("text", ":", "wake me")]
    assert [t.cells for t in first.tokens] == [["1", "wake", "alarm/set_alarm", "O"], ["2", "me", "alarm/set_alarm", "B-reference"]]
    assert second.first_line == 5 and second.tokens[0].cells == ["1", "x", "y"]
    assert doc.blank_runs == [(4, 1)] and not doc.ends_with_blank


def test_paths_resolve_to_exact_spans() -> None:
    doc = ConllDocument("f.conll", TEXT)
    assert _at(doc, At((0, "comments", 1))) == [(2, 9, 2, 16)]  # the value `wake me`
    assert _at(doc, At((0, "comments", 1), key=True)) == [(2, 3, 2, 7)]
    assert _at(doc, At((0, "comments", 1, "sep"))) == [(2, 7, 2, 9)]  # `: `
    assert _at(doc, At((0, "comments", 0, "sep"))) == [(1, 5, 1, 8)]  # ` = `
    assert _at(doc, At((0, "comments", 1)).inside(5, 7)) == [(2, 14, 2, 16)]
    assert _at(doc, At((0, "comments", 1, "line"))) == [(2, 1, 2, 16)]
    assert _at(doc, At((0, "tokens", 1, "tag"))) == [(4, 22, 4, 33)]
    assert _at(doc, At((0, "tokens", 1, 3)).inside(2, 11)) == [(4, 24, 4, 33)]
    assert _at(doc, At((0, "tokens", 0, "word"))) == [(3, 3, 3, 7)]
    assert _at(doc, At((1, "tokens", 0, "tag"))) == [(7, 1, 7, 6)]  # a cell the line lacks: the line
    assert _at(doc, At((1,))) == [(6, 1, 6, 11)]
    assert _at(doc, At(("line", 4))) == [(5, 1, 5, 1)]
    assert _at(doc, At(())) == [(1, 1, 1, 1)]
    assert doc.resolve([At((9,))]) == [None]


def test_crlf_bom_and_whitespace_lines_keep_positions_exact() -> None:
    text = "\ufeff# text = a b\r\n1\ta\ti\tO\r\n2\tb\ti\tO\r\n \t \r\n# text = c\r\n1\tc\ti\tO\r\n\r\n"
    doc = ConllDocument("f.conll", text)
    assert len(doc.sentences) == 2
    assert [c.value for s in doc.sentences for c in s.comments] == ["a b", "c"]
    assert doc.sentences[0].tokens[1].cells == ["2", "b", "i", "O"]  # no \r in the last cell
    assert _at(doc, At((0, "comments", 0))) == [(1, 11, 1, 14)]  # (the BOM is a column of the first line)
    assert _at(doc, At((1, "tokens", 0, "tag"))) == [(6, 7, 6, 8)]
    assert doc.blank_runs == [(3, 1), (6, 1)] and doc.ends_with_blank


def test_a_file_of_blank_lines_has_no_sentences() -> None:
    doc = ConllDocument("f.conll", "\n\n")
    assert not doc.ok and [f.code for f in doc.findings] == ["GL010"]


def test_a_comment_of_no_key_shape() -> None:
    doc = ConllDocument("f.conll", "# just a note\n# text = a\n1\ta\ti\tO\n\n")
    note = doc.sentences[0].comments[0]
    assert (note.key, note.sep, note.value) == ("", "", "just a note")
    assert _at(doc, At((0, "comments", 0), key=True)) == [(1, 1, 1, 14)]



@pytest.mark.parametrize("alone", [1000, 50])
def test_first_lines_counted_from_the_nearest_sentence_asked_or_all_at_once(alone: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence's first line, asked in any order: counted from the nearest one asked before, and
    past a few thousand asks (here ``alone``) every sentence's at once; the same lines either way."""
    blocks = [f"# id = {n}\n" + "".join(f"{k}\tw\ti\tO\n" for k in range(1, n % 4 + 2)) for n in range(300)]
    text = "\n".join(blocks) + ("\n" * 3)
    lines = [text.count("\n", 0, start) for start in ConllDocument("f.conll", text).starts]
    order = list(range(300))
    random.Random(5).shuffle(order)
    monkeypatch.setattr(conll_doc, "_COUNTED_ALONE", alone)
    doc = ConllDocument("f.conll", text)
    assert [doc.first_line(n) for n in order] == [lines[n] for n in order]
