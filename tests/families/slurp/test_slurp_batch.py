"""What the batch judge of SLURP lines (:mod:`goldlint.families.slurp.batch`) proves clean, the
detailed checks find clean: the record read as a dict, SLP101's field-by-field shape check, every
check of the record (:func:`~goldlint.families.slurp.record.check_record`), the inventory's, and
the exact reading's search for a repeated key. Random records, each spoilt in a few random ways
(a character of one of its strings, an id, a span, a key), are judged in batches; and a clean
benchmark batch is proven whole, with no line left to the line's own test."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.families.slurp import batch, lines
from goldlint.families.slurp.dataset import Inventory
from goldlint.families.slurp.family import _inventory
from goldlint.families.slurp.record import check_record
from goldlint.families.slurp.shape import check_shape
from goldlint.findings import At, Report
from goldlint.formats.json_read import parse_json
from goldlint.formats.jsonl_doc import RawBatch
from tests.bench import slurp_data

KNOWN = Inventory(frozenset(slurp_data.INTENTS), frozenset(slurp_data.ENTITY_TYPES), "the test's lists")
CHARACTERS = ["a", "A", " ", "  ", "\t", "[", "]", ":", " : ", "[time : x]", "[time: x]", "[time :x]", "[ time : x]", "[time : ]", "\x00",
              "\x7f", "\u00a0", "\u200b", "é", "e\u0301", "д", "'s", "_", "\\", '"', "\n"]
STRINGS = [("sentence",), ("sentence_annotation",), ("intent",), ("scenario",), ("action",), ("tokens", 0, "surface"), ("tokens", -1, "surface"),
           ("entities", 0, "type"), ("tokens", 1, "lemma")]
NUMBERS = [("slurp_id",), ("tokens", 0, "id"), ("tokens", -1, "id"), ("entities", 0, "span", 0), ("entities", 0, "span", -1), ("entities", -1, "span", 0)]


def _at(value: Any, path: tuple[Any, ...]) -> tuple[Any, Any] | None:
    """The container of the place ``path`` leads to, and the last step; None when it is not there."""
    for step in path[:-1]:
        if isinstance(value, list) and not (-len(value) <= step < len(value)):
            return None
        if isinstance(value, dict) and step not in value:
            return None
        value = value[step]
    last = path[-1]
    if isinstance(value, list) and not (-len(value) <= last < len(value)):
        return None
    return (value, last) if isinstance(value, (dict, list)) else None


def _spoil(value: dict[str, Any], how: int, where: int, what: int) -> str | None:
    """One change to the record; or the whole line's text, for a change made in the text."""
    if how == 0:  # a character into a string
        place = _at(value, STRINGS[where % len(STRINGS)])
        if place is not None and isinstance(place[0][place[1]], str):
            text = place[0][place[1]]
            k = what % (len(text) + 1)
            place[0][place[1]] = text[:k] + CHARACTERS[what % len(CHARACTERS)] + text[k:]
    elif how == 1:  # a character out of a string, or its letter case
        place = _at(value, STRINGS[where % len(STRINGS)])
        if place is not None and isinstance(place[0][place[1]], str) and place[0][place[1]]:
            text = place[0][place[1]]
            k = what % len(text)
            place[0][place[1]] = text[:k] + text[k + 1 :] if what % 2 else text[:k] + text[k:].upper()
    elif how == 2:  # a number changed
        place = _at(value, NUMBERS[where % len(NUMBERS)])
        if place is not None:
            place[0][place[1]] = [-1, 0, 1, 2, 7, 40, 2**64, -(2**63) - 1, True, None, "0"][what % 11]
    elif how == 3:  # an item dropped or doubled
        name = ["tokens", "entities", "recordings"][where % 3]
        items = value[name]
        if items:
            k = what % len(items)
            items.insert(k, dict(items[k])) if what % 2 else items.pop(k)
    elif how == 4:  # a span emptied or stretched
        if value["entities"]:
            span = value["entities"][where % len(value["entities"])]["span"]
            span[:] = [] if what % 3 == 0 or not span else (span + [span[-1] + 1] if what % 3 == 1 else span[::-1])
    elif how == 5:  # a key: one more, one less, one written twice, a colon as an escape
        text = json.dumps(value, ensure_ascii=False)
        key = ["intent", "surface", "wer", "type"][where % 4]
        edits = [text.replace(f'"{key}": ', f'"{key}": "x", "{key}": ', 1), text.replace(f'"{key}": ', f'"\\u0069{key[1:]}": ', 1),
                 text.replace(f'"{key}": ', '"extra": 1, ' + f'"{key}": ', 1), text.replace('"lemma": "', '"lemma": "\\u003a', 1),
                 text.replace('"lemma": "', '"lemma": ":', 1), text.replace(f'"{key}": ', f'"{key}" : ', 1),
                 # (a bracket's colon as an escape, which its decoded value counts and the raw line does not, and a key twice)
                 text.replace(" : ", " \\u003a ", 1).replace(f'"{key}": ', f'"{key}": "x", "{key}": ', 1)]
        return edits[what % len(edits)]
    elif how == 6:  # an intent or type outside the inventory, consistently
        value["action"] += "s"
        value["intent"] = f"{value['scenario']}_{value['action']}"
    return None


