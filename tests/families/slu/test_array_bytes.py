"""An `slu` JSON array checked from its bytes (msgspec, :mod:`goldlint.families.slu.array`):
for any change to a clean array of records, in any layout, a check that may take the byte
path gives exactly the diagnostics of one that may not (which parses the file and sends
every record through the family's loop), spans, offsets and fixes included; or the byte
path declines the file. The clean verdict itself is the JSONL line path's, held to the
detailed checks by tests/test_slu_fast_path.py."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from goldlint.engine import check_file
from tests.test_slu_fast_path import BASE, PATHS, SAMPLED, _set

SPEAKERS = ["7_female_33", "12_male_40", "3_female_21"]
SLOTS = [[{"rating_value": "три"}], [], [{"best_rating": "пять"}, {"rating_value": "два"}]]


def _records(n: int = 30) -> list[dict[str, Any]]:
    """Clean records, their ids 0..n-1 (as MERA numbers them), their answers and speakers varied."""
    out = []
    for i in range(n):
        record = copy.deepcopy(BASE)
        record["inputs"]["audio"] = f"samples/audio_{i}.wav"
        record["outputs"]["slots"] = copy.deepcopy(SLOTS[i % 3])
        record["meta"]["id"] = i
        record["meta"]["speaker"] = SPEAKERS[i % 3]
        out.append(record)
    return out


CLEAN = _records()
WHOLE, DROP = ("(the record)",), "(dropped)"  # as a path: the value replaces the whole record; as a value: the member is removed
VALUES = st.one_of(
    st.sampled_from([*SAMPLED, "a: b", "10:30", "\\u003a", DROP]),
    st.integers(-3, 3), st.booleans(), st.none(), st.just([]), st.just({}), st.just(""), st.just(10**30),
    st.just([{"artist": "цой"}, {"artist": "цой"}]), st.just([{"rating_value": "a: b"}]), st.just({"rating_value": "три"}),
)
CHANGE_PATHS = st.sampled_from([*PATHS, ("outputs",), ("extra",), WHOLE])
_DUPLICATE = ('"id": 7,', '"id": 70, "id": 7,')
_ESCAPED_COLON = ('"samples/audio_9.wav"', '"samples\\u003aaudio_9.wav"')
EDITS: dict[str, list[tuple[str, str]]] = {  # each replacement made once
    "none": [],
    "duplicate-key": [_DUPLICATE],
    "duplicate-recurring": [('"instruction": ', '"instruction": "a: b", "instruction": ')],
    "colon-escape": [_ESCAPED_COLON],
    "duplicate-and-colon-escape": [_DUPLICATE, _ESCAPED_COLON],  # the escaped colon evens the count of colons out
    "duplicate-and-string-colon": [_DUPLICATE, ('"samples/audio_3.wav"', '"samples/a:udio_3.wav"')],
    "string-colon": [('"samples/audio_3.wav"', '"samples/a:udio_3.wav"')],
    "crlf": [("\n", "\r\n")],
    "overflow": [('"id": 9,', '"id": 9e999,')],
    "huge-integer": [('"id": 9,', '"id": 123456789012345678901234567890,')],
    "very-huge-integer": [('"id": 9,', '"id": ' + "1" * 5000 + ",")],
    "float-id": [('"id": 9,', '"id": 9.0,')],
}
# (weighted towards files the byte path takes: most of the others it declines at once)
TEXT_EDITS = st.sampled_from(["none"] * 8 + ["string-colon"] * 2 + [*EDITS, "bom", "invalid-utf8", "empty"])
LAYOUTS = st.sampled_from(["lines", "lines", "indent", "compact", "minified", "uneven", "task-file"])
LIMITS = st.sampled_from([""] * 4 + ["max-json-values: 300\n", "max-json-values: 470\n", "max-json-values: 2000\n", "max-depth: 8\n"])


def _text(records: list[Any], edit: str, layout: str = "lines") -> bytes:
    if edit == "empty":
        records = []
    if layout == "lines":  # (as the benchmark's files: a record a line)
        text = "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n]"
    elif layout == "indent":
        text = json.dumps(records, ensure_ascii=False, indent=2)
    elif layout == "minified":
        text = json.dumps(records, ensure_ascii=False, separators=(",", ":"))
    elif layout == "task-file":
        text = json.dumps({"data": {"test": records}}, ensure_ascii=False)
    else:
        text = json.dumps(records, ensure_ascii=False)
    if layout == "uneven":
        text = text.replace("}, {", "},\n\n {", 1).replace("}, {", "} ,\t{", 1)
    if layout == "minified":
        edits = [(old.replace(": ", ":").replace(", ", ","), new.replace(": ", ":").replace(", ", ",")) for old, new in EDITS.get(edit, [])]
    else:
        edits = EDITS.get(edit, [])
    for old, new in edits:
        text = text.replace(old, new, -1 if edit == "crlf" else 1)
    data = (("\ufeff" if edit == "bom" else "") + text).encode("utf-8")
    return data.replace("Что".encode(), b"\xc1\xd0", 1) if edit == "invalid-utf8" else data


def _changed(changes: list[tuple[int, tuple[Any, ...], Any]]) -> list[Any]:
    records: list[Any] = copy.deepcopy(CLEAN)
    for index, path, value in changes:
        value = copy.deepcopy(value)  # (a sampled value is one object: a change must not grow it, e.g. into itself)
        if path == WHOLE:
            records[index] = value
        elif value == DROP:
            parent = records[index]
            for step in path[:-1]:
                parent = parent.get(step) if isinstance(parent, dict) else None
            if isinstance(parent, dict):
                parent.pop(path[-1], None)
        elif isinstance(records[index], dict):
            _set(records[index], path, value)
    return records


def _write(tmp_path: Path, data: bytes, config: str = "") -> Path:
    settings_file = tmp_path / "goldlint.yaml"  # (hypothesis reuses the folder: an earlier example's is removed)
    if config:
        settings_file.write_text(config, encoding="utf-8")
    else:
        settings_file.unlink(missing_ok=True)
    path = tmp_path / "dev.json"
    path.write_bytes(data)
    return path


@given(changes=st.lists(st.tuples(st.integers(0, len(CLEAN) - 1), CHANGE_PATHS, VALUES), max_size=6), edit=TEXT_EDITS, layout=LAYOUTS,
       config=LIMITS)
@example(changes=[], edit="none", layout="lines", config="")
@example(changes=[], edit="duplicate-key", layout="lines", config="")
@example(changes=[], edit="duplicate-recurring", layout="lines", config="")
@example(changes=[], edit="duplicate-and-colon-escape", layout="lines", config="")
@example(changes=[], edit="duplicate-and-string-colon", layout="lines", config="")
@example(changes=[(4, ("outputs", "slots", 0, "rating_value"), "a: b")], edit="duplicate-key", layout="minified", config="")
@example(changes=[(3, ("meta", "speaker"), "a: b")], edit="none", layout="lines", config="")
@example(changes=[(0, WHOLE, "record"), (5, ("meta", "speaker"), "x")], edit="none", layout="lines", config="")  # the first record is no object
@example(changes=[(0, ("outputs",), "")], edit="none", layout="lines", config="")  # a hidden answer first
@example(changes=[(2, ("meta", "id"), 0), (6, ("meta", "id"), 0)], edit="none", layout="indent", config="")  # SLU105, twice
@example(changes=[(2, ("inputs", "annotation"), "Intents:\nrate_book: []")], edit="none", layout="lines", config="")  # SLU103, SLU112
@example(changes=[(9, ("extra",), {"a": [[[[[1]]]]]})], edit="none", layout="lines", config="max-depth: 8\n")
@example(changes=[], edit="huge-integer", layout="lines", config="")
@example(changes=[], edit="very-huge-integer", layout="lines", config="")
@example(changes=[], edit="none", layout="lines", config="max-json-values: 300\n")
@example(changes=[(1, WHOLE, [0] * 400)], edit="none", layout="lines", config="max-json-values: 470\n")
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_byte_path_and_ordinary_path_agree(tmp_path: Path, shown: Any, changes: list[tuple[int, tuple[Any, ...], Any]], edit: str,
                                           layout: str, config: str) -> None:
    path = _write(tmp_path, _text(_changed(changes), edit, layout), config)
    assert shown(path, False) == shown(path, True)
    event("taken from the bytes" if _claimed(path) else "declined")  # (--hypothesis-show-statistics: how often each way was compared)


def _claimed(path: Path) -> bool:
    """Whether the byte path took the file (a check that needs no document then has none)."""
    from goldlint import config as cfg

    cfg.load.cache_clear()
    result = check_file(path, need_document=False)
    return result.kind == "slu" and result.document is None


@pytest.mark.parametrize("config", ["", "max-json-values: 2000\n"])
def test_a_clean_array_is_claimed_from_its_bytes(tmp_path: Path, shown: Any, config: str) -> None:
    path = _write(tmp_path, _text(CLEAN, "none"), config)
    assert _claimed(path)
    assert shown(path, False) == shown(path, True) == []


def test_a_defective_array_is_checked_from_its_bytes(tmp_path: Path, shown: Any) -> None:
    """Defects of every kind, in records the types take and in records they refuse (a colon in
    a short string too): the byte path claims the file and finds what the ordinary way finds."""
    changes = [(1, ("meta", "speaker"), "7_female_330"), (2, ("outputs", "intent"), "rate_bok"), (3, ("meta", "id"), 1),
               (4, ("inputs", "audio"), "/home/a/b.wav"), (5, ("outputs",), ""), (6, ("meta", "audio", "type"), "reel"),
               (7, ("outputs", "slots", 0, "artist"), "цой"), (8, ("inputs", "extra"), 1), (9, WHOLE, "record"),
               (10, ("outputs", "slots", 0, "rating_value"), "10:30"), (11, ("meta", "id"), 10**30), (12, ("instruction",), "Q: {qestion}")]
    for layout in ("lines", "indent", "minified", "uneven"):
        path = _write(tmp_path, _text(_changed(changes), "none", layout))
        assert _claimed(path), layout
        found = shown(path, False)
        assert len({d[0] for d in found}) >= 8
        assert found == shown(path, True)


@pytest.mark.parametrize(("config", "claimed"), [("max-json-values: 2000\n", True), ("max-json-values: 300\n", False)])
def test_the_value_limit_is_kept_from_the_typed_records(tmp_path: Path, shown: Any, config: str, claimed: bool) -> None:
    """Thirty typed records hold some 500 values: under a limit of 300 the file goes the
    ordinary way, which refuses it (GL011) where the ordinary reader says."""
    path = _write(tmp_path, _text(CLEAN, "none"), config)
    assert _claimed(path) is claimed
    found = shown(path, False)
    assert found == shown(path, True)
    assert any(d[0] == "GL011" for d in found) is not claimed
