"""The slu clean path may only say "clean" when the detailed checks report nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint.engine import check_text
from goldlint.families.slu.answers import convention_problem
from goldlint.families.slu.fast import PLAIN_VALUE, CleanCheck, _text_clean
from goldlint.families.slu.lines import CleanLines
from goldlint.families.slu.options import SluOptions, TextConventions
from goldlint.families.slu.typed import record_type

BASE: dict[str, Any] = {
    "instruction": "Q: {question}\n{annotation}\n<audio>",
    "inputs": {"audio": "samples/a1.wav", "question": "Что?", "annotation": "Intents:\nrate_book: [best_rating, rating_value]\nplay_music: [artist, track]"},
    "outputs": {"intent": "rate_book", "slots": [{"rating_value": "три"}]},
    "meta": {"id": 1, "audio": {"type": "real"}, "speaker": "7_female_33"},
}
PATHS = [
    ("instruction",), ("inputs", "audio"), ("inputs", "question"), ("inputs", "annotation"), ("inputs", "extra"),
    ("outputs", "intent"), ("outputs", "slots"), ("outputs", "slots", 0), ("outputs", "slots", 0, "rating_value"),
    ("outputs", "slots", 0, "artist"), ("meta", "id"), ("meta", "audio", "type"), ("meta", "speaker"), ("meta",),
]
SAMPLED = [
        "три", " три", "три ", "Три", "3", "три!", "и\u0306од", "c\u0430м", "бе\u00a0лые", "rate_book", "RateBook", "play_music",
        "rate_bok", "", "real", "reel", "generated", "7_female_33", "7_female_330", "x", "/home/a/b.wav", "../a.wav",
        "samples/a1.wav", "a.wav", "/a.wav", "a//b.wav", "samples/home", "samples/..", "Home/a.wav", "samples/a b.wav", "samples/",
        "сэмплы/звук-1.wav", "Q: {question}\n{annotation}", "Q: {qestion}\n{annotation}\n<audio>",
        "Intents:\nrate_book: [best_rating\n", "Intents:\nrate_book: []",
]
VALUES = st.one_of(
    st.sampled_from(SAMPLED),
    st.integers(-3, 3), st.booleans(), st.none(), st.just([]), st.just({}), st.just([{"artist": "цой"}, {"artist": "цой"}]),
    st.just([{"artist": "цой", "track": "кино"}]), st.just({"rating_value": "три"}), st.text(max_size=6),
)


def _set(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    node: Any = record
    for step in path[:-1]:
        if isinstance(node, dict):
            node = node.setdefault(step, {})
        elif isinstance(node, list) and isinstance(step, int) and step < len(node):
            node = node[step]
        else:
            return
    if isinstance(node, dict):
        node[path[-1]] = value
    elif isinstance(node, list) and isinstance(path[-1], int) and path[-1] < len(node):
        node[path[-1]] = value


@settings(max_examples=600, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3))
def test_clean_path_never_hides_a_finding(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    _assert_clean_path_agrees(changes)


@pytest.mark.parametrize("path", PATHS)
def test_every_listed_value_at_every_path(path: tuple[Any, ...]) -> None:
    """Each sampled value alone at each path: the single changes, exhaustively (hypothesis
    finds the combinations, but would rarely draw one given value at one given path)."""
    for value in SAMPLED:
        _assert_clean_path_agrees([(path, value)])


def _record(changes: list[tuple[tuple[Any, ...], Any]]) -> Any:
    record = copy.deepcopy(BASE)
    for path, value in changes:
        _set(record, path, copy.deepcopy(value))  # (a sampled value is one shared object: a later change must not grow it into itself)
    return record


def _line_clean(record: Any) -> bool:
    """Whether the JSONL line path (msgspec decoding the line's bytes) claims the record clean."""
    line = json.dumps(record, ensure_ascii=False).encode("utf-8")
    return CleanLines(CleanCheck(SluOptions(), Path("/nonexistent-gold-dir")), lambda *_: None, lambda *_: None).clean(line, 0, len(line)) is not None


def _detailed(record: Any) -> list[Any]:
    """The detailed checks' findings for a record alone (the family's own loop would take the clean path)."""
    from goldlint.families.base import Context, Report
    from goldlint.families.slu.family import SluFamily
    from goldlint.formats.jsonl_doc import JsonlDocument

    loaded = cfg.Loaded(cfg.Settings(), None, Path("/nonexistent-gold-dir"))
    report = Report()
    doc = JsonlDocument("/nonexistent-gold-dir/x.jsonl", json.dumps(record, ensure_ascii=False) + "\n")
    SluFamily().check_detailed(doc, report, Context(Path("/nonexistent-gold-dir/x.jsonl"), SluOptions(), loaded.settings))
    return report.findings


def _assert_clean_path_agrees(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    record = _record(changes)
    fast = CleanCheck(SluOptions(), Path("/nonexistent-gold-dir"))
    if not fast.is_clean(record) and not _line_clean(record):  # (either clean path saying clean must be right)
        return
    assert _detailed(record) == [], record
    text = json.dumps(record, ensure_ascii=False) + "\n"
    loaded = cfg.Loaded(cfg.Settings(), None, Path("/nonexistent-gold-dir"))
    assert check_text("/nonexistent-gold-dir/x.jsonl", text, loaded).diagnostics == []


# The rules the typed record decides (slu/typed.py): a record converts into it exactly when
# the detailed checks report none of them (SLU104 but a blank slot value, which is Python's).
TYPED = {"SLU104", "SLU108", "SLU113", "SLU117", "SLU118"}


def _typed_verdict_agrees(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    record = _record(changes)
    try:
        msgspec.convert(record, record_type(tuple(SluOptions().audio_types)))
        typed = True
    except msgspec.ValidationError:
        typed = False
    decided = [f for f in _detailed(record) if f.code in TYPED and not (f.code == "SLU104" and "found \"" in f.message and
                                                                       not f.message.endswith('found ""'))]
    assert typed is not bool(decided), (record, decided)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS + [("outputs",)]), VALUES), min_size=1, max_size=3))
