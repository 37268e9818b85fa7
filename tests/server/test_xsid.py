"""The language server on an xSID `.conll` file: diagnostics at their cells, completion of
intents and BIO tags, hover on a tag's slot and on an intent, a quick fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from .helpers import open_doc, units, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")

TEXT = ("# text = wake me at 7 am\n# intent = alarm/set_alarm\n"
        "1\twake\talarm/set_alarm\tO\n2\tme\talarm/set_alarm\tO\n3\tat\talarm/set_alarm\tO\n"
        "4\t7\talarm/set_alarm\tB-datetime\n6\tam\talarm/set_alarm\tI-datetime\n\n")


def _position(client, line: int, needle: str, after: int) -> types.Position:  # type: ignore[no-untyped-def]
    body = TEXT.split("\n")[line]
    return types.Position(line=line, character=units(body[: body.index(needle) + after], client.encoding))


async def _complete(client, uri: str, line: int, needle: str, after: int) -> list[types.CompletionItem]:  # type: ignore[no-untyped-def]
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=_position(client, line, needle, after)))
    return list(result.items) if result else []


async def _hover(client, uri: str, line: int, needle: str, after: int) -> str:  # type: ignore[no-untyped-def]
    result = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=_position(client, line, needle, after)))
    return result.contents.value if result else ""


async def test_diagnostics_completion_hover_and_a_quick_fix(client, work: Path) -> None:
    uri = open_doc(client, work / "en.test.conll", TEXT, language="conll")
    published = await wait_published(client, uri)
    numbering = next(d for d in published.diagnostics if d.code == "XSD102")
    assert (numbering.range.start.line, numbering.range.start.character) == (6, 0)

    intents = await _complete(client, uri, 1, "set_alarm", 3)
    labels = [i.label for i in intents]
    assert len(labels) == 18 and "alarm/set_alarm" in labels and "weather/find" in labels
    edit = next(i for i in intents if i.label == "weather/find").text_edit
    assert edit.new_text == "weather/find"  # written as it is: no quotes in a CoNLL comment
    assert (edit.range.start.line, edit.range.start.character) == (1, units("# intent = ", client.encoding))

    tags = [i.label for i in await _complete(client, uri, 6, "I-datetime", 2)]
    assert tags[:2] == ["O", "I-datetime"] and "B-reference" in tags and "I-reference" not in tags
    assert [i.label for i in await _complete(client, uri, 2, "\tO", 1)][:2] == ["O", "B-alarm/alarm_modifier"]  # nothing to go on with
    assert [i.label for i in await _complete(client, uri, 4, "alarm/set", 2)][0] == "alarm/set_alarm"  # the comment's intent first

    assert await _hover(client, uri, 6, "I-datetime", 3) == "**`datetime`** slot: tokens 4–5 “7 am”"
    assert "one of the dataset's 18 intents" in await _hover(client, uri, 1, "set_alarm", 2)

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=numbering.range, context=types.CodeActionContext(diagnostics=[numbering])))
    fix = next(a for a in actions or [] if a.kind == types.CodeActionKind.QuickFix)
    assert fix.is_preferred and [e.new_text for e in fix.edit.changes[uri]] == ["5"]


async def test_a_completion_edit_stays_on_the_cursors_line(client, work: Path) -> None:
    # A CRLF file converted twice ends a token line in CR CR LF: the CoNLL reader breaks lines at
    # LF, so the tag cell is "O\r", but the editor breaks at the lone CR too. The edit replacing
    # the tag must stay on the cursor's line (LSP requires it; a client applying it deletes a line break).
    text = ("# text = zeige mir\n# intent = alarm/show_alarms\n"
            "1\tzeige\talarm/show_alarms\tO\r\r\n2\tmir\talarm/show_alarms\tO\rB-x\n\n")
    uri = open_doc(client, work / "de.valid.conll", text, language="conll")
    await wait_published(client, uri)
    for line, character in ((2, len("1\tzeige\talarm/show_alarms\tO")), (5, 2)):  # line 5: "B-x"
        result = await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))
        assert result and result.items
        edit = result.items[0].text_edit
        assert edit.range.start.line == edit.range.end.line == line, (line, edit.range)
        assert edit.range.start.character <= character <= edit.range.end.character


async def test_a_hover_range_stays_on_the_cursors_line(client, work: Path) -> None:
    # The same file: a hover's range is the cell under the cursor on the cursor's line, and
    # just past a lone CR (an empty line to the editor, the end of a cell to the CoNLL reader)
    # no cell is under the cursor.
    text = ("# text = zeige mir\n# intent = alarm/show_alarms\n"
            "1\tzeige\talarm/show_alarms\tO\r\r\n2\tmir\talarm/show_alarms\tO\rB-x\n\n")
    uri = open_doc(client, work / "de.test.conll", text, language="conll")
    await wait_published(client, uri)
    for line, character in ((2, len("1\tzeige\talarm/show_alarms\tO")), (3, 0), (4, len("2\tmir\talarm/show_alarms\tO")), (5, 1)):
        result = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))
        if result is None or result.range is None:
            assert line == 3, (line, result)
            continue
        assert line != 3, result.range
        assert result.range.start.line == result.range.end.line == line, (line, result.range)
        assert result.range.start.character <= character <= result.range.end.character
