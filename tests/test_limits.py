"""No hangs (issue 8): hostile input is refused fast, in bounded memory, with a positioned GL011.

* A billion-laughs YAML file is refused at the alias whose expansion crosses
  ``max-yaml-nodes``, having read nothing but its text: the peak RSS of the run is that of
  checking a tiny file. A recursive alias is refused too.
* A 200 MB single-line JSON file is refused by the default ``max-document-size`` (64 MiB) at
  1:1 without being read, and, with the limit raised, checked in memory bounded by a small
  multiple of its size. Why refuse by default: a JSON document is parsed whole, and a
  hostile one (``[{},{},…]``) needs about 50 bytes of memory per byte of text (10 GB for
  200 MB), while JSONL is streamed line by line and keeps ``max-file-size`` (1 GiB).
* Every limit is a config key, validated: ``max-file-size``, ``max-document-size``,
  ``max-yaml-size``, ``max-depth``, ``max-yaml-nodes``.
* Every regular expression that comes from a user runs in linear time (RE2) or is refused:
  config globs (``exclude``, ``per-file-ignores``, ``kinds``) and mix-config ignore patterns.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from goldlint import config as cfg
from goldlint.config import ConfigError, Settings, glob_match, settings_from
from goldlint.engine import check_file, check_text
from goldlint.families.mixconfig.patterns import compile_pattern


@pytest.fixture(scope="module")
def baseline_kib(tmp_path_factory: pytest.TempPathFactory, rss_probe) -> int:  # type: ignore[no-untyped-def]
    """Peak RSS of checking a one-line file: what the interpreter and goldlint's imports take."""
    folder = tmp_path_factory.mktemp("baseline")
    (folder / "tiny.json").write_text('{"a": 1}\n', encoding="utf-8")
    _, kib, _ = rss_probe(["check", "tiny.json"], folder)
    return kib


