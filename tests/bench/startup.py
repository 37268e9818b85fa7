"""Start-up as the user feels it: whole processes, small files (the ``startup`` family).

A folder of the repository's own small examples, one file of each kind; cases:

- ``python-pass`` (``python -c pass``: the interpreter alone) and ``import-lsprotocol``
  (``python -c 'import lsprotocol.types'``: what the language server's protocol costs before
  goldlint does anything);
- ``goldlint-version``; ``check-<kind>``: ``goldlint check --quiet FILE`` on each kind's file;
- ``config-check``: the xsid file checked beside a ``goldlint.yaml`` (what a dataset
  repository's pre-commit hook pays: the config is read and validated on every call);
- ``serve``: the language server as an editor starts it (``goldlint serve``): launch →
  ``initialize`` answered, and (the server started) ``didOpen`` of the SLU file → its first
  ``publishDiagnostics``; medians of 7 launches, in the case's result.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.bench.registry import REPO, Case, Dataset, case, dataset, source_version

# kind -> (the repository's file, its name in the folder)
FILES = {
    "slu": ("examples/ruslun/dev.jsonl", "dev.jsonl"),
    "corpus": ("examples/score/corpus/eng-sna-dev-v1.json", "eng-sna-dev-v1.json"),
    "semantic": ("examples/score/semantic/gold/support_call.json", "support_call.json"),
    "runcard": ("tests/data/rosetta/run_card_example.json", "run_card.json"),
    "truth": ("examples/score/truth/truth.tsv", "truth.tsv"),
    "mix-config": ("examples/score/truth/mix.json", "mix.json"),
    "xsid": ("examples/score/xsid/de.test.conll", "de.test.conll"),
    "slurp": ("tests/data/slurp/test.jsonl", "test.jsonl"),
}


# A dataset repository's config: its predictions left out, a limit raised, a rule turned off.
CONFIG = "exclude: ['*.pred.conll']\nmax-file-size: 2000000000\nignore: [GL012]\nxsid:\n  language: de\n"


def write(folder: Path) -> None:
    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    for source, name in FILES.values():
        shutil.copy(REPO / source, tmp / name)
    (tmp / "with-config").mkdir()
    shutil.copy(REPO / FILES["xsid"][0], tmp / "with-config" / FILES["xsid"][1])
    (tmp / "with-config" / "goldlint.yaml").write_text(CONFIG, encoding="utf-8")
    tmp.replace(folder)


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _read(stream: Any) -> dict[str, Any]:
    length = 0
    while (line := stream.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("ascii").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))  # type: ignore[no-any-return]


def _serve_once(file: Path) -> tuple[float, float]:
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "goldlint", "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, cwd=file.parent)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                             "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
    proc.stdin.flush()
    while _read(proc.stdout).get("id") != 1:
        pass
    initialize = time.perf_counter() - start
    proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    proc.stdin.flush()
    time.sleep(0.3)  # (the server started: the open is timed alone)
    uri = file.resolve().as_uri()
    opened = time.perf_counter()
    proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": file.read_text(encoding="utf-8")}}}))
    proc.stdin.flush()
    while True:
        message = _read(proc.stdout)
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            break
    first = time.perf_counter() - opened
    proc.stdin.write(_frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}) + _frame({"jsonrpc": "2.0", "method": "exit"}))
    proc.stdin.flush()
    proc.wait(timeout=30)
    return initialize, first


def serve_times(path: str, launches: int = 7) -> dict[str, Any]:
    """Medians over ``launches``: launch -> initialize answered; didOpen -> first diagnostics; and
    a bare ``import lsprotocol.types`` in a fresh interpreter, interleaved, for reference."""
    inits, opens, bare = [], [], []
    for _ in range(launches):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import lsprotocol.types"], check=True)
        bare.append(time.perf_counter() - start)
        initialize, first = _serve_once(Path(path) / FILES["slu"][1])
        inits.append(initialize)
        opens.append(first)
    return {"initialize_ms": round(statistics.median(inits) * 1000), "open_ms": round(statistics.median(opens) * 1000),
            "import_lsprotocol_ms": round(statistics.median(bare) * 1000), "launches": launches}


def register(scales: list[str]) -> None:
    if "10k" not in scales:  # a fixed size: runs with the 10k scale
        return
    name = "startup-examples"
    dataset(Dataset(name, "startup", "", "tests.bench.startup:write", (), len(FILES), "10k", source_version("tests.bench.startup"),
                    "one small file of each kind, from the repository's examples", "", "folder"))
    tags = frozenset({"startup"})
    case(Case(name, "python-pass", "command", argv=("{python}", "-c", "pass"), tags=tags))
    case(Case(name, "import-lsprotocol", "command", argv=("{python}", "-c", "import lsprotocol.types"), tags=tags))
    case(Case(name, "goldlint-version", "command", argv=("{python}", "-m", "goldlint", "--version"), tags=tags))
    for kind, (_, file) in FILES.items():
        case(Case(name, f"check-{kind}", "command", argv=("{python}", "-m", "goldlint", "check", "--quiet", "{path}/" + file), tags=tags))
    case(Case(name, "config-check", "command",
              argv=("{python}", "-m", "goldlint", "check", "--quiet", "{path}/with-config/" + FILES["xsid"][1]), tags=tags))
    case(Case(name, "serve", "python", "tests.bench.startup:serve_times", reps=1, tags=tags))

