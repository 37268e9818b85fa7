"""The test tool config's constraints are declared once (``goldlint.families.mixconfig.declaration``):
a key's bound (``nBest``), a key's type, the keys themselves (MXC101). Each is changed by one
line in a copy of the package, and every route a user takes gives one verdict for the probed
config: the document's check (``file``), the CLI's route from the bytes (``bytes``, and the real
command line), the server's whole-text check (``memory``). The published schema, completion and
MXC101's docs follow too.

The second half: the published schema and the checks agree on generated values of every
declared key (hypothesis): a config the schema refuses has a MXC101, and one it accepts has none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldlint.engine import check_text
from goldlint.families.declare import Field
from goldlint.families.mixconfig import declaration
from goldlint.families.mixconfig.schema import build_schema
from tests.declaration_change import assert_every_route_says, run_changed

BASE: dict[str, Any] = {"nlu": {"use_asr_results": True, "predicted_entities_to_ignore": {"_GLOBAL_": "^DRINK_"}}}

CHANGES = [
    ("LEAST_N_BEST = 1  #", "LEAST_N_BEST = 2  #"),
    ('    _key("useEntityF1", "boolean",', '    _key("useEntityF1", "integer",'),
    ('    _key("output_full_entity_hierarchy", "boolean", "output the whole entity hierarchy"),',
     '    _key("output_full_entity_hierarchy", "boolean", "output the whole entity hierarchy"),\n    _key("context_tag", "string", "a context tag"),'),
]

# (a key of `nlu` and its value; the message's start when MXC101 reports it after the change, or None)
PROBES: list[tuple[str, Any, str | None]] = [
    ("nBest", 2, None),
    ("nBest", 1, "`nBest` must be 2 or more, found 1"),
    ("useEntityF1", 1, None),
    ("useEntityF1", True, "`useEntityF1` must be an integer, found true"),
    ("context_tag", "x", None),
    ("contxt_tag", "x", "unknown key `contxt_tag` (did you mean `context_tag`?)"),
]

_PROBE = r"""
import copy, json, sys
from pathlib import Path
from goldlint.families.mixconfig.family import MixConfigFamily
from goldlint.families.mixconfig.options import MixConfigOptions
from goldlint.families.mixconfig.schema import build_schema
from goldlint.rules.registry import get
from tests.routes import messages_by_route

base, probes, folder = json.loads(sys.argv[1]), json.loads(sys.argv[2]), Path(sys.argv[3])
verdicts = {}
for n, (key, value, _) in enumerate(probes):
    config = copy.deepcopy(base)
    config["nlu"][key] = value
    gold = folder / "mix.json"
    gold.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    for route, messages in messages_by_route(gold, "mix-config", "MXC101", cli_kind=True).items():
        verdicts[f"{n} {route}"] = messages
nlu = build_schema()["properties"]["nlu"]["properties"]
keys = MixConfigFamily().completions({"nlu": {}}, ("nlu",), MixConfigOptions())
print(json.dumps({"verdicts": verdicts, "nbest": nlu["nBest"], "f1": nlu["useEntityF1"]["type"], "tag": nlu.get("context_tag"),
                  "keys": [k for k, _ in keys or []], "docs": get("MXC101").summary}))
"""


def test_changing_each_constraint_in_its_one_line_changes_every_route(tmp_path: Path) -> None:
    said = run_changed(tmp_path, "mixconfig", CHANGES, _PROBE, BASE, PROBES)
    verdicts: dict[str, list[str]] = said["verdicts"]
    for n, (_key, _value, message) in enumerate(PROBES):
        assert_every_route_says(verdicts, n, message)
    assert said["nbest"] == {"type": "integer", "description": "how many interpretations to request (2 or more)", "minimum": 2}
    assert said["f1"] == "integer"
    assert said["tag"] == {"type": "string", "description": "a context tag"}
    assert said["keys"][-1] == "context_tag"
    assert "`nBest` (an integer ≥ 2)" in said["docs"] and "`useEntityF1`" not in said["docs"].split("(booleans)")[0]


def test_the_probes_hold_before_the_change() -> None:
    keys = {f.name: f for f in declaration.NLU}
    assert keys["nBest"].minimum == 1 and keys["useEntityF1"].type == "boolean" and "context_tag" not in keys


# --------------------------------------------------------------------------- the schema and the checks agree

_SCHEMA = jsonschema.Draft202012Validator(build_schema())
# (JSON Schema takes 2.0 for an integer, the check does not: integral floats are left out)
_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-3, 3, allow_nan=False).filter(lambda v: not v.is_integer()),
                    st.sampled_from(["true", "x", "^A", ""]))
_VALUES = st.one_of(_LEAVES, st.lists(_LEAVES, max_size=2), st.dictionaries(st.sampled_from([declaration.GLOBAL, "ORDER_COFFEE"]), _LEAVES, max_size=2))


def _flagged(config: dict[str, Any]) -> list[str]:
    diagnostics = check_text(Path("mix.json"), json.dumps(config, indent=2), kind="mix-config").diagnostics
    return [d.message for d in diagnostics if d.code == "MXC101"]


def test_the_base_config_breaks_no_key_constraint() -> None:
    assert _flagged(BASE) == []


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(declaration.NLU), _VALUES)
def test_the_schema_refuses_a_config_exactly_when_a_check_flags_it(key: Field, value: Any) -> None:
    config = {"nlu": {**BASE["nlu"], key.name: value}}
    refused = not _SCHEMA.is_valid(config)
    flagged = _flagged(config)
    assert bool(flagged) is refused, (key.name, value, flagged)
