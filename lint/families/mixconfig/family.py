"""The ``mix-config`` family: the NLU test tool's JSON config (FORMATS.md §5, seed 004).

Detected by an ``nlu`` section. Config (``mix-config:`` in goldlint.yaml)::

    ontology: nlu/ontology.yaml        # optional: MXC105 checks per-intent ignore keys
    extend-nlu-keys: [context_tag]     # more `nlu` keys the tool knows (not reported as unknown)

Regular expressions in the config are never run with a backtracking engine on input they
could hang on: see :mod:`goldlint.families.mixconfig.patterns` (and MXC103).
"""

from __future__ import annotations

from typing import Any

from goldlint.families.base import Context, Family, Report
from goldlint.families.mixconfig import rules as _rules  # noqa: F401  (registers MXC rules)
from goldlint.families.mixconfig.keys import GLOBAL, IGNORE, NLU_KEYS, check_nlu
from goldlint.families.mixconfig.options import MixConfigOptions
from goldlint.families.mixconfig.patterns import compile_pattern
from goldlint.families.mixconfig.rules import IGNORE_INTENT_UNKNOWN
from goldlint.families.truth.ontology import Ontology, OntologyError, editor_ontology, load_ontology
from goldlint.findings import At
from goldlint.formats.base import Document


class MixConfigFamily(Family):
    name = "mix-config"

    def check(self, doc: Document, report: Report, ctx: Context) -> None:
        options = ctx.options if isinstance(ctx.options, MixConfigOptions) else MixConfigOptions()
        ontology: Ontology | None = None
        if options.ontology:
            try:
                ontology = load_ontology(ctx.resolve_path(options.ontology))
            except OntologyError as exc:
                IGNORE_INTENT_UNKNOWN.report(report, At(("nlu",), key=True), f"{exc}: ignore keys are not checked against an ontology")
        for _, root in doc.records():
            if isinstance(root, dict) and "nlu" in root:
                check_nlu(report, root["nlu"], options.extend_nlu_keys, ontology)

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        """A key being typed in ``nlu`` (``("nlu", typed)``, or ``("nlu",)``): the section's keys;
        in ``predicted_entities_to_ignore`` (``("nlu", "predicted_entities_to_ignore", typed)``):
        `_GLOBAL_` and the ontology's intents. A path naming a key the section already has is
        that key's value: nothing is offered."""
        nlu = root.get("nlu") if isinstance(root, dict) else None
        nlu = nlu if isinstance(nlu, dict) else {}
        if path == ("nlu",) or (len(path) == 2 and path[0] == "nlu" and path[1] not in NLU_KEYS):
            return [(k, f"{kind}: {doc}") for k, (kind, doc) in NLU_KEYS.items()]
        raw = nlu.get(IGNORE)
        ignore: dict[str, Any] = raw if isinstance(raw, dict) else {}
        if path == ("nlu", IGNORE) or (len(path) == 3 and path[:2] == ("nlu", IGNORE) and path[2] not in ignore):
            out = [(GLOBAL, "the pattern applies to every intent")]
            onto = editor_ontology(options)
            if onto is not None:
                out += [(i, "ignore entities only for this intent") for i in onto.intents]
            return out
        return None

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        """A key's documentation; on an ignore pattern, the ontology entities it matches."""
        if len(path) == 2 and path[0] == "nlu" and path[1] in NLU_KEYS:
            kind, doc = NLU_KEYS[str(path[1])]
            return f"**{path[1]}** ({kind}) — {doc}"
        if len(path) == 3 and path[:2] == ("nlu", IGNORE) and isinstance(root, dict):
            pattern = (root.get("nlu") or {}).get(IGNORE, {}).get(path[2])
            onto = editor_ontology(options)
            if not isinstance(pattern, str) or onto is None:
                return None
            search = compile_pattern(pattern)
            if search is None:
                return "goldlint does not run this pattern (see MXC102/MXC103)"
            entities = sorted(onto.entities) if path[2] == GLOBAL else sorted(onto.intents.get(str(path[2]), onto.entities))
            hits = [e for e in entities if search(e)]
            return "Ignores: " + (", ".join(f"`{e}`" for e in hits) if hits else "no entity of the ontology")
        return None
