"""The workspace index (issue 22): a leak between two splits shows in the open file while the
other split is closed, naming it as ``relatedInformation``, and follows the other file as it
changes on disk or in its buffer. The files are real xSID excerpts (tests/data/dataset/xsid)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .helpers import change, config, encoding_of, open_doc, start, uri_of, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")

XSID = Path(__file__).resolve().parent.parent / "data" / "dataset" / "xsid"
LEAKED = "show all reminders"  # en.test.conll line 1, en.valid.conll line 10 (CLI: DS101 at 1:10, related 10:10)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace holding the xSID excerpts before the server starts (found by its first walk)."""
    root = tmp_path_factory.mktemp("dataset-project")
    (root / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
    shutil.copytree(XSID, root / "xsid", ignore=shutil.ignore_patterns("*.md"))
    return root


@pytest_lsp.fixture(config=config(), params=["neovim-0.7", "neovim-0.11", "vscode"], scope="module")
async def client(lsp_client: LanguageClient, request: pytest.FixtureRequest, project: Path):  # type: ignore[no-untyped-def]
    lsp_client.profile = request.param  # type: ignore[attr-defined]
    lsp_client.init_result = await start(lsp_client, request.param, project, workspaceIndex={"editDelay": 0.05})  # type: ignore[attr-defined]
    lsp_client.encoding = encoding_of(lsp_client.init_result)  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def _ds(published: types.PublishDiagnosticsParams) -> list[types.Diagnostic]:
    return sorted((d for d in published.diagnostics if str(d.code).startswith("DS")), key=lambda d: d.range.start.line)


def _where(location: types.Location) -> tuple[str, int, int]:
    return location.uri.rsplit("/", 1)[-1], location.range.start.line, location.range.start.character


def _on_disk(client: Any, path: Path, text: str, kind: types.FileChangeType = types.FileChangeType.Changed) -> None:
    path.write_text(text, encoding="utf-8")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri_of(path), type=kind)]))


