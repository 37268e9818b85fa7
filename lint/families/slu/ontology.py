"""SLU115: compare a record inventory with a configured ontology (intent → slots)."""

from __future__ import annotations

from typing import Any

from goldlint.families.base import Context, Report
from goldlint.families.slu.inventory import Inventory
from goldlint.families.slu.rules import INVENTORY_VS_ONTOLOGY
from goldlint.findings import At, Offsets
from goldlint.reading import read_regular


def load_ontology(ctx: Context, report: Report) -> dict[str, set[str]] | None:
    """The configured ontology file (YAML or JSON mapping intent → list of slots)."""
    name = ctx.options.ontology
    if not name:
        return None
    path = ctx.resolve_path(name)
    cache = ctx.state.setdefault("ontology", {})
    if path not in cache:
        cache[path] = _read(path, ctx.settings.size_limit("yaml")[0])
    value = cache[path]
    if isinstance(value, str):
        INVENTORY_VS_ONTOLOGY.report(report, Offsets(0, 0), f"ontology `{path}` {value}")
        return None
    return value


def _read(path: Any, limit: int) -> dict[str, set[str]] | str:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    from goldlint.formats.yaml_events import does_not_parse

    try:
        text = read_regular(path, limit, "max-yaml-size").decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return f"cannot be read: {exc}"
    try:
        data = YAML(typ="safe", pure=True).load(text)
    except YAMLError as exc:  # (one line, as the YAML reader says it of a gold file: its str() is several lines)
        return does_not_parse(exc, text)
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        return "must map each intent to a list of slot names"
    return {str(k): {str(s) for s in v} for k, v in data.items()}


def compare_ontology(inventory: Inventory, ontology: dict[str, set[str]], at: At, report: Report) -> None:
    for intent, slots in inventory.intents.items():
        where = at.inside(*inventory.intent_spans[intent])
        if intent not in ontology:
            INVENTORY_VS_ONTOLOGY.report(report, where, f"intent `{intent}` is not in the ontology")
            continue
        added = sorted(set(slots) - ontology[intent])
        missing = sorted(ontology[intent] - set(slots))
        if added or missing:
            parts = ([f"added {', '.join(added)}"] if added else []) + ([f"missing {', '.join(missing)}"] if missing else [])
            INVENTORY_VS_ONTOLOGY.report(report, where, f"slots of `{intent}` differ from the ontology: {'; '.join(parts)}")
    absent = sorted(set(ontology) - set(inventory.intents))
    if absent:
        INVENTORY_VS_ONTOLOGY.report(report, at.inside(0, 1), f"ontology intents missing from the inventory: {', '.join(absent)}")
