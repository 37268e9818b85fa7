"""The ``truth`` family: the NLU test tool's tab-separated truth files (FORMATS.md §5, seed 004).

Config (``truth:`` in goldlint.yaml, ``[tool.goldlint.truth]`` in pyproject.toml)::

    ontology: nlu/ontology.yaml        # optional: intents → entities (TRU106, TRU107, TRU108)
    calendar-entities: [BIRTH_DATE]    # more entities whose formattedLiteral is a calendar canonical
    flattened-predefined: true         # as the tool's flattened_predefined_output (default true)

Editor paths (``completions`` / ``hover``), rows counted from 0 without the header. A key
being typed is addressed as its object's path plus the key typed so far (as the language
server's cursor mapping and :class:`~goldlint.findings.At` do):

- ``(row, "annotation", entity, typed)`` or ``(row, "annotation", entity, n, typed)`` — a key
  inside an entity dict (of list item ``n``): ``literal``, ``canonical``, ``formattedLiteral``;
- ``(row, "annotation", entity)`` when the row's annotation gives ``entity`` an object or a
  list — the cursor is inside that value: the same three keys;
- ``(row, "annotation", typed)`` otherwise, or ``(row, "annotation")`` — an entity name: the
  entities of the row's intent (needs an ontology);
- ``(row, "intent")`` — the ontology's intents; ``("header", n)`` — the column names.
"""

from __future__ import annotations

from typing import Any

import orjson

from goldlint.families.base import Context, Family, Report
from goldlint.families.truth import declaration
from goldlint.families.truth import rules as _rules  # noqa: F401  (registers TRU rules)
from goldlint.families.truth.annotation import Annotations
from goldlint.families.truth.calendar import check_calendar
from goldlint.families.truth.ontology import CALENDARX, Ontology, OntologyError, editor_ontology, load_ontology
from goldlint.families.truth.options import TruthOptions
from goldlint.families.truth.rules import INTENT_UNKNOWN
from goldlint.families.truth.table import check_audio, check_cell_count, check_header, check_intent
from goldlint.families.truth.vocab import COLUMNS, ENTITY_KEYS
from goldlint.findings import At
from goldlint.formats.base import Document
from goldlint.formats.tsv_doc import TsvDocument
from goldlint.rules.file_rules import check_gold_text
from goldlint.rules.general import EMPTY_FILE


class TruthFamily(Family):
    name = "truth"

    def check(self, doc: Document, report: Report, ctx: Context) -> None:
        if not isinstance(doc, TsvDocument) or doc.header is None:
            return
        options = ctx.options if isinstance(ctx.options, TruthOptions) else TruthOptions()
        ontology = self._ontology(options, ctx, report)
        check_header(doc, report)
        if not doc.rows:
            EMPTY_FILE.report(report, At(("header",)), "the truth file has a header but no test cases")
            return
        audio_k, text_k, ann_k, intent_k = (doc.column_index(c.name) for c in (declaration.AUDIO, declaration.TRANSCRIPTION, declaration.ANNOTATION, declaration.INTENT))
        annotations = Annotations(report, ontology, options.flattened_predefined)
        seen: dict[str, int] = {}
        for i, row in enumerate(doc.rows):
            if row.bad or not check_cell_count(doc, report, i):
                continue
            values = row.values  # the count matches the header, so every column index is in range
            intent = values[intent_k] if intent_k is not None else None
            transcription = values[text_k] if text_k is not None else None
            if audio_k is not None:
                check_audio(report, i, values[audio_k], seen, row.number)
            check_intent(report, i, intent, ontology)
            if transcription is not None:
                check_gold_text(report, At((i, "transcription")), transcription)
            if ann_k is not None:
                annotations.check(i, values[ann_k], transcription, intent)
        calendar = {CALENDARX, *options.calendar_entities, *annotations.calendar_seen}
        if ontology is not None:
            calendar |= ontology.calendar
        check_calendar(report, annotations.formatted, calendar)

    @staticmethod
    def _ontology(options: TruthOptions, ctx: Context, report: Report) -> Ontology | None:
        if not options.ontology:
            return None
        try:
            return load_ontology(ctx.resolve_path(options.ontology))
        except OntologyError as exc:
            INTENT_UNKNOWN.report(report, At(("header",)), f"{exc}: intents and entities are not checked")
            return None

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        """See the module docstring for the paths."""
        if len(path) == 2 and path[0] == "header":
            return list(COLUMNS.items())
        if not path or not isinstance(path[0], int) or len(path) < 2:
            return None
        if path[1] == "annotation" and (len(path) == 4 or (len(path) == 5 and isinstance(path[3], int))):
            return list(ENTITY_KEYS.items())
        if path[1] == "annotation" and len(path) == 3 and isinstance(_annotation(root, path[0]).get(str(path[2])), (dict, list)):
            return list(ENTITY_KEYS.items())
        onto = editor_ontology(options)
        if onto is None:
            return None
        if path[1:] == ("intent",):
            return [(name, "entities: " + (", ".join(sorted(ents)) or "none")) for name, ents in onto.intents.items()]
        if path[1] == "annotation" and len(path) <= 3:
            intent = _cell(root, path[0], "intent")
            ents = onto.intents.get(intent.strip(), onto.entities) if isinstance(intent, str) else onto.entities
            return [(e, "calendar entity (isA nuance_CALENDARX)" if e in onto.calendar else "entity") for e in sorted(ents)]
        return None

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        if len(path) >= 4 and path[1] == "annotation" and path[-1] in ENTITY_KEYS:
            return f"**{path[-1]}** — {ENTITY_KEYS[str(path[-1])]}"
        if len(path) == 2 and isinstance(path[1], str) and path[1] in COLUMNS:
            onto = editor_ontology(options)
            intent = _cell(root, path[0], "intent") if path[1] == "intent" else None
            if onto is not None and isinstance(intent, str) and intent in onto.intents:
                return f"**intent `{intent}`** — entities: " + (", ".join(sorted(onto.intents[intent])) or "none")
            return f"**{path[1]}** — {COLUMNS[path[1]]}"
        return None


def _cell(root: Any, row: Any, column: str) -> Any:
    if isinstance(root, list) and isinstance(row, int) and 0 <= row < len(root) and isinstance(root[row], dict):
        return root[row].get(column)
    return None


def _annotation(root: Any, row: Any) -> dict[str, Any]:
    """The row's annotation, decoded (``{}`` when it does not parse)."""
    text = _cell(root, row, "annotation")
    if not isinstance(text, str):
        return {}
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}
