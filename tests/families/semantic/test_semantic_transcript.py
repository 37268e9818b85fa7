"""SEM107 and SEM108: segment ids, and evidence against the meeting's transcript."""

from __future__ import annotations

from pathlib import Path

from semantic_support import DATA, apply_fixes, check, found, one

from goldlint.diagnostics import Severity

REAL_TRANSCRIPTS = DATA / "transcripts"
SUPPORT = (DATA / "slower-whisper" / "support_call.json").read_text(encoding="utf-8")
WITH_TRANSCRIPT = {"profile": "slower-whisper", "transcripts": "transcripts/{meeting_id}.json"}


def _check(text: str, options: dict | None = None):  # type: ignore[no-untyped-def]
    return check(text, name="support_call.json", options=options or WITH_TRANSCRIPT)


def test_real_file_with_its_transcript_is_clean() -> None:
    assert found(_check(SUPPORT)) == []


def test_sem107_negative_id() -> None:
    text = SUPPORT.replace('{"label": "support", "segment_ids": [0]}', '{"label": "support", "segment_ids": [-1]}')
    d = one(_check(text, {"profile": "slower-whisper"}), "SEM107")
    assert (d.span.start.line, d.span.start.column, d.severity) == (5, 42, Severity.ERROR)


def test_sem107_unsorted_list_is_a_warning_with_a_safe_fix() -> None:
    text = SUPPORT.replace('"segment_ids": [1, 2, 3, 4, 5, 6]', '"segment_ids": [2, 1, 3, 3, 4, 5, 6]')
    result = _check(text)
    d = one(result, "SEM107")
    assert (d.span.start.line, d.span.start.column, d.severity) == (6, 45, Severity.WARNING)
    assert "not sorted (1 after 2)" in d.message
    fixed = apply_fixes(text, result, "SEM107")
    assert fixed == SUPPORT
    assert found(_check(fixed)) == []


def test_sem107_repeated_id() -> None:
    text = SUPPORT.replace('"segment_ids": [1, 2, 3, 4, 5, 6]', '"segment_ids": [1, 2, 2, 3, 4, 5, 6]')
    d = one(_check(text), "SEM107")
    assert (d.span.start.line, d.span.start.column) == (6, 48)
    assert "repeats segment 2" in d.message


def test_sem107_segment_beyond_the_transcript() -> None:
    text = SUPPORT.replace('"segment_id": 1, "evidence": "I\'m really frustrated."', '"segment_id": 9, "evidence": "I\'m really frustrated."')
    d = one(_check(text), "SEM107")
    assert (d.span.start.line, d.span.start.column, d.severity) == (10, 56, Severity.ERROR)
    assert "segments 0–6" in d.message


def test_sem107_ids_beyond_are_not_reported_without_a_transcript() -> None:
    text = SUPPORT.replace('"segment_ids": [6]}', '"segment_ids": [60]}')
    assert found(_check(text, {"profile": "slower-whisper"})) == []
    assert found(_check(text)) == [("SEM107", 14, 91)]


def test_sem107_missing_transcript_is_a_warning_at_the_meeting_id(tmp_path: Path) -> None:
    result = check(SUPPORT, name="support_call.json", options={"profile": "slower-whisper", "transcripts": "nowhere/{stem}.json"}, folder=tmp_path)
    d = one(result, "SEM107")
    assert (d.span.start.line, d.span.start.column, d.severity) == (3, 17, Severity.WARNING)


def test_sem107_unreadable_transcript(tmp_path: Path) -> None:
    (tmp_path / "support_call.transcript.json").write_text('{"segments": ', encoding="utf-8")
    result = check(SUPPORT, name="support_call.json", options={"profile": "slower-whisper", "transcripts": "{stem}.transcript.json"}, folder=tmp_path)
    d = one(result, "SEM107")
    assert "cannot be read" in d.message and d.severity is Severity.WARNING


def test_sem108_evidence_from_another_segment() -> None:
    text = SUPPORT.replace('"segment_id": 1, "evidence": "I\'m really frustrated. I was double charged this month."',
                           '"segment_id": 1, "evidence": "I\'m really frustrated. Let me check your account."')
    d = one(_check(text), "SEM108")
    # the range starts where the evidence stops matching the segment: at "Let"
    assert (d.span.start.line, d.span.start.column, d.span.end.column) == (9, 103, 129)
    assert d.severity is Severity.WARNING


def test_sem108_off_by_one_segment_is_named() -> None:
    text = SUPPORT.replace('"segment_id": 1, "evidence": "I\'m really frustrated."', '"segment_id": 2, "evidence": "I\'m really frustrated."')
    d = one(_check(text), "SEM108")
    assert "it is in segment 1" in d.message
    # "I'm " also starts segment 2: the range starts at "really"
    assert (d.span.start.line, d.span.start.column) == (10, 76)


def test_sem108_ignores_case_spacing_and_curly_quotes() -> None:
    text = SUPPORT.replace('"evidence": "I\'m really frustrated."', '"evidence": "i\u2019M  REALLY frustrated."')
    assert found(_check(text)) == []
