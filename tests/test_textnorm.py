"""``normalize_text`` is the seed's definition (casefold, ASCII punctuation dropped, whitespace
collapsed and stripped), written to be fast: the same result for any text, and for every
code point of the planes that hold letters and spaces (0 to 2) between two words."""

from __future__ import annotations

import re
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.textnorm import normalize_text

_PUNCT = str.maketrans("", "", string.punctuation)
_SPACES = re.compile(r"\s+")


def _seed(text: str) -> str:
    return _SPACES.sub(" ", text.casefold().translate(_PUNCT)).strip() if text else ""


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from([*string.printable, "\u00a0", "\u2028", "\x1c", "\u3000", "ß", "İ", "Ω", "ﬁ", "é"]), max_size=30) | st.text(max_size=30))
def test_the_seeds_normalisation(text: str) -> None:
    assert normalize_text(text) == _seed(text)


def test_every_code_point_between_words() -> None:
    assert all(normalize_text(f"a{chr(c)} B") == _seed(f"a{chr(c)} B") for c in range(0x30000) if not 0xD800 <= c < 0xE000)
