"""The backtracking analysis behind MXC103, goldlint's own matcher, editor help and the schema."""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mixconfig_support import ONTOLOGY, SEED, check, found

from goldlint.families import FAMILIES
from goldlint.families.mixconfig import patterns, regex_tree
from goldlint.families.mixconfig.keys import NLU_KEYS
from goldlint.families.mixconfig.patterns import compile_error, compile_pattern, find_danger
from goldlint.families.mixconfig.schema import build_schema, schema_text
from goldlint.resources import data_dir, schema

FAMILY = FAMILIES["mix-config"]

DANGEROUS = [
    r"(a+)+", r"(a*)*", r"(\w+\s?)*", r"(a*b*)*", r"(.*a){12}", r"^(([a-z])+.)+[A-Z]([a-z])+$", r"(x+x+)+y",
    r"(a|a)*", r"(\w|\d)+", r"(a|aa)*", r"((ab)*)*", r"(?=(a+)+$)b", r"(?i)(a|A)+", r"(?:[a-z]+\d?)+$",
]
SAFE = [
    "COFFEE_TYPE", r"^.+_SIZE$", r"([A-Z]+_)*SIZE", r"(SIZE|SHOT)+", r"(?>a+)+", r"(a++)+", r"^(?:COFFEE|TEA)_(?:SIZE|TYPE)$",
    r"[^]]+", r"(?:[a-z]+\.)+com", r"\d{2,}(\d)+", r"(?#comment)a+", r"(a|)*", r"^nuance_[A-Z]+(?:_[A-Z]+)*$",
]


@pytest.mark.parametrize("pattern", DANGEROUS)
def test_dangerous_patterns_are_found(pattern: str) -> None:
    assert find_danger(pattern) is not None


@pytest.mark.parametrize("pattern", SAFE)
def test_safe_patterns_pass(pattern: str) -> None:
    assert find_danger(pattern) is None


def test_danger_span_is_the_outer_repeat() -> None:
    danger = find_danger(r"^COFFEE_(\w+_?)+$")
    assert danger is not None and r"^COFFEE_(\w+_?)+$"[danger.start : danger.end] == r"(\w+_?)+"


def test_compile_errors_have_positions() -> None:
    assert compile_error("COFFEE_(TYPE") == (7, 8, "missing ), unterminated subpattern (at position 7)")
    assert compile_error("*a") is not None and compile_error("ok") is None


# What RE2 finds in "a" * 40 + "!" for each dangerous pattern: the whole run of a's, the
# empty match at 0, or nothing. None of these patterns is refused but the look-ahead one.
_ON_HOSTILE = {r"((ab)*)*": (0, 0), r"^(([a-z])+.)+[A-Z]([a-z])+$": None, r"(x+x+)+y": None, r"(?:[a-z]+\d?)+$": None}


def test_the_matcher_never_hangs_on_a_hostile_pattern() -> None:
    """No clock: the property is that every matcher goldlint runs is RE2's (a linear-time
    automaton, no backtracking), checked before it runs, and that it answers correctly."""
    re2 = pytest.importorskip("re2")  # without it: the next-but-one test (MXC103 patterns refused)
    hostile = "a" * 40 + "!"
    short = "a" * 8 + "!"  # small enough for Python's backtracking `re` to be the reference
    refused = []
    for pattern in DANGEROUS:
        search = compile_pattern(pattern)
        if search is None:
            refused.append(pattern)
            continue
        assert isinstance(getattr(search, "__self__", None), re2._Regexp), pattern  # RE2, never a backtracking `re.Pattern`
        found = search(short)
        expected = re.search(pattern, short)
        assert (found and found.span()) == (expected and expected.span()), pattern
        found = search(hostile)
        assert (found and found.span()) == _ON_HOSTILE.get(pattern, (0, 40)), pattern
    assert refused == [r"(?=(a+)+$)b"]  # a look-ahead: RE2 cannot run it, so goldlint refuses it


def test_the_matcher_matches_safe_patterns() -> None:
    search = compile_pattern(r"^.+_SIZE$")
    assert search is not None and search("COFFEE_SIZE") and not search("COFFEE_TYPE")
    assert compile_pattern("(") is None


def _analysed(pattern: str) -> Any:
    """``find_danger(pattern)``, counting the calls of the analysis' own functions (the parser
    and the scan; not the generator expressions of the cached character-class probes). The
    analysis is polynomial in the pattern (pairs of alternatives at worst): over
    16 * (len + 1) ** 2 calls it is stopped and the test fails, where an exponential
    recursion or a parser loop that stopped advancing would hang."""
    files = {patterns.__file__, regex_tree.__file__}
    budget = 16 * (len(pattern) + 1) ** 2
    calls = 0

    def profile(frame: Any, event: str, _arg: Any) -> None:
        nonlocal calls
        if event == "call" and frame.f_code.co_filename in files and not frame.f_code.co_name.startswith("<"):
            calls += 1
            if calls > budget:
                raise AssertionError(f"the analysis of {pattern!r} made over {budget} calls")

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        return find_danger(pattern)
    finally:
        sys.setprofile(previous)


