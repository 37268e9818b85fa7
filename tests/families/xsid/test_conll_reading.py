"""The CoNLL document reads sentences from the text only when asked (a regular expression a
sentence, its comments in one call, its cells a line at a time): exactly what reading every
line of the file in turn gives, for any mix of lines — comments of no key shape, comments
after token lines, trailing whitespace, CRLF, blank lines of spaces, a BOM."""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.formats.conll_doc import ConllDocument

# The line-by-line reading the document replaced (its comment pattern, its blank lines).
_COMMENT = re.compile(r"#[ \t]*([^\s=:]+)[ \t]*([=:])[ \t]*")

LINES = ["# text = a b", "# intent: x", "#text=a", "# slots: 0:1:x  ", "#  no key here", "# key =\x0b v \t", "# id =", "#",
         "#\t=", "# text-en = z z", "1\ta\tb\tO", "2\tb\ti\tB-x", "2\tb", "x y", "1\ta\tb\tO\textra", "", " ", "\t", "\r",
         "  # not a comment", "\x1c", "a\u2028b"]


def _line_by_line(text: str) -> dict[str, Any]:
    body = text.removeprefix("\ufeff")
    lines = body.split("\n")
    starts = list(accumulate((len(line) + 1 for line in lines[:-1]), initial=len(text) - len(body)))
    if "\r" in body:
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    sentences: list[dict[str, Any]] = []
    runs: list[tuple[int, int]] = []
    current: dict[str, Any] | None = None
    blank_from = -1
    for n, line in enumerate(lines):
        if not line or line.isspace():
            blank_from = n if blank_from < 0 else blank_from
            current = None
            continue
        if blank_from >= 0:
            runs.append((blank_from, n - blank_from))
            blank_from = -1
        if current is None:
            current = {"first": n, "comments": [], "tokens": []}
            sentences.append(current)
        if line[0] == "#":
            m = _COMMENT.match(line)
            current["comments"].append((n, starts[n], "", "", line[1:].strip(), 0, len(line), len(line)) if m is None else
                                       (n, starts[n], m.group(1), m.group(2), line[m.end():].rstrip(), m.start(1), m.end(), len(line)))
        else:
            current["tokens"].append((n, starts[n], line.split("\t")))
    if body.endswith("\n"):
        starts.pop()
    ends = False
    if 0 <= blank_from < len(starts):
        runs.append((blank_from, len(starts) - blank_from))
        ends = bool(sentences)
    return {"sentences": sentences, "runs": runs, "ends": ends, "starts": starts}


def _read(doc: ConllDocument) -> list[dict[str, Any]]:
    out = []
    for s in doc.sentences:
        comments = [(c.line, c.start, c.key, c.sep, c.value, c.key_col, c.value_col, c.size) for c in s.comments]
        assert s.heads == [(c[2], c[3], c[4]) for c in comments]
        assert s.keys == tuple(c[2] for c in comments) and s.seps == tuple(c[3] for c in comments)
        assert all(s.index(key) == [c[2] for c in comments].index(key) for key in s.keys)
        tokens = [(t.line, t.start, t.cells) for t in s.tokens]
        assert s.cells == [t[2] for t in tokens] and s.token_lines == [t[0] for t in tokens]
        out.append({"first": s.first_line, "comments": comments, "tokens": tokens})
    return out


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=14), st.booleans(), st.booleans(), st.booleans())
def test_sentences_read_when_asked_are_the_lines_read_in_turn(lines: list[str], crlf: bool, bom: bool, final: bool) -> None:
    text = ("\ufeff" if bom else "") + ("\r\n" if crlf else "\n").join(lines) + ("\n" if final else "")
    expected = _line_by_line(text)
    doc = ConllDocument("f.conll", text)
    assert _read(doc) == expected["sentences"]
    for s in doc.sentences:  # (read again after being forgotten: the same)
        s.forget()
    assert _read(doc) == expected["sentences"]
    assert doc.blank_runs == expected["runs"] and doc.ends_with_blank == expected["ends"]
    starts = expected["starts"]
    assert doc.line_starts == starts
    for (first, count), (start, end) in zip(doc.blank_runs, doc.blank_spans, strict=True):
        assert (start, end) == (starts[first], starts[first + count] if first + count < len(starts) else len(text))
    counts, spans, ends = ConllDocument("f.conll", text).blank_runs_except_single()  # (what XSD114 reads: the runs it may report)
    every = [(count, span) for (_, count), span in zip(doc.blank_runs, doc.blank_spans, strict=True)]
    assert ends == doc.ends_with_blank and set(zip(counts, spans, strict=True)) <= set(every)
    assert {(r[1], sp) for r, sp in zip(doc.blank_runs, doc.blank_spans, strict=True) if r[1] > 1 or r[0] == 0} <= set(zip(counts, spans, strict=True))
    bom_end = len(text) - len(text.removeprefix("\ufeff"))  # (a run starts the file when its span does, after a BOM)
    assert [sp[0] == bom_end for sp in spans] == [r[0] == 0 for r, sp in zip(doc.blank_runs, doc.blank_spans, strict=True) if sp in spans]
    for key in ("text", "id", "text-en", "intent", "key"):
        assert doc.has_comment_key(key) == any(c[2] == key for s in expected["sentences"] for c in s["comments"])
