"""The command line: formats (snapshots), exit codes, options, config and fixes."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from goldlint import config as cfg
from goldlint import engine
from goldlint.cli import app
from tests.snapshot import assert_snapshot

DATA = Path(__file__).parent / "data" / "cli"
SNAPSHOTS = Path(__file__).parent / "snapshots"
runner = CliRunner()


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding copies of the example files, as the current directory."""
    for name in ("clean.jsonl", "defective.jsonl", "legacy_tiers.json"):
        shutil.copy(DATA / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    cfg.load.cache_clear()
    return tmp_path


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def snapshot(name: str, actual: str) -> None:
    assert_snapshot(SNAPSHOTS / name, actual)


@pytest.mark.parametrize("fmt,ext", [("text", "txt"), ("json", "json"), ("github", "txt"), ("sarif", "json"), ("junit", "xml")])
def test_reporter_snapshot(work: Path, fmt: str, ext: str) -> None:
    code, out = run("check", "defective.jsonl", "--format", fmt)
    assert code == 1
    snapshot(f"defective.{fmt}.{ext}", out)


@pytest.mark.parametrize("fmt,ext", [("text", "txt"), ("json", "json"), ("sarif", "json")])
def test_reporter_snapshot_with_alternative_fixes(work: Path, fmt: str, ext: str) -> None:
    """`easy`/`hard` legacy tiers: two unsafe fixes each, the documented choice first."""
    code, out = run("check", "legacy_tiers.json", "--format", fmt, "--select", "COR110")
    assert code == 1
    snapshot(f"legacy_tiers.{fmt}.{ext}", out)


def test_unsafe_fixes_apply_the_preferred_choice_never_an_alternative(work: Path) -> None:
    code, _ = run("check", "legacy_tiers.json", "--select", "COR110", "--fix", "--unsafe-fixes")
    assert code == 0
    assert [e["difficulty"] for e in json.loads(Path("legacy_tiers.json").read_text(encoding="utf-8"))] == [1, 5]


def test_json_format_is_the_stable_interface(work: Path) -> None:
    _, out = run("check", "defective.jsonl", "--format", "json")
    items = json.loads(out)
    assert {tuple(sorted(i)) for i in items} == {("code", "fix", "message", "name", "path", "range", "severity")}
    first = items[0]
    assert first["range"] == {"start": {"line": 1, "column": 278}, "end": {"line": 1, "column": 288}}
    assert first["fix"]["applicability"] == "safe"
    assert first["fix"]["edits"] == [{"range": first["range"], "new_text": '"rate_book"'}]
    _, clean = run("check", "clean.jsonl", "--format", "json")
    assert clean == "[]\n"


def test_sarif_has_one_rule_per_code_and_regions(work: Path) -> None:
    _, out = run("check", "defective.jsonl", "--format", "sarif")
    log = json.loads(out)
    assert log["version"] == "2.1.0"
    run_ = log["runs"][0]
    ids = [r["id"] for r in run_["tool"]["driver"]["rules"]]
    assert ids == sorted(set(ids)) and "SLU102" in ids
    for result in run_["results"]:
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert run_["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == result["ruleId"]


@pytest.mark.parametrize("name", ["a b#1.jsonl", "p%0A.jsonl", "new\nline.jsonl", "c:d.jsonl", "q?x=1.jsonl", os.fsdecode(b"bad\xff.jsonl")])
def test_sarif_uris_are_percent_encoded_relative_references(work: Path, name: str) -> None:
    """A consumer decodes ``artifactLocation.uri`` as a URI (RFC 3986): `#` starts a fragment,
    `?` a query, `%0A` is a line break and `c:` a scheme, unless they are percent-encoded."""
    from urllib.parse import unquote, urlsplit

    shutil.copy("defective.jsonl", name)
    _, out = run("check", name, "--format", "sarif")
    result = json.loads(out)["runs"][0]["results"][0]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert re.fullmatch(r"[A-Za-z0-9._~!$&'()*+,;=:@/%-]+", uri), uri  # (only what a URI's path may hold)
    parts = urlsplit(uri)
    assert (parts.scheme, parts.netloc, parts.query, parts.fragment) == ("", "", "", ""), uri
    assert unquote(parts.path, errors="surrogateescape") == name


def test_exit_codes(work: Path) -> None:
    assert run("check", "clean.jsonl")[0] == 0
    assert run("check", "defective.jsonl")[0] == 1
    assert run("check", "defective.jsonl", "--exit-zero")[0] == 0
    assert run("check", "defective.jsonl", "--select", "GL008")[0] == 0  # a warning only
    assert run("check", "defective.jsonl", "--select", "GL008", "--strict")[0] == 1
    code, out = run("check", "no-such-file.json")
    assert code == 2 and "no such file" in out
    code, out = run("check", "clean.jsonl", "--kind", "nonsense")
    assert code == 2 and "unknown kind" in out


def test_usage_and_config_errors_show_control_characters_escaped(work: Path) -> None:
    """A path or a config value in an error line is written as the reports write it: an ESC
    sequence in it must not reach the terminal."""
    code, out = run("check", "no\x1b[2Jsuch")
    assert code == 2 and "\x1b" not in out and "no\\x1b[2Jsuch: no such file or folder" in out, out
    Path("goldlint.yaml").write_text('select: ["\\e[2J"]\n', encoding="utf-8")
    code, out = run("check", "clean.jsonl")
    assert code == 2 and "\x1b" not in out and "`\\x1b[2J` selects no rule" in out, out


def test_select_ignore_and_statistics(work: Path) -> None:
    _, out = run("check", "defective.jsonl", "--select", "SLU1", "--ignore", "SLU105,SLU109", "--statistics")
    assert out.splitlines() == [
        "     1  SLU102  intent-not-in-inventory  [*]",
        "     1  SLU103  slot-not-allowed-for-intent",
        "     1  SLU108  audio-type-vocabulary  [*]",
        "     1  SLU111  slot-text-convention",
        "4 problems in 1 file checked (slu 1).",
    ]


def test_quiet_and_output_file(work: Path) -> None:
    code, out = run("check", "defective.jsonl", "--quiet", "--output-file", "report.txt")
    assert code == 1 and out == ""
    report = (work / "report.txt").read_text(encoding="utf-8")
    assert report.count("\n") == 8 and "Found" not in report


def test_fix_writes_safe_fixes_atomically_and_is_idempotent(work: Path) -> None:
    target = work / "defective.jsonl"
    os.chmod(target, 0o640)
    before = target.read_text(encoding="utf-8")
    code, out = run("check", "defective.jsonl", "--fix")
    assert code == 1  # unfixable errors remain
    assert "Fixed 3 problems." in out
    after = target.read_text(encoding="utf-8")
    assert after == before.replace('"rate_bok"', '"rate_book"').replace("доктор живаго ", "доктор живаго").replace('"reel"', '"real"')
    assert oct(target.stat().st_mode & 0o777) == oct(0o640)
    assert not list(work.glob(".*.goldlint.tmp"))
    code, out = run("check", "defective.jsonl", "--fix")
    assert "Fixed" not in out and target.read_text(encoding="utf-8") == after


def test_diff_prints_and_writes_nothing(work: Path) -> None:
    before = (work / "defective.jsonl").read_text(encoding="utf-8")
    code, out = run("check", "defective.jsonl", "--diff")
    assert code == 1
    assert out.startswith("--- a/defective.jsonl\n+++ b/defective.jsonl\n")
    assert '"rate_book"' in out and (work / "defective.jsonl").read_text(encoding="utf-8") == before


@pytest.mark.parametrize("name,quoted", [(os.fsdecode(b"bad\xff.jsonl"), '"a/bad\\377.jsonl"'),
                                         ("evil\n+++ x.jsonl", '"a/evil\\n+++ x.jsonl"'),
                                         ('q"\\.jsonl', '"a/q\\"\\\\.jsonl"'), ("é ok.jsonl", "a/é ok.jsonl")])
def test_diff_quotes_a_name_as_git_does(work: Path, name: str, quoted: str) -> None:
    """A name a diff header cannot hold as it is (a byte not in UTF-8, a line break, a quote or
    a backslash) is quoted C-style, as git writes it and patch reads it; --output-file wrote no
    such name at all (an internal error), and a line break in one started a header of its own."""
    shutil.copy("defective.jsonl", name)
    code, _ = run("check", name, "--diff", "--output-file", "out.diff")
    assert code == 1
    lines = Path("out.diff").read_text(encoding="utf-8").splitlines()
    assert lines[:2] == [f"--- {quoted}", f"+++ {quoted.replace('a/', 'b/', 1)}"]
    assert lines[2].startswith("@@ ")


def test_only_fix_writes_and_diff_never_does(work: Path) -> None:
    """As ruff: --unsafe-fixes alone only enables unsafe fixes (it rewrote the file with them),
    and --diff writes nothing, with --fix too (--fix --diff wrote the file)."""
    tiers = (work / "legacy_tiers.json").read_text(encoding="utf-8")
    code, out = run("check", "legacy_tiers.json", "--select", "COR110", "--unsafe-fixes")
    assert code == 1 and "Fixed" not in out
    assert (work / "legacy_tiers.json").read_text(encoding="utf-8") == tiers
    before = (work / "defective.jsonl").read_text(encoding="utf-8")
    code, out = run("check", "defective.jsonl", "--fix", "--diff")
    assert code == 1 and out.startswith("--- a/defective.jsonl\n")
    assert (work / "defective.jsonl").read_text(encoding="utf-8") == before
    code, out = run("check", "legacy_tiers.json", "--select", "COR110", "--unsafe-fixes", "--diff")  # the unsafe fixes shown, not written
    assert code == 1 and '"difficulty": 5' in out and (work / "legacy_tiers.json").read_text(encoding="utf-8") == tiers


def test_diff_says_which_files_it_could_not_read(work: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """A file that does not parse has no known fixes: --diff said nothing and exited 0, as if it were clean."""
    (work / "broken.json").write_text('{"a": 1', encoding="utf-8")
    done = run_cli("check", "--diff", "broken.json", cwd=work)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith("broken.json:1:8: GL003 [error] ") and done.stderr.endswith(" (no fixes known: the file could not be read)\n"), done.stderr
    shutil.copy(DATA / "clean.jsonl", work / "clean.jsonl")
    done = run_cli("check", "--diff", "clean.jsonl", cwd=work)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_a_file_not_in_utf8_offers_no_fix_it_would_never_write(work: Path, run_cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Its text holds replacement characters where bytes were, so --fix never writes it: the
    report said "3 fixable with --fix", --fix wrote nothing and did not say why, and --diff
    printed nothing and exited 0 although the file has errors."""
    data = (DATA / "defective.jsonl").read_bytes().replace("Что".encode(), "Что".encode("cp1251"), 1)
    (work / "defective.jsonl").write_bytes(data)
    code, out = run("check", "defective.jsonl")
    assert code == 1 and "GL001" in out and "fixable" not in out and "[*" not in out, out
    with monkeypatch.context() as streaming:  # (a large JSON Lines file, read a line at a time)
        streaming.setattr(engine, "STREAM_ABOVE", 0)
        code, streamed = run("check", "defective.jsonl")
    assert streamed == out
    code, out = run("check", "defective.jsonl", "--fix")
    assert code == 1 and "fixable" not in out and "Fixed" not in out and (work / "defective.jsonl").read_bytes() == data
    done = run_cli("check", "--diff", "defective.jsonl", cwd=work)
    assert (done.returncode, done.stdout) == (1, ""), done.stderr
    assert done.stderr.startswith("defective.jsonl:1:") and "GL001 [error] invalid UTF-8" in done.stderr, done.stderr
    assert done.stderr.endswith(" (no fixes known: the file is not valid UTF-8)\n"), done.stderr


def test_folder_walk_skips_unknown_kinds_silently(work: Path) -> None:
    (work / "sub").mkdir()
    (work / "sub" / "package.json").write_text('{"name": "x"}', encoding="utf-8")
    (work / "sub" / "notes.txt").write_text("hello", encoding="utf-8")
    shutil.copy(DATA / "clean.jsonl", work / "sub" / "more.jsonl")
    code, out = run("check", "sub")
    assert (code, out) == (0, "All checks passed. 1 file checked (slu 1); 1 skipped (1 kind not recognised).\n")
    code, out = run("check", "sub/package.json")  # named, read, of no kind: skipped and said, not an error
    assert (code, out) == (0, "goldlint: no files checked: 1 skipped (1 kind not recognised). "
                              "Name gold files or folders, or a kind with --kind or a `kinds` glob in config.\n")
    code, out = run("check", "sub/package.json", "--kind", "slu")  # asked for a kind: checked as one
    assert code == 1 and "SLU" in out


def test_a_file_named_twice_is_checked_once(work: Path) -> None:
    """The same file named twice, directly or through a folder, is one file: not compared with
    itself (each item its own DS103 duplicate and DS105 id in "another file"), nor reported twice."""
    (work / "d").mkdir()
    shutil.copy(Path(__file__).parent / "data" / "slurp" / "test.jsonl", work / "d" / "test.jsonl")
    (work / "same").symlink_to(work / "d", target_is_directory=True)
    once = "All checks passed. 1 file checked (slurp 1).\n"
    assert run("check", "d", "--select", "DS") == (0, once)
    for paths in (["d", "d/test.jsonl"], ["d/test.jsonl", "./d/test.jsonl"], ["d", "same"], ["d/test.jsonl", "d"]):
        assert run("check", *paths, "--select", "DS") == (0, once), paths
    # (two names of one file in a folder are two files: a split that is a link to another is a leak)
    (work / "d" / "train.jsonl").symlink_to("test.jsonl")
    code, out = run("check", "d", "d/train.jsonl", "--select", "DS")
    assert code == 1 and "DS105" in out and out.endswith("2 files checked (slurp 2).\n"), out


def test_a_file_named_and_in_a_folder_named_is_given_as_named(tmp_path: Path) -> None:
    """Named, a file is checked as named (a pipe read, a file of no kind said), wherever else it is met."""
    from goldlint.engine import iter_files

    (tmp_path / "d").mkdir()
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / "d" / name).write_text("{}\n", encoding="utf-8")
    d, b = tmp_path / "d", tmp_path / "d" / "b.jsonl"
    loaded = cfg.for_file(b)
    for paths in ([d, b], [b, d]):
        given = [(p.name, explicit) for p, explicit in iter_files(paths, lambda _: loaded)]
        assert sorted(given) == [("a.jsonl", False), ("b.jsonl", True)], (paths, given)


def test_config_select_per_file_ignores_kinds_and_exclude(work: Path) -> None:
    (work / "goldlint.yaml").write_text(
        "ignore: [SLU111]\nper-file-ignores:\n  'defective.jsonl': [SLU105]\nexclude: ['skip/']\nkinds:\n  '*.gold.json': slu\n",
        encoding="utf-8",
    )
    (work / "skip").mkdir()
    shutil.copy(DATA / "defective.jsonl", work / "skip" / "bad.jsonl")
    (work / "x.gold.json").write_text('{"whatever": 1}', encoding="utf-8")
    _, out = run("check", ".", "--format", "json")
    codes = {(Path(d["path"]).name, d["code"]) for d in json.loads(out)}
    assert ("defective.jsonl", "SLU111") not in codes and ("defective.jsonl", "SLU105") not in codes
    assert ("defective.jsonl", "SLU102") in codes
    assert not any(name == "bad.jsonl" for name, _ in codes)
    assert ("x.gold.json", "SLU117") in codes  # forced to slu by the kinds glob


def test_pyproject_config_and_family_table(work: Path) -> None:
    (work / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.goldlint]\nselect = ["SLU108"]\n\n[tool.goldlint.slu]\naudio-types = ["real", "reel"]\n',
        encoding="utf-8",
    )
    assert run("check", "defective.jsonl") == (0, "All checks passed. 1 file checked (slu 1).\n")


def test_bad_config_is_exit_2_with_its_position(work: Path) -> None:
    (work / "goldlint.yaml").write_text("select: [SLU1]\nslu:\n  audio-type: [real]\n", encoding="utf-8")
    code, out = run("check", "clean.jsonl")
    assert code == 2
    assert out.strip().endswith("goldlint.yaml:3:3: slu.audio-type: unknown key `audio-type` (did you mean `audio-types`?)")
    (work / "goldlint.yaml").write_text("select: [slu-one]\n", encoding="utf-8")
    code, out = run("check", "clean.jsonl")
    assert code == 2 and "goldlint.yaml:1:10: select[0]: `slu-one` selects no rule" in out


def test_bad_pyproject_config_position(work: Path) -> None:
    (work / "pyproject.toml").write_text('[tool.goldlint]\nselect = ["ALL"]\nmax-file-size = -1\n', encoding="utf-8")
    code, out = run("check", "clean.jsonl")
    assert code == 2 and "pyproject.toml:3:17: max-file-size" in out  # (at `-1`, not at its key)


def _assert_placed(config: Path, problems: list[str]) -> None:
    """The config's problems, each at the line and column that ``problems`` begins with."""
    with pytest.raises(cfg.ConfigError) as caught:
        cfg.read(config)
    found = [f"{p.line}:{p.column}: {p.message}" for p in caught.value.problems]
    assert len(found) == len(problems), found
    for got, expected in zip(found, problems, strict=True):
        assert got.startswith(expected), (got, expected)


@pytest.mark.parametrize(("text", "problems"), [
    # an item of a list written over many lines
    ('[tool.goldlint]\nselect = [\n  "SLU101",\n  42,\n]\n', ["4:3: select[1]"]),
    # a value in an inline table; an unknown key there is at the key
    ('[tool.goldlint]\nselect = ["ALL"]\nslu = { min-speaker-age = -1 }\n', ["3:27: slu.min-speaker-age"]),
    ('[tool.goldlint]\nslu = { bogus = 1 }\n', ["2:9: slu.bogus: unknown key"]),
    # dotted keys, from the goldlint table and from the tool table
    ('[tool.goldlint]\nslu.min-speaker-age = -1\n', ["2:23: slu.min-speaker-age"]),
    ('[tool]\ngoldlint.max-depth = 0\n', ["2:22: max-depth"]),
    ('[tool.goldlint]\nslu.bogus = 1\n', ["2:5: slu.bogus: unknown key"]),
    # a kind's own table, and a table in an inline table in it
    ('[tool.goldlint.slu]\nmin-speaker-age = -1\n', ["2:19: slu.min-speaker-age"]),
    ('[tool.goldlint.corpus]\nsegment-minimums = { dev = true }\n', ["2:28: corpus.segment-minimums.dev"]),
    ('[tool.goldlint.slu]\nbogus = 1\n', ["2:1: slu.bogus: unknown key"]),
    # a quoted key; a key of the same name in another table before
    ('[tool.goldlint]\n"max-depth" = 0\n', ["2:15: max-depth"]),
    ('[project]\nmax-depth = 5\n\n[tool.goldlint]\nmax-depth = 0\n', ["5:13: max-depth"]),
    # brackets, commas and `#` inside strings and comments; a multi-line string before
    ("[tool.goldlint]\nroots = [\"\"\"a\n]b, #\"\"\"]\nselect = [\"ALL\", # a ] comment, 1\n  'x]#', \"SLU101\", 7,\n]\n",
     ["5:3: select[1]", "5:20: select[3]"]),
    # a whole list refused at once: at the list
    ('[tool.goldlint]\nexclude = [""]\n', ["2:11: exclude"]),
])
def test_pyproject_config_errors_are_at_the_value(tmp_path: Path, text: str, problems: list[str]) -> None:
    """Each problem of a pyproject.toml config is at the value it is about (an unknown key: at the
    key), as in goldlint.yaml: an item of a list, a value in an inline table, a dotted key's value."""
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    _assert_placed(tmp_path / "pyproject.toml", problems)


def test_a_pyproject_config_the_locator_misreads_is_still_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The positions come from a walk of the TOML text beside tomllib's reading; a text it
    misreads still gives the problem (at 1:1), never an internal error."""
    def misread(text: str) -> None:
        raise IndexError("past the text")

    monkeypatch.setattr(cfg, "_toml_places", misread)
    (tmp_path / "pyproject.toml").write_text("[tool.goldlint]\nmax-depth = true\n", encoding="utf-8")
    with pytest.raises(cfg.ConfigError) as caught:
        cfg.read(tmp_path / "pyproject.toml")
    assert [(p.line, p.column) for p in caught.value.problems] == [(1, 1)] and "max-depth" in caught.value.problems[0].message


@pytest.mark.parametrize(("text", "problems"), [
    ("max-depth: true\n", ["1:12: max-depth"]),
    ("max-depth: 2000  # a comment\n", ["1:12: max-depth"]),
    ("max-depth:\n  0\n", ["2:3: max-depth"]),
    ("select: [ALL]\ndatasets: {near-duplicates: true}\n", ["2:29: datasets.near-duplicates"]),
    ("slu:\n  min-speaker-age: -1\n", ["2:20: slu.min-speaker-age"]),
    ("slu: 3\n", ["1:6: slu: expected a mapping"]),
    ("select: [ALL, 42]\n", ["1:15: select[1]"]),
    # an unknown key is at the key
    ("slu:\n  bogus: 3\n", ["2:3: slu.bogus: unknown key"]),
    ("datasets: {near-duplicate: 0.5}\n", ["1:12: datasets.near-duplicate: unknown key"]),
])
def test_yaml_config_errors_are_at_the_value(tmp_path: Path, text: str, problems: list[str]) -> None:
    """Each problem of a goldlint.yaml config is at the value it is about (an unknown key: at the key)."""
    (tmp_path / "goldlint.yaml").write_text(text, encoding="utf-8")
    _assert_placed(tmp_path / "goldlint.yaml", problems)


def test_internal_error_is_one_line_unless_verbose(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import goldlint.parallel as parallel

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(parallel, "check_file", boom)
    code, out = run("check", "clean.jsonl")
    assert code == 2
    assert out.strip() == "goldlint: internal error: RuntimeError: simulated bug (run with --verbose for the traceback)"
    code, out = run("check", "clean.jsonl", "--verbose")
    assert code == 2 and "Traceback" in out


def test_rule_docs(work: Path) -> None:
    code, out = run("rule", "SLU103")
    assert code == 0
    for heading in ("# SLU103 slot-not-allowed-for-intent", "## What it does", "## Why is this bad?", "## Example", "Use instead:", "## Fix safety"):
        assert heading in out
    code, out = run("rule", "--all", "--format", "json")
    rules = json.loads(out)
    codes = [r["code"] for r in rules]
    assert {f"GL{n:03d}" for n in range(1, 12)} <= set(codes)
    assert {f"SLU{n}" for n in range(101, 119)} <= set(codes)
    assert all(r["examples"] and r["why"] for r in rules)
    assert run("rule", "XYZ999")[0] == 2


def test_version() -> None:
    from goldlint import __version__

    assert run("--version") == (0, f"goldlint {__version__}\n")
