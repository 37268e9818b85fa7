"""Time to the first dataset diagnostic (DS101) after ``didOpen``, in a 2-file and a 1,000-file workspace.

    python tests/server/bench_dataset_index.py [--files 1000] [--runs 3]

Starts ``python -m goldlint.server`` over stdio in a fresh workspace holding the xSID excerpts
``en.test.conll`` and ``en.valid.conll`` (tests/data/dataset/xsid) — and, for the large case,
other small xSID files, ten to a folder —, sends ``initialize`` and ``initialized``, opens
``en.test.conll`` at once (the index has just started walking the workspace) and reports the
times, from ``didOpen``, to the first publication for the file (its one-file check) and to the
first that holds the DS101 leak (the index's). Medians over the runs. Not a test (pytest does
not collect it).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from pygls.uris import from_fs_path  # noqa: E402

from tests.bench.serve import RawClient, _caps  # noqa: E402

XSID = HERE.parent / "data" / "dataset" / "xsid"
SENTENCE = "# text = {text}\n# intent = alarm/set_alarm\n1\t{word}\talarm/set_alarm\tO\n\n"


def workspace(root: Path, files: int) -> Path:
    (root / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
    first = root / "set000"
    first.mkdir()
    shutil.copy(XSID / "en.test.conll", first / "en.test.conll")
    shutil.copy(XSID / "en.valid.conll", first / "en.valid.conll")
    for n in range(max(files - 2, 0)):
        folder = root / f"set{n // 10 + 1:03}"
        folder.mkdir(exist_ok=True)
        split = ("test", "valid")[n % 2]
        texts = [f"wake me {n} {k}" for k in range(2)]
        (folder / f"l{n % 10 // 2}.{split}.conll").write_text("".join(SENTENCE.format(text=t, word="wake") for t in texts), encoding="utf-8")
    return first / "en.test.conll"


async def once(files: int) -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        opened = workspace(root, files)
        uri = from_fs_path(str(opened))
        proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "goldlint.server", stdin=asyncio.subprocess.PIPE,
                                                    stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
        client = RawClient(proc)
        first: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        leak: asyncio.Future[float] = asyncio.get_running_loop().create_future()

        def published(method: str, params: object) -> None:
            if method != "textDocument/publishDiagnostics" or not isinstance(params, dict) or params.get("uri") != uri:
                return
            now = time.perf_counter()
            if not first.done():
                first.set_result(now)
            if not leak.done() and any(d.get("code") == "DS101" for d in params["diagnostics"]):
                leak.set_result(now)

        client.on_notification = published
        started = time.perf_counter()
        answer = client.send("initialize", {"processId": None, "rootUri": from_fs_path(str(root)), "capabilities": _caps(),
                                            "workspaceFolders": [{"uri": from_fs_path(str(root)), "name": "w"}]}, request=True)
        assert answer is not None
        await answer
        initialized = time.perf_counter() - started
        client.send("initialized", {})
        sent = time.perf_counter()
        client.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "conll", "version": 1,
                                                              "text": opened.read_text(encoding="utf-8")}})
        times = await asyncio.wait_for(asyncio.gather(first, leak), 120)
        shutdown = client.send("shutdown", None, request=True)
        assert shutdown is not None
        await shutdown
        client.send("exit", None)
        await proc.wait()
        return initialized, times[0] - sent, times[1] - sent


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for files in (2, args.files):
        runs = [await once(files) for _ in range(args.runs)]
        init, check, ds = (statistics.median(r[k] for r in runs) * 1000 for k in range(3))
        print(f"{files:>6} files: initialize {init:.0f} ms; after didOpen: first publication {check:.0f} ms, first DS101 {ds:.0f} ms")


if __name__ == "__main__":
    asyncio.run(main())
