"""The benchmark's report and the README's performance table, from a fixed result (no timing:
``tests/data/bench/result.json`` is written by hand), and the benchmark's launcher on a
command that is not installed."""

from __future__ import annotations

import copy
import json
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench import readme, registry, run, tools

DATA = Path(__file__).parent / "data" / "bench"
REPO = Path(__file__).resolve().parents[1]


def result() -> dict:
    return json.loads((DATA / "result.json").read_text(encoding="utf-8"))


def test_the_readme_table_is_generated_from_the_result() -> None:
    assert readme.table(result()) == (DATA / "readme-table.md").read_text(encoding="utf-8")


def test_a_result_merged_from_several_runs_says_their_commits_and_repetitions() -> None:
    """``--merge`` keeps rows of earlier runs: the table names every commit its rows were
    measured at and the range of their repetitions, not only the last run's."""
    merged = result()
    rows = list(merged["cases"].values())
    for n, row in enumerate(rows):
        row["run"] = {"when": "2026-01-01T00:00:00+00:00", "commit": "aaaaaaa" if n % 2 else "bbbbbbb", "scales": "10k"}
        if row.get("reps", 1) > 1:
            row["reps"] = 2 if n % 2 else 3
    head = readme.table(merged).splitlines()[0]
    assert "at aaaaaaa, bbbbbbb (rows of several runs)" in head and "Medians of 2–3 interleaved repetitions" in head


def test_a_skipped_tool_is_one_line_of_the_table() -> None:
    got = result()
    got["skipped"] = {"jsonvet": "not installed (pip install '.[bench]')"}
    assert "\njsonvet: skipped, not installed (pip install '.[bench]').\n" in readme.table(got)


def test_the_readme_has_the_markers_once_and_only_the_block_between_them_changes() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.table(result())
    spliced = readme.splice(text, block)
    head, tail = text.split(readme.BEGIN)[0], text.split(readme.END)[1]
    assert spliced == f"{head}{readme.BEGIN}\n{block}{readme.END}{tail}"
    assert readme.splice(spliced, block) == spliced  # a second rewrite changes nothing
    assert spliced.index("## Performance") < spliced.index(readme.BEGIN) < spliced.index("## Security")


def test_a_readme_without_the_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="markers"):
        readme.splice("# goldlint\n", "| table |\n")


def test_the_report_reads_results_with_and_without_cpu_time() -> None:
    """A result written before CPU time was measured (no ``median_cpu_s``) still reports."""
    new = result()
    old = copy.deepcopy(new)
    for row in old["cases"].values():
        for key in ("median_cpu_s", "min_cpu_s", "max_cpu_s", "cpu_ratio"):
            row.pop(key, None)
    del old["skipped"]
    assert "| 2.5× | 2.5× |" in run.tables(new)  # wall and CPU ratios of the clean SLU JSONL file
    assert "| 2.5× | - |" in run.tables(old)
    assert "| **2.5×** | - |" in readme.table(old)


def test_cpu_time_is_summarised_beside_wall_time(tmp_path: Path) -> None:
    registry.load(["10k"], ["corpus"])
    data = tmp_path / "corpus.json"
    data.write_bytes(b"{}")
    cases = [registry.CASES["corpus-spec-10k/parse-process"], registry.CASES["corpus-spec-10k/goldlint-cli"]]
    samples = {cases[0].name: [{"seconds": s, "cpu_s": c, "max_rss_kib": 1024, "result": {"exit": 0}} for s, c in ((0.1, 0.05), (0.3, 0.05), (0.2, 0.04))],
               cases[1].name: [{"seconds": s, "cpu_s": c, "max_rss_kib": 2048, "result": {"exit": 0}} for s, c in ((0.4, 0.2), (0.2, 0.2), (0.9, 0.1))]}
    rows = run.summarise(cases, samples, {"corpus-spec-10k": data})
    cli = rows["corpus-spec-10k/goldlint-cli"]
    assert (cli["median_s"], cli["median_cpu_s"]) == (0.4, 0.2)
    assert cli["ratio"] == pytest.approx(0.4 / 0.2)
    assert cli["cpu_ratio"] == pytest.approx(0.2 / statistics.median([0.05, 0.05, 0.04]))


def test_a_command_not_installed_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    missing = str(tmp_path / "jsonvet")
    done = subprocess.run([sys.executable, "-m", "tests.bench.child", "--command", missing, "--version"], cwd=REPO,
                          capture_output=True, text=True, check=True)
    got = json.loads(done.stdout)
    assert got["exit"] is None
    assert got["stderr"] == f"cannot start {missing}: No such file or directory"
    assert "Traceback" not in done.stderr


def test_the_tools_not_installed_are_skipped_with_the_install_command() -> None:
    skipped = tools.skipped(set(tools.TOOLS))
    assert set(skipped) == {t for t in tools.TOOLS if not tools.installed(t)}
    for tool, reason in skipped.items():
        assert tools.skip_line(tool, reason) == f"skipped: {tool} not installed (pip install '.[bench]')"


def test_the_data_check_knows_the_per_rule_cap() -> None:
    """At 1M entries a defect kind gives more findings than goldlint keeps of one rule: the
    rest are one GL012, and the data are still what they claim."""
    row = {"measure": "goldlint-engine", "expect": "defective", "records": 1_000_000, "family": "slu",
           "result": {"diagnostics": 6672, "codes": {"SLU102": 1667, "SLU103": 1000, "SLU111": 1000, "SLU105": 1000,
                                                     "SLU112": 1000, "GL003": 1000, "GL012": 5}}}
    assert run.verify(row) == "ok (6 rules capped at 1,000 findings, GL012)"
    row["result"]["codes"].pop("GL012")
    assert run.verify(row) == "FAIL: 6672 findings of 6 rules for 10000 defects"