def _line(n: int, spoils: list[tuple[int, int, int]]) -> bytes:
    value = slurp_data.record(n, random.Random(n))
    text = None
    for how, where, what in spoils:
        text = _spoil(value, how, where, what) or text
    return (text if text is not None else json.dumps(value, ensure_ascii=False)).encode()


def _detailed_clean(line: bytes, known: Inventory | None) -> bool:
    """The detailed checks find nothing in the line: its dict's shape, the record's checks, the inventory's, a repeated key."""
    parsed = parse_json(line.decode())
    if not parsed.ok or parsed.problems or parsed.duplicates:
        return False
    report = Report()
    typed, good = check_shape(parsed.value, At((0,)), report)
    if good:
        check_record(typed, good, At((0,)), report)
        if known is not None:
            _inventory(typed, good, At((0,)), known, report)
    return report.added == 0 and type(parsed.value.get("slurp_id")) is int and -(2**63) <= parsed.value["slurp_id"] < 2**64


SPOIL = st.tuples(st.integers(0, 6), st.integers(0, 20), st.integers(0, 200))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(SPOIL, max_size=3), min_size=1, max_size=12), st.booleans())
def test_what_the_batch_proves_clean_the_detailed_checks_find_clean(spoils: list[list[tuple[int, int, int]]], inventory: bool) -> None:
    known = KNOWN if inventory else None
    texts = [_line(n + 1, s) for n, s in enumerate(spoils)]
    b = RawBatch.of(0, 0, b"\n".join(texts), 0)
    proven = batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, known)
    for place, slurp_id in proven.items():
        assert _detailed_clean(texts[place], known), texts[place]
        assert slurp_id == json.loads(texts[place])["slurp_id"]
    # and the lines' verdicts are the line's own test's wherever the batch proved nothing
    claims = lines.CleanLines(known, _inventory, lambda *a: None)
    assert claims.clean_batch(b.data, b.starts, b.ends) == [claims.clean(b.data, s, e) for s, e in zip(b.starts, b.ends, strict=True)]


def test_a_clean_batch_is_proven_whole() -> None:
    texts = [_line(n, []) for n in range(1, 301)]
    b = RawBatch.of(0, 0, b"\n".join(texts), 0)
    proven = batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, KNOWN)
    assert list(proven.items()) == [(n - 1, n) for n in range(1, 301)]


def test_a_line_that_is_not_a_record_is_passed_over_and_the_lines_after_it_are_still_judged() -> None:
    texts = [_line(1, []), b"{broken", _line(2, [(5, 0, 0)]), b"", _line(3, []), b"[1]"]
    b = RawBatch.of(0, 0, b"\n".join(texts), 0)
    records = batch.decode_lines(b.data, b.starts, b.ends)
    assert [r is not None for r in records] == [True, False, True, False, True, False]
    assert batch.judge(records, b.data, b.starts, b.ends, KNOWN) == {0: 1, 4: 3}  # (line 2: a key written twice)


def test_a_record_tokens_are_not_taken_for_its_neighbour_s_words() -> None:
    """A word moved from the end of one sentence (and annotation) to the start of the next: the
    surfaces of the two records still spell the two sentences joined, but neither record's own."""
    first, second = slurp_data.record(5, random.Random(5)), slurp_data.record(13, random.Random(13))  # (no entity: the annotation is the sentence)
    assert first["sentence"].endswith(" world") and first["sentence"] == first["sentence_annotation"] == second["sentence_annotation"]
    first["sentence"] = first["sentence_annotation"] = first["sentence"].removesuffix(" world")
    second["sentence"] = second["sentence_annotation"] = "world " + second["sentence"]
    texts = [json.dumps(first).encode(), json.dumps(second).encode()]
    b = RawBatch.of(0, 0, b"\n".join(texts), 0)
    assert not any(map(_detailed_clean, texts, [KNOWN] * 2))
    assert batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, KNOWN) == {}


def _stray(value: dict[str, Any], bracket: str) -> None:
    """A bracket alone in the sentence and the annotation alike, a token of its own (and, for a
    `[`, an entity more, so the annotation's `[` are as many as its entities): SLP102 only."""
    value["sentence"] += f" {bracket}"
    value["sentence_annotation"] += f" {bracket}"
    value["tokens"].append({"surface": bracket, "id": len(value["tokens"]), "lemma": bracket, "pos": "NN"})
    if bracket == "[":
        value["entities"].append({"span": [len(value["tokens"]) - 1], "type": "date"})


