"""What a hostile-input sweep of the CLI found (mutations of real gold files, 2026-11-29): each
input once stopped `goldlint check` with an internal error (exit 2). Each is now a positioned
diagnostic and exit 1, or a clean file and exit 0, read the way the rest of the file is.
(A 400-digit SLURP `wer`: ``tests/families/slurp/test_slurp_clean_lines.py``; a `²` difficulty:
``tests/rules/corpus.yaml``; the language server's frames: ``tests/server/test_frames.py``.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from goldlint.formats.json_read import exact_loads, parse_json
from goldlint.score.truth import parse_cell

# An array nested 979 levels deep around a run of 20 digits (here inside a string): the digits
# send the text to the standard library's reader, to keep integers beyond 64 bits exact, which
# stopped near 1,000 levels where orjson reads 1,024.
DEEP = "[" * 979 + '"00000000000000000000"' + "]" * 979
DEEP_INTEGER = "[" * 1000 + "123456789012345678901234567890" + "]" * 1000


def _innermost(value: Any) -> Any:
    while isinstance(value, list):
        value = value[0]
    return value


@pytest.mark.parametrize("text", [DEEP, DEEP_INTEGER], ids=["digits-in-a-string", "integer-beyond-64-bits"])
def test_deep_json_that_only_the_standard_reader_reads_exactly_is_read(text: str) -> None:
    parsed = parse_json(text)
    assert parsed.ok and parsed.problems == [] and _innermost(parsed.value) == json.loads(text.replace("[", "").replace("]", ""))
    assert _innermost(exact_loads(text.encode())) == _innermost(parsed.value)


def test_json_nested_past_every_reader_is_refused_with_a_position() -> None:
    text = "[" * 1100 + "123456789012345678901234567890" + "]" * 1100  # (deeper than orjson reads: GL011, as ever)
    parsed = parse_json(text)
    assert not parsed.ok and [(p.code, p.start) for p in parsed.problems] == [("GL011", 1024)]


@pytest.mark.parametrize(("name", "text", "kind"), [
    ("deep.json", DEEP, "slu"),
    ("deep.jsonl", DEEP + "\n", "slu"),
    ("deep-corpus.json", DEEP, "corpus"),
])
def test_deep_json_is_checked_not_an_internal_error(tmp_path: Path, run_cli: Any, name: str, text: str, kind: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    done = run_cli("check", "--kind", kind, name, cwd=tmp_path)
    assert done.returncode == 1 and "internal error" not in done.stderr and f"{name}:1:" in done.stdout, done.stdout + done.stderr


def test_an_slu_outputs_string_nested_past_the_reader_is_neither_json_nor_a_literal(tmp_path: Path, run_cli: Any) -> None:
    record = {"instruction": "Вопрос: {question}\n{annotation}\n<audio>",
              "inputs": {"audio": "samples/audio_1.wav", "question": "Что просит пользователь?", "annotation": "Намерения:\nalarm_set: [time]"},
              "outputs": "[" * 5000 + "]" * 5000, "meta": {"id": 1, "audio": {"type": "real"}, "speaker": "7_female_33"}}
    (tmp_path / "dev.jsonl").write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    done = run_cli("check", "dev.jsonl", cwd=tmp_path)
    assert done.returncode == 1 and "internal error" not in done.stderr, done.stdout + done.stderr
    assert "SLU117" in done.stdout and "neither JSON nor a Python literal" in done.stdout


@pytest.mark.parametrize("digits", [4301, 4400])
def test_an_xsid_slots_offset_of_more_digits_than_int_reads_is_a_positioned_finding(tmp_path: Path, run_cli: Any, digits: int) -> None:
    sentence = ("# id = 1\n# text = will it rain\n# intent = weather/find\n# slots: 8:" + "1" * digits + ":weather/attribute\n"
                "1\twill\tweather/find\tO\n2\tit\tweather/find\tO\n3\train\tweather/find\tB-weather/attribute\n\n")
    clean = sentence.replace("8:" + "1" * digits, "8:12").replace("# id = 1", "# id = 2")
    (tmp_path / "en.test.conll").write_text(clean + sentence + clean.replace("# id = 2", "# id = 3"), encoding="utf-8")
    done = run_cli("check", "en.test.conll", cwd=tmp_path)
    assert done.returncode == 1 and "internal error" not in done.stderr, done.stdout + done.stderr
    assert "en.test.conll:12:10: XSD109 " in done.stdout and "more digits than any text has characters" in done.stdout, done.stdout


def test_a_truth_prediction_cell_nested_past_the_reader_is_not_json() -> None:
    value, error = parse_cell("[" * 5000 + "]" * 5000)
    assert value is None and error is not None and "recursion" in error


def test_a_mix_config_pattern_with_a_repeat_count_past_what_int_reads_is_a_compile_error_at_the_count(tmp_path: Path, run_cli: Any) -> None:
    """(``re`` reads a repeat count with ``int``, which raised ValueError past 4,300 digits: an
    internal error; found after the sweep, by looking for its kind of failure.)"""
    pattern = "^DRINK_{" + "1" * 4400 + "}"
    config = {"nlu": {"use_asr_results": True, "predicted_entities_to_ignore": {"_GLOBAL_": pattern}}}
    text = json.dumps(config)
    (tmp_path / "mix.json").write_text(text, encoding="utf-8")
    done = run_cli("check", "--format", "json", "mix.json", cwd=tmp_path)
    assert done.returncode == 1 and "internal error" not in done.stderr, done.stdout + done.stderr
    found = [d for d in json.loads(done.stdout) if d["code"] == "MXC102"]
    column = text.index("1" * 4400) + 1
    assert [(d["range"]["start"], d["range"]["end"]) for d in found] == [({"line": 1, "column": column}, {"line": 1, "column": column + 4400})]
