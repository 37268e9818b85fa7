"""The 10 real slower-whisper gold files under both profiles, and with their transcripts."""

from __future__ import annotations

import json
from collections import Counter

import jsonschema
import pytest
from semantic_support import DATA, REAL, found, loaded

from goldlint.diagnostics import Severity
from goldlint.engine import check_file
from goldlint.resources import schema

GOLD = sorted(p for p in REAL.glob("*.json") if p.name != "schema.json")


def _check_all(options: dict[str, object]) -> dict[str, list]:
    config = loaded(options, REAL)
    return {p.name: check_file(p, config).diagnostics for p in GOLD}


def test_the_ten_real_files_are_there() -> None:
    assert len(GOLD) == 10


def test_slower_whisper_profile_reports_exactly_what_the_project_validator_reports() -> None:
    results = _check_all({"profile": "slower-whisper"})
    every = [d for ds in results.values() for d in ds]
    assert not [d for d in every if d.severity is Severity.ERROR]
    assert {d.code for d in every} == {"SEM103"}
    labels = Counter(d.message.split("`")[1] for d in every)
    assert labels == Counter({"features": 3, "technical_support": 1, "subscription": 1, "refund": 1, "account_access": 1})
    assert all(name.startswith("ami_meeting_") for name, ds in results.items() if ds)
    # exact position of one of them: ami_meeting_001.json line 7, the label value
    assert [(d.code, d.span.start.line, d.span.start.column) for d in results["ami_meeting_001.json"]] == [("SEM103", 7, 15)]
    assert "did you mean `feature_request`" in results["ami_meeting_001.json"][0].message


def test_by_default_each_file_is_judged_by_the_profile_its_labels_follow() -> None:
    """slower-whisper's own gold, no config: its profile is told from its labels; the 7 real
    topic defects are found and none of the risk types its schema allows is reported."""
    results = _check_all({})
    assert [d.code for ds in results.values() for d in ds if d.code.startswith("SEM10")] == ["SEM103"] * 7
    assert all("the profile this file's labels follow" in d.message for ds in results.values() for d in ds)


def test_the_spec_profile_asked_for_reports_each_file_once() -> None:
    """Config names `spec`: one SEM109 a file, at its first slower-whisper label, not a pile of SEM104."""
    results = _check_all({"profile": "spec"})
    for name, ds in results.items():
        assert [d.code for d in ds if d.code.startswith("SEM")] == ["SEM109"], name
        assert ds[0].severity is Severity.ERROR
    first = [(d.code, d.span.start.line, d.span.start.column) for d in results["support_call.json"]]
    assert first == [("SEM109", 10, 14)]


def test_transcripts_configured_the_five_meetings_with_one_check_clean() -> None:
    config = loaded({"profile": "slower-whisper", "transcripts": "../transcripts/{meeting_id}.json"}, REAL)
    for p in GOLD:
        diagnostics = check_file(p, config).diagnostics
        transcript_findings = [d for d in diagnostics if d.code in ("SEM107", "SEM108")]
        if (DATA / "transcripts" / p.name).exists():
            assert transcript_findings == [], p.name
        else:  # the ami meetings have no transcript here: said once, as a warning
            assert [(d.code, d.severity) for d in transcript_findings] == [("SEM107", Severity.WARNING)]
            assert "no transcript" in transcript_findings[0].message


@pytest.mark.parametrize("path", GOLD, ids=lambda p: p.name)
def test_real_files_validate_against_their_own_and_our_slower_whisper_schema(path) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(path.read_text(encoding="utf-8"))
    own = json.loads((REAL / "schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, own, cls=jsonschema.Draft202012Validator)
    jsonschema.validate(data, schema("semantic-slower-whisper.schema.json"), cls=jsonschema.Draft202012Validator)


def test_spec_schema_refuses_what_sem104_reports() -> None:
    validator = jsonschema.Draft202012Validator(schema("semantic-spec.schema.json"))
    bad = {p.name for p in GOLD if list(validator.iter_errors(json.loads(p.read_text(encoding="utf-8"))))}
    results = _check_all({"profile": "spec"})
    # the files whose risk types are slower-whisper's (SEM109 at a risk type) are the ones the spec schema refuses
    by_risk_type = {name for name, ds in results.items() for d in ds if d.code == "SEM109" and ("`churn`" in d.message or "`pricing`" in d.message)}
    assert bad == by_risk_type


def test_found_helper_sanity() -> None:
    assert found(check_file(GOLD[0], loaded({"profile": "slower-whisper"}, REAL)), "SEM101") == []
