"""SEM101–SEM106: a failing and a passing case each, with exact positions, and every fix."""

from __future__ import annotations

import pytest
from semantic_support import DATA, TEMPLATE, apply_fixes, check, found, loaded, one

from goldlint.diagnostics import Severity
from goldlint.engine import check_text


def test_template_is_clean() -> None:
    assert found(check(TEMPLATE)) == []


def test_semantic_file_is_detected() -> None:
    assert check(TEMPLATE).kind == "semantic"


# SEM101 -----------------------------------------------------------------------------


def test_sem101_missing_required_field_points_at_the_object() -> None:
    text = TEMPLATE.replace('  "risks": [{"type": "escalation", "severity": "high", "segment_id": 1, "evidence": "I need a manager"}],\n', "")
    d = one(check(text), "SEM101")
    assert (d.span.start.line, d.span.start.column) == (1, 1)
    assert "`risks`" in d.message


def test_sem101_schema_version_must_be_1() -> None:
    assert found(check(TEMPLATE.replace('"schema_version": 1', '"schema_version": 2'))) == [("SEM101", 2, 21)]


def test_sem101_unknown_key_with_did_you_mean_and_fix() -> None:
    text = TEMPLATE.replace('"topics":', '"topic":')
    result = check(text)
    d = one(result, "SEM101")
    assert (d.span.start.line, d.span.start.column, d.span.end.column) == (4, 3, 10)
    assert "did you mean `topics`" in d.message
    assert d.fix is not None and d.fix.applicability == "unsafe"
    fixed = apply_fixes(text, result, "SEM101")
    assert fixed == TEMPLATE
    assert found(check(fixed)) == []


def test_sem101_wrong_type() -> None:
    text = TEMPLATE.replace('"segment_id": 1', '"segment_id": "1"')
    d = one(check(text), "SEM101")
    assert (d.span.start.line, d.span.start.column) == (5, 70)
    assert "must be an integer, found a string" in d.message


def test_sem101_empty_label_and_non_integer_segment_id() -> None:
    text = TEMPLATE.replace('"label": "pricing", "segment_ids": [0, 1]', '"label": "", "segment_ids": [0, "x"]')
    assert found(check(text), "SEM101") == [("SEM101", 4, 24), ("SEM101", 4, 47)]


def test_sem101_item_must_be_an_object() -> None:
    text = TEMPLATE.replace('"actions": [{"text": "Send pricing proposal", "segment_ids": [1]}]', '"actions": ["Send pricing proposal"]')
    assert found(check(text)) == [("SEM101", 6, 15)]


def test_sem101_root_not_an_object() -> None:
    # A list is not detected as a semantic file; named with --kind it is reported.
    result = check_text(DATA / "m1.json", '[1]\n', loaded(), kind="semantic")
    assert found(result) == [("SEM101", 1, 1)]


# SEM102 -----------------------------------------------------------------------------


def test_sem102_meeting_id_differs_from_file_name_with_unsafe_fix() -> None:
    result = check(TEMPLATE, name="m2.json")
    d = one(result, "SEM102")
    assert (d.span.start.line, d.span.start.column, d.span.end.column) == (3, 17, 21)
    assert d.fix is not None and d.fix.applicability == "unsafe"  # the file name may be the wrong one
    fixed = apply_fixes(TEMPLATE, result, "SEM102")
    assert '"meeting_id": "m2"' in fixed
    assert found(check(fixed, name="m2.json")) == []


def test_sem102_passes_when_id_matches() -> None:
    assert found(check(TEMPLATE, name="m1.json"), "SEM102") == []


# SEM103 -----------------------------------------------------------------------------


def test_sem103_case_variant_gets_a_safe_fix() -> None:
    text = TEMPLATE.replace('"label": "pricing"', '"label": "Pricing"')
    result = check(text)
    d = one(result, "SEM103")
    assert (d.span.start.line, d.span.start.column, d.severity) == (4, 24, Severity.WARNING)
    assert "did you mean `pricing`" in d.message
    fixed = apply_fixes(text, result, "SEM103")
    assert fixed == TEMPLATE and found(check(fixed)) == []


