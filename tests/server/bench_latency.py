"""Diagnostic latency after an edit in a 10,000-record SLU JSON Lines file.

    python tests/server/bench_latency.py [--edits 50] [--records 10000]

The public RuSLUn record repeated with ids 1..N (about 24 MB), as two files: "real" (the
record as published: its intents have upper-case letters, so every record carries a SLU112
warning — 10,000 diagnostics a publication) and "clean" (intents and inventory
lower-cased: no diagnostics but the edit's own). The measurement itself is
``tests/bench/serve.py``, which the benchmark suite runs on every family
(``python -m tests.bench --family serve``). Not a test (pytest does not collect it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests.bench.serve import EDITS, PATTERNS, measure

RECORD = HERE.parent / "data" / "server" / "ruslun_example_record.json"


def records(n: int, clean: bool) -> list[str]:
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    if clean:
        record["inputs"]["annotation"] = record["inputs"]["annotation"].replace("RateBook", "ratebook")
        record["outputs"]["intent"] = "ratebook"
        record["outputs"]["slots"][2]["best_rating"] = "шести"
    lines = []
    for i in range(n):
        record["meta"]["id"] = i + 1
        lines.append(json.dumps(record, ensure_ascii=False))
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=EDITS)
    parser.add_argument("--records", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
        for label, clean in (("clean", True), ("real", False)):
            path = folder / f"{label}.jsonl"
            path.write_text("\n".join(records(args.records, clean)) + "\n", encoding="utf-8")
            print(json.dumps({"file": label, **await measure(path, PATTERNS["slu"], args.edits)}), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
