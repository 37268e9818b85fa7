"""What a new user meets in the first hour, run as they run it (``python -m goldlint`` in a
subprocess): typos in --select/--ignore, files that are not gold, runs that check nothing,
what the summary line says, config mistakes, and formats that must agree with the exit code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

DATA = Path(__file__).resolve().parent / "data"
NOTHING = "goldlint: no files checked"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A dataset folder as people have them: gold files, and other JSON/YAML that is not gold."""
    (tmp_path / "gold").mkdir()
    shutil.copy(DATA / "cli" / "clean.jsonl", tmp_path / "gold" / "clean.jsonl")
    shutil.copy(DATA / "cli" / "defective.jsonl", tmp_path / "gold" / "defective.jsonl")
    (tmp_path / "package.json").write_text('{"name": "x", "version": "1.0.0"}\n', encoding="utf-8")
    (tmp_path / "dataset_info.json").write_text('{"features": {"text": {"dtype": "string"}}}\n', encoding="utf-8")
    (tmp_path / "README.md").write_text("[![ci](badge.svg)](ci)\n# data\n", encoding="utf-8")  # opens like a JSON array
    return tmp_path


@pytest.mark.parametrize("args,said", [
    (["--select", "XYZ"], "--select: `XYZ` selects no rule; `goldlint rule --all` lists them"),
    (["--ignore", "SLU0112"], "--ignore: `SLU0112` selects no rule (did you mean `SLU112`?)"),
    (["--ignore", "SLU112,GL0O4"], "--ignore: `GL0O4` selects no rule (did you mean `GL004`?)"),
    (["--select", "slux"], "--select: `SLUX` selects no rule (did you mean `SLU`?)"),
])
def test_a_typo_in_select_or_ignore_is_wrong_usage(repo: Path, run_cli, args: list[str], said: str) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("check", "gold", *args, cwd=repo)
    assert done.returncode == 2 and done.stdout == "", (done.stdout, done.stderr)
    assert done.stderr.startswith("goldlint: " + said), done.stderr


