"""The path at the cursor in a CoNLL file (xSID), as :mod:`goldlint.formats.conll_doc`
addresses it: ``(s, "comments", k)`` a comment's value, ``(s, "comments", k, "key")`` its
key, ``(s, "tokens", t, cell)`` a token line's cell (by its xSID name, else its number)."""

from __future__ import annotations

from goldlint.formats.conll_doc import CELLS, ConllDocument
from goldlint.server.pathat import Spot


def conll_spot(text: str, cursor: int) -> Spot | None:
    cursor = max(0, min(cursor, len(text)))
    line_end = text.find("\n", cursor)
    # The text up to the cursor's line, read as the checker reads the file: its last sentence
    # holds the cursor's line, as its last comment or token line.
    doc = ConllDocument("buffer.conll", text if line_end < 0 else text[:line_end])
    line = text.rfind("\n", 0, cursor) + 1
    if not doc.sentences:
        return None
    s = doc.sentences[-1]
    last = max([c.line for c in s.comments] + [t.line for t in s.tokens])
    if doc.line_starts[last] != line:
        return None  # a blank line
    if s.comments and s.comments[-1].line == last:
        k, c = len(s.comments) - 1, s.comments[-1]
        if not c.key:
            return None
        if c.key_start <= cursor <= c.key_end:
            return Spot((s.number, "comments", k, "key"), token=(c.key_start, c.key_end), fmt="conll")
        if cursor < c.value_start:
            return None  # in the separator
        return Spot((s.number, "comments", k), token=(c.value_start, c.value_start + len(c.value)), fmt="conll")
    t, token = len(s.tokens) - 1, s.tokens[-1]
    for n, cell in enumerate(token.cells):
        start = token.cell_start(n)
        if start <= cursor <= start + len(cell):
            return Spot((s.number, "tokens", t, CELLS[n] if n < len(CELLS) else n), token=(start, start + len(cell)), fmt="conll")
    return None
