"""A run card's constraints are declared once (``goldlint.families.runcard.declaration``): the
bounds of a number (RUN106), the method classes (RUN108), the quality tiers' thresholds
(RUN107), whether a field is required (RUN101). Each is changed by one line in a copy of the
package, and every route a user takes gives one verdict for the probed card: the document's
check (``file``), the CLI's route from the bytes (``bytes``, and the real command line), the
server's whole-text check (``memory``). The published schema, completion and the rules' docs
follow too.

The second half: for every declared field, the published schema and the checks agree on
generated values (hypothesis): a value the schema refuses is a RUN101, RUN108 or a RUN106
bound at that field, and a value it accepts is none of these.
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
from goldlint.families.runcard import declaration, schemagen
from tests.declaration_change import assert_every_route_says, run_changed
from tests.families.runcard.cardkit import small_card

# The one line of each constraint, and what it becomes.
CHANGES = [
    ('    _f("entry_chrf", "number|null", False, minimum=0, maximum=100),', '    _f("entry_chrf", "number|null", False, minimum=0, maximum=50),'),
    ('    "human": "Human translator baseline.",', '    "human": "Human translator baseline.",\n    "ensemble": "Several methods combined."'),
    ('    _f("model_slug", "string"),', '    _f("model_slug", "string", False),'),
    ('    ("functional", 0.50, False),', '    ("functional", 0.60, False),'),
]

# (a change to the small card: path, value (None: the field removed); the code; the message's start when flagged after the change, or None)
PROBES: list[tuple[list[Any], Any, str, str | None]] = [
    (["results", 1, "entry_chrf"], 40.0, "RUN106", None),
    (["results", 1, "entry_chrf"], 60.0, "RUN106", "`entry_chrf` is 60.0, outside [0, 50]"),
    (["method_card", "class"], "ensemble", "RUN108", None),
    (["method_card", "class"], "ensembel", "RUN108", "method class `ensembel` is not one of §9.6 (did you mean `ensemble`?)"),
    (["model_slug"], None, "RUN101", None),
    (["scores", "quality_tier"], "emerging", "RUN107", None),
    (["scores", "quality_tier"], "functional", "RUN107", "`quality_tier` is `functional` but a composite of 0.5625 is `emerging`"),
]

_PROBE = r"""
import copy, json, sys
from pathlib import Path
from goldlint.families.runcard import algorithms, schemagen
from goldlint.families.runcard.family import RunCardFamily
from goldlint.families.runcard.options import RunCardOptions
from goldlint.rules.registry import get
from tests.families.runcard.cardkit import reseal, small_card
from tests.declaration_change import set_at
from tests.routes import messages_by_route

