"""The workspace index groups files into datasets as the command line does (one grouping,
:func:`goldlint.dataset.splits.by_dataset`): a dataset whose splits the config's
``datasets: {splits}`` globs spread over several folders is one dataset in the editor too — a
leak between ``data/test/x.jsonl`` and ``other/valid/y.jsonl`` shows in the open test file while
the validation file is closed (by folder, they were two datasets of one file each), at the
place the CLI gives (``goldlint check`` on the same folder: DS101 at 1:29, related 2:29)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .helpers import config, encoding_of, open_doc, start, uri_of, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")

CONFIG = "select: [ALL]\ndatasets:\n  splits:\n    test: [\"data/test/*.jsonl\"]\n    valid: [\"other/valid/*.jsonl\"]\n"


def _record(ident: int, sentence: str) -> str:
    tokens = ", ".join(f'{{"surface": "{w}", "id": {k}, "lemma": "{w}", "pos": "NN"}}' for k, w in enumerate(sentence.split()))
    return (f'{{"slurp_id": {ident}, "sentence": "{sentence}", "sentence_annotation": "{sentence}", "intent": "alarm_set", '
            f'"action": "set", "tokens": [{tokens}], "scenario": "alarm", "recordings": [{{"file": "audio-{ident}.flac", "wer": 0.0, '
            f'"ent_wer": null, "status": "correct"}}], "entities": []}}\n')


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("splits-project")
    (root / "goldlint.yaml").write_text(CONFIG, encoding="utf-8")
    (root / "data" / "test").mkdir(parents=True)
    (root / "other" / "valid").mkdir(parents=True)
    (root / "data" / "test" / "x.jsonl").write_text(_record(1, "wake me up at five") + _record(2, "what is the weather"), encoding="utf-8")
    (root / "other" / "valid" / "y.jsonl").write_text(_record(3, "play some jazz") + _record(4, "wake me up at five"), encoding="utf-8")
    return root


@pytest_lsp.fixture(config=config(), params=["vscode"], scope="module")
async def client(lsp_client: LanguageClient, request: pytest.FixtureRequest, project: Path):  # type: ignore[no-untyped-def]
    lsp_client.init_result = await start(lsp_client, request.param, project)  # type: ignore[attr-defined]
    lsp_client.encoding = encoding_of(lsp_client.init_result)  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def _where(location: types.Location, root: Path) -> tuple[str, int, int]:
    return location.uri.removeprefix(uri_of(root) + "/"), location.range.start.line, location.range.start.character


async def test_a_leak_between_folders_the_config_makes_one_dataset_shows_in_the_open_file(client: Any, project: Path) -> None:
    uri = open_doc(client, project / "data" / "test" / "x.jsonl")
    published = await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics))
    leaks = [d for d in published.diagnostics if d.code == "DS101"]
    assert [(d.range.start.line, d.range.start.character) for d in leaks] == [(0, 28)]
    assert "valid split" in leaks[0].message
    assert [(_where(r.location, project), r.message) for r in leaks[0].related_information or []] == [
        (("other/valid/y.jsonl", 1, 28), "the same text (valid split)")]
    assert not any(p.uri == uri_of(project / "other" / "valid" / "y.jsonl") for p in client.published)  # (closed: nothing published for it)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))


async def test_the_other_folder_changed_on_disk_updates_the_open_file(client: Any, project: Path) -> None:
    """A watched-file event for `other/valid/y.jsonl` marks the config's dataset, not the folder's."""
    uri = open_doc(client, project / "data" / "test" / "x.jsonl")
    await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics))
    valid = project / "other" / "valid" / "y.jsonl"
    since = len(client.published)
    valid.write_text(_record(3, "play some jazz") + _record(4, "wake me up at six"), encoding="utf-8")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri_of(valid), type=types.FileChangeType.Changed)]))
    await wait_published(client, uri, lambda p: not any(d.code == "DS101" for d in p.diagnostics), since)
