"""Completion and hover for every family, end to end: the server finds the path at the
cursor (JSON, YAML, a TSV annotation cell) and asks the family what may stand there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types

from .helpers import DATA, open_doc, units, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")

CORPUS = {
    "dataset": {"id": "demo", "version": "1.0", "language_pair": "EN→ES", "source_language": "en", "target_language": "es",
                "created": "2024-01-01", "license": "CC-BY-4.0", "provenance": ["elicited"]},
    "entries": [{"id": 1, "source": "Я вижу 🐕.", "reference": "Veo un perro.", "segment": "development", "difficulty": 1,
                 "provenance": "elicited", "register": "conversational", "context": "narrative"}],
}
TRUTH = ("speaker\tcodedWvnm\ttranscription\tannotation\tintent\n"
         's1\tw1.wav\tпозвони в пять 📞\t{"TIME": {"lit": "пять"}}\tcall\n')


async def complete(client, uri: str, text: str, line: int, needle: str, after: int) -> list[str]:
    body = text.split("\n")[line]
    position = types.Position(line=line, character=units(body[: body.index(needle) + after], client.encoding))
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    return [i.label for i in result.items] if result else []


async def hover(client, uri: str, text: str, line: int, needle: str, after: int) -> str:
    body = text.split("\n")[line]
    position = types.Position(line=line, character=units(body[: body.index(needle) + after], client.encoding))
    result = await client.text_document_hover_async(types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    return result.contents.value if result else ""


async def test_corpus_vocabularies(client, work: Path) -> None:
    text = json.dumps(CORPUS, ensure_ascii=False, indent=2)
    uri = open_doc(client, work / "corpus.json", text)
    await wait_published(client, uri)
    line = next(n for n, body in enumerate(text.split("\n")) if '"segment"' in body)
    assert await complete(client, uri, text, line, '"development"', 2) == ["development", "diagnostic", "gold_standard", "held_out"]
    for field, expected in (("register", "ceremonial"), ("context", "greeting"), ("provenance", "textbook")):
        line = next(n for n, body in enumerate(text.split("\n")) if f'"{field}": "' in body)
        assert expected in await complete(client, uri, text, line, f'"{field}": "', len(f'"{field}": "'))
    # A key's description comes from the family's JSON Schema.
    assert "Segment" in await hover(client, uri, text, next(n for n, b in enumerate(text.split("\n")) if '"segment"' in b), '"segment"', 3)


async def test_semantic_topics_risk_types_and_severities_in_yaml(client, work: Path) -> None:
    gold = json.loads((DATA / "ami_meeting_001.json").read_text(encoding="utf-8"))
    lines = ["schema_version: 1", "meeting_id: ami_meeting_001", "topics:"]
    lines += [f"  - label: {t['label']}\n    segment_ids: {t['segment_ids']}" for t in gold["topics"]]
    lines += ["risks:", "  - type: escalation", "    severity: hi", "    segment_id: 2", f"    evidence: {json.dumps(gold['risks'][0]['evidence'])}",
              "actions: []", f"summary: {json.dumps(gold['summary'])}", ""]
    text = "\n".join(lines)
    path = work / "ami_meeting_001.yaml"
    uri = open_doc(client, path, text, language="yaml")
    await wait_published(client, uri)
    split = text.split("\n")
    topic_line = next(n for n, b in enumerate(split) if "label: contract" in b)
    topics = await complete(client, uri, text, topic_line, "contract", 2)
    assert "pricing" in topics and "contract" in topics
    severity_line = next(n for n, b in enumerate(split) if "severity: hi" in b)
    assert await complete(client, uri, text, severity_line, "hi", 2) == ["low", "medium", "high", "critical"]
    type_line = next(n for n, b in enumerate(split) if "type: escalation" in b)
    assert "escalation" in await complete(client, uri, text, type_line, "escalation", 1)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [(s.name, [c.name for c in s.children]) for s in symbols] == [("topics", ["pricing", "contract", "features"]), ("risks", ["escalation"])]
    assert symbols[0].children[1].range.start.line == topic_line


async def test_semantic_json_hover_on_a_topic(client, work: Path) -> None:
    path = work / "ami_meeting_001.json"
    text = (DATA / "ami_meeting_001.json").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    line = next(n for n, b in enumerate(text.split("\n")) if '"pricing", "segment_ids"' in b)
    assert "topic `pricing`" in await hover(client, uri, text, line, '"pricing"', 2)


async def test_truth_entity_dict_keys_in_the_annotation_cell(client, work: Path) -> None:
    uri = open_doc(client, work / "truth.tsv", TRUTH, language="tsv")
    await wait_published(client, uri)
    keys = await complete(client, uri, TRUTH, 1, '"lit"', 3)
    assert keys == ["literal", "canonical", "formattedLiteral"]
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=1, character=units(TRUTH.split("\n")[1][: TRUTH.split("\n")[1].index('"lit"') + 3], client.encoding))))
    edit = result.items[0].text_edit
    body = TRUTH.split("\n")[1]
    assert edit.new_text == "literal"
    assert edit.range.start.character == units(body[: body.index('"lit"') + 1], client.encoding)


async def test_slu_audio_types_and_schema_description_of_a_key(client, work: Path) -> None:
    path = work / "clean.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    assert await complete(client, uri, text, 0, '"real"', 1) == ["real", "generated"]
    described = await hover(client, uri, text, 0, '"intent"', 2)
    assert described.startswith("**intent** — ") and "inventory" in described


async def test_unsafe_fixes_are_labelled_and_left_out_of_fix_all(client, work: Path) -> None:
    corpus = json.loads(json.dumps(CORPUS))
    corpus["entries"][0]["difficulty"] = "easy"  # legacy tier: 1 or 2, a human decides (COR110, unsafe fix)
    text = json.dumps(corpus, ensure_ascii=False, indent=2)
    uri = open_doc(client, work / "legacy.json", text)
    published = await wait_published(client, uri)
    cor110 = next(d for d in published.diagnostics if d.code == "COR110")
    assert cor110.data["fix"] == "unsafe"
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=cor110.range, context=types.CodeActionContext(diagnostics=[cor110])))
    fixes = [a for a in actions or [] if a.kind == types.CodeActionKind.QuickFix]
    # Both tiers are offered, the documented choice first; neither is preferred.
    assert [a.title for a in fixes] == ["Fix (unsafe): write difficulty 2 (COR110)", "Fix (unsafe): write difficulty 1 (COR110)"]
    assert not any(a.is_preferred for a in fixes)
    assert [a.edit.changes[uri][0].new_text for a in fixes] == ["2", "1"]
    everything = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=cor110.range,
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.goldlint"])))
    assert everything is None  # no safe fix in the file: nothing for "fix all" to do
