"""A truth file's constraints are declared once (``goldlint.families.truth.declaration``): the
JSON types of a reference value (TRU104), the keys of an entity dict (TRU104), the required
columns (TRU101). Each is changed by one line in a copy of the package, and every route a user
takes gives one verdict for the probed file: the document's check (``file``), the CLI's route
from the bytes (``bytes``, and the real command line), the server's whole-text check
(``memory``). The published schema of the cell, completion and the rules' docs follow too.

The second half: the published schema of the ``annotation`` cell and the checks agree on
generated cells (hypothesis): a cell the schema refuses has a TRU103, TRU104 or TRU109, and a
cell it accepts has none of these.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldlint.engine import check_text
from goldlint.families.truth import declaration
from goldlint.families.truth.schema import build_schema
from tests.declaration_change import assert_every_route_says, run_changed

HEADER = "speaker\tcodedWvnm\ttranscription\tannotation\tintent"


def truth_file(annotation: Any, header: str = HEADER) -> str:
    """One test case (two when ``annotation`` is a list of cells) under ``header``, the annotation as written JSON."""
    rows = []
    for n, cell in enumerate(annotation if isinstance(annotation, tuple) else (annotation,)):
        cells = {"speaker": "1", "codedWvnm": f"1-{n + 1}.wav", "transcription": "I would like a large coffee",
                 "annotation": json.dumps(cell), "intent": "ORDER_COFFEE"}
        rows.append("\t".join(cells[c] for c in header.split("\t")))
    return "\n".join([header, *rows]) + "\n"


CHANGES = [
    ('VALUE_TYPES: tuple[str, ...] = ("string", "number")', 'VALUE_TYPES: tuple[str, ...] = ("string",)'),
    ('ANNOTATION = _column("annotation", "JSON object: entity name → reference value")',
     'ANNOTATION = _column("annotation", "JSON object: entity name → reference value", required=True)'),
    ('ENTITY_DICT: tuple[Field, ...] = (LITERAL, CANONICAL, FORMATTED_LITERAL)',
     'ENTITY_DICT: tuple[Field, ...] = (LITERAL, CANONICAL, FORMATTED_LITERAL, _key("spoken", "the words as spoken"))'),
]

_NO_ANNOTATION = "speaker\tcodedWvnm\ttranscription\tintent"
# (the file; the code; the message's start when flagged after the change, or None)
PROBES: list[tuple[str, str, str | None]] = [
    (truth_file({"COFFEE_SIZE": "lg"}), "TRU104", None),
    (truth_file({"COFFEE_SIZE": 7}), "TRU104", "a number is not an entity value: use a string, an object of `literal`/`canonical`/"),
    (truth_file({"COFFEE_SIZE": {"canonical": 7}}), "TRU104", "`canonical` must be a string, found a number"),
    (truth_file({"COFFEE_SIZE": {"spoken": "large"}}), "TRU104", None),
    (truth_file({"COFFEE_SIZE": {"spokn": "large"}}), "TRU104", "`spokn` is not a key of an entity dict (did you mean `spoken`?); the keys are "
                                                                "literal, canonical, formattedLiteral, spoken"),
    (truth_file({}, HEADER), "TRU101", None),
    (truth_file({}, _NO_ANNOTATION), "TRU101", "required column `annotation` is missing"),
]

_PROBE = r"""
import json, sys
from pathlib import Path
from goldlint.families.truth.family import TruthFamily
from goldlint.families.truth.options import TruthOptions
from goldlint.families.truth.schema import build_schema
from goldlint.rules.registry import get
from tests.routes import messages_by_route

probes, folder = json.loads(sys.argv[1]), Path(sys.argv[2])
verdicts = {}
for n, (text, code, _) in enumerate(probes):
    gold = folder / "truth.tsv"
    gold.write_text(text, encoding="utf-8")
    for route, messages in messages_by_route(gold, "truth", code).items():
        verdicts[f"{n} {route}"] = messages
schema = build_schema()
keys = TruthFamily().completions([], (0, "annotation", "COFFEE_SIZE", "x"), TruthOptions())
print(json.dumps({"verdicts": verdicts, "scalar": schema["$defs"]["scalar"]["type"], "entity": schema["$defs"]["entityDict"]["properties"],
                  "keys": [k for k, _ in keys or []], "docs": [get("TRU101").summary, get("TRU104").summary]}))
"""


def test_changing_each_constraint_in_its_one_line_changes_every_route(tmp_path: Path) -> None:
    said = run_changed(tmp_path, "truth", CHANGES, _PROBE, PROBES)
    verdicts: dict[str, list[str]] = said["verdicts"]
    for n, (_text, _code, message) in enumerate(PROBES):
        assert_every_route_says(verdicts, n, message)
    assert said["scalar"] == ["string"]
    assert said["entity"]["spoken"] == {"type": ["string"], "description": "the words as spoken"}
    assert said["keys"] == ["literal", "canonical", "formattedLiteral", "spoken"]
    assert "(`transcription`, `annotation`, `intent`)" in said["docs"][0]
    assert "`formattedLiteral`, `spoken` (string values" in said["docs"][1]


def test_the_probes_hold_before_the_change() -> None:
    assert declaration.VALUE_TYPES == ("string", "number")
    assert [k.name for k in declaration.ENTITY_DICT] == ["literal", "canonical", "formattedLiteral"]
    assert not next(c for c in declaration.COLUMNS if c.name == "annotation").required


# --------------------------------------------------------------------------- the schema and the checks agree

_SCHEMA = jsonschema.Draft202012Validator(build_schema())
_COUNTED = ("TRU103", "TRU104", "TRU109")
_KEYS = st.sampled_from([k.name for k in declaration.ENTITY_DICT] + ["canonicle", "nuance_MONTH", "nuance_DATE.nuance_DAY", "nuance_x", "a.b", "a..b"])
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False), st.text(max_size=3))
_INSTANCES = st.one_of(_SCALARS, st.dictionaries(_KEYS, st.one_of(_SCALARS, st.dictionaries(_KEYS, _SCALARS, max_size=1)), max_size=3))
_REFERENCES = st.one_of(_INSTANCES, st.lists(_INSTANCES, max_size=2), st.lists(st.lists(_SCALARS, max_size=1), max_size=1))
_CELLS = st.one_of(st.dictionaries(st.sampled_from(["COFFEE_SIZE", "PERSON", "DATE"]), _REFERENCES, max_size=2), st.just([]), st.just(3))


def _flagged(cell: Any) -> list[str]:
    diagnostics = check_text(Path("truth.tsv"), truth_file(cell), kind="truth").diagnostics
    return [d.message for d in diagnostics if d.code in _COUNTED]


def test_a_clean_file_breaks_no_cell_constraint() -> None:
    assert _flagged({"COFFEE_SIZE": {"literal": "large", "canonical": "lg"}, "DATE": {"nuance_CALENDAR.nuance_DATE.nuance_DAY": 7.0}}) == []


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_CELLS)
def test_the_schema_refuses_a_cell_exactly_when_a_check_flags_it(cell: Any) -> None:
    refused = not _SCHEMA.is_valid(cell)
    flagged = _flagged(cell)
    assert bool(flagged) is refused, (cell, flagged)