probes, folder = json.loads(sys.argv[1]), Path(sys.argv[2])
verdicts = {}
for steps, value, code, _ in probes:
    card = copy.deepcopy(small_card())
    for result in card["results"]:  # (within both the old and the new bounds of a result's chrF)
        result["entry_chrf"] = min(result["entry_chrf"], 45.0)
    set_at(card, steps, value)
    gold = folder / "card.json"
    gold.write_text(json.dumps(reseal(card), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    case = f"{'/'.join(map(str, steps))}={value}"
    for route, messages in messages_by_route(gold, "runcard", code).items():
        verdicts[f"{case} {route}"] = messages
schema = schemagen.schema()
choices = RunCardFamily().completions({}, ("method_card", "class"), RunCardOptions())
print(json.dumps({"verdicts": verdicts, "classes": schema["properties"]["method_class"]["enum"], "required": schema["required"],
                  "chrf": schema["$defs"]["result"]["properties"]["entry_chrf"], "choices": [c for c, _ in choices or []],
                  "tiers": [algorithms.quality_tier(0.55), algorithms.quality_tier(0.6)],
                  "docs": [get("RUN107").summary, get("RUN108").summary],
                  "tier_doc": RunCardFamily().completions({}, ("scores", "quality_tier"), RunCardOptions())}))
"""


def test_changing_each_constraint_in_its_one_line_changes_every_route(tmp_path: Path) -> None:
    said = run_changed(tmp_path, "runcard", CHANGES, _PROBE, PROBES)
    verdicts: dict[str, list[str]] = said["verdicts"]
    for steps, value, _code, message in PROBES:
        assert_every_route_says(verdicts, f"{'/'.join(map(str, steps))}={value}", message)
    assert said["classes"][-1] == "ensemble" and said["choices"][-1] == "ensemble"
    assert "model_slug" not in said["required"]
    assert said["chrf"]["maximum"] == 50
    assert said["tiers"] == ["emerging", "functional"]
    assert "0.60 functional" in said["docs"][0] and "human, ensemble (§9.6)" in said["docs"][1]
    assert ["functional", "Composite ≥ 0.60."] in said["tier_doc"]


def test_the_probes_hold_before_the_change(tmp_path: Path) -> None:
    """Without the change, the probes' verdicts are the other ones: the test above passes only through the changed lines."""
    from goldlint.families.runcard import algorithms

    assert "ensemble" not in declaration.METHOD_CLASSES
    assert next(f for f in declaration.RESULT if f.name == "entry_chrf").maximum == 100
    assert next(f for f in declaration.TOP if f.name == "model_slug").required
    assert algorithms.quality_tier(0.5625) == "functional"


# --------------------------------------------------------------------------- the schema and the checks agree

_SCHEMA = schemagen.schema()
# Fields judged against other fields, not by their own declaration alone: the quality tier (the
# composite's, RUN107), and the blocks (each member is generated on its own).
_SKIPPED = {("scores", "quality_tier"), ("", "method_config"), ("", "fingerprint"), ("", "dataset"), ("", "scores"), ("", "totals"), ("", "results")}
_FIELDS = [(block, f) for block, fields in declaration.BLOCKS.items() for f in fields if (block, f.name) not in _SKIPPED]
_COUNTED = ("RUN101", "RUN108")


def _field_schema(block: str, f: Field) -> dict[str, Any]:
    where = _SCHEMA if block == "" else _SCHEMA["$defs"][block]
    return where["properties"][f.name]


_NUMBERS = st.one_of(st.integers(-10**15, 10**15), st.floats(-1e15, 1e15, allow_nan=False).filter(lambda v: not v.is_integer()))
_LEAVES = st.one_of(st.none(), st.booleans(), _NUMBERS, st.text(max_size=4), st.sampled_from(["a" * 64, "A1" * 32, "g" * 64]),
                    st.sampled_from(list(declaration.METHOD_CLASSES) + ["pipelines"]))
_VALUES = st.one_of(_LEAVES, st.lists(_LEAVES, max_size=2), st.dictionaries(st.sampled_from(["class", "prompt_tokens", "x"]), _LEAVES, max_size=2))


def _put(card: dict[str, Any], block: str, name: str, value: Any) -> dict[str, Any]:
    card = copy.deepcopy(card)
    node = card if block == "" else card["results"][1] if block == "result" else card[block]
    node[name] = value
    if name == "method_class":
        del card["method_card"]  # (a card's method class is `method_card.class` when it has one)
    return card


def _flagged(card: dict[str, Any]) -> list[str]:
    text = json.dumps(card, indent=2, ensure_ascii=False)  # (not resealed: a broken seal is RUN102, not counted)
    diagnostics = check_text(Path("card.json"), text, kind="runcard").diagnostics
    return [d.message for d in diagnostics if d.code in _COUNTED or (d.code == "RUN106" and ("outside [" in d.message or "is negative" in d.message))]


_BASE = small_card()


def test_the_small_card_breaks_no_field_constraint() -> None:
    assert _flagged(_BASE) == []


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_FIELDS), _VALUES)
def test_the_schema_refuses_a_value_exactly_when_a_check_flags_it(field: tuple[str, Field], value: Any) -> None:
    block, f = field
    refused = not jsonschema.Draft202012Validator(_field_schema(block, f)).is_valid(value)
    flagged = _flagged(_put(_BASE, block, f.name, value))
    assert bool(flagged) is refused, (block, f.name, value, flagged)
