"""MXC101–MXC105 on the test tool's config: failing and passing cases with exact positions."""

from __future__ import annotations

from mixconfig_support import ONTOLOGY, SEED, apply_fixes, check, covered, found

from goldlint.diagnostics import Severity
from goldlint.rules.registry import get

WITH_ONTOLOGY = {"ontology": "ontology.yaml"}


def spans(result):  # type: ignore[no-untyped-def]
    return [(d.code, d.span.start.line, d.span.start.column, covered(result, d)) for d in result.diagnostics]


def test_the_seed_config_is_clean_and_detected() -> None:
    result = check(SEED, WITH_ONTOLOGY)
    assert result.kind == "mix-config"
    assert found(result) == []


def test_mxc101_string_for_a_boolean() -> None:
    result = check(SEED.replace('"use_asr_results": true', '"use_asr_results": "false"'))
    assert spans(result) == [("MXC101", 3, 24, '"false"')]
    assert "write false without quotes" in result.diagnostics[0].message


def test_mxc101_misspelt_key_is_an_error_with_an_unsafe_fix() -> None:
    text = SEED.replace('"useEntityF1"', '"useEntityf1"')
    result = check(text)
    assert spans(result) == [("MXC101", 4, 5, '"useEntityf1"')]
    d = result.diagnostics[0]
    assert d.severity is Severity.ERROR and d.fix is not None and d.fix.applicability == "unsafe"
    fixed = apply_fixes(text, result, "MXC101")
    assert fixed == SEED and found(check(fixed)) == []


def test_mxc101_snake_case_variant_is_recognised() -> None:
    assert "did you mean `useEntityF1`" in check(SEED.replace('"useEntityF1"', '"use_entity_f1"')).diagnostics[0].message


def test_mxc101_unknown_key_is_a_warning_unless_declared() -> None:
    text = SEED.replace('"useEntityF1": true,', '"useEntityF1": true,\n    "context_tag": "A",')
    result = check(text)
    assert spans(result) == [("MXC101", 5, 5, '"context_tag"')]
    assert result.diagnostics[0].severity is Severity.WARNING
    assert found(check(text, {"extend-nlu-keys": ["context_tag"]})) == []


def test_mxc101_nbest_and_ignore_types() -> None:
    text = SEED.replace('"useEntityF1": true,', '"useEntityF1": true,\n    "nBest": 0,').replace('"COFFEE_TYPE"', "3")
    assert spans(check(text)) == [("MXC101", 5, 14, "0"), ("MXC101", 9, 23, "3")]
    assert found(check(SEED.replace('"nlu": {', '"nlu": [1], "x": {'))) == [("MXC101", 2, 10)]


def test_mxc102_pattern_error_inside_the_string() -> None:
    result = check(SEED.replace('"COFFEE_TYPE"', '"COFFEE_(TYPE"'))
    assert spans(result) == [("MXC102", 8, 31, "(")]
    assert "missing )" in result.diagnostics[0].message


def test_mxc102_position_maps_through_json_escapes() -> None:
    result = check(SEED.replace('"COFFEE_TYPE"', '"\\\\d+[a-"'))
    assert spans(result) == [("MXC102", 8, 28, "[")]


def test_mxc103_nested_quantifier_is_refused() -> None:
    result = check(SEED.replace('"^.+_SIZE$"', '"^(\\\\w+_?)+SIZE$"'))
    assert spans(result) == [("MXC103", 7, 21, "(\\\\w+_?)+")]
    assert "refused" in result.diagnostics[0].message


def test_mxc103_unambiguous_repeat_passes() -> None:
    assert found(check(SEED.replace('"^.+_SIZE$"', '"^([A-Z]+_)+SIZE$"'))) == []


def test_mxc104_global_misspelt() -> None:
    text = SEED.replace('"_GLOBAL_"', '"_global_"')
    result = check(text)
    assert spans(result) == [("MXC104", 7, 7, '"_global_"')]
    assert result.diagnostics[0].fix is not None and result.diagnostics[0].fix.applicability == "unsafe"
    assert apply_fixes(text, result, "MXC104") == SEED
    for other in ("GLOBAL", "_GLOBAL", "__GLOBAL__"):
        assert found(check(SEED.replace('"_GLOBAL_"', f'"{other}"'))) == [("MXC104", 7, 7)]


def test_mxc105_intent_unknown_to_the_ontology() -> None:
    result = check(SEED.replace('"ORDER_COFFEE"', '"ORDER_COFEE"'), WITH_ONTOLOGY)
    assert spans(result) == [("MXC105", 8, 7, '"ORDER_COFEE"')]
    assert "did you mean `ORDER_COFFEE`" in result.diagnostics[0].message
    assert found(check(SEED.replace('"ORDER_COFFEE"', '"ORDER_COFEE"'))) == []  # no ontology: not checked


def test_mxc105_unreadable_ontology_is_reported() -> None:
    result = check(SEED, {"ontology": "nowhere.json"})
    assert found(result) == [("MXC105", 2, 3)]


def test_rules_are_documented() -> None:
    for n in range(1, 6):
        rule = get(f"MXC10{n}")
        assert rule is not None and rule.family == "mix-config" and rule.summary and rule.why


def test_ontology_fixture_exists() -> None:
    assert ONTOLOGY.is_file()


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_VALUES = st.none() | st.booleans() | st.integers(-2, 3) | st.text(alphabet="a(+)*|?_[]{}\\^$GLOBAL", max_size=10) | st.lists(st.integers(), max_size=2)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["use_asr_results", "useEntityF1", "nBest", "predicted_entities_to_ignore", "x", "usEntityF1"]),
                       _VALUES | st.dictionaries(st.text(alphabet="_GLOBALgloba", max_size=9), _VALUES, max_size=3), max_size=5))
def test_any_nlu_section_is_reported_never_raised(nlu: dict) -> None:  # type: ignore[type-arg]
    import json

    result = check(json.dumps({"nlu": nlu}, indent=2), WITH_ONTOLOGY)
    for d in result.diagnostics:
        assert d.span.start_offset >= 0
