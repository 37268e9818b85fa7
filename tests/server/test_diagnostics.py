"""Diagnostics end to end: pushed on open, change and save; pulled; exact ranges in the
negotiated position encoding; debounced changes; stale results never published."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from .helpers import change, open_doc, units, wait_published

STATS = "goldlint.serverStats"
pytestmark = pytest.mark.asyncio(loop_scope="module")


def expected_range(text: str, line: int, token: str, encoding: str) -> types.Range:
    body = text.split("\n")[line]
    at = body.index(token)
    start = units(body[:at], encoding)
    return types.Range(start=types.Position(line=line, character=start),
                       end=types.Position(line=line, character=start + units(token, encoding)))


async def test_open_pushes_exact_ranges_in_the_negotiated_encoding(client, work: Path) -> None:
    path = work / "defective.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    published = await wait_published(client, uri)
    assert published.version == 1
    found = {(d.code, d.severity) for d in published.diagnostics}
    assert found == {("SLU102", types.DiagnosticSeverity.Error), ("SLU108", types.DiagnosticSeverity.Error)}
    by_code = {d.code: d for d in published.diagnostics}
    enc = client.encoding
    assert enc == ("utf-8" if client.profile == "neovim-0.11" else "utf-16")
    # Cyrillic (2 UTF-8 bytes, 1 UTF-16 unit) and emoji (4 bytes, 2 units) stand before both errors.
    assert by_code["SLU102"].range == expected_range(text, 0, '"rate_bok"', enc)
    assert by_code["SLU108"].range == expected_range(text, 2, '"reel"', enc)
    assert by_code["SLU102"].source == "goldlint"
    assert by_code["SLU102"].data == {"name": "intent-not-in-inventory", "fix": "safe"}
    code_points = expected_range(text, 0, '"rate_bok"', "utf-32").start.character
    assert code_points != by_code["SLU102"].range.start.character  # the encoding really mattered


async def test_change_is_checked_and_published_with_its_version(client, work: Path) -> None:
    path = work / "defective.jsonl"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path)
    await wait_published(client, uri)
    line0 = text.split("\n")[0]
    at = line0.index("rate_bok")
    enc = client.encoding
    start = units(line0[:at], enc)
    # Fix the typo by typing the missing "o".
    change(client, uri, 2, (0, start + units("rate_b", enc)), (0, start + units("rate_b", enc)), "o")
    published = await wait_published(client, uri, lambda p: p.version == 2)
    assert [d.code for d in published.diagnostics] == ["SLU108"]


async def test_a_flood_of_changes_is_debounced_and_stale_results_are_dropped(client, work: Path) -> None:
    path = work / "clean.jsonl"
    uri = open_doc(client, path)
    await wait_published(client, uri)
    before = len(client.published)
    # Type 40 characters into the first record's question, one change at a time.
    line0 = path.read_text(encoding="utf-8").split("\n")[0]
    col = units(line0[: line0.index("Включи") + len("Включи")], client.encoding)
    for n in range(40):
        change(client, uri, 2 + n, (0, col + n), (0, col + n), "ж")
    last = await wait_published(client, uri, lambda p: p.version == 41, since=before)
    ours = [p for p in client.published[before:] if p.uri == uri]
    assert ours[-1] is last
    assert len(ours) < 10, f"{len(ours)} publications for 40 changes: not debounced"
    versions = [p.version for p in ours]
    assert versions == sorted(versions), "a stale result was published after a newer one"
    assert not last.diagnostics
    stats = await client.workspace_execute_command_async(types.ExecuteCommandParams(command=STATS))
    assert stats["checks"]["cancelled"] >= 30


async def test_save_triggers_a_check(client, work: Path) -> None:
    uri = open_doc(client, work / "defective.jsonl")
    await wait_published(client, uri)
    before = len(client.published)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    published = await wait_published(client, uri, since=before)
    assert {d.code for d in published.diagnostics} == {"SLU102", "SLU108"}


async def test_pull_diagnostics_when_the_client_supports_them(client, work: Path) -> None:
    provider = client.init_result.capabilities.diagnostic_provider
    if client.profile != "neovim-0.11":
        assert provider is None  # these clients cannot pull: only pushes are offered
        return
    assert provider is not None
    uri = open_doc(client, work / "defective.jsonl")
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert report.kind == "full"
    assert sorted(d.code for d in report.items) == ["SLU102", "SLU108"]
    pushed = await wait_published(client, uri)
    assert pushed.diagnostics == report.items  # push and pull agree
    again = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id))
    assert again.kind == "unchanged"


async def test_close_clears_diagnostics(client, work: Path) -> None:
    uri = open_doc(client, work / "defective.jsonl")
    await wait_published(client, uri, lambda p: bool(p.diagnostics))
    before = len(client.published)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    cleared = await wait_published(client, uri, since=before)
    assert not cleared.diagnostics
