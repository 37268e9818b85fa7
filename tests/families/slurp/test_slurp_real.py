"""The slurp kind on real SLURP excerpts (``tests/data/slurp``, attribution in its SOURCES.md)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

from goldlint import config as cfg
from goldlint.engine import check_file, check_text
from goldlint.fixes import fix_until_stable

DATA = Path(__file__).resolve().parents[2] / "data" / "slurp"


def _alone(tmp_path: Path, name: str) -> Path:
    """The excerpt in a folder of its own (no other file to learn an inventory or ids from)."""
    target = tmp_path / name
    shutil.copy(DATA / name, target)
    cfg.load.cache_clear()
    return target


def test_the_test_split_excerpt(tmp_path: Path) -> None:
    result = check_file(_alone(tmp_path, "test.jsonl"))
    assert result.kind == "slurp"
    assert [f"{d.code} {d.span.start.line}:{d.span.start.column}" for d in result.diagnostics] == \
        ["SLP104 4:146", "SLP103 21:256", "SLP103 92:202"]
    intent, case, word = result.diagnostics
    assert intent.message.startswith("intent `hue_lightup` is not scenario `iot` + `_` + action `hue_lightup`")
    assert intent.fix is not None and intent.fix.edits[0].new_text == '"iot_hue_lightup"'
    assert "(only in letter case)" in case.message
    assert word.message.endswith("here it has `wood`, the sentence `ollywood`")  # `hwood` for `hollywood`


def test_the_devel_split_excerpt_has_a_span_that_takes_a_comma(tmp_path: Path) -> None:
    result = check_file(_alone(tmp_path, "devel.jsonl"))
    found = [d for d in result.diagnostics if d.code == "SLP107"]
    assert [(d.span.start.line, d.span.start.column) for d in found] == [(121, 994)]
    assert found[0].message == "entity 0 spans `robert ,`, its bracket in the annotation holds `robert`"
    assert Counter(d.code for d in result.diagnostics) == {"SLP104": 4, "SLP107": 1}


def test_the_safe_fix_writes_scenario_action_on_a_real_line(tmp_path: Path) -> None:
    path = _alone(tmp_path, "test.jsonl")
    text = path.read_text(encoding="utf-8")
    fixed, count, remaining = fix_until_stable(text, lambda t: check_text(path, t).diagnostics, unsafe=False)
    assert count == 1 and [d.code for d in remaining] == ["SLP103", "SLP103"]
    assert fixed == text.replace('"intent": "hue_lightup"', '"intent": "iot_hue_lightup"', 1)


def test_together_each_split_is_checked_against_the_others_inventory() -> None:
    cfg.load.cache_clear()
    found = Counter(d.code for name in ("test.jsonl", "devel.jsonl") for d in check_file(DATA / name).diagnostics)
    assert found == {"SLP109": 48, "SLP110": 39, "SLP104": 5, "SLP103": 2, "SLP107": 1}
    learned = [d for d in check_file(DATA / "test.jsonl").diagnostics if d.code == "SLP109"][0]
    assert "is in none of the other files of this folder (devel.jsonl)" in learned.message
