"""A truth row of millions of cells past its header, in a child process under a memory cap:
counted, not held (60 MB of them took 2.4 to 3.4 GB; 8 MB of quoted ones, read by the Lark
parser, 1.7 GB and 80 s)."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

CAP = (64 << 20) + 8 * 60_000_000  # Python and goldlint, and a few copies of the file


def _capped(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))

    return subprocess.run([sys.executable, "-m", "goldlint", *args], cwd=cwd, capture_output=True, timeout=120, preexec_fn=limit, check=False)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
@pytest.mark.parametrize("cell,count", [("xy", 20_000_000), ("", 60_000_000), ('"a"', 5_000_000), ('"a"b', 1_000_000)])
def test_a_row_of_millions_of_cells_is_counted_inside_the_cap(tmp_path: Path, cell: str, count: int) -> None:
    header = "text\tintent\n"
    (tmp_path / "gold.tsv").write_text(header + "\t".join([cell] * count) + "\n", encoding="utf-8")
    done = _capped(["check", "--kind", "truth", "gold.tsv"], tmp_path)
    assert b"internal error" not in done.stderr and b"out of memory" not in done.stdout, (done.stderr[-2000:], done.stdout[-2000:])
    if cell == '"a"b':  # text after a closing quote: a GL003 at each such cell is what is said (capped), and no TRU102
        assert done.returncode == 1 and b"gold.tsv:2:4: GL003 " in done.stdout and b": GL012 " in done.stdout, done.stdout[-2000:]
        return
    column = 2 * (len(cell) + 1) + 1  # the third cell: the first past the header's two
    expected = f"gold.tsv:2:{column}: TRU102 [error] row has {count} cells, the header has 2:"
    assert done.returncode == 1 and expected.encode() in done.stdout, done.stdout[-2000:]
