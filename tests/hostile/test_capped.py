"""The worst inputs, each in a child process under a memory cap (``RLIMIT_AS``) and a time
limit: what once grew without bound now ends with a diagnostic inside the cap."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

CAP = 1536 << 20  # bytes of address space: far below what the unbounded runs took (7 GB, 24 GB)


def _capped(args: list[str], cwd: Path, stdin: int | None = None) -> subprocess.CompletedProcess[bytes]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))

    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, "-m", "goldlint", *args], cwd=cwd, stdin=stdin, capture_output=True, timeout=120,
                          preexec_fn=limit, env=env, check=False)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
def test_an_endless_standard_input_ends_at_the_size_limit_inside_the_cap(tmp_path: Path) -> None:
    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        done = _capped(["check", "/dev/stdin", "--kind", "slu"], tmp_path, stdin=yes.stdout.fileno() if yes.stdout else None)
    finally:
        yes.kill()
        yes.wait()
        if yes.stdout:
            yes.stdout.close()
    assert done.returncode == 1, done.stderr[-2000:]
    assert b"/dev/stdin:1:1: GL011" in done.stdout and b"MemoryError" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
def test_a_jsonl_line_of_200_megabytes_is_read_past_inside_the_cap(tmp_path: Path) -> None:
    with (tmp_path / "gold.jsonl").open("w", encoding="utf-8") as out:
        out.write('{"text": "')
        for _ in range(200):
            out.write("x" * (1 << 20))
        out.write('"}\n{"broken": \n')
    done = _capped(["check", "gold.jsonl"], tmp_path)
    assert b"MemoryError" not in done.stderr and b"internal error" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1 and b"gold.jsonl:1:1: GL011" in done.stdout and b"gold.jsonl:2:" in done.stdout, done.stdout[-2000:]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
def test_a_million_empty_records_end_with_a_bounded_report_inside_the_cap(tmp_path: Path) -> None:
    """``[{}, {}, …]`` as SLU: three SLU117 per record made 3,000,000 diagnostics (about 3 GB);
    now 1,000 of them, a GL012 counting the rest, and a GL011 where the check stopped."""
    (tmp_path / "gold.json").write_text("[" + ",".join(["{}"] * 1_000_000) + "]", encoding="utf-8")
    done = _capped(["check", "--kind", "slu", "gold.json"], tmp_path)
    assert b"MemoryError" not in done.stderr and b"internal error" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1 and b"gold.json:1:1001: GL012" in done.stdout and b": GL011 " in done.stdout, done.stdout[-2000:]
    assert done.stdout.count(b"\n") < 1_100


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
def test_yaml_of_many_anchored_maps_at_the_size_limit_is_read_inside_the_cap(tmp_path: Path) -> None:
    """4 MB of anchored flow maps, each aliased once (96,000 anchors; 30 s in pure Python, 4 s by libyaml)."""
    with (tmp_path / "gold.yaml").open("w", encoding="utf-8") as out:
        k = 0
        while out.tell() < 4_000_000:
            out.write(f"- &m{k} {{k: {k}, l: [1, 2]}}\n- *m{k}\n")
            k += 1
    done = _capped(["check", "--kind", "semantic", "gold.yaml"], tmp_path)
    assert b"MemoryError" not in done.stderr and b"internal error" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1 and b"gold.yaml:1:1: SEM101" in done.stdout, done.stdout[-2000:]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
def test_a_truth_header_of_100000_columns_is_checked_inside_the_cap(tmp_path: Path) -> None:
    """A header of 100,000 unknown columns: one TRU101 each, 1,000 of them shown and a GL012 for the rest."""
    columns = 100_000
    (tmp_path / "gold.tsv").write_text("\t".join(f"column{n}" for n in range(columns)) + "\n" + "\t".join("x" for _ in range(columns)) + "\n",
                                       encoding="utf-8")
    done = _capped(["check", "--kind", "truth", "gold.tsv"], tmp_path)
    assert b"MemoryError" not in done.stderr and b"internal error" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1 and b": GL012 " in done.stdout and done.stdout.count(b"\n") < 1_100, done.stdout[-2000:]


def _peak_resident(args: list[str], cwd: Path) -> int:
    """The peak resident memory (kB) of one goldlint run in a child process, as its parent counts it."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "goldlint", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120, check=True)
    return int(done.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss in kB, as Linux counts it")
def test_checking_a_million_empty_records_costs_about_what_parsing_them_does(tmp_path: Path) -> None:
    """``[{}, {}, …]`` costs some twenty times its size once parsed (a dict per three bytes);
    the check on top of that may add little. Placing the findings held, besides the parsed
    value, an object per item and two lists of Python ints (45 MB: 3.5 GB resident, where
    the parse alone took 1.4 GB); now the value is freed first and the offsets are machine integers."""
    (tmp_path / "gold.json").write_text("[" + ",".join(["{}"] * 1_000_000) + "]", encoding="utf-8")
    parsed_only = _peak_resident(["check", "gold.json"], tmp_path)  # of no kind: parsed, then skipped
    checked = _peak_resident(["check", "--kind", "slu", "gold.json"], tmp_path)
    assert checked < 1.3 * parsed_only, (checked, parsed_only)
