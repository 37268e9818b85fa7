"""A semantic gold file's constraints are declared once (``goldlint.families.semantic.declaration``):
the least segment id (SEM107), whether a field is required and the schema version (SEM101).
Each is changed by one line in a copy of the package, and every route a user takes gives one
verdict for the probed file: the document's check (``file``), the CLI's route from the bytes
(``bytes``, and the real command line), the server's whole-text check (``memory``). The
published schemas and SEM101's docs follow too.

The second half: the published schema of the file's profile and the checks agree on generated
values of every declared field (hypothesis): a file the schema refuses has a SEM101, a SEM104 or
a SEM107 bound, and a file it accepts has none of these.
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
from goldlint.families.declare import Field
from goldlint.families.semantic import declaration
from goldlint.families.semantic.schema import build_schema
from goldlint.families.semantic.vocab import PROFILES, SPEC, detect_profile
from tests.declaration_change import assert_every_route_says, run_changed

BASE: dict[str, Any] = {
    "schema_version": 1,
    "meeting_id": "m1",
    "topics": [{"label": "pricing", "segment_ids": [1, 2]}],
    "risks": [{"type": "escalation", "severity": "high", "segment_id": 1, "evidence": "I need a manager"}],
    "actions": [{"text": "Send pricing proposal", "speaker_id": "spk_0", "segment_ids": [1]}],
}

CHANGES = [
    ('minimum=0,\n', 'minimum=1,\n'),
    ('    Field("speaker_id", "string", _SHAPE, required=False,', '    Field("speaker_id", "string", _SHAPE,'),
    ('range=(1, 1)', 'range=(2, 2)'),
]

# (path, value (None: the field removed); the code; the message when flagged after the change, or None)
PROBES: list[tuple[list[Any], Any, str, str | None]] = [
    (["risks", 0, "segment_id"], 1, "SEM107", None),
    (["risks", 0, "segment_id"], 0, "SEM107", "segment id 0 is below 1"),
    (["topics", 0, "segment_ids"], [0, 1], "SEM107", "segment id 0 is below 1"),
    (["actions", 0, "speaker_id"], "spk_1", "SEM101", None),
    (["actions", 0, "speaker_id"], None, "SEM101", "missing required field `speaker_id`"),
    (["schema_version"], 2, "SEM101", None),
    (["schema_version"], 1, "SEM101", "`schema_version` must be 2, found 1"),
]

_PROBE = r"""
import copy, json, sys
from pathlib import Path
from goldlint.families.semantic.schema import build_schema
from goldlint.families.semantic.vocab import SPEC
from goldlint.rules.registry import get
from tests.declaration_change import set_at
from tests.routes import messages_by_route

base, probes, folder = json.loads(sys.argv[1]), json.loads(sys.argv[2]), Path(sys.argv[3])
verdicts = {}
for steps, value, code, _ in probes:
    doc = copy.deepcopy(base)
    if steps[0] != "schema_version":
        doc["schema_version"] = 2
    set_at(doc, steps, value)
    gold = folder / "m1.json"
    gold.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    case = f"{'/'.join(map(str, steps))}={value}"
    for route, messages in messages_by_route(gold, "semantic", code, cli_kind=True).items():
        verdicts[f"{case} {route}"] = messages
schema = build_schema(SPEC)
print(json.dumps({"verdicts": verdicts, "version": schema["properties"]["schema_version"], "action": schema["$defs"]["action"]["required"],
                  "risk": schema["$defs"]["risk"]["properties"]["segment_id"], "ids": schema["$defs"]["segmentIds"]["items"],
                  "docs": get("SEM101").summary}))
"""


def test_changing_each_constraint_in_its_one_line_changes_every_route(tmp_path: Path) -> None:
    said = run_changed(tmp_path, "semantic", CHANGES, _PROBE, BASE, PROBES)
    verdicts: dict[str, list[str]] = said["verdicts"]
    for steps, value, _code, message in PROBES:
        assert_every_route_says(verdicts, f"{'/'.join(map(str, steps))}={value}", message)
    assert said["version"]["const"] == 2
    assert "speaker_id" in said["action"]
    assert said["risk"]["minimum"] == 1 and said["ids"]["minimum"] == 1
    assert "`text`, `speaker_id` of an action" in said["docs"] and "is not 2" in said["docs"]


def test_the_probes_hold_before_the_change() -> None:
    assert declaration.SEGMENT_ID.minimum == 0
    assert not next(f for f in declaration.ACTION if f.name == "speaker_id").required
    assert declaration.SCHEMA_VERSION.range == (1, 1)


# --------------------------------------------------------------------------- the schema and the checks agree

_FIELDS = [(section, f) for section, fields in (("", declaration.TOP), *declaration.ITEMS.items()) for f in fields]
_WORDS = sorted({w for p in PROFILES.values() for w in (*p.topics, *p.risk_types, *p.severities)})
# (a vocabulary's value is compared after stripping, and a blank one is left to the text rules: the
# generated words are trimmed and not blank, where the two differ on purpose)
_TEXT = st.one_of(st.sampled_from(_WORDS), st.text(max_size=4).filter(lambda t: t == t.strip()), st.just(""), st.just("  "))
_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-3, 3, allow_nan=False), _TEXT)
_VALUES = st.one_of(_LEAVES, st.lists(_LEAVES, max_size=3), st.lists(st.dictionaries(st.sampled_from(["label", "type", "text", "x"]), _LEAVES), max_size=2))
_VOCABULARY_FIELDS = {key for key in declaration.VOCABULARY}
_COUNTED = ("SEM101", "SEM104")


def _put(section: str, f: Field, value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    node = doc if section == "" else doc[section][0]
    node[f.name] = value
    return doc


def _flagged(doc: dict[str, Any]) -> list[str]:
    diagnostics = check_text(Path("m1.json"), json.dumps(doc, indent=2), kind="semantic").diagnostics
    return [d.message for d in diagnostics if d.code in _COUNTED or (d.code == "SEM107" and ("negative" in d.message or "below" in d.message))]


def test_the_base_file_breaks_no_field_constraint() -> None:
    assert _flagged(BASE) == []


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_FIELDS), _VALUES)
def test_the_schema_refuses_a_file_exactly_when_a_check_flags_it(field: tuple[str, Field], value: Any) -> None:
    section, f = field
    if (section, f.name) in _VOCABULARY_FIELDS and isinstance(value, str) and (not value.strip()):
        return  # (see _TEXT)
    doc = _put(section, f, value)
    profile = PROFILES[detect_profile(doc).profile or SPEC.name]
    refused = not jsonschema.Draft202012Validator(build_schema(profile)).is_valid(doc)
    flagged = _flagged(doc)
    assert bool(flagged) is refused, (section, f.name, value, flagged)