def test_selectors_that_select_something_are_accepted(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("check", "gold/clean.jsonl", "--select", "SLU1,GL", "--ignore", "SLU11,gl004", cwd=repo)
    assert done.returncode == 0, done.stderr


def test_files_of_no_known_kind_are_skipped_and_counted(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    named = ["package.json", "dataset_info.json", "README.md", "gold/clean.jsonl"]
    done = run_cli("check", *named, cwd=repo)
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert done.stdout == ("All checks passed. 1 file checked (slu 1); "
                           "3 skipped (2 kind not recognised, 1 not a gold file format).\n"), done.stdout
    assert done.stderr == ""


def test_a_broken_file_of_no_known_kind_is_still_reported(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (repo / "package.json").write_text('{"name": "x",}\n', encoding="utf-8")
    done = run_cli("check", "package.json", cwd=repo)
    assert done.returncode == 1 and done.stdout.startswith("package.json:1:14: GL003"), done.stdout
    assert "1 file checked (unknown kind 1)" in done.stdout


def test_a_kind_asked_for_checks_a_file_its_content_does_not_name(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (repo / "goldlint.yaml").write_text("kinds:\n  'package.json': slu\n", encoding="utf-8")
    done = run_cli("check", "package.json", cwd=repo)
    assert done.returncode == 1 and "package.json:1:1: SLU117" in done.stdout, done.stdout


def test_exclude_holds_for_files_named_on_the_command_line(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (repo / "goldlint.yaml").write_text("exclude: ['gold/defective.jsonl']\n", encoding="utf-8")
    done = run_cli("check", "gold/defective.jsonl", "gold/clean.jsonl", "goldlint.yaml", cwd=repo)  # as pre-commit names them
    assert done.returncode == 0, done.stdout
    assert done.stdout == "All checks passed. 1 file checked (slu 1); 2 skipped (1 excluded, 1 goldlint config).\n", done.stdout


def test_a_run_that_checks_nothing_says_so(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (repo / "empty").mkdir()
    done = run_cli("check", "empty", cwd=repo)
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr.startswith(NOTHING + ". Name gold files or folders"), done.stderr
    done = run_cli("check", "package.json", cwd=repo)
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr.startswith(NOTHING + ": 1 skipped (1 kind not recognised)."), done.stderr
    # For CI: a gate that checked nothing may fail.
    done = run_cli("check", "package.json", "--require-files", cwd=repo)
    assert done.returncode == 1 and done.stderr.startswith(NOTHING), done.stderr
    done = run_cli("check", "package.json", "--quiet", cwd=repo)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_clean_and_defective_runs_end_with_what_was_looked_at(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("check", ".", cwd=repo)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == ("Found 8 problems (3 fixable with --fix). "
                                            "2 files checked (slu 2); 2 skipped (2 kind not recognised)."), done.stdout
    quiet = run_cli("check", ".", "--quiet", cwd=repo)
    assert quiet.stdout.splitlines() == done.stdout.splitlines()[:-1]  # the diagnostics only
    stats = run_cli("check", ".", "--statistics", cwd=repo)
    assert stats.stdout.splitlines()[-1] == "8 problems in 2 files checked (slu 2); 2 skipped (2 kind not recognised).", stats.stdout


def test_sarif_carries_the_counts_and_json_stays_an_array(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    sarif = json.loads(run_cli("check", ".", "--format", "sarif", cwd=repo).stdout)
    invocation = sarif["runs"][0]["invocations"][0]
    assert invocation["properties"] == {
        "filesChecked": 2, "filesCheckedByKind": {"slu": 2}, "filesSkipped": 2, "filesSkippedByReason": {"kind not recognised": 2},
        "passed": False}
    assert isinstance(json.loads(run_cli("check", ".", "--format", "json", cwd=repo).stdout), list)


def test_junit_failures_agree_with_the_exit_code(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (repo / "goldlint.yaml").write_text("select: [SLU111]\n", encoding="utf-8")  # warnings only
    done = run_cli("check", "gold/defective.jsonl", "--format", "junit", cwd=repo)
    suites = ET.fromstring(done.stdout)
    assert done.returncode == 0 and suites.get("tests") == "1" and suites.get("failures") == "0", done.stdout
    assert suites.find(".//testcase/system-out") is not None and suites.find(".//failure") is None
    strict = run_cli("check", "gold/defective.jsonl", "--format", "junit", "--strict", cwd=repo)
    suites = ET.fromstring(strict.stdout)
    assert strict.returncode == 1 and suites.get("failures") == "1" and suites.find(".//failure") is not None


def test_every_config_problem_at_once_in_plain_words(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (repo / "goldlint.yaml").write_text(
        "select: SLU\nignore: [SLU0112]\nmax-depth: 5000\nexclud: [a]\nkinds:\n  'x/*.json': slurpy\n", encoding="utf-8")
    done = run_cli("check", "gold", cwd=repo)
    assert done.returncode == 2 and done.stdout == ""
    config = repo / "goldlint.yaml"
    assert done.stderr.splitlines() == [
        f"goldlint: bad config: {config}:1:9: select: expected a list, e.g. `[A, B]`, not `SLU`",
        f"goldlint: bad config: {config}:2:10: ignore[0]: `SLU0112` selects no rule (did you mean `SLU112`?); `goldlint rule --all` lists them",
        f"goldlint: bad config: {config}:3:12: max-depth: must be at most 1024, not `5000`",
        f"goldlint: bad config: {config}:4:1: exclud: unknown key `exclud` (did you mean `exclude`?)",
        f"goldlint: bad config: {config}:6:15: kinds.x/*.json: `slurpy` is not a kind; kinds are slu, runcard, corpus, semantic, mix-config, truth, xsid, slurp",
    ], done.stderr


def test_a_run_card_at_the_top_of_a_folder_is_a_submission_only_when_asked(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    shutil.copy(DATA / "precommit" / "gold" / "run_card.json", repo / "gold" / "run_card.json")
    (repo / "gold" / "defective.jsonl").unlink()
    done = run_cli("check", "gold", cwd=repo)
    assert done.returncode == 0 and "RUN11" not in done.stdout, done.stdout
    asked = run_cli("check", "gold", "--submission", cwd=repo)
    assert asked.returncode == 1, asked.stdout
    codes = [line.split(": ")[1].split()[0] for line in asked.stdout.splitlines() if ": RUN" in line]
    assert codes == ["RUN113", "RUN114", "RUN115"], asked.stdout


def test_version_answers_before_anything_heavy_is_imported(run_cli) -> None:  # type: ignore[no-untyped-def]
    """`goldlint --version` (the pre-commit hook's and every script's first call) imports no
    CLI framework, validator, parser or family: pinned by what it imports, not by a time."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "goldlint", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("goldlint "), done.stdout
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert {"goldlint", "goldlint.launch"} <= imported
    heavy = {m for m in imported if m.split(".")[0] in ("typer", "click", "pydantic", "rich", "lark", "yaml", "ruamel", "orjson")
             or m.startswith(("goldlint.cli", "goldlint.families", "goldlint.engine", "goldlint.config"))}
    assert heavy == set(), sorted(heavy)


def test_output_is_complete_when_the_process_leaves_early(repo: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """Runs leave with os._exit once their output is flushed: nothing written may be lost,
    to a pipe or to --output-file."""
    done = run_cli("check", ".", "--format", "json", cwd=repo)
    assert len(json.loads(done.stdout)) == 8
    run_cli("check", ".", "--format", "sarif", "--output-file", "out.sarif", cwd=repo)
    assert json.loads((repo / "out.sarif").read_text(encoding="utf-8"))["runs"][0]["results"]
