"""The clean path of a SLURP JSONL file (lines claimed from their bytes, :mod:`goldlint.families.slurp.lines`)
reports exactly what reading every record as a dict and checking it reports, on the benchmark's
records with every defect and on lines made to trip it (a repeated key, written plainly or as an
escape, colons and escaped quotes in strings, ids and numbers past 64 bits, a lone surrogate);
and it reads a clean line once, with no duplicate-key reading."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from goldlint import config as cfg
from goldlint import engine
from goldlint.engine import check_file
from goldlint.families.slurp import batch, lines
from goldlint.families.slurp.family import SlurpFamily
from goldlint.formats import json_read, jsonl_doc
from tests.bench import slurp_data


def _line(n: int, edit: str = "") -> str:
    """Record ``n`` of the benchmark as a JSON line, with ``edit`` made in its text."""
    value = slurp_data.record(n, random.Random(n))
    text = json.dumps(value, ensure_ascii=False)
    first = text.index('{"surface"') + 1  # (the first token's first key)
    if edit == "repeated-key":
        return text.replace('"intent":', '"intent": "x", "intent":', 1)
    if edit == "repeated-key-same-value":
        return text.replace('"intent":', f'"intent": {json.dumps(value["intent"])}, "intent":', 1)
    if edit == "repeated-key-in-a-token":
        return text[:first] + '"lemma": "x", ' + text[first:]
    if edit == "repeated-key-escaped":  # `\u0069ntent` is `intent`
        return text.replace('"intent":', '"\\u0069ntent": "x", "intent":', 1)
    if edit == "repeated-key-escaped-colon-in-string":  # the dropped value holds a colon: the counts still differ
        return text.replace('"intent":', '"intent": "a:b", "intent":', 1)
    if edit == "colon-in-a-lemma":
        return text.replace('"lemma": "', '"lemma": "a:', 1)
    if edit == "escaped-colon-in-a-lemma":
        return text.replace('"lemma": "', '"lemma": "a\\u003a', 1)
    if edit == "escaped-quote-colon-in-a-lemma":
        return text.replace('"lemma": "', '"lemma": "a\\":', 1)
    if edit == "huge-id":
        return text.replace(f'"slurp_id": {n}', '"slurp_id": 123456789012345678901234567890', 1)
    if edit == "wer-beyond-a-double":
        return re.sub(r'"wer": [0-9.]+', '"wer": 1e400', text, count=1)
    if edit == "lone-surrogate":
        return text.replace('"lemma": "', '"lemma": "\\ud800', 1)
    if edit == "unknown-key":
        return text[:first] + '"lemmas": "x", ' + text[first:]
    return text


EDITS = ["repeated-key", "repeated-key-same-value", "repeated-key-in-a-token", "repeated-key-escaped", "repeated-key-escaped-colon-in-string",
         "colon-in-a-lemma", "escaped-colon-in-a-lemma", "escaped-quote-colon-in-a-lemma", "huge-id", "wer-beyond-a-double", "lone-surrogate",
         "unknown-key"]


def _write(tmp_path: Path) -> Path:
    (tmp_path / "goldlint.yaml").write_text(slurp_data.CONFIG, encoding="utf-8")
    path = tmp_path / "test.jsonl"
    slurp_data.write(path, 1100, defective=True)  # every defect of the benchmark, once or twice
    extra = [_line(2000 + k, edit) for k, edit in enumerate(EDITS * 2)]
    extra += ["", "{broken", _line(3000, "huge-id"), _line(3001, "huge-id")]  # (two records with one huge id: SLP108)
    with path.open("a", encoding="utf-8") as out:
        out.write("\n".join(extra) + "\n")
    cfg.load.cache_clear()
    return path


@pytest.fixture(autouse=True)
def _streamed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "STREAM_ABOVE", 0)  # (files over 8 MiB are streamed, as the clean path needs: these are small)


def _diagnostics(path: Path) -> list[tuple[object, ...]]:
    result = check_file(path, need_document=False)
    return [(d.code, d.span.start, d.span.end, d.message, d.fix) for d in result.diagnostics]


def test_the_clean_path_reports_what_the_dict_path_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path)
    claimed = Counter[bool]()
    real = lines.CleanLines.clean_batch

    def counted(self: lines.CleanLines, *batch: object) -> list[int | None]:
        verdicts = real(self, *batch)  # type: ignore[arg-type]
        claimed.update(v is not None for v in verdicts)
        return verdicts

    monkeypatch.setattr(lines.CleanLines, "clean_batch", counted)
    fast = _diagnostics(path)
    assert claimed[True] > 1000 and claimed[False] >= 11 + len(EDITS)  # (the defects and the edited lines: read the ordinary way)
    monkeypatch.setattr(SlurpFamily, "check", SlurpFamily.check_detailed)
    assert fast == _diagnostics(path)
    codes = Counter(code for code, *_ in fast)
    assert codes["GL004"] == 2 * 5 and codes["GL003"] >= 2 and codes["SLP108"] >= 3, codes


def test_the_annotations_colons_are_counted_and_any_other_colon_in_a_string_sends_the_line_the_ordinary_way() -> None:
    claims = lines.CleanLines(None, lambda *a: None, lambda *a: None)
    data = _line(7).encode()
    assert data.count(b" : ") == 2 and claims.clean(data, 0, len(data)) == 7  # (two entities: two colons in the annotation)
    repeated = _line(7, "repeated-key-escaped").encode()  # one key more, and its colon
    lemma = _line(7, "colon-in-a-lemma").encode()  # no key more, a colon more: unproven
    assert claims.clean(repeated, 0, len(repeated)) is None and claims.clean(lemma, 0, len(lemma)) is None


def test_a_clean_file_is_decoded_once_a_line_and_never_read_for_repeated_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "goldlint.yaml").write_text(slurp_data.CONFIG, encoding="utf-8")
    path = tmp_path / "clean.jsonl"
    slurp_data.write(path, 500)
    cfg.load.cache_clear()
    decoded = Counter[str]()
    for module in (lines, batch):
        monkeypatch.setattr(module, "_decode", lambda data, _real=module._decode: decoded.update(["msgspec"]) or _real(data))
    for module, name in ((json_read, "find_duplicate_keys"), (jsonl_doc, "parse_json"), (jsonl_doc, "parse_bytes"), (jsonl_doc.RawBatch, "parsed")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _real=real, _name=name: decoded.update([_name]) or _real(*a))
    assert _diagnostics(path) == []
    assert decoded == Counter({"msgspec": 500, "parse_json": 1})  # (and the first line once more, for the kind: detection)


def test_a_number_no_double_holds_written_as_an_integer_is_a_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`"wer": 1000…0` (401 digits) is a JSON number that no double holds; the reader keeps it
    whole, and the record is as clean as with any other number, read either way (it once
    stopped the check with an internal error: found by a hostile-input sweep)."""
    (tmp_path / "goldlint.yaml").write_text(slurp_data.CONFIG, encoding="utf-8")
    path = tmp_path / "test.jsonl"
    huge = [re.sub(r'"wer": [0-9.]+', '"wer": 1' + "0" * 400, _line(n), count=1) for n in range(3)]
    assert all("0" * 400 in line for line in huge)
    path.write_text("\n".join(huge) + "\n", encoding="utf-8")
    cfg.load.cache_clear()
    assert _diagnostics(path) == []
    monkeypatch.setattr(SlurpFamily, "check", SlurpFamily.check_detailed)
    assert _diagnostics(path) == []