def _laughs(levels: int = 9) -> str:
    lines = ['lol0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for n in range(1, levels + 1):
        lines.append(f"lol{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


def test_billion_laughs_yaml_is_refused_at_the_alias_in_flat_memory(tmp_path: Path, baseline_kib: int, rss_probe) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "laughs.yaml").write_text(_laughs(), encoding="utf-8")
    done, kib, _ = rss_probe(["check", "laughs.yaml"], tmp_path)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode == 1
    # 10^9 nodes once expanded; the running count crosses 600,000 at the fifth *a4 of line 6 (`lol5: &a5 [*a4, *a4, …`).
    assert "laughs.yaml:6:32: GL011" in done.stdout and "max-yaml-nodes" in done.stdout, done.stdout
    assert kib < baseline_kib + 64 * 1024, f"peak RSS {kib / 1024:.0f} MiB (a tiny file: {baseline_kib / 1024:.0f} MiB)"


def test_alias_expansion_limit_is_configurable(tmp_path: Path) -> None:
    text = _laughs(2)  # 11 + 111 + 1,111 nodes and the keys
    loaded = cfg.Loaded(settings_from({"max-yaml-nodes": 1000}), None, tmp_path)
    result = check_text(tmp_path / "laughs.yaml", text, loaded)
    (gl011,) = [d for d in result.diagnostics if d.code == "GL011"]
    # 126 nodes before line 3's list holds anything; each *a1 adds 111: the 8th crosses 1,000.
    assert (gl011.span.start.line, gl011.span.start.column) == (3, 12 + 7 * len("*a1, "))
    default = check_text(tmp_path / "laughs.yaml", text, cfg.Loaded(Settings(), None, tmp_path))
    assert not [d for d in default.diagnostics if d.code == "GL011"]


def test_recursive_alias_is_refused(tmp_path: Path) -> None:
    text = "a: &x\n  b: [1, *x]\n"
    result = check_text(tmp_path / "loop.yaml", text, cfg.Loaded(Settings(), None, tmp_path))
    (gl011,) = [d for d in result.diagnostics if d.code == "GL011"]
    assert (gl011.span.start.line, gl011.span.start.column) == (2, 10)
    assert "recursive" in gl011.message


def _single_line_json(path: Path, size: int) -> None:
    """A JSON array of zeros on one line, written in chunks (well under a second for 200 MB)."""
    chunk = b"0," * (1 << 19)
    with path.open("wb") as out:
        out.write(b"[")
        written = 1
        while written + len(chunk) < size:
            out.write(chunk)
            written += len(chunk)
        out.write(b"0" * 0 + b"0]")


def test_200_megabyte_single_line_json_is_refused_by_default(tmp_path: Path, baseline_kib: int, rss_probe) -> None:  # type: ignore[no-untyped-def]
    size = 200 << 20
    _single_line_json(tmp_path / "big.json", size)
    done, kib, _ = rss_probe(["check", "big.json"], tmp_path)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode == 1
    line = done.stdout.splitlines()[0]
    assert line.startswith("big.json:1:1: GL011"), done.stdout
    assert "over the limit of 67,108,864 (max-document-size): not checked" in line, line
    assert kib < baseline_kib + 32 * 1024, "the file was read"


def test_200_megabyte_single_line_json_with_the_limit_raised_is_checked_in_bounded_memory(tmp_path: Path, rss_probe) -> None:  # type: ignore[no-untyped-def]
    size = 200 << 20
    with (tmp_path / "big.json").open("wb") as out:  # one string value: the kind of huge line a real file has
        out.write(b'{"text": "' + b"x" * (size - 14) + b'"}\n')
    (tmp_path / "goldlint.yaml").write_text("max-document-size: 300000000\n", encoding="utf-8")
    done, kib, _ = rss_probe(["check", "big.json"], tmp_path)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.stdout == "" and "1 skipped (1 kind not recognised)" in done.stderr, (done.stdout, done.stderr)  # read, parsed, of no known kind
    # bytes, text and the parsed value: a few copies of the file, never a blow-up.
    assert kib * 1024 < 8 * size, f"peak RSS {kib / 1024:.0f} MiB for a {size >> 20} MiB file"


def test_jsonl_keeps_the_file_size_limit(tmp_path: Path) -> None:
    """JSONL is streamed (memory flat), so only max-file-size applies to it."""
    settings = settings_from({"max-file-size": 100, "max-document-size": 10})
    path = tmp_path / "gold.jsonl"
    path.write_text('{"a": "' + "x" * 50 + '"}\n', encoding="utf-8")
    assert not [d for d in check_file(path, cfg.Loaded(settings, None, tmp_path)).diagnostics if d.code == "GL011"]
    path.write_text('{"a": "' + "x" * 150 + '"}\n', encoding="utf-8")
    (gl011,) = [d for d in check_file(path, cfg.Loaded(settings, None, tmp_path)).diagnostics if d.code == "GL011"]
    assert "(max-file-size)" in gl011.message


@pytest.mark.parametrize(
    "suffix,text,config,expected",
    [
        (".json", "[" * 11 + "]" * 11, {"max-depth": 10}, "1:11 nesting deeper than 10 levels (max-depth)"),
        (".yaml", "[" * 11 + "]" * 11, {"max-depth": 10}, "1:11 nesting deeper than 10 levels (max-depth)"),
        (".yaml", "a:\n b:\n  c: 1\n", {"max-depth": 2}, "3:3 nesting deeper than 2 levels (max-depth)"),
        (".yaml", "[" + ", ".join(["x"] * 20) + "]", {"max-yaml-nodes": 10}, "1:29 more than 10 YAML nodes (max-yaml-nodes)"),
        (".yaml", "a: " + "x" * 100, {"max-yaml-size": 50}, "1:1 file is 103 bytes, over the limit of 50 (max-yaml-size)"),
        (".json", '["' + "x" * 100 + '"]', {"max-document-size": 50}, "1:1 file is 104 bytes, over the limit of 50 (max-document-size)"),
        (".tsv", "a\tb\n" + "x\ty\n" * 30, {"max-document-size": 50}, "1:1 file is 124 bytes, over the limit of 50 (max-document-size)"),
        (".jsonl", '{"a": 1}\n' * 20, {"max-file-size": 50}, "1:1 file is 180 bytes, over the limit of 50 (max-file-size)"),
        # each line of a JSONL file is a JSON document, with the same depth limit (it was ignored)
        (".jsonl", '{"a": 1}\n' + '{"a": ' + "[" * 10 + "]" * 10 + "}\n", {"max-depth": 10}, "2:16 nesting deeper than 10 levels (max-depth)"),
        # counted before the parse: the first value past the limit (the root is the first)
        (".json", '{"é": [1, 2, {"y": "a,b:c", "z": [0, 0]}]}', {"max-json-values": 4}, "1:14 more than 4 JSON values (max-json-values)"),
        (".jsonl", '[0, 0]\n{"a": 1, "b": [0, 0]}\n', {"max-json-values": 3}, "2:16 more than 3 JSON values (max-json-values)"),
    ],
    ids=["json-depth", "yaml-flow-depth", "yaml-block-depth", "yaml-nodes", "yaml-size", "json-size", "tsv-size", "jsonl-size", "jsonl-depth",
         "json-values", "jsonl-values"],
)
def test_each_limit_is_configurable_and_positioned(tmp_path: Path, suffix: str, text: str, config: dict[str, int], expected: str) -> None:
    path = tmp_path / f"gold{suffix}"
    path.write_text(text, encoding="utf-8")
    result = check_file(path, cfg.Loaded(settings_from(config), None, tmp_path))
    got = [f"{d.span.start.line}:{d.span.start.column} {d.message}" for d in result.diagnostics if d.code == "GL011"]
    assert len(got) == 1 and got[0].startswith(expected), got


def test_the_json_values_limit_holds_on_every_route(tmp_path: Path) -> None:
    from tests.routes import every_route

    (tmp_path / "goldlint.yaml").write_text("max-json-values: 6\n", encoding="utf-8")
    for name, text, where in [("gold.jsonl", '{"a": [1]}\n{"a": [1, 2, 3, {"b": 4}]}\n{"a": 2}\n', (2, 23)),
                              ("gold.json", '[{"a": [1]},\n {"a": [2, 3]}]', (2, 9))]:
        gold = tmp_path / name
        gold.write_text(text, encoding="utf-8")
        for route, found in every_route(gold, "slu").items():
            refused = [(start.line, start.column) for code, _, start, *_ in found if code == "GL011"]
            assert refused == [where], (name, route, found)


def test_the_jsonl_depth_limit_holds_on_every_route(tmp_path: Path) -> None:
    """In memory (the editor), from the file, and streamed line by line (a large file)."""
    from tests.routes import every_route

    (tmp_path / "goldlint.yaml").write_text("max-depth: 3\n", encoding="utf-8")
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"a": [[1]]}\n{"a": [[[1]]]}\n{"a": 2}\n', encoding="utf-8")
    for route, found in every_route(gold, "slu").items():
        depth = [(start.line, start.column) for code, _, start, *_ in found if code == "GL011"]
        assert depth == [(2, 9)], (route, found)  # the fourth opening, past three levels


