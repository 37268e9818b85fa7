"""A client that pulls diagnostics and accepts refresh requests: after the full check of a
large JSON Lines file replaces the quick results, the server asks it to pull again."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from .conftest import client_fixture
from .helpers import DATA, change, open_doc, units, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = client_fixture(["neovim-0.11+refresh"])


async def test_full_check_after_quick_results_asks_for_a_pull(client, work: Path) -> None:
    line = (DATA / "clean.jsonl").read_text(encoding="utf-8").splitlines()[0]
    lines = [line.replace('"id": 1,', f'"id": {n},') for n in range(1, 3001)]  # ~2 MB: checked line by line first
    uri = open_doc(client, work / "many.jsonl", "\n".join(lines) + "\n")
    await wait_published(client, uri)
    assert client.init_result.capabilities.diagnostic_provider is not None
    before = client.diagnostic_refresh_count
    at = units(lines[10][: lines[10].index('"play_music"') + 1], client.encoding)
    change(client, uri, 2, (10, at), (10, at + 1), "P")
    await wait_published(client, uri, lambda p: p.version == 2)  # the quick result ...
    await wait_published(client, uri, lambda p: p.version == 2 and sum(1 for q in client.published if q.uri == uri and q.version == 2) == 2)  # ... then the full one
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert sorted(str(d.code) for d in report.items) == ["SLU102", "SLU112"]
    assert client.diagnostic_refresh_count > before
