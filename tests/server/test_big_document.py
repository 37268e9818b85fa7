"""A 50 MB document: checked off the event loop while other documents are served, and
edited line by line. One client profile is enough here (the encodings are covered elsewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import client_fixture
from .helpers import DATA, change, open_doc, still_serving, units, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = client_fixture(["vscode"])


async def test_fifty_megabytes_stay_served(client, work: Path) -> None:
    line = (DATA / "clean.jsonl").read_text(encoding="utf-8").splitlines()[0]
    records = []
    size = 0
    n = 0
    while size < 50 << 20:
        n += 1
        text = line.replace('"id": 1,', f'"id": {n},')
        records.append(text)
        size += len(text.encode("utf-8")) + 1
    big = "\n".join(records) + "\n"
    uri = open_doc(client, work / "big.jsonl", big)
    # While the big file is being checked, another document is served.
    await still_serving(client, work)
    published = await wait_published(client, uri)
    assert not published.diagnostics
    # An edit at the end of the 50 MB buffer is checked line by line at once.
    last = len(records) - 1
    at = units(records[-1][: records[-1].index('"play_music"') + 1], client.encoding)
    change(client, uri, 2, (last, at), (last, at + len("play_music")), "play_musik")
    quick = await wait_published(client, uri, lambda p: p.version == 2)
    assert [(d.code, d.range.start.line) for d in quick.diagnostics] == [("SLU102", last)]
