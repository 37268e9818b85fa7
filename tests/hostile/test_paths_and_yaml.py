"""Hostile paths and YAML, as a user (or an attacker) hands them to ``goldlint check``: every
one ends in exit 0 or 1 with a positioned diagnostic, or exit 2 with one line for wrong
usage — never an internal error (issue: reliability under attack)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from goldlint.walk import files_under
from tests.hostile.unprivileged import unprivileged


def _no_crash(done) -> None:  # type: ignore[no-untyped-def]
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr


@pytest.mark.parametrize("escape,column", [("\\UFFFFFFFF", 7), ("\\U80000000", 7), ("\\U7FFFFFFF", 7), ("\\U00110000", 7)])
@pytest.mark.parametrize("kind", [None, "semantic"])
def test_a_yaml_escape_beyond_unicode_is_a_positioned_syntax_error(tmp_path: Path, run_cli, escape: str, column: int,  # type: ignore[no-untyped-def]
                                                                     kind: str | None) -> None:
    (tmp_path / "a.yaml").write_text(f'key: "{escape}"\n', encoding="utf-8")
    done = run_cli("check", "a.yaml", *(["--kind", kind] if kind else []), cwd=tmp_path)
    _no_crash(done)
    assert done.returncode == 1
    assert done.stdout.startswith(f"a.yaml:1:{column}: GL003 [error] YAML: escape `{escape}` is not a Unicode character"), done.stdout


def test_the_same_escape_in_a_config_file_is_a_bad_config_with_its_place(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "goldlint.yaml").write_text('ignore: ["\\UFFFFFFFF"]\n', encoding="utf-8")
    (tmp_path / "a.json").write_text("{}", encoding="utf-8")
    done = run_cli("check", "a.json", cwd=tmp_path)
    _no_crash(done)
    assert done.returncode == 2 and "goldlint.yaml:1:11: YAML: escape" in done.stderr, done.stderr


@pytest.mark.parametrize("kind", [None, "semantic"])
def test_a_control_character_in_yaml_is_a_syntax_error_at_that_character(tmp_path: Path, run_cli, kind: str | None) -> None:  # type: ignore[no-untyped-def]
    """The YAML reader's refusal carries the character's offset, no mark: placed there, in one line."""
    (tmp_path / "a.yaml").write_text('a: 1\nb: 2\nc: 3\nd: 4\ne: "x\x01y"\n', encoding="utf-8")
    done = run_cli("check", "a.yaml", *(["--kind", kind] if kind else []), cwd=tmp_path)
    _no_crash(done)
    assert done.returncode == 1
    first = done.stdout.splitlines()[0]
    assert first == "a.yaml:5:6: GL003 [error] YAML: unacceptable character #x0001: special characters are not allowed", done.stdout


def test_a_control_character_in_a_config_file_is_one_bad_config_line_with_its_place(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "goldlint.yaml").write_text('select: [ALL]\nignore: []\n\nexclude: []\nroots: ["a\x01b"]\n', encoding="utf-8")
    (tmp_path / "a.json").write_text("{}", encoding="utf-8")
    done = run_cli("check", "a.json", cwd=tmp_path)
    _no_crash(done)
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert line.startswith("goldlint: bad config: "), done.stderr
    assert line.endswith("goldlint.yaml:5:11: YAML: unacceptable character #x0001: special characters are not allowed"), done.stderr


@pytest.fixture
def loops(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "a.json").symlink_to("b.json")
    (folder / "b.json").symlink_to("a.json")
    (folder / "self.json").symlink_to("self.json")
    (folder / "sub").symlink_to(".", target_is_directory=True)  # a link to a folder is not entered
    return tmp_path


@pytest.mark.parametrize("args", [[], ["--fix"], ["-j", "2"]], ids=["check", "fix", "jobs"])
@pytest.mark.parametrize("config", ["", "exclude: ['nothing/']\n"], ids=["no-config", "with-globs"])
def test_symlink_loops_in_a_folder_are_files_that_cannot_be_read(loops: Path, run_cli, args: list[str], config: str) -> None:  # type: ignore[no-untyped-def]
    if config:
        (loops / "goldlint.yaml").write_text(config, encoding="utf-8")  # (globs resolve paths: a loop must not break them)
    done = run_cli("check", "data", *args, cwd=loops)
    _no_crash(done)
    assert done.returncode == 1
    lines = [line.split(" [")[0] for line in done.stdout.splitlines() if "GL003" in line]
    assert lines == ["data/a.json:1:1: GL003", "data/b.json:1:1: GL003", "data/self.json:1:1: GL003"], done.stdout


def test_a_symlink_loop_named_explicitly_is_read_and_said(loops: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("check", "data/self.json", "--fix", cwd=loops)
    _no_crash(done)
    assert done.returncode == 1 and "data/self.json:1:1: GL003 [error] cannot read:" in done.stdout, (done.stdout, done.stderr)


@pytest.fixture
def deep(tmp_path: Path):  # type: ignore[no-untyped-def]
    """1,500 nested folders (os.walk recursed once a level: more than Python's default limit of
    1,000), removed level by level afterwards (shutil.rmtree recurses too)."""
    folders = [tmp_path / "deep"]
    folders[0].mkdir()
    for _ in range(1500):
        folders.append(folders[-1] / "d")
        folders[-1].mkdir()
    (folders[-1] / "x.json").write_text('{"a": 1,}', encoding="utf-8")
    yield tmp_path
    (folders[-1] / "x.json").unlink()
    for folder in reversed(folders):
        folder.rmdir()


def test_folders_nested_deeper_than_the_interpreter_recurses(deep: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    for args in ([], ["--fix"], ["-j", "2"]):
        done = run_cli("check", "deep", *args, cwd=deep)
        _no_crash(done)
        assert done.returncode == 1 and "x.json:1:9: GL003" in done.stdout, done.stdout[-500:]


@pytest.fixture
def deeper_than_a_path(tmp_path: Path):  # type: ignore[no-untyped-def]
    """2,200 nested folders: ``deep/d/d/…`` is longer than the system's longest path (4,096
    bytes on Linux) from about 2,040 levels down. Made and removed through folder descriptors."""
    levels = 2200
    fds = [os.open(tmp_path, os.O_RDONLY)]
    os.mkdir("deep", dir_fd=fds[0])
    fds.append(os.open("deep", os.O_RDONLY, dir_fd=fds[0]))
    for _ in range(levels):
        os.mkdir("d", dir_fd=fds[-1])
        fds.append(os.open("d", os.O_RDONLY, dir_fd=fds[-1]))
    with open(os.open("x.json", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fds[-1]), "w", encoding="utf-8") as out:
        out.write('{"a": 1,}')
    yield tmp_path
    os.unlink("x.json", dir_fd=fds[-1])
    for parent, child in zip(reversed(fds[:-1]), reversed(fds[1:]), strict=True):
        os.close(child)
        os.rmdir("d" if parent != fds[0] else "deep", dir_fd=parent)
    os.close(fds[0])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a path longer than Linux's PATH_MAX")
def test_a_folder_whose_path_is_too_long_to_list_is_a_diagnostic(deeper_than_a_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """It was passed over in silence (exit 0, "no files checked"), and ``--fix`` died on it
    (``OSError: File name too long``): now a GL003 on the folder the walk could not list."""
    for where, args in (("deep", []), ("deep", ["--fix"]), ("deep", ["-j", "2"]), (str(deeper_than_a_path / "deep"), [])):
        done = run_cli("check", where, *args, cwd=deeper_than_a_path)
        _no_crash(done)
        assert done.returncode == 1 and ":1:1: GL003 [error] cannot list this folder" in done.stdout, (args, done.stdout[-300:])


def test_the_walk_goes_as_os_walk_with_sorted_names(tmp_path: Path) -> None:
    for name in ("b/z.json", "b/a.json", "a.json", "c/d/e.json", ".hidden/x.json", "node_modules/y.json", "a/b.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}", encoding="utf-8")
    expected = []
    for folder, dirs, files in os.walk(tmp_path):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        expected.extend(Path(folder) / f for f in sorted(files))
    assert list(files_under(tmp_path)) == expected


def test_an_output_file_that_cannot_be_written_is_wrong_usage_in_one_line(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "a.json").write_text('{"a": 1,}', encoding="utf-8")
    for target in ("folder", "missing/report.txt"):
        (tmp_path / "folder").mkdir(exist_ok=True)
        done = run_cli("check", "a.json", "--output-file", target, cwd=tmp_path)
        _no_crash(done)
        assert done.returncode == 2 and done.stderr.startswith(f"goldlint: {target}: cannot write the report:"), done.stderr
        assert len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize("fmt", ["text", "github", "junit", "sarif", "json"])
def test_a_file_name_not_in_utf8_gives_a_utf8_report(tmp_path: Path, fmt: str) -> None:
    """A name whose bytes are not UTF-8 (a file copied from an old system): the report, on
    standard output or in --output-file, is UTF-8 (valid JSON for the JSON formats), the byte
    written escaped (percent-encoded in a SARIF uri); not an internal error."""
    import json

    (tmp_path / os.fsdecode(b"bad\xff.json")).write_text('{"a": 1,}', encoding="utf-8")
    for to_file in (False, True):
        args = ["--output-file", "report"] if to_file else []
        done = subprocess.run([sys.executable, "-m", "goldlint", "check", ".", "--format", fmt, *args], cwd=tmp_path,
                              capture_output=True, timeout=120, check=False)
        assert done.returncode == 1, done.stderr
        report = ((tmp_path / "report").read_bytes() if to_file else done.stdout).decode("utf-8")
        if fmt in ("json", "sarif"):
            json.loads(report)
            report = report.replace("\\\\", "\\")  # (JSON writes a backslash twice)
        assert ("bad%FF.json" if fmt == "sarif" else "bad\\xff.json") in report, report  # (a SARIF uri is percent-encoded)


HOSTILE_NAME = "evil\n::error file=x.json::owned\x1b[31m\x07.json"


@pytest.mark.parametrize("fmt", ["text", "github", "junit", "sarif", "json"])
def test_control_characters_in_names_and_values_never_reach_the_output_raw(tmp_path: Path, run_cli, fmt: str) -> None:  # type: ignore[no-untyped-def]
    """A file name or a gold value holding a line break and an ESC sequence: no format prints
    them raw (a CI log would run the second line as a workflow command; a terminal obeys ESC;
    XML cannot hold them)."""
    (tmp_path / HOSTILE_NAME).write_text('{"a": 1,}', encoding="utf-8")
    (tmp_path / "value.yaml").write_text('schema_version: 1\nmeeting_id: "m\\n::error::x\\e[2J"\ntopics: []\nrisks: []\nactions: []\n',
                                         encoding="utf-8")
    done = run_cli("check", ".", "--format", fmt, "--strict", cwd=tmp_path)
    _no_crash(done)
    assert done.returncode == 1
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout, repr(done.stdout)
    assert not any(line.startswith("::error file=x.json") or line.startswith("::error::x") for line in done.stdout.splitlines())
    if fmt == "junit":
        from xml.etree import ElementTree as ET

        ET.fromstring(done.stdout)  # well-formed
    if fmt in ("json", "sarif"):
        import json

        json.loads(done.stdout)


def test_fix_builds_no_diff_unless_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--fix costs one pass over the file: the unified diff (difflib, slow on large files) is
    built only for --diff."""
    import difflib

    from typer.testing import CliRunner

    from goldlint.cli import app

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("a diff was built for --fix")

    (tmp_path / "a.jsonl").write_text((Path(__file__).parent.parent / "data" / "cli" / "defective.jsonl").read_text(encoding="utf-8"),
                                      encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(difflib, "unified_diff", refuse)
    result = CliRunner().invoke(app, ["check", "a.jsonl", "--fix"])
    assert "Fixed 3 problems." in result.output, result.output


def test_a_device_named_explicitly_is_not_read(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    for device in ("/dev/zero", "/dev/urandom"):
        done = run_cli("check", device, "--kind", "slu", cwd=tmp_path, timeout=30)
        _no_crash(done)
        assert done.returncode == 1 and f"{device}:1:1: GL003 [error] not a regular file (a pipe or a device): not read" in done.stdout


def test_a_named_pipe_without_a_writer_does_not_hang(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    os.mkfifo(tmp_path / "gold.json")
    done = run_cli("check", "gold.json", cwd=tmp_path, timeout=30)  # (before: blocked forever)
    _no_crash(done)
    assert done.returncode == 1 and "gold.json:1:1: GL010" in done.stdout, done.stdout


def _stdin_check(tmp_path: Path, data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "goldlint", "check", "/dev/stdin", "--kind", "slu", *args], input=data, cwd=tmp_path,
                          capture_output=True, timeout=60, check=False)


def test_standard_input_is_read_with_its_size_counted(tmp_path: Path) -> None:
    small = _stdin_check(tmp_path, b'{"instruction": 1}\n')
    assert small.returncode == 1 and b"/dev/stdin:1:17: SLU117" in small.stdout, small.stdout
    (tmp_path / "goldlint.yaml").write_text("max-document-size: 1000\n", encoding="utf-8")
    endless = _stdin_check(tmp_path, b"y\n" * 100_000, "--config", "goldlint.yaml")  # `yes | goldlint check /dev/stdin` grew to 24 GB
    assert endless.returncode == 1, endless.stderr
    assert b"/dev/stdin:1:1: GL011 [error] the stream holds more than 1,000 bytes, the limit (max-document-size): not checked" in endless.stdout


@pytest.mark.parametrize("where", ["middle", "last", "last-without-newline"])
def test_a_jsonl_line_over_the_limit_is_read_past_not_held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """A streamed JSONL line longer than max-document-size is GL011 at its line and never held
    (a 200 MB line took 7.2 GB); the lines after it keep their numbers and columns."""
    from goldlint import config as cfg
    from goldlint import engine

    lines = (Path(__file__).parent.parent / "data" / "cli" / "defective.jsonl").read_text(encoding="utf-8").splitlines()
    huge = '{"text": "' + "ж" * 3000 + '"}'  # 6,000+ bytes, over the limit below
    (tmp_path / "goldlint.yaml").write_text("max-document-size: 5000\n", encoding="utf-8")
    if where == "middle":
        text = f"{lines[0]}\n{huge}\n{lines[1]}\n"
    else:
        text = f"{lines[0]}\n{lines[1]}\n{huge}" + ("\n" if where == "last" else "")
    (tmp_path / "gold.jsonl").write_text(text, encoding="utf-8")
    monkeypatch.setattr(engine, "_CHUNK", 1024)  # (so the long line spans chunks, as a 200 MB one does)
    monkeypatch.setattr(engine, "STREAM_ABOVE", -1)
    cfg.load.cache_clear()
    found = [(d.code, d.span.start.line, d.span.start.column) for d in engine.check_file(tmp_path / "gold.jsonl").diagnostics]
    huge_line = 2 if where == "middle" else 3
    assert ("GL011", huge_line, 1) in found, found
    other = 3 if where == "middle" else 2
    assert ("SLU109", other, 82) in found and ("SLU103", other, 314) in found, found  # columns as in the file without it


@pytest.mark.parametrize("kind", [None, "slu", "slurp"])
def test_a_file_of_one_line_over_the_limit_is_that_line_not_an_empty_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                           kind: str | None) -> None:
    """A JSONL file of one 200 MB line said GL010 "empty file" (or "holds no records") beside
    the GL011 of the line, a consequence of the defect reported as another; with no kind, it
    was skipped as of no kind, and the GL011 not shown at all."""
    from goldlint import config as cfg
    from goldlint import engine

    (tmp_path / "goldlint.yaml").write_text("max-document-size: 5000\n", encoding="utf-8")
    (tmp_path / "gold.jsonl").write_text('{"text": "' + "x" * 6000 + '"}\n', encoding="utf-8")
    monkeypatch.setattr(engine, "_CHUNK", 1024)  # (so the long line spans chunks, as a 200 MB one does)
    monkeypatch.setattr(engine, "STREAM_ABOVE", -1)
    cfg.load.cache_clear()
    result = engine.check_file(tmp_path / "gold.jsonl", kind=kind)
    assert result.skipped is None
    assert [(d.code, d.span.start.line, d.span.start.column) for d in result.diagnostics] == [("GL011", 1, 1)]


def test_a_file_the_user_may_not_read_is_a_diagnostic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`chmod 000` as a user other than root: the refusal simulated in process, then the same
    file through the CLI as a real subprocess that may not read it (where the tests run as root,
    with the capabilities that read anything dropped)."""
    from goldlint.engine import check_file

    gold = tmp_path / "gold.json"
    gold.write_text('{"a": 1}', encoding="utf-8")
    real_read = Path.read_bytes

    def refuse(self: Path) -> bytes:
        if self == gold:
            raise PermissionError(13, "Permission denied", str(self))
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    found = [(d.code, d.span.start.line, d.message) for d in check_file(gold).diagnostics]
    assert found == [("GL003", 1, "cannot read: Permission denied")], found
    command = unprivileged([sys.executable, "-m", "goldlint", "check", "gold.json"])
    if command is not None:  # a real refusal (as root, with the capabilities that read anything dropped)
        monkeypatch.undo()
        gold.chmod(0)
        done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
        _no_crash(done)
        assert done.returncode == 1 and "gold.json:1:1: GL003 [error] cannot read: Permission denied" in done.stdout


def _anchored(kind: str, n: int) -> str:
    if kind == "scalars":
        return "".join(f"- &a{k} v{k}\n- *a{k}\n" for k in range(n))
    if kind == "maps":
        return "".join(f"- &m{k} {{k: {k}, l: [1, 2]}}\n- *m{k}\n" for k in range(n))
    if kind == "merges":
        return "base: &b {a: 1, b: 2}\nitems:\n" + "".join(f"  - {{<<: *b, c: {k}}}\n" for k in range(n))
    return "".join(f"- &x{k} {k}\n" for k in range(n))  # anchors, never used


@pytest.mark.parametrize("kind", ["scalars", "maps", "merges", "unused"])
def test_yaml_with_many_anchors_is_read_by_libyaml(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many anchors and aliases (4 MB: 20-30 s, and past 60 s with --kind semantic) were read by
    ruamel.yaml's pure Python, 25 times slower than libyaml: now libyaml reads them (its
    events proved equal in tests/test_yaml_events.py). Counted: the pure-Python reader is not run."""
    from goldlint.engine import check_text
    from goldlint.formats import yaml_events

    pure = [0]
    real = yaml_events.ruamel_events

    def counted(text: str):  # type: ignore[no-untyped-def]
        pure[0] += 1
        return real(text)

    monkeypatch.setattr(yaml_events, "ruamel_events", counted)
    for semantic in (None, "semantic"):
        result = check_text(Path("gold.yaml"), _anchored(kind, 2_000), kind=semantic)
        assert all(d.code not in ("GL003", "GL011") for d in result.diagnostics), result.diagnostics[:3]
    assert pure[0] == 0
