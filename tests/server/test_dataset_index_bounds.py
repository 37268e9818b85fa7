"""The workspace index's work is bounded (issue 22): in a workspace of 1,000 gold files, a file
is read once to tell its kind, each dataset is checked once, a change on disk checks its own
dataset again and nothing else, and a file or dataset over its limit is not read. Work is
counted (the server's stats command), never timed."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .helpers import WAIT, config, open_doc, start, uri_of, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")

XSID = Path(__file__).resolve().parent.parent / "data" / "dataset" / "xsid"
STATS = "goldlint.serverStats"
SETS, LANGUAGES = 100, 5  # folders, and languages per folder (a test and a validation file each): 1,000 files
SENTENCE = "# text = {text}\n# intent = alarm/set_alarm\n1\t{word}\talarm/set_alarm\tO\n\n"
MAX_FILE, MAX_DATASET = 200_000, 100_000


def _conll(texts: list[str]) -> str:
    return "".join(SENTENCE.format(text=t, word=t.split()[0]) for t in texts)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("big-workspace")
    (root / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
    for i in range(SETS):
        folder = root / f"set{i:03}"
        folder.mkdir()
        for k in range(LANGUAGES):
            for split in ("test", "valid"):
                (folder / f"l{k}.{split}.conll").write_text(_conll([f"wake {split} {i} {k} {n}" for n in range(2)]), encoding="utf-8")
    shutil.copy(XSID / "en.test.conll", root / "set000" / "en.test.conll")  # one real leak...
    shutil.copy(XSID / "en.valid.conll", root / "set000" / "en.valid.conll")  # ...in the first dataset
    # A file over the file limit (not read to tell its kind), and a dataset over the dataset limit (not checked).
    for name, size in (("huge", MAX_FILE + 50_000), ("large", MAX_DATASET + 50_000)):
        folder = root / name
        folder.mkdir()
        count = size // len(SENTENCE.format(text="wake 000000", word="wake"))
        (folder / "l0.test.conll").write_text(_conll([f"wake {n:06}" for n in range(count)]), encoding="utf-8")
        (folder / "l0.valid.conll").write_text(_conll(["wake 000001"]), encoding="utf-8")
    return root


@pytest_lsp.fixture(config=config(), scope="module")
async def client(lsp_client: LanguageClient, project: Path):  # type: ignore[no-untyped-def]
    lsp_client.profile = "vscode"  # type: ignore[attr-defined]
    await start(lsp_client, "vscode", project, workspaceIndex={"maxFileBytes": MAX_FILE, "maxDatasetBytes": MAX_DATASET})
    yield
    await lsp_client.shutdown_session()


async def _stats(client: Any) -> dict[str, int]:
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(command=STATS)), WAIT)
    return dict(result["index"])


async def _settled(client: Any, checked: int) -> dict[str, int]:
    """The index's counts once it has checked ``checked`` datasets and says it is up to date."""

    async def wait() -> dict[str, int]:
        seen = 0
        while True:
            for message in client.log_messages[seen:]:
                if f"up to date ({checked} datasets checked" in message.message:
                    return await _stats(client)
            seen = len(client.log_messages)
            await client.wait_for_notification(types.WINDOW_LOG_MESSAGE)

    return await asyncio.wait_for(wait(), 6 * WAIT)


async def test_the_workspace_is_read_once_and_a_change_rechecks_its_dataset_only(client, project: Path) -> None:
    files = SETS * LANGUAGES * 2 + 2
    stats = await _settled(client, SETS)
    assert stats["discovered"] == files + 4
    assert stats["kinds_told"] == files + 3  # each file once; the one over maxFileBytes not at all
    assert stats["datasets_checked"] == SETS and stats["files_checked"] == files  # (the dataset over maxDatasetBytes left out)
    assert stats["datasets_too_large"] == 1

    # Opening a file: its folder's dataset again, its buffer read for its kind.
    since = len(client.published)
    uri = open_doc(client, project / "set000" / "en.test.conll", language="conll")
    published = await wait_published(client, uri, lambda p: any(d.code == "DS101" for d in p.diagnostics), since)
    assert [r.location.uri for d in published.diagnostics if d.code == "DS101" for r in d.related_information or []] == [
        uri_of(project / "set000" / "en.valid.conll")]
    stats = await _settled(client, SETS + 1)
    assert (stats["kinds_told"], stats["files_checked"]) == (files + 4, files + 12)

    # A file of another dataset changed on disk: that dataset alone, that file alone read for its kind.
    changed = project / "set050" / "l1.valid.conll"
    changed.write_text(_conll(["wake test 50 1 0"]), encoding="utf-8")  # (a leak there now; nothing open shows it)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=uri_of(changed), type=types.FileChangeType.Changed)]))
    stats = await _settled(client, SETS + 2)
    assert (stats["kinds_told"], stats["files_checked"]) == (files + 5, files + 22)
    assert stats["discovered"] == files + 4  # (the workspace is not walked again)


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("capped-workspace")
    (root / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
    shutil.copytree(XSID, root / "xsid", ignore=shutil.ignore_patterns("*.md"))
    return root


@pytest_lsp.fixture(config=config(), scope="module")
async def capped(lsp_client: LanguageClient, small: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, "vscode", small, workspaceIndex={"maxFiles": 2})
    yield
    await lsp_client.shutdown_session()


async def test_at_most_max_files_are_indexed(capped, small: Path) -> None:
    stats = await _settled(capped, 1)
    assert (stats["discovered"], stats["capped"], stats["files_checked"]) == (2, 1, 2)  # de.test and de.valid, in walking order
    # The open file joins its dataset; its validation split, never walked, does not.
    since = len(capped.published)
    uri = open_doc(capped, small / "xsid" / "en.test.conll", language="conll")
    published = await wait_published(capped, uri, lambda p: any(d.code == "DS103" for d in p.diagnostics), since)
    assert {d.code for d in published.diagnostics if str(d.code).startswith("DS")} == {"DS103"}