def test_sem103_word_match_suggestion_without_fix() -> None:
    text = TEMPLATE.replace('"label": "pricing"', '"label": "accounts"')  # in neither profile
    d = one(check(text), "SEM103")
    assert "did you mean `account_access`" in d.message and d.fix is None
    assert "`spec` topic vocabulary, the default profile (no label says which)" in d.message


def test_sem103_profile_decides_the_vocabulary() -> None:
    text = TEMPLATE.replace('"label": "pricing"', '"label": "support"')
    assert found(check(text, options={"profile": "slower-whisper"})) == []


def test_sem103_extend_topics_from_config() -> None:
    text = TEMPLATE.replace('"label": "pricing"', '"label": "churn_signal"')
    assert found(check(text), "SEM103") == [("SEM103", 4, 24)]
    assert found(check(text, options={"extend-topics": ["churn_signal"]})) == []


def test_surrounding_whitespace_in_a_label_is_gl008_not_sem103() -> None:
    text = TEMPLATE.replace('"label": "pricing"', '"label": "pricing "')
    result = check(text)
    assert found(result) == [("GL008", 4, 32)]
    assert found(check(apply_fixes(text, result, "GL008"))) == []


# SEM104 -----------------------------------------------------------------------------


def test_sem104_unknown_type_with_did_you_mean() -> None:
    text = TEMPLATE.replace('"type": "escalation"', '"type": "churn_rsk"')
    d = one(check(text, options={"profile": "spec"}), "SEM104")
    assert (d.span.start.line, d.span.start.column, d.span.end.column) == (5, 22, 33)
    assert "did you mean `churn_risk`" in d.message


def test_a_file_is_judged_by_the_profile_its_labels_follow() -> None:
    slower_whisper = TEMPLATE.replace('"type": "escalation"', '"type": "churn"').replace('"label": "pricing"', '"label": "pricng"')
    d = one(check(slower_whisper), "SEM103")  # auto: `churn` says slower-whisper; no SEM104 for it
    assert "`slower-whisper` topic vocabulary, the profile this file's labels follow" in d.message
    assert "did you mean `pricing`" in d.message
    assert [c for c, *_ in found(check(slower_whisper))] == ["SEM103"]


def test_sem109_a_file_that_follows_another_profile_than_config_names() -> None:
    text = TEMPLATE.replace('"type": "escalation"', '"type": "churn"').replace('"label": "pricing"', '"label": "design"')
    result = check(text, options={"profile": "spec"})
    assert found(result) == [("SEM109", 5, 22)]  # once, at the deciding label (a risk type); `churn`, `design` not again
    d = one(result, "SEM109")
    assert "follow the `slower-whisper` profile (`churn`: a label only it knows)" in d.message
    assert "set `semantic: {profile: slower-whisper}`" in d.message
    assert found(check(text, options={"profile": "slower-whisper"})) == []  # passing: the profile it follows
    assert found(check(text)) == []  # and by default (auto)
    # a label in neither profile is still reported next to SEM109
    worse = text.replace('"design"', '"desing"')
    assert [c for c, *_ in found(check(worse, options={"profile": "spec"}))] == ["SEM103", "SEM109"]


def test_sem104_severity_not_allowed_for_the_type() -> None:
    text = TEMPLATE.replace('"type": "escalation", "severity": "high"', '"type": "competitor_mention", "severity": "high"')
    d = one(check(text), "SEM104")
    assert (d.span.start.line, d.span.start.column) == (5, 56)
    assert "allowed: low, medium" in d.message


def test_sem104_spec_critical_is_fine_for_escalation_but_not_in_slower_whisper() -> None:
    text = TEMPLATE.replace('"severity": "high"', '"severity": "critical"')
    assert found(check(text)) == []
    assert found(check(text, options={"profile": "slower-whisper"}), "SEM104") == [("SEM104", 5, 48)]


