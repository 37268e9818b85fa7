"""Offsets to positions: the line index agrees with a plain count, however the text is chunked."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from goldlint import textindex
from goldlint.textindex import TextIndex


@given(st.text(alphabet="ab\n\r", max_size=80), st.integers(1, 9))
def test_line_starts_in_chunks_equal_a_plain_count(text: str, chunk: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textindex, "_CHUNK", chunk)
        starts = list(TextIndex(text).line_starts)
    expected, i = [0], 0
    while i < len(text):
        if text[i] == "\r" and text[i + 1 : i + 2] == "\n":
            i += 1
        if text[i] in "\r\n":
            expected.append(i + 1)
        i += 1
    assert starts == expected