@pytest.mark.parametrize(
    "line,config,code",
    [
        ('{"a": \n', "", "GL003"),  # a syntax error
        ("[" * 1025 + "]" * 1025 + "\n", "", "GL011"),  # nesting past max-depth
        ('{"n": ' + "9" * 5000 + "}\n", "", "GL011"),  # an integer Python does not convert
        ('{"a": [1, 2, 3, 4, 5, 6]}\n', "max-json-values: 5\n", "GL011"),
    ],
    ids=["syntax", "depth", "huge-integer", "json-values"],
)
@pytest.mark.parametrize("kind", ["slu", "slurp"])
def test_a_jsonl_file_whose_only_line_is_refused_gets_only_the_refusal(tmp_path: Path, line: str, config: str, code: str, kind: str) -> None:
    """The refusal is the defect; "the file holds no records" (GL010) is its consequence, kept
    for a file with nothing but blank lines."""
    from tests.routes import every_route

    if config:
        (tmp_path / "goldlint.yaml").write_text(config, encoding="utf-8")
    gold = tmp_path / "gold.jsonl"
    gold.write_text(line, encoding="utf-8")
    for route, found in every_route(gold, kind).items():
        assert [c for c, *_ in found] == [code], (route, found)
    gold.write_text("\n\n", encoding="utf-8")
    for route, found in every_route(gold, kind).items():
        assert [c for c, *_ in found] == ["GL010"], (route, found)


@pytest.mark.parametrize(
    "content,message",
    [
        ("max-depth: 2000\n", "max-depth: must be at most 1024, not `2000`"),
        ("max-depth: 0\n", "max-depth: must be at least 1, not `0`"),
        ("max-yaml-nodes: -5\n", "max-yaml-nodes: must be at least 1, not `-5`"),
        ("max-json-values: 0\n", "max-json-values: must be at least 1, not `0`"),
        ("max-document-size: 0\n", "max-document-size: must be at least 1, not `0`"),
        ("max-yaml-size: big\n", "max-yaml-size: expected a whole number, not `big`"),
        ("exclude: ['[z-a].json']\n", "is not a glob goldlint can match"),
    ],
)
def test_limits_are_validated(tmp_path: Path, content: str, message: str) -> None:
    (tmp_path / "goldlint.yaml").write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        cfg.read(tmp_path / "goldlint.yaml")
    assert message in str(caught.value) and caught.value.line == 1, str(caught.value)


def test_size_limits_default_and_follow_an_explicit_max_file_size() -> None:
    default = Settings()
    assert default.size_limit("json") == (64 << 20, "max-document-size")
    assert default.size_limit("tsv") == (64 << 20, "max-document-size")
    assert default.size_limit("yaml") == (4 << 20, "max-yaml-size")
    assert default.size_limit("jsonl") == (1 << 30, "max-file-size")
    # A config written before these keys that raised max-file-size keeps reading its big JSON files.
    raised = settings_from({"max-file-size": 8_000_000_000})
    assert raised.size_limit("json")[0] == raised.size_limit("yaml")[0] == 8_000_000_000
    lowered = settings_from({"max-file-size": 1000})
    assert lowered.size_limit("json")[0] == lowered.size_limit("yaml")[0] == 1000
    both = settings_from({"max-file-size": 8_000_000_000, "max-document-size": 5})
    assert both.size_limit("json")[0] == 5


