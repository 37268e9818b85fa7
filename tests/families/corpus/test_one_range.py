"""COR109's tiers are written once (``vocab.TIERS``): every path that judges a difficulty —
the detailed check, the per-entry clean path, the column path, the msgspec types of the byte
path — and the published JSON Schema give one verdict for every value.

The paths are reached as a user reaches them: a clean corpus with one entry's difficulty
changed, checked with its document (the detailed way) and from its bytes (the CLI's way), in
a file of clean entries (the column and typed paths) and next to an unrelated defect (the
per-entry path)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from goldlint.engine import check_file
from goldlint.families.corpus import schemagen, vocab
from tests.families.corpus.test_typed_path import CLEAN

VALUES: list[Any] = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 2.0, True, "3", None]


def _corpus(difficulty: Any, neighbour_defect: bool) -> dict[str, Any]:
    corpus = copy.deepcopy(CLEAN)
    corpus["entries"][10]["difficulty"] = difficulty
    if neighbour_defect:  # an unknown field in the same entry: it is checked alone, not in a column
        corpus["entries"][10]["extra"] = 1
    return corpus


@pytest.mark.parametrize("neighbour_defect", [False, True], ids=["in-a-clean-block", "next-to-a-defect"])
@pytest.mark.parametrize("difficulty", VALUES, ids=repr)
def test_every_path_agrees_on_a_difficulty(tmp_path: Path, difficulty: Any, neighbour_defect: bool) -> None:
    in_range = type(difficulty) is int and difficulty in vocab.TIERS
    path = tmp_path / "eng-crk-dev.json"
    path.write_text(json.dumps(_corpus(difficulty, neighbour_defect)), encoding="utf-8")
    for need_document in (True, False):
        flagged = [d for d in check_file(path, need_document=need_document).diagnostics if d.code == "COR109"]
        assert bool(flagged) is not in_range, (need_document, flagged)
        if flagged:
            assert f"from {vocab.FIRST_TIER} to {vocab.LAST_TIER}" in flagged[0].message
    schema = {**schemagen.spec_schema()["$defs"]["entry"]["properties"]["difficulty"]}
    assert jsonschema.Draft202012Validator(schema).is_valid(difficulty) is (in_range or difficulty == 2.0)  # (JSON Schema: 2.0 is an integer)


def test_the_tiers_are_the_documented_range() -> None:
    assert vocab.TIERS == frozenset(vocab.DIFFICULTY) == frozenset(range(vocab.FIRST_TIER, vocab.LAST_TIER + 1))