def test_sem104_unknown_severity_and_extend_risk_types() -> None:
    text = TEMPLATE.replace('"type": "escalation", "severity": "high"', '"type": "fraud", "severity": "severe"')
    assert found(check(text)) == [("SEM104", 5, 22), ("SEM104", 5, 43)]
    text = text.replace('"severity": "severe"', '"severity": "critical"')
    assert found(check(text, options={"extend-risk-types": {"fraud": ["high", "critical"]}})) == []


def test_sem104_case_variant_type_gets_a_safe_fix() -> None:
    text = TEMPLATE.replace('"type": "escalation"', '"type": "Escalation"')
    result = check(text)
    assert found(result) == [("SEM104", 5, 22)]
    assert apply_fixes(text, result, "SEM104") == TEMPLATE


# SEM105 -----------------------------------------------------------------------------


def test_sem105_duplicate_topic() -> None:
    text = TEMPLATE.replace('[{"label": "pricing", "segment_ids": [0, 1]}]', '[{"label": "pricing"}, {"label": "pricing"}]')
    assert found(check(text)) == [("SEM105", 4, 46)]


def test_sem105_duplicate_risk_type_and_segment() -> None:
    risk = '{"type": "escalation", "severity": "high", "segment_id": 1}'
    text = TEMPLATE.replace('"risks": [{"type": "escalation", "severity": "high", "segment_id": 1, "evidence": "I need a manager"}]', f'"risks": [{risk}, {risk}]')
    assert found(check(text)) == [("SEM105", 5, 131)]
    other = risk.replace('"segment_id": 1', '"segment_id": 2')
    assert found(check(text.replace(f"{risk}]", f"{other}]"))) == []


def test_sem105_duplicate_action_after_normalisation() -> None:
    text = TEMPLATE.replace('{"text": "Send pricing proposal", "segment_ids": [1]}', '{"text": "Send pricing proposal"}, {"text": "send  pricing proposal."}')
    assert found(check(text)) == [("SEM105", 6, 59)]


@pytest.mark.parametrize(("first", "second", "duplicate"), [
    ("Send the $ report", "send the report", True),  # `$` is ASCII punctuation to the benchmark's matcher (a symbol to Unicode)
    ("«Send» the report", "send the report", False),  # guillemets are not: the matcher tells these apart
])
def test_sem105_normalises_actions_as_the_benchmark_matcher_does(first: str, second: str, duplicate: bool) -> None:
    text = TEMPLATE.replace('{"text": "Send pricing proposal", "segment_ids": [1]}', f'{{"text": "{first}"}}, {{"text": "{second}"}}')
    assert [code for code, *_ in found(check(text))] == (["SEM105"] if duplicate else [])


# SEM106 -----------------------------------------------------------------------------


def test_sem106_empty_list_is_a_warning() -> None:
    text = TEMPLATE.replace('"actions": [{"text": "Send pricing proposal", "segment_ids": [1]}]', '"actions": []')
    d = one(check(text), "SEM106")
    assert (d.span.start.line, d.span.start.column, d.severity) == (6, 14, Severity.WARNING)


# Other formats ----------------------------------------------------------------------


def test_yaml_gold_file_positions() -> None:
    text = "schema_version: 1\nmeeting_id: m1\ntopics:\n  - label: Pricing\nrisks: []\nactions: []\n"
    result = check(text, name="m1.yaml")
    assert result.kind == "semantic"
    assert found(result) == [("SEM103", 4, 12), ("SEM106", 5, 8), ("SEM106", 6, 10)]


# Bad input never raises ----------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(["", " x", "pricing", "churn", "high", "critical"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["label", "type", "severity", "segment_id", "segment_ids", "text", "evidence", "x"]), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["schema_version", "meeting_id", "topics", "risks", "actions", "summary", "extra"]), _JSON, max_size=7))
def test_any_shape_is_reported_never_raised(value: dict) -> None:  # type: ignore[type-arg]
    import json

    value = {"schema_version": 1, "meeting_id": "m1", **value}
    result = check(json.dumps(value, indent=1), options={"transcripts": "transcripts/support_call.json"})
    for d in result.diagnostics:
        assert d.span.start_offset >= 0
