"""The worst inputs, each in a child process under a memory cap (``RLIMIT_AS``) and a time
limit: what once grew without bound now ends with a diagnostic inside the cap."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Iterator
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
    """4 MB of anchored flow maps, each aliased once (96,000 anchors; 30 s in pure Python, 4 s by libyaml).
    Its 1.2 million nodes (aliases expanded) are past the default ``max-yaml-nodes``: raised here,
    to read it whole."""
    (tmp_path / "goldlint.yaml").write_text("max-yaml-nodes: 1500000\n", encoding="utf-8")
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


def _tagged_yaml_with_tabs(size: int) -> str:
    parts, k, length = [], 0, 0
    while length < size:
        parts.append(f'- id: !!int {k}\n  text: "a\\tb\tc {k}"\n  label: !local x{k}\n')
        length += len(parts[-1])
        k += 1
    return "".join(parts)


def test_yaml_with_tags_and_tabs_is_read_in_one_pass_of_libyaml(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tags and tabs in quoted scalars sent the whole text to ruamel.yaml's pure-Python reader
    (4 MiB: 39 s with tags, 31 s with tabs); libyaml reads them as it does: counted, the
    pure reader is never entered, and each local tag is still reported where it is written."""
    from goldlint.findings import FINDINGS_PER_RULE
    from goldlint.formats import yaml_doc, yaml_events

    pure: list[str] = []
    reference = yaml_events.ruamel_events

    def counted(text: str) -> tuple[Iterator[yaml_events.Event], yaml_events.Resolve]:
        pure.append(text)
        return reference(text)

    monkeypatch.setattr(yaml_events, "ruamel_events", counted)
    doc = yaml_doc.YamlDocument("gold.yaml", _tagged_yaml_with_tabs(200_000))
    assert doc.ok and not pure
    assert doc.root[1] == {"id": 1, "text": "a\tb\tc 1", "label": "x1"}
    tags = [f for f in doc.findings if f.code == "GL003"]
    span = doc.resolve([tags[1].where])[0]
    assert len(tags) == min(len(doc.root), FINDINGS_PER_RULE) and span is not None and (span.start.line, span.start.column) == (6, 10)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
def test_yaml_of_tags_and_tabs_at_the_size_limit_is_checked_inside_the_cap(tmp_path: Path) -> None:
    (tmp_path / "gold.yaml").write_text(_tagged_yaml_with_tabs(4_000_000), encoding="utf-8")
    done = _capped(["check", "--kind", "semantic", "gold.yaml"], tmp_path)
    assert b"MemoryError" not in done.stderr and b"internal error" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1 and b"gold.yaml:3:10: GL003 " in done.stdout and b"gold.yaml:1:1: SEM101" in done.stdout, done.stdout[-2000:]


def test_a_file_that_exhausts_memory_is_reported_not_an_internal_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside every size limit a file can still need more memory than the process may have
    (under ``ulimit -v`` the 200 MB line once ended in ``MemoryError``, exit 2): that file gets
    a GL011 at its start, and the run goes on to the next file."""
    from goldlint import engine

    (tmp_path / "big.json").write_text('{"a": 1}', encoding="utf-8")
    (tmp_path / "next.json").write_text('{"a": 1,}', encoding="utf-8")
    real = engine._check_file

    def exhausted(path: Path, *args: object) -> engine.FileResult:
        if path.name == "big.json":
            raise MemoryError
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "_check_file", exhausted)
    big = engine.check_file(tmp_path / "big.json", kind="semantic")
    assert [(d.code, d.span.start.line, d.span.start.column) for d in big.diagnostics] == [("GL011", 1, 1)]
    assert "ran out of memory" in big.diagnostics[0].message
    assert [d.code for d in engine.check_file(tmp_path / "next.json", kind="semantic").diagnostics][:1] == ["GL003"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
def test_three_million_empty_records_under_a_tight_cap_end_with_a_diagnostic(tmp_path: Path) -> None:
    """Under 600 MB of address space, 9 MB of ``[{}, …]`` died by SIGSEGV: the duplicate-key
    test re-serialised the value with orjson, which reserves some 130 bytes of address space
    a value. Now it is checked, or (with less memory still) a GL011 says it ran out."""
    (tmp_path / "gold.json").write_text("[" + ",".join(["{}"] * 3_000_000) + "]", encoding="utf-8")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (600 << 20, 600 << 20))

    for cap in (limit, _tighter):
        done = subprocess.run([sys.executable, "-m", "goldlint", "check", "--kind", "slu", "gold.json"], cwd=tmp_path, capture_output=True,
                              timeout=120, preexec_fn=cap, check=False)
        assert done.returncode == 1 and b"internal error" not in done.stderr, (done.returncode, done.stderr[-2000:])
        assert b"gold.json:1:" in done.stdout, done.stdout[-2000:]


def _tighter() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (250 << 20, 250 << 20))  # (orjson.loads itself runs out: a SystemError from MemoryError)
