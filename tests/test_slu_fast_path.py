"""The slu clean path may only say "clean" when the detailed checks report nothing."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint.engine import check_text
from goldlint.families.slu.fast import CleanCheck
from goldlint.families.slu.options import SluOptions

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
VALUES = st.one_of(
    st.sampled_from([
        "три", " три", "три ", "Три", "3", "три!", "и\u0306од", "c\u0430м", "бе\u00a0лые", "rate_book", "RateBook", "play_music",
        "rate_bok", "", "real", "reel", "generated", "7_female_33", "7_female_330", "x", "/home/a/b.wav", "../a.wav",
        "samples/a1.wav", "a.wav", "Q: {question}\n{annotation}", "Q: {qestion}\n{annotation}\n<audio>",
        "Intents:\nrate_book: [best_rating\n", "Intents:\nrate_book: []",
    ]),
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


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3))
def test_clean_path_never_hides_a_finding(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    record = copy.deepcopy(BASE)
    for path, value in changes:
        _set(record, path, value)
    fast = CleanCheck(SluOptions(), Path("/nonexistent-gold-dir"))
    if not fast.is_clean(record):
        return
    text = json.dumps(record, ensure_ascii=False) + "\n"
    loaded = cfg.Loaded(cfg.Settings(), None, Path("/nonexistent-gold-dir"))
    # Force the detailed path by checking the record on its own: the family's own loop
    # would take the clean path again, so compare against the rules one by one instead.
    from goldlint.families.base import Context, Report
    from goldlint.families.slu import SluFamily
    from goldlint.formats.jsonl_doc import JsonlDocument

    report = Report()
    doc = JsonlDocument("/nonexistent-gold-dir/x.jsonl", text)
    SluFamily().check_detailed(doc, report, Context(Path("/nonexistent-gold-dir/x.jsonl"), SluOptions(), loaded.settings))
    assert report.findings == [], (record, report.findings)
    assert check_text("/nonexistent-gold-dir/x.jsonl", text, loaded).diagnostics == []
