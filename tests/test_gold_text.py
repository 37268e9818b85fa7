"""GL007 on gold values: invisible characters are found, the joiners that scripts spell with are not."""

from __future__ import annotations

import pytest

from goldlint.rules.file_rules import PATTERNS, invisible_or_confusable


@pytest.mark.parametrize("value", [
    "ශ්\u200dරී",  # Sinhala: virama, ZWJ, letter (a conjunct)
    "ന്\u200d റോമില്",  # Malayalam: the old chillu encoding, virama + ZWJ at a word's end (real: eng-mal-dev-v1.json)
    "ම්\u200d",  # Sinhala: virama + ZWJ ending the value
    "می\u200cخواهم",  # Persian: ZWNJ between letters
    "👩\u200d💻",  # an emoji sequence
])
def test_orthographic_joiners_are_not_reported(value: str) -> None:
    assert not invisible_or_confusable(value)


@pytest.mark.parametrize("value", [
    "at\u200bim", "a\u200db", "ගේ\u200d ", "пл\u200d", "x\u00a0y", "cамара", "a\u00adb",
])
def test_invisible_and_confusable_characters_are_reported(value: str) -> None:
    assert invisible_or_confusable(value)


def test_every_invisible_character_is_unprintable() -> None:
    """The clean paths skip the search for invisible characters in a printable value
    (``str.isprintable``, in C): so no character the pattern finds may be printable."""
    found = PATTERNS.invisible.findall("".join(map(chr, range(0x110000))))  # (every code point once)
    assert len(found) > 60  # (the pattern's characters: not vacuous)
    assert [c for c in found if c.isprintable()] == []
