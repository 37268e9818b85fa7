"""A SLURP record's fields are declared once (``goldlint.families.slurp.declaration``): whether
`ent_wer` may be null, whether a token's `lemma` is required, the least token position of an
entity's `span`. Each is changed by one line in a copy of the package, and every route a user
takes gives one verdict for the probed record: the document's check (``file``), the CLI's
route from the bytes (``bytes``, and the real command line), the line-by-line clean path of a
large file (``streamed``: msgspec decodes each line into the declared types), the server's
whole-text check (``memory``). The published schema, completion and SLP101's docs follow too.

The second half: the published schema and SLP101 agree on generated records (hypothesis): a
record the schema refuses is an SLP101, and a record it accepts is none.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldlint.engine import check_text
from goldlint.families.slurp import declaration, schemagen
from goldlint.families.slurp.rules import record
from tests.declaration_change import ROUTES, assert_every_route_says, run_changed

# The one line of each constraint, and what it becomes.
CHANGES = [
    ('    _f("ent_wer", "number|null",', '    _f("ent_wer", "number",'),
    ('    _f("lemma", "string", "The token\'s lemma."),', '    _f("lemma", "string", "The token\'s lemma.", required=False),'),
    ("FIRST_POSITION = 0  #", "FIRST_POSITION = 1  #"),
]

# (a change to the record: path, value (None as the path's last step "-": the field removed); the message's start when
# SLP101 flags it after the change, or None)
PROBES: list[tuple[list[Any], Any, str | None]] = [
    (["recordings", 0, "ent_wer"], None, "`ent_wer` must be a number, not null"),
    (["recordings", 0, "ent_wer"], 0.5, None),
    (["tokens", 1, "lemma", "-"], None, None),
    (["tokens", 1, "lemma"], 3, "`lemma` must be a string, not an integer"),
    (["entities", 0, "span"], [0, 1], "`span` holds token positions: whole numbers from 1"),
    (["entities", 0, "span"], [4, 5], None),
]

_PROBE = r"""
import copy, json, sys
from pathlib import Path
from goldlint.families.slurp import schemagen
from goldlint.families.slurp.family import SlurpFamily
from goldlint.families.slurp.options import SlurpOptions
from goldlint.families.slurp.rules import record
from goldlint.rules.registry import get
from tests.routes import messages_by_route

probes, folder = json.loads(sys.argv[1]), Path(sys.argv[2])
(folder / "goldlint.yaml").write_text("slurp:\n  folder-dataset: false\n", encoding="utf-8")
verdicts = {}
for steps, value, _ in probes:
    rec = copy.deepcopy(record())
    rec["recordings"][0]["ent_wer"] = 0.25  # (a number: null only where a probe puts it)
    node = rec
    drop = steps[-1] == "-"
    keys = steps[:-1] if drop else steps
    for step in keys[:-1]:
        node = node[step]
    if drop:
        del node[keys[-1]]
    else:
        node[keys[-1]] = value
    gold = folder / "test.jsonl"
    gold.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    case = f"{'/'.join(map(str, steps))}={value}"
    for route, messages in messages_by_route(gold, "slurp", "SLP101").items():
        verdicts[f"{case} {route}"] = messages
schema = schemagen.schema()
keys = SlurpFamily().completions({"tokens": [{}]}, ("tokens", 0, "x"), SlurpOptions())
print(json.dumps({"verdicts": verdicts, "schema": schema, "docs": get("SLP101").summary, "token_keys": [k for k, _ in keys or []]}))
"""


def test_changing_each_constraint_in_its_one_line_changes_every_route(tmp_path: Path) -> None:
    said = run_changed(tmp_path, "slurp", CHANGES, _PROBE, PROBES)
    verdicts: dict[str, list[str]] = said["verdicts"]
    for steps, value, message in PROBES:
        assert_every_route_says(verdicts, f"{'/'.join(map(str, steps))}={value}", message, (*ROUTES, "streamed"))
    recording = said["schema"]["properties"]["recordings"]["items"]["properties"]
    token = said["schema"]["properties"]["tokens"]["items"]
    span = said["schema"]["properties"]["entities"]["items"]["properties"]["span"]
    assert recording["ent_wer"]["type"] == "number"
    assert "lemma" not in token["required"] and "lemma" in token["properties"]
    assert span["items"]["minimum"] == 1
    assert "No field may be null" in said["docs"]
    assert said["token_keys"] == ["surface", "id", "lemma", "pos"]


def test_the_probes_hold_before_the_change() -> None:
    """Without the change, the probes' verdicts are the other ones: the test above passes only through the changed lines."""
    def field(fields: tuple[Any, ...], name: str) -> Any:
        return next(f for f in fields if f.name == name)

    assert "null" in declaration.kinds(field(declaration.RECORDING, "ent_wer"))
    assert field(declaration.TOKEN, "lemma").required
    assert declaration.FIRST_POSITION == 0
    assert "`ent_wer` may be null" in (__import__("goldlint.rules.registry", fromlist=["get"]).get("SLP101").summary)


# --------------------------------------------------------------------------- the schema and SLP101 agree

_SCHEMA = jsonschema.Draft202012Validator(schemagen.schema())
_PLACES: list[tuple[Any, ...]] = [(f.name,) for f in declaration.RECORD] + [
    (array, 0, f.name) for array, fields in declaration.ITEMS.items() for f in fields]
# (JSON Schema takes 0.0 for an integer, the check does not: integral floats are left out, as in the other kinds' tests)
_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2, allow_nan=False).filter(lambda v: not v.is_integer()),
                    st.text(max_size=3))
_VALUES = st.one_of(_LEAVES, st.lists(_LEAVES, max_size=2),
                    st.lists(st.dictionaries(st.sampled_from(["surface", "id", "span", "type", "file", "x"]), _LEAVES, max_size=2), max_size=1),
                    st.just("-"))  # ("-": the field removed)


def _flagged(rec: dict[str, Any]) -> list[str]:
    text = json.dumps(rec) + "\n"
    return [d.message for d in check_text(Path("test.jsonl"), text, kind="slurp").diagnostics if d.code == "SLP101"]


def test_the_record_breaks_no_field_constraint() -> None:
    assert _SCHEMA.is_valid(record()) and _flagged(record()) == []


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_PLACES), _VALUES)
def test_the_schema_refuses_a_record_exactly_when_slp101_flags_it(place: tuple[Any, ...], value: Any) -> None:
    rec = copy.deepcopy(record())
    node: Any = rec
    for step in place[:-1]:
        node = node[step]
    if value == "-":
        del node[place[-1]]
    else:
        node[place[-1]] = value
    refused = not _SCHEMA.is_valid(rec)
    flagged = _flagged(rec)
    assert bool(flagged) is refused, (place, value, flagged)