# --------------------------------------------------------------------------- user regular expressions


HOSTILE_GLOBS = ["x/*a*a*a*a*a*a*a*a*a*b", "*a*a*a*a*a*a*a*a*a*b", "**/**/**/**/**/**/**/**/b", "x/?*?*?*?*?*?*?*?*b"]


def _finishes_in_a_child(code: str) -> None:
    """Run ``code`` in a child: a hang is a failure after a minute, not a stuck test run.
    (A guard against exponential matching, not a speed measurement: no timing is asserted.)"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("pattern", HOSTILE_GLOBS)
def test_config_globs_match_in_linear_time(pattern: str) -> None:
    """Python's ``re`` took exponential time on ``x/*a*a*…b`` (a 200-character name did not finish in ten minutes)."""
    _finishes_in_a_child(
        "from goldlint.config import glob_match\n"
        f"rel = 'x/' + 'a' * 100_000\n"
        f"assert glob_match(rel, {pattern!r}) is False\n"
        f"assert glob_match(rel.replace('x/', 'x/y/') + '/' + 'a' * 1000, {pattern!r}) in (True, False)\n"
    )


def test_a_hostile_exclude_glob_does_not_hang_the_cli(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / ("a" * 200 + ".json")).write_text('{"a": 1}\n', encoding="utf-8")
    (tmp_path / "goldlint.yaml").write_text(f"exclude: ['{HOSTILE_GLOBS[0]}']\n", encoding="utf-8")
    done = run_cli("check", ".", cwd=tmp_path, timeout=60)  # (a hang fails at the timeout)
    assert done.returncode == 0, (done.stdout, done.stderr)  # walked, matched nothing, checked the file (no kind: silent)


@pytest.mark.parametrize("pattern", [r"(a*)*\1$", r"a*a*a*a*a*a*(?=b)", r"(?<=x)(\w+\s?)*$", r"(a|aa)+(?!c)"])
def test_ignore_patterns_that_re2_cannot_run_are_refused(pattern: str) -> None:
    """Back-references and look-arounds would need a backtracking engine: goldlint does not run them."""
    assert compile_pattern(pattern) is None


def test_ignore_patterns_run_in_linear_time() -> None:
    assert compile_pattern(r"^(\w+_?)+SIZE$") is not None
    _finishes_in_a_child(
        "from goldlint.families.mixconfig.patterns import compile_pattern\n"
        "assert not compile_pattern(r'^(\\w+_?)+SIZE$')('A' * 100_000 + '!')\n"
    )


def _glob_match_before(rel: str, pattern: str) -> bool:
    """goldlint's glob matching before it moved to RE2 (fnmatch and ``re``: exponential on hostile globs)."""
    import fnmatch
    import re

    if "/" not in pattern.rstrip("/"):
        return fnmatch.fnmatchcase(rel.rsplit("/", 1)[-1], pattern) or any(
            fnmatch.fnmatchcase(part, pattern.rstrip("/")) for part in rel.split("/")[:-1]
        )
    regex = re.escape(pattern.lstrip("/")).replace(r"\*\*/", "(?:.*/)?").replace(r"\*\*", ".*")
    regex = regex.replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
    return re.fullmatch(regex, rel) is not None or re.match(regex + "/", rel) is not None


from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _has_backward_range(pattern: str) -> bool:
    """A character class with a range that runs backwards (``[z-a]``), as fnmatch reads classes."""
    import re

    return any(lo > hi for body in re.findall(r"\[!?\]?[^\]]*\]", pattern) for lo, hi in re.findall(r"(?=(.)-(.))", body[1:-1]))


@settings(max_examples=500, deadline=None)
@given(pattern=st.text(alphabet="ab*?[]!-/.й", min_size=1, max_size=9), rel=st.text(alphabet="ab/.-й", min_size=1, max_size=12))
def test_globs_match_as_they_did_before_re2(pattern: str, rel: str) -> None:
    assume(not _has_backward_range(pattern))  # (below)
    assert glob_match(rel, pattern) == _glob_match_before(rel, pattern), (rel, pattern)


@pytest.mark.parametrize("pattern", ["[?-.!]", "[z-a]*.json", "x[b-a]"])
def test_a_class_with_a_backward_range_matches_nothing(pattern: str) -> None:
    """fnmatch drops such a range with its ends (``[?-.!]`` then matched any character, even
    ``a``); RE2 refuses the class, and the glob matches nothing (in git's own matcher too, a
    backward range holds no character)."""
    assert not any(glob_match(rel, pattern) for rel in ("a", "!", "z.json", "xa", "xb", "d/a"))
