"""The language server on a SLURP `.jsonl` file: diagnostics inside the annotation string,
completion of scenarios, actions, intents and entity types, hover on an entity, the safe fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types

from goldlint.families.slurp.rules import record
from goldlint.families.slurp.vocab import ENTITY_TYPES, SCENARIOS

from .helpers import open_doc, units, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")

TEXT = json.dumps(record(intent="set", sentence_annotation="wake me up at [time five am]")) + "\n"


def _position(client, needle: str, after: int) -> types.Position:  # type: ignore[no-untyped-def]
    return types.Position(line=0, character=units(TEXT[: TEXT.index(needle) + after], client.encoding))


async def test_diagnostics_completion_hover_and_the_safe_fix(client, work: Path) -> None:
    uri = open_doc(client, work / "test.jsonl", TEXT, language="jsonl")
    published = await wait_published(client, uri)
    found = {d.code: d for d in published.diagnostics}
    assert found["SLP102"].range.start.character == units(TEXT[: TEXT.index("time five") + 4], client.encoding)

    async def complete(needle: str, after: int) -> list[str]:
        result = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=_position(client, needle, after)))
        return [i.label for i in result.items] if result else []

    assert await complete('"alarm"', 2) == sorted(SCENARIOS)
    actions = await complete('"set", "tokens"', 2)
    assert "set" in actions and "query" in actions and "hue_lightup" not in actions  # the alarm scenario's actions
    assert (await complete('"intent": "set"', 12))[0] == "alarm_set"  # this record's scenario_action first
    assert await complete('"type": "time"', 10) == sorted(ENTITY_TYPES)

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=_position(client, '"span": [4, 5]', 10)))
    assert hover is not None and "tokens [4, 5]: “five am”" in hover.contents.value

    intent = found["SLP104"]
    actions_found = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=intent.range, context=types.CodeActionContext(diagnostics=[intent])))
    fix = next(a for a in actions_found or [] if a.kind == types.CodeActionKind.QuickFix)
    assert [e.new_text for e in fix.edit.changes[uri]] == ['"alarm_set"']