async def test_a_leak_shows_in_the_open_test_file_naming_the_closed_validation_file(client, project: Path) -> None:
    folder = project / "xsid"
    uri = open_doc(client, folder / "en.test.conll", language="conll")
    published = await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics))
    found = {(d.code, d.range.start.line, d.range.start.character): d for d in _ds(published)}
    # The CLI's positions (`goldlint check tests/data/dataset/xsid`), 0-based: every finding of the file, each at its `# text`.
    assert set(found) == {("DS101", 0, 9), ("DS102", 15, 9), ("DS103", 23, 9)}
    leak = found["DS101", 0, 9]
    assert leak.severity == types.DiagnosticSeverity.Error and "valid split" in leak.message
    assert leak.range.end == types.Position(line=0, character=9 + len(LEAKED))
    assert [(_where(r.location), r.message) for r in leak.related_information or []] == [
        (("en.valid.conll", 9, 9), "the same text (valid split)")]
    assert [_where(r.location) for r in found["DS102", 15, 9].related_information or []] == [("en.valid.conll", 0, 9)]
    assert [_where(r.location) for r in found["DS103", 23, 9].related_information or []] == [("en.test.conll", 7, 9)]
    assert leak.related_information[0].location.range.end.character == 9 + len(LEAKED)  # type: ignore[index]
    # The validation split is closed: nothing is published for it.
    assert not any(p.uri == uri_of(folder / "en.valid.conll") for p in client.published)
    # A pull gets the same.
    if client.init_result.capabilities.diagnostic_provider is not None:
        report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
        assert {(d.code, d.range.start.line) for d in report.items if str(d.code).startswith("DS")} == {("DS101", 0), ("DS102", 15), ("DS103", 23)}
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def test_the_other_split_changed_on_disk_updates_the_open_file(client, project: Path) -> None:
    folder = project / "xsid"
    since = len(client.published)
    uri = open_doc(client, folder / "en.test.conll", language="conll")
    await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics), since)
    valid = folder / "en.valid.conll"
    original = valid.read_text(encoding="utf-8")
    since = len(client.published)
    _on_disk(client, valid, original.replace(LEAKED, "show all timers"))
    published = await wait_published(client, uri, lambda p: not any(d.code == "DS101" for d in p.diagnostics), since)
    assert {d.code for d in _ds(published)} == {"DS102", "DS103"}
    since = len(client.published)
    _on_disk(client, valid, original)  # put back: the leak is back
    published = await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics), since)
    assert {d.code for d in _ds(published)} == {"DS101", "DS102", "DS103"}
    since = len(client.published)
    valid.rename(folder / "en.valid.bak")  # deleted: no other split, no leak
    try:
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=uri_of(valid), type=types.FileChangeType.Deleted)]))
        published = await wait_published(client, uri, lambda p: not any(d.code in ("DS101", "DS102") for d in p.diagnostics), since)
        assert {d.code for d in _ds(published)} == {"DS103"}
    finally:
        (folder / "en.valid.bak").rename(valid)
        _on_disk(client, valid, original, types.FileChangeType.Created)
    await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics), since)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def test_the_other_split_edited_in_its_buffer_counts_before_it_is_saved(client, project: Path) -> None:
    folder = project / "xsid"
    since = len(client.published)
    test_uri = open_doc(client, folder / "en.test.conll", language="conll")
    await wait_published(client, test_uri, lambda p: any(d.code == "DS101" for d in p.diagnostics), since)
    valid_uri = open_doc(client, folder / "en.valid.conll", language="conll")
    await wait_published(client, valid_uri, since=since)
    since = len(client.published)
    line = 9  # `# text = show all reminders`
    change(client, valid_uri, 2, (line, 9 + len("show all ")), (line, 9 + len(LEAKED)), "timers")
    published = await wait_published(client, test_uri, lambda p: not any(d.code == "DS101" for d in p.diagnostics), since)
    assert {d.code for d in _ds(published)} == {"DS102", "DS103"}
    # The file on disk still holds the leak: closing the buffer unsaved brings it back.
    since = len(client.published)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=valid_uri)))
    await wait_published(client, test_uri, lambda p: any(d.code == "DS101" for d in p.diagnostics), since)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=test_uri)))


async def test_the_finding_follows_edits_above_it_until_checked_again(client, project: Path) -> None:
    folder = project / "xsid"
    since = len(client.published)
    uri = open_doc(client, folder / "de.test.conll", language="conll")
    published = await wait_published(client, uri, lambda p: any(d.code == "DS102" for d in p.diagnostics), since)
    assert [(d.code, d.range.start.line) for d in _ds(published)] == [("DS102", 2)]
    since = len(client.published)
    change(client, uri, 2, (0, 0), (0, 0), "\n\n")
    published = await wait_published(client, uri, lambda p: any(d.code == "DS102" for d in p.diagnostics), since)
    assert [(d.code, d.range.start.line) for d in _ds(published)] == [("DS102", 4)]
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def test_a_config_change_on_disk_applies_to_the_dataset_rules(client, project: Path) -> None:
    folder = project / "xsid"
    since = len(client.published)
    uri = open_doc(client, folder / "en.test.conll", language="conll")
    await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics), since)
    config_file = project / "goldlint.yaml"
    try:
        since = len(client.published)
        _on_disk(client, config_file, "select: [ALL]\nignore: [DS101]\n")
        published = await wait_published(client, uri, lambda p: not any(d.code == "DS101" for d in p.diagnostics) and
                                          any(d.code == "DS102" for d in p.diagnostics), since)
        assert {d.code for d in _ds(published)} == {"DS102", "DS103"}
    finally:
        since = len(client.published)
        _on_disk(client, config_file, "select: [ALL]\n")
    await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics), since)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def test_the_gold_files_are_watched_with_the_configs(client) -> None:
    if client.profile != "vscode":
        return
    watchers = client.registrations[0].register_options["watchers"]
    assert "**/*.{conll,json,jsonl,ndjson,tsv,yaml,yml}" in {w["globPattern"] for w in watchers}
