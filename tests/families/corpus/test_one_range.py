"""COR109's tiers are declared once (``declaration.DIFFICULTY``, ``range=(1, 5)``): every path
that judges a difficulty — the detailed check, the per-entry clean path, the column path, the
msgspec types of the byte path — the published JSON Schema, completion and the rule's docs
give one verdict for every value.

The paths are reached as a user reaches them: a clean corpus with one entry's difficulty
changed, checked with its document (the detailed way) and from its bytes (the CLI's way), in
a file of clean entries (the column and typed paths), next to an unrelated defect (the
per-entry path), as JSON Lines (one entry at a time: the per-entry clean path) and in both
dialects. The second test changes the one line of the declaration in a copy of the package
and proves that every path follows (the bug of issue 19: a narrowed range in one place made
one value get two verdicts)."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import goldlint
from goldlint.engine import check_file
from goldlint.families.corpus import declaration, schemagen
from tests.families.corpus.test_typed_path import CLEAN

VALUES: list[Any] = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 2.0, True, "3", None]
HARNESS = Path(__file__).resolve().parents[2] / "data" / "rosetta" / "curated" / "eng-sna-dev-v1.json"


def _corpus(difficulty: Any, neighbour_defect: bool) -> dict[str, Any]:
    corpus = copy.deepcopy(CLEAN)
    corpus["entries"][10]["difficulty"] = difficulty
    if neighbour_defect:  # an unknown field in the same entry: it is checked alone, not in a column
        corpus["entries"][10]["extra"] = 1
    return corpus


@pytest.mark.parametrize("neighbour_defect", [False, True], ids=["in-a-clean-block", "next-to-a-defect"])
@pytest.mark.parametrize("difficulty", VALUES, ids=repr)
def test_every_path_agrees_on_a_difficulty(tmp_path: Path, difficulty: Any, neighbour_defect: bool) -> None:
    in_range = type(difficulty) is int and difficulty in declaration.TIERS
    path = tmp_path / "eng-crk-dev.json"
    path.write_text(json.dumps(_corpus(difficulty, neighbour_defect)), encoding="utf-8")
    for need_document in (True, False):
        flagged = [d for d in check_file(path, need_document=need_document).diagnostics if d.code == "COR109"]
        assert bool(flagged) is not in_range, (need_document, flagged)
        if flagged:
            assert f"from {min(declaration.TIERS)} to {max(declaration.TIERS)}" in flagged[0].message
    schema = {**schemagen.spec_schema()["$defs"]["entry"]["properties"]["difficulty"]}
    assert jsonschema.Draft202012Validator(schema).is_valid(difficulty) is (in_range or difficulty == 2.0)  # (JSON Schema: 2.0 is an integer)


def test_the_tiers_are_the_declared_range_and_documented() -> None:
    assert declaration.TIERS == frozenset(range(declaration.DIFFICULTY.range[0], declaration.DIFFICULTY.range[1] + 1))  # type: ignore[index]
    assert declaration.TIERS <= set(declaration.DIFFICULTY.docs or {})  # completion and hover say what each tier means


# Run in a copy of the package whose declaration says 1–4: for values 3, 4 and 5, whether
# each path flags a difficulty (and with which words), what the schema, completion and the
# rule's docs say.
_PROBE = r"""
import copy, json, sys
from pathlib import Path
from goldlint.engine import check_file
from goldlint.families.corpus import editor, schemagen
from goldlint.families.corpus.options import CorpusOptions
from goldlint.rules.registry import get

spec, harness, folder = json.loads(sys.argv[1]), json.loads(sys.argv[2]), Path(sys.argv[3])
verdicts = {}
for value in (3, 4, 5):
    for defect in (False, True):
        for layout in ("spec", "spec-jsonl", "harness", "harness-jsonl"):
            corpus = copy.deepcopy(harness if layout.startswith("harness") else spec)
            for other in corpus["entries"]:  # (tiers 1 to 3 elsewhere: the one entry's difficulty is the question)
                other["difficulty"] = min(other["difficulty"], 3)
            entry = corpus["entries"][10]
            entry["difficulty"] = value
            if defect:
                entry["extra"] = 1
            if layout.endswith("jsonl"):
                path = folder / f"{layout}.jsonl"
                path.write_text("".join(json.dumps(e) + "\n" for e in corpus["entries"]), encoding="utf-8")
            else:
                path = folder / f"{layout}.json"
                path.write_text(json.dumps(corpus), encoding="utf-8")
            for need_document in (True, False):
                found = [d.message for d in check_file(path, need_document=need_document).diagnostics if d.code == "COR109"]
                verdicts[f"{value} {layout} defect={defect} document={need_document}"] = found
schemas = {name: build()["$defs"]["entry"]["properties"]["difficulty"] for name, build in schemagen.SCHEMAS.items()}
choices = [value for value, _ in editor.completions(spec, ("entries", 0, "difficulty"), CorpusOptions())]
print(json.dumps({"verdicts": verdicts, "schemas": schemas, "choices": choices, "summary": get("COR109").summary}))
"""


def test_narrowing_the_range_in_its_one_line_narrows_every_path(tmp_path: Path) -> None:
    package = tmp_path / "src" / "goldlint"
    shutil.copytree(Path(goldlint.__file__).resolve().parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    declared = package / "families" / "corpus" / "declaration.py"
    text = declared.read_text(encoding="utf-8")
    assert text.count("range=(1, 5)") == 1, "COR109's range is written once"
    declared.write_text(text.replace("range=(1, 5)", "range=(1, 4)"), encoding="utf-8")
    (tmp_path / "src" / "schemas").symlink_to(Path(goldlint.__file__).resolve().parent.parent / "schemas")  # (the checks read none)
    work = tmp_path / "files"
    work.mkdir()
    harness = json.loads(HARNESS.read_text(encoding="utf-8"))
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(CLEAN), json.dumps(harness), str(work)], capture_output=True,
                          text=True, check=True, timeout=300, env={**os.environ, "PYTHONPATH": str(tmp_path / "src")}, cwd=work)
    said = json.loads(done.stdout)
    for case, messages in said["verdicts"].items():
        value = int(case.split()[0])
        if value == 5:
            assert messages == ["`difficulty` must be an integer from 1 to 4, found the number 5"], case
        else:
            assert messages == [], case
    assert len(said["verdicts"]) == 3 * 2 * 4 * 2
    for schema in said["schemas"].values():
        assert (schema["minimum"], schema["maximum"]) == (1, 4)
        assert not jsonschema.Draft202012Validator(schema).is_valid(5) and jsonschema.Draft202012Validator(schema).is_valid(4)
    assert said["choices"] == ["1", "2", "3", "4"]
    assert said["summary"] == "`difficulty` is not an integer from 1 to 4."
