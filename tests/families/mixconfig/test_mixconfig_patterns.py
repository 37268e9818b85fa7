"""The backtracking analysis behind MXC103, goldlint's own matcher, editor help and the schema."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mixconfig_support import ONTOLOGY, SEED

from goldlint.families import FAMILIES
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


def test_the_matcher_never_hangs_on_a_hostile_pattern() -> None:
    hostile = "a" * 40 + "!"
    for pattern in DANGEROUS:
        start = time.perf_counter()
        search = compile_pattern(pattern)
        if search is not None:  # RE2 is installed: linear time
            search(hostile)
        assert time.perf_counter() - start < 1.0, pattern


def test_the_matcher_matches_safe_patterns() -> None:
    search = compile_pattern(r"^.+_SIZE$")
    assert search is not None and search("COFFEE_SIZE") and not search("COFFEE_TYPE")
    assert compile_pattern("(") is None


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
    start = time.perf_counter()
    danger = find_danger(pattern)
    assert time.perf_counter() - start < 1.0
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
    start = time.perf_counter()
    for pattern in DANGEROUS:
        assert compile_pattern(pattern) is None, pattern
    assert time.perf_counter() - start < 1.0