@pytest.mark.parametrize("depth", [1, 8, 40, 90])
def test_analysis_is_polynomial_in_nesting(depth: int) -> None:
    for pattern in ("(?:" * depth + "a" + ")*" * depth, "(" * depth + "a" + ")+" * depth, "(?:(?:a|b)*c)*" * depth,
                    "(" + "|".join("ab"[: 1 + n % 2] * (1 + n // 2) for n in range(depth)) + ")*"):
        re.compile(pattern)
        _analysed(pattern)


_PIECES = st.sampled_from(["a", "b", r"\w", r"\d", ".", "[ab]", "(", ")", "|", "*", "+", "?", "{2}", "{1,3}", "(?:", "^", "$", r"\.", "_"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=12))
def test_analysis_never_crashes_on_compiling_patterns(pieces: list[str]) -> None:
    pattern = "".join(pieces)
    try:
        re.compile(pattern)
    except re.error:
        assert compile_error(pattern) is not None
        return
    danger = _analysed(pattern)
    assert danger is None or "cannot analyse" not in danger.reason, pattern


def test_schema_is_built_from_the_key_table() -> None:
    assert (data_dir("schemas") / "mix-config.schema.json").read_text(encoding="utf-8") == schema_text()
    published = schema("mix-config.schema.json")
    assert published == build_schema()
    props = published["properties"]["nlu"]["properties"]
    assert {k: v["type"] for k, v in props.items()} == {k: t for k, (t, _) in NLU_KEYS.items()}


def test_completions_and_hover() -> None:
    opts = FAMILY.Options(ontology=str(ONTOLOGY))
    keys = FAMILY.completions({}, ("nlu",), opts)
    assert keys is not None and [k for k, _ in keys] == list(NLU_KEYS)
    ignore = FAMILY.completions({}, ("nlu", "predicted_entities_to_ignore"), opts)
    assert ignore is not None and ignore[0][0] == "_GLOBAL_" and ("ORDER_COFFEE", "ignore entities only for this intent") in ignore
    import json

    root = json.loads(SEED)
    # a key being typed: the object's path plus the text typed so far
    assert FAMILY.completions(root, ("nlu", "useE"), opts) == keys
    assert FAMILY.completions(root, ("nlu", "predicted_entities_to_ignore", "ORD"), opts) == ignore
    # the value of a key already there: nothing
    assert FAMILY.completions(root, ("nlu", "useEntityF1"), opts) is None
    assert FAMILY.completions(root, ("nlu", "predicted_entities_to_ignore", "_GLOBAL_"), opts) is None
    assert FAMILY.hover(root, ("nlu", "predicted_entities_to_ignore", "_GLOBAL_"), opts) == "Ignores: `COFFEE_SIZE`"
    assert FAMILY.hover(root, ("nlu", "predicted_entities_to_ignore", "ORDER_COFFEE"), opts) == "Ignores: `COFFEE_TYPE`"
    assert "boolean" in (FAMILY.hover(root, ("nlu", "useEntityF1"), opts) or "")


def test_without_re2_goldlint_refuses_what_mxc103_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "re2", None)  # `import re2` now raises ImportError
    assert compile_pattern(r"^(\w+_?)+SIZE$") is None
    assert compile_pattern("(") is None
    search = compile_pattern(r"^.+_SIZE$")
    assert search is not None and search("COFFEE_SIZE")
    assert isinstance(search.__self__, re.Pattern)  # the fallback: Python's `re`, for what the analysis accepts only
    for pattern in DANGEROUS:
        assert compile_pattern(pattern) is None, pattern  # refused by the analysis, never run


@pytest.mark.parametrize("pattern,column,construct", [
    ("(a)\\\\1", 84, "invalid escape sequence"),   # a back-reference
    ("(?=x)a", 81, "invalid perl operator"),       # a look-ahead
    ("x(?<=y)", 82, "invalid perl operator"),      # a look-behind
    ("a++", 82, "bad repetition operator"),        # a possessive repeat
    ("(?>ab)c", 81, "invalid perl operator"),      # an atomic group
    ("a{99999999}", 82, "invalid repetition size"),
])
def test_a_pattern_goldlint_cannot_run_in_linear_time_is_reported_where_it_is_written(pattern: str, column: int, construct: str) -> None:
    """It passed `check` silently and `score` then skipped it with only a note."""
    text = '{"nlu": {"use_asr_results": true, "predicted_entities_to_ignore": {"_GLOBAL_": "' + pattern + '"}}}\n'
    result = check(text)
    assert found(result) == [("MXC103", 1, column)], [(d.code, d.message) for d in result.diagnostics]
    d = result.diagnostics[0]
    assert d.severity.value == "warning" and construct in d.message and "`goldlint score` leaves it out" in d.message


def test_a_pattern_re2_runs_is_not_reported() -> None:
    text = '{"nlu": {"use_asr_results": true, "predicted_entities_to_ignore": {"_GLOBAL_": "^[A-Z]+_SIZE$"}}}\n'
    assert found(check(text)) == []