def test_the_typed_verdict_is_the_detailed_checks(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    _typed_verdict_agrees(changes)


@pytest.mark.parametrize("path", [*PATHS, ("outputs",)])
def test_the_typed_verdict_for_every_listed_value(path: tuple[Any, ...]) -> None:
    for value in [*SAMPLED, 1, True, None, [], {}, [{"artist": ""}], [{"artist": " "}], [{"artist": 3}], [{}], [{"a": "b", "c": "d"}],
                  '{"intent": "rate_book", "slots": []}', ""]:
        _typed_verdict_agrees([(path, value)])


def test_record_ids_dense_sparse_and_json_paths() -> None:
    """SLU105's id map: small ids of JSONL lines in the array, the rest in the dictionary."""
    from goldlint.families.slu.family import RecordIds

    ids = RecordIds()
    assert ids.claim(5, (0,)) is None and ids.claim(5, (3,)) == (0,)
    assert ids.claim(10**12, (4,)) is None and ids.claim(10**12, (7,)) == (4,)  # far out: no huge array
    assert ids.claim(-1, (8,)) is None and ids.claim(-1, (9,)) == (8,)
    assert ids.claim(7, ("data", "test", 1)) is None and ids.claim(7, (10,)) == ("data", "test", 1)
    for n in range(100_000):
        assert ids.claim(100 + n, (20 + n,)) is None
    assert ids.claim(150, (1,)) == (70,)
    assert len(ids._dense) < 300_000  # eight bytes an id, never sized by one far id


_RUN = st.one_of(
    st.builds(lambda low, n: list(range(low, low + n)), st.integers(-3, 70_000), st.integers(0, 40)),  # consecutive (the bulk path)
    st.lists(st.integers(-3, 200), max_size=20), st.just([10**12, 10**12 + 1]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.booleans(), _RUN), max_size=6), st.lists(st.integers(-3, 70_100), max_size=20))
