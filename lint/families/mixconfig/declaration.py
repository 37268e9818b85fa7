"""The NLU test tool config's fields, declared once (FORMATS.md §5, seed 004): the ``nlu``
section's keys, each with its JSON type, bounds and documentation, and the reserved key of
``predicted_entities_to_ignore``.

Every path reads this table: MXC101's check and its messages (:mod:`.keys`: unknown keys,
types, ``nBest``'s least value), the published JSON Schema (:mod:`.schema`), completion and
hover (:mod:`.family`, through :data:`.keys.NLU_KEYS`) and MXC101's and MXC104's docs.
Changing a constraint here (a key, its type, a bound) changes it everywhere; a test patches
one line and sends configs through every route.
"""

from __future__ import annotations

from collections.abc import Mapping

from goldlint.families.declare import Codes, Field
from goldlint.families.mixconfig.rules import GLOBAL_KEY_MISSPELLED, NLU_CONFIG_KEY

_KEY = Codes(type=NLU_CONFIG_KEY, vocabulary=NLU_CONFIG_KEY, range=NLU_CONFIG_KEY)


def _key(name: str, kind: str, doc: str, **more: float) -> Field:
    return Field(name, kind, _KEY, required=False, description=doc, **more)  # type: ignore[arg-type]


GLOBAL = "_GLOBAL_"  # the key of the patterns that apply to every intent (MXC104)
IGNORE = _key("predicted_entities_to_ignore", "object", f"intent name (or `{GLOBAL}`) → regex of predicted entity names to ignore")
GLOBAL_KEY = Field(GLOBAL, "string", Codes(form=GLOBAL_KEY_MISSPELLED), required=False, description="the pattern applies to every intent")

LEAST_N_BEST = 1  # (the tool asks the engine for this many interpretations at least)

# The keys of the `nlu` section the tool reads, in the documented order.
NLU: tuple[Field, ...] = (
    _key("use_asr_results", "boolean", "score the ASR result of the audio instead of the transcription"),
    _key("useEntityF1", "boolean", "add entity F1, precision and recall to the report"),
    _key("flattened_predefined_output", "boolean", "flatten predefined entity values to dotted keys (the tool's default: true)"),
    _key("format_calendar_canonicals", "boolean", "format nuance_CALENDARX canonicals (`yyyy/7/21`, `5:00 PM`, `day/+1`)"),
    _key("nBest", "integer", f"how many interpretations to request ({LEAST_N_BEST} or more)", minimum=LEAST_N_BEST),
    IGNORE,
    _key("output_full_entity_hierarchy", "boolean", "output the whole entity hierarchy"),
)
SECTION = Field("nlu", "object", Codes(type=NLU_CONFIG_KEY), members=NLU)


def facts() -> Mapping[str, object]:
    """What the rules' docs say of the declaration: the keys by type, the bounds."""
    booleans = ", ".join(f"`{f.name}`" for f in NLU if f.type == "boolean")
    bounded = ", ".join(f"`{f.name}` (an {f.type} ≥ {f.minimum})" for f in NLU if f.minimum is not None)
    misspelt = ", ".join(f"`{m}`" for m in (GLOBAL.lower(), GLOBAL.strip("_"), GLOBAL.rstrip("_")))
    return {"booleans": booleans, "bounded": bounded, "ignore": IGNORE.name, "global": GLOBAL, "misspelt": misspelt}