def _far(value: dict[str, Any]) -> None:
    """An entity's span from its first token to one far past the record's (a range of it would not fit in memory)."""
    value["entities"][0]["span"] = [value["entities"][0]["span"][0], 10**15]


@pytest.mark.parametrize("defect", [*(d for d in slurp_data.DEFECTS if d != "duplicate-id"), "stray ]", "stray [", "far span"])
def test_a_batch_leaves_only_its_spoilt_line(defect: str) -> None:
    """Each defect of the benchmark's (and a bracket the sentence has too) in one line of a batch:
    that line is not proven, every other one is (the lines after it keep their own entities)."""
    values = [slurp_data.record(n, random.Random(n)) for n in range(1, 41)]
    if defect.startswith("stray"):
        _stray(values[18], defect[-1])
    elif defect == "far span":
        _far(values[18])
    else:
        slurp_data.spoil(values[18], defect)
    texts = [json.dumps(v).encode() for v in values]
    assert not _detailed_clean(texts[18], KNOWN)
    b = RawBatch.of(0, 0, b"\n".join(texts), 0)
    proven = batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, KNOWN)
    assert sorted(proven) == [k for k in range(40) if k != 18]


def test_a_span_past_its_record_is_not_read_in_the_next_one() -> None:
    """An entity whose span is one past its record's tokens, where the next record's first token
    is its bracket's words: not proven (the detailed check: SLP107)."""
    first, second = slurp_data.record(2, random.Random(2)), slurp_data.record(10, random.Random(10))  # (both "what is the weather like ...")
    entity = first["entities"][-1]  # (the place, the sentence's last words)
    words = first["sentence"].split(" ")
    del words[entity["span"][0] + 1 :]  # (the place's first word ends the sentence: a span of one word)
    first["sentence"] = " ".join(words)
    first["sentence_annotation"] = " ".join([*words[:-1], f"[{entity['type']} : {words[-1]}]"])
    first["tokens"] = first["tokens"][: len(words)]
    second["tokens"][0]["surface"] = words[-1]  # (the next record's first token: the bracket's words)
    second["sentence"] = " ".join([words[-1], *second["sentence"].split(" ")[1:]])
    second["sentence_annotation"] = " ".join([words[-1], *second["sentence_annotation"].split(" ")[1:]])
    entity["span"] = [len(words)]  # (one past the record's last token)
    texts = [json.dumps(first).encode(), json.dumps(second).encode()]
    assert not _detailed_clean(texts[0], KNOWN) and _detailed_clean(texts[1], KNOWN)
    b = RawBatch.of(0, 0, b"\n".join(texts), 0)
    assert batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, KNOWN) == {1: 10}


def _long_record(first: int, last: int, span: list[int], size: int = 90) -> dict[str, Any]:
    """A record of ``size`` tokens whose annotation brackets the words ``first`` to ``last``, its entity spanning ``span``."""
    words = [f"w{k}" for k in range(size)]
    value = slurp_data.record(5, random.Random(5))  # (a qa_factoid record: no entity of its own)
    value["sentence"] = " ".join(words)
    value["sentence_annotation"] = " ".join([*words[:first], f"[date : {' '.join(words[first : last + 1])}]", *words[last + 1 :]])
    value["tokens"] = [{"surface": w, "id": k, "lemma": w, "pos": "NN"} for k, w in enumerate(words)]
    value["entities"] = [{"span": span, "type": "date"}]
    return value


def test_an_entity_far_into_a_long_sentence_is_judged_like_any_other() -> None:
    """Spans past the positions whose ranges are made once, longer ones, and one running backwards
    over many; and records of more tokens than most (their ids counted from lists made once, or
    not): proven when right, left when not."""
    values = [_long_record(70, 71, [70, 71]), _long_record(10, 29, list(range(10, 30))), _long_record(10, 29, [*range(10, 29), 28]),
              _long_record(2, 30, [30, 2]), _long_record(3, 4, [3, 4], size=30), _long_record(3, 4, [3, 4], size=63)]
    texts = [json.dumps(v).encode() for v in values]
    verdicts = [True, True, False, False, True, True]
    assert [_detailed_clean(t, KNOWN) for t in texts] == verdicts
    for text, clean in zip(texts, verdicts, strict=True):  # (each in a batch of its own: its spans the batch's only ones)
        b = RawBatch.of(0, 0, text, 0)
        assert batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, KNOWN) == ({0: 5} if clean else {})


def test_the_lists_made_once_are_the_ranges_they_stand_for() -> None:
    assert all(batch._COUNTING[n] == list(range(n)) for n in range(len(batch._COUNTING)))
    assert all(row[n] == list(range(first, first + n)) for first, row in enumerate(batch._SPANS) for n in range(len(row)))