def test_a_run_of_ids_is_claimed_as_each_id_alone(runs: list[tuple[bool, list[int]]], probes: list[int]) -> None:
    """``claim_run`` (a batch of clean lines counted at once) answers as ``claim`` of each id in
    turn, and leaves the same memory of where each id was first seen; a JSON document's
    record (a longer path) may come between runs."""
    from goldlint.families.slu.family import RecordIds

    bulk, single = RecordIds(), RecordIds()
    line = 0
    for nested, run in runs:
        if nested and run:
            assert bulk.claim(run[0], ("data", line)) == single.claim(run[0], ("data", line))
        expected = [(k, v, where) for k, v in enumerate(run) if (where := single.claim(v, (line + k,))) is not None]
        assert bulk.claim_run(line, run) == expected
        line += len(run)
    for probe in probes:
        assert bulk.claim(probe, (line,)) == single.claim(probe, (line,))


# --------------------------------------------------------------------------- the inventory's two readings

def _both_readings(annotation: str) -> tuple[Any, Any]:
    """The inventory read with the one-pattern shortcut for well-formed lines, and by the grammar alone."""
    from goldlint.families.slu import inventory

    inventory.parse_inventory.cache_clear()
    quick = inventory.parse_inventory(annotation)
    shortcut = inventory._read_well_formed
    inventory._read_well_formed = lambda line: None
    try:
        inventory.parse_inventory.cache_clear()
        grammar = inventory.parse_inventory(annotation)
    finally:
        inventory._read_well_formed = shortcut
        inventory.parse_inventory.cache_clear()
    return quick, grammar


@given(st.lists(st.text(alphabet="ab/_ \t:,[]\xa0\x0b\u00e9", max_size=20), max_size=5))
@settings(max_examples=300, deadline=None)
def test_well_formed_intent_lines_read_as_the_grammar_reads_them(lines: list[str]) -> None:
    quick, grammar = _both_readings("Intents:\n" + "\n".join(lines))
    assert quick == grammar


@given(st.lists(st.from_regex(r"[ \t]?[ab/]{1,3}[ \t]?:[ \t]?\[[ \t]?([ab]{1,2}[ \t]?(,[ \t]?[ab]{0,2}[ \t]?){0,3})?\][ \t]?", fullmatch=True),
                max_size=5))
@settings(max_examples=300, deadline=None)
def test_nearly_well_formed_intent_lines_read_as_the_grammar_reads_them(lines: list[str]) -> None:
    """Lines shaped like intent lines (some with an empty slot name, a slot twice, an intent twice)."""
    quick, grammar = _both_readings("Intents:\n" + "\n".join(lines) + "\ntrailing text")
    assert quick == grammar
    assert not lines or quick.intents or quick.problems


@settings(max_examples=400, deadline=None)
@given(st.from_regex(PLAIN_VALUE, fullmatch=True))
def test_a_plain_slot_value_is_one_the_detailed_checks_pass(value: str) -> None:
    """The clean path takes a value of plain lower-case words without asking the checks of a
    slot's text (GL006-GL008, the text conventions, all enabled): they must have nothing to say."""
    every_convention = SluOptions(text_conventions=TextConventions(lowercase=True, digits_as_words=True, no_punctuation=True))
    assert _text_clean(value) and value.strip() != "" and convention_problem(value, every_convention) is None
    record = copy.deepcopy(BASE)
    record["outputs"]["slots"] = [{"rating_value": value}]
    result = check_text(Path("dev.json"), json.dumps(record, ensure_ascii=False), cfg.default(), "slu")
    assert [d.code for d in result.diagnostics] == []
