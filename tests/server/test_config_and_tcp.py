"""The project's config, re-read when it changes; and the server over TCP."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient, client_capabilities

from .helpers import DATA, SERVER, WAIT, change, open_doc, uri_of, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")


def codes(params: types.PublishDiagnosticsParams) -> set[str]:
    return {str(d.code) for d in params.diagnostics}


async def test_config_change_notified_by_the_client_rechecks_open_documents(client, work: Path) -> None:
    uri = open_doc(client, work / "defective.jsonl")
    first = await wait_published(client, uri)
    assert codes(first) == {"SLU102", "SLU108"}
    config = work / "goldlint.yaml"
    config.write_text("ignore: [SLU108]\n", encoding="utf-8")
    before = len(client.published)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri_of(config), type=types.FileChangeType.Created)]))
    again = await wait_published(client, uri, since=before)
    assert codes(again) == {"SLU102"}


async def test_config_change_is_seen_by_the_next_check_without_a_notification(client, work: Path) -> None:
    config = work / "goldlint.yaml"
    config.write_text("ignore: [SLU102]\n", encoding="utf-8")
    uri = open_doc(client, work / "defective.jsonl")
    assert codes(await wait_published(client, uri)) == {"SLU108"}
    config.write_text("ignore: [SLU1]\n", encoding="utf-8")
    change(client, uri, 2, (0, 0), (0, 0), "")
    assert codes(await wait_published(client, uri, lambda p: p.version == 2)) == set()


async def test_a_broken_config_is_shown_on_the_config_file_and_defaults_apply(client, work: Path) -> None:
    config = work / "goldlint.yaml"
    config.write_text("select: [ALL]\nignroe: [SLU108]\nmax-depth: 0\n", encoding="utf-8")
    uri = open_doc(client, work / "defective.jsonl")
    gold = await wait_published(client, uri)
    assert codes(gold) == {"SLU102", "SLU108"}
    problem = await wait_published(client, uri_of(config.resolve()))
    assert len(problem.diagnostics) == 2  # every problem, each at its place
    shown, other = problem.diagnostics
    assert "unknown key `ignroe`" in shown.message and "did you mean `ignore`" in shown.message
    assert shown.range.start == types.Position(line=1, character=0)
    assert "max-depth: must be at least 1, not `0`" in other.message and other.range.start == types.Position(line=2, character=11)  # (at `0`)
    # Fixed and saved in the editor: the problem is cleared and the config applies.
    config_uri = open_doc(client, config, language="yaml")
    config.write_text("select: [ALL]\nignore: [SLU108]\n", encoding="utf-8")
    before = len(client.published)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=config_uri)))
    assert codes(await wait_published(client, uri, since=before)) == {"SLU102"}
    cleared = [p for p in client.published[before:] if p.uri == uri_of(config.resolve())]
    assert cleared and not cleared[-1].diagnostics


async def test_a_submission_is_judged_in_the_editor_when_the_config_says_so(client, work: Path) -> None:
    """RUN113–RUN117 go through the engine like any rule: the editor reports them too."""
    folder = work / "submission"
    folder.mkdir()
    card = folder / "run_card.json"
    card.write_text((Path(__file__).resolve().parents[1] / "data" / "precommit" / "gold" / "run_card.json").read_text(encoding="utf-8"),
                    encoding="utf-8")
    (work / "goldlint.yaml").write_text("runcard:\n  submission: true\n", encoding="utf-8")
    uri = open_doc(client, card)
    assert codes(await wait_published(client, uri)) == {"RUN113", "RUN114", "RUN115"}


async def test_json_and_yaml_that_are_not_gold_get_no_diagnostics(client, work: Path) -> None:
    """A dataset repository's package.json or CI workflow opened in the editor: no kind, so
    nothing to say (not a GL005 error, nor its BOM or line endings); a broken one still is."""
    package = work / "package.json"
    package.write_text('\ufeff{"name": "x",\r\n "private": true}\r\n', encoding="utf-8")
    assert not (await wait_published(client, open_doc(client, package))).diagnostics
    workflow = work / "ci.yml"
    workflow.write_text("on: [push]\njobs: {}\n", encoding="utf-8")
    assert not (await wait_published(client, open_doc(client, workflow, language="yaml"))).diagnostics
    broken = work / "broken.json"
    broken.write_text('{"name": "x",}\n', encoding="utf-8")
    assert codes(await wait_published(client, open_doc(client, broken))) == {"GL003"}


async def test_config_watchers_are_registered_with_clients_that_allow_it(client) -> None:
    methods = [r.method for r in client.registrations]
    if client.profile == "vscode":
        assert methods == [types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
        watchers = client.registrations[0].register_options["watchers"]
        # (and the gold files, for the workspace index: issue 22)
        assert {w["globPattern"] for w in watchers} == {"**/goldlint.yaml", "**/.goldlint.yaml", "**/pyproject.toml",
                                                        "**/*.{conll,json,jsonl,ndjson,tsv,yaml,yml}"}
    else:
        assert methods == []


async def test_serve_over_tcp(tmp_path: Path) -> None:
    (tmp_path / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
    gold = tmp_path / "defective.jsonl"
    gold.write_text((DATA / "defective.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    server = await asyncio.create_subprocess_exec(*SERVER, "--tcp", "--port", "0", stderr=subprocess.PIPE)
    try:
        port = await asyncio.wait_for(_listening_port(server), WAIT)
        client = LanguageClient(converter_factory=default_converter)
        published: asyncio.Future[types.PublishDiagnosticsParams] = asyncio.get_running_loop().create_future()

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_publish(params: types.PublishDiagnosticsParams) -> None:
            if not published.done():
                published.set_result(params)

        await client.start_tcp("127.0.0.1", port)
        await client.initialize_session(types.InitializeParams(capabilities=client_capabilities("neovim@v0.7.0")))
        open_doc(client, gold)
        params = await asyncio.wait_for(published, WAIT)
        assert codes(params) == {"SLU102", "SLU108"}
        await client.shutdown_session()
        await client.stop()
    finally:
        if server.returncode is None:
            server.terminate()
        await server.wait()


async def _listening_port(server: asyncio.subprocess.Process) -> int:
    assert server.stderr is not None
    while line := await server.stderr.readline():
        found = re.search(rb"Serving on \('[^']*', (\d+)\)", line)
        if found:
            return int(found.group(1))
    raise AssertionError(f"the server exited ({sys.executable}) without listening")
