"""goldlint.lazy_patterns: a module's patterns compiled on first use, once."""

from __future__ import annotations

import copy
import re

import pytest

from goldlint.lazy_patterns import LazyPatterns


def test_a_pattern_is_compiled_on_its_first_use_only(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda source: compiled.append(source) or real(source))
    patterns = LazyPatterns(word=r"\w+", digits=r"\d+")
    assert compiled == []  # (nothing at import)
    assert patterns.word.findall("a bc") == ["a", "bc"]
    assert patterns.word.search("x") is not None
    assert compiled == [r"\w+"]  # (once; the other still not)
    assert vars(patterns)["word"] is patterns.word  # (a plain attribute from then on)


def test_a_name_it_was_not_given_is_no_attribute() -> None:
    patterns = LazyPatterns(word=r"\w+")
    assert not hasattr(patterns, "words")
    with pytest.raises(AttributeError):
        _ = patterns.words


def test_a_copy_compiles_as_the_original_does() -> None:
    patterns = LazyPatterns(word=r"\w+")
    assert copy.deepcopy(patterns).word.findall("a bc") == ["a", "bc"]
