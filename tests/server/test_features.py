"""Code actions, completion, hover and document symbols end to end, with each recorded client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types

from .helpers import change, open_doc, units, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")


def apply_edits(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    """Apply LSP text edits the way a client does (positions in the client's encoding)."""
    lines = text.split("\n")

    def offset(pos: types.Position) -> int:
        line = lines[pos.line]
        data = line.encode({"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}[encoding])
        width = {"utf-8": 1, "utf-16": 2, "utf-32": 4}[encoding]
        column = len(data[: pos.character * width].decode(encoding if encoding != "utf-16" else "utf-16-le"))
        return sum(len(x) + 1 for x in lines[: pos.line]) + column

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


def pos(text: str, line: int, needle: str, encoding: str, after: int = 0) -> types.Position:
    body = text.split("\n")[line]
    return types.Position(line=line, character=units(body[: body.index(needle) + after], encoding))


async def test_quick_fix_on_its_diagnostic(client, work: Path) -> None:
    path = work / "defective.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    published = await wait_published(client, uri)
    slu102 = next(d for d in published.diagnostics if d.code == "SLU102")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=slu102.range,
        context=types.CodeActionContext(diagnostics=[slu102])))
    fixes = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert len(fixes) == 1
    fix = fixes[0]
    assert fix.title == "Fix: replace with `rate_book` (SLU102)"
    assert fix.is_preferred
    assert fix.diagnostics[0].code == "SLU102"
    fixed = apply_edits(text, fix.edit.changes[uri], client.encoding)
    assert '"intent": "rate_book"' in fixed.split("\n")[0]
    assert fixed.replace('"rate_book"', '"rate_bok"', 1) == text  # nothing else changed


async def test_fix_all_applies_the_safe_fixes(client, work: Path) -> None:
    path = work / "defective.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.goldlint"])))
    assert [a.kind for a in actions] == ["source.fixAll.goldlint"]
    fixed = apply_edits(text, actions[0].edit.changes[uri], client.encoding)
    assert '"rate_book"' in fixed and '"type": "real"' in fixed.split("\n")[2]
    # The buffer after the fix has nothing left to fix.
    before = len(client.published)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    after = await wait_published(client, uri, lambda p: p.version == 2, since=before)
    assert not after.diagnostics


async def test_completion_offers_the_records_own_intents(client, work: Path) -> None:
    path = work / "defective.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    here = pos(text, 0, '"rate_bok"', client.encoding, after=len('"rate_'))
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=here))
    labels = [i.label for i in result.items]
    assert labels == ["rate_book", "play_music"]
    item = result.items[0]
    assert item.detail == "slots: best_rating, object_name, rating_value"
    fixed = apply_edits(text, [item.text_edit], client.encoding)
    assert '"intent": "rate_book"' in fixed.split("\n")[0]


async def test_completion_offers_only_the_slots_the_intent_allows(client, work: Path) -> None:
    path = work / "defective.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    here = pos(text, 1, '"artist"', client.encoding, after=1)  # record 2: play_music
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=here))
    assert [i.label for i in result.items] == ["artist", "track"]
    assert result.items[0].kind == types.CompletionItemKind.Property


async def test_completion_in_a_half_typed_line_falls_back_to_what_was_written(client, work: Path) -> None:
    path = work / "defective.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    line = text.split("\n")[1]
    cut = line.index('"audio": {"type"') + len('"audio": {"type": "')
    half = line[:cut] + "ge"  # the rest of the line is gone: the line does not parse
    change(client, uri, 2, (1, 0), (1, units(line, client.encoding)), half)
    here = types.Position(line=1, character=units(half, client.encoding))
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=here))
    assert [i.label for i in result.items] == ["real", "generated"]
    assert result.items[1].text_edit.new_text == "generated"
    # Intents need the record's inventory: from the last version of the line that parsed.
    intent_at = half.index('"intent": "') + len('"intent": "')
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=units(half[:intent_at], client.encoding))))
    assert [i.label for i in result.items] == ["rate_book", "play_music"]


async def test_hover_on_a_diagnostic_shows_the_rule(client, work: Path) -> None:
    path = work / "defective.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    result = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(text, 2, '"reel"', client.encoding, after=2)))
    value = result.contents.value
    assert "# SLU108 audio-type-vocabulary" in value
    assert "audio type `reel` is not one of real, generated" in value
    assert result.contents.kind == types.MarkupKind.Markdown


async def test_hover_on_an_intent_shows_its_allowed_slots(client, work: Path) -> None:
    path = work / "clean.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    result = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=pos(text, 0, '"play_music"', client.encoding, after=3)))
    assert result.contents.value == "**play_music** allows: `artist`, `track`"
    line = text.split("\n")[0]
    start = units(line[: line.index('"play_music"')], client.encoding)
    assert result.range.start == types.Position(line=0, character=start)


async def test_document_symbols_name_records_by_id(client, work: Path) -> None:
    path = work / "defective.jsonl"
    uri = open_doc(client, path)
    await wait_published(client, uri)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [(s.name, s.detail) for s in symbols] == [("1", "rate_bok"), ("2", "play_music"), ("3", "rate_book")]
    assert [s.range.start.line for s in symbols] == [0, 1, 2]


async def test_document_symbols_of_a_json_array(client, work: Path) -> None:
    records = [json.loads(line) for line in (work / "clean.jsonl").read_text(encoding="utf-8").splitlines()]
    path = work / "records.json"
    path.write_text(json.dumps(records, ensure_ascii=False, indent=2), encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["1", "2"]
    assert symbols[0].range.start == types.Position(line=1, character=2)
