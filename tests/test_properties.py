"""Hostile input: goldlint never crashes, and every diagnostic points inside the text.

Property tests (hypothesis) feed random bytes and mutations of the real RuSLUn record
(bit flips, truncations, duplicated and deleted spans, NUL bytes, lone surrogates, deep
nesting, huge numbers, every Unicode line separator) to ``check_text`` and ``check_file``
as .json, .jsonl and .yaml. Targeted tests pin the cases a user meets for real.

Known crashes are listed in ``KNOWN_BUGS``: the properties tolerate exactly those (matched
by exception type, message and the goldlint module that raised), and each has a regression
test marked ``xfail(strict=True)``. Fixing a bug turns its test into an XPASS, which fails: then delete
the ``xfail`` mark and the ``KNOWN_BUGS`` entry together.

``GOLDLINT_PROPERTY_EXAMPLES`` raises the number of examples for a long local hunt.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint.diagnostics import Diagnostic
from goldlint.engine import FileResult, check_file, check_text

DATA = Path(__file__).parent / "data" / "slu"
EXAMPLE = (DATA / "ruslun_example_record.json").read_text(encoding="utf-8")
_RECORD = json.loads(EXAMPLE)
JSONL = "".join(json.dumps({**_RECORD, "meta": {**_RECORD["meta"], "id": n}}, ensure_ascii=False) + "\n" for n in (1, 2, 3))
YAML = "".join(f"{line}\n" for line in EXAMPLE.splitlines())  # JSON is YAML: the same record as a .yaml file
BASES = {".json": EXAMPLE, ".jsonl": JSONL, ".yaml": YAML}
SUFFIXES = tuple(BASES)

# Every character some reader takes for a line break.
LINE_SEPARATORS = ("\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
_BREAKS = re.compile(r"\r\n|\r|\n")

EXAMPLES = int(os.environ.get("GOLDLINT_PROPERTY_EXAMPLES", "0"))
PROPERTY = settings(
    max_examples=EXAMPLES or 60,
    deadline=None,
    derandomize=bool(os.environ.get("CI")) and not EXAMPLES,  # CI: the same examples every run
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# --------------------------------------------------------------------------- known bugs


@dataclass(frozen=True)
class KnownBug:
    name: str
    exception: type[BaseException]
    message: str  # a regex the exception's message matches
    where: tuple[str, ...]  # the goldlint module(s) the innermost goldlint frame of the traceback is in

    def matches(self, exc: BaseException) -> bool:
        if not isinstance(exc, self.exception) or re.search(self.message, str(exc)) is None:
            return False
        frames = [f.filename.replace(os.sep, "/") for f in traceback.extract_tb(exc.__traceback__)]
        ours = [f for f in frames if "/goldlint/" in f]
        return bool(ours) and ours[-1].endswith(self.where)


KNOWN_BUGS: tuple[KnownBug, ...] = ()  # every crash found so far is fixed; its test stays as a regression test


def _tolerated(exc: BaseException) -> bool:
    return any(bug.matches(exc) for bug in KNOWN_BUGS)


# --------------------------------------------------------------------------- the property


def line_count(text: str) -> int:
    """Lines as goldlint (and LSP) count them: breaks are \\n, \\r\\n and a lone \\r."""
    return len(_BREAKS.split(text))


def assert_well_placed(diagnostics: list[Diagnostic], text: str) -> None:
    lines = line_count(text)
    for d in diagnostics:
        where = f"{d.code} {d.span} {d.message[:120]!r}"
        start, end = d.span.start, d.span.end
        assert 1 <= start.line <= lines and 1 <= end.line <= lines, f"line outside 1..{lines}: {where}"
        assert start.column >= 1 and end.column >= 1, f"column < 1: {where}"
        assert (start.line, start.column) <= (end.line, end.column), f"start after end: {where}"
        if d.span.start_offset >= 0 or d.span.end_offset >= 0:
            assert 0 <= d.span.start_offset <= d.span.end_offset <= len(text), f"offsets outside 0..{len(text)}: {where}"
        if d.fix is not None:
            for edit in d.fix.edits:
                assert 0 <= edit.span.start_offset <= edit.span.end_offset <= len(text), f"fix edit outside the text: {where}"


def _loaded(folder: Path) -> cfg.Loaded:
    return cfg.Loaded(cfg.Settings(), None, folder)


def checked_text(name: str | Path, text: str) -> FileResult | None:
    """check_text, the property asserted; ``None`` when a known bug struck."""
    try:
        result = check_text(name, text, _loaded(Path.cwd()))
    except Exception as exc:
        if _tolerated(exc):
            return None
        raise
    assert_well_placed(result.diagnostics, text)
    return result


def checked_file(path: Path, data: bytes) -> FileResult | None:
    path.write_bytes(data)
    try:
        result = check_file(path, _loaded(path.parent))
    except Exception as exc:
        if _tolerated(exc):
            return None
        raise
    text = result.text if result.text is not None else data.decode("utf-8", errors="replace")
    assert_well_placed(result.diagnostics, text)
    return result


# --------------------------------------------------------------------------- strategies


def _mutation(draw: st.DrawFn, text: str) -> str:
    n = len(text)
    at = draw(st.integers(0, n))
    op = draw(st.sampled_from(
        ["truncate", "delete", "duplicate", "nul", "surrogate_escape", "surrogate_char", "separator",
         "all_separators", "deep", "huge_number", "swap_char", "insert_char"]))
    if op == "truncate":
        return text[:at]
    if op == "delete":
        return text[:at] + text[at + draw(st.integers(1, 200)):]
    if op == "duplicate":
        span = text[at : at + draw(st.integers(1, 300))]
        where = draw(st.integers(0, n))
        return text[:where] + span + text[where:]
    if op == "nul":
        return text[:at] + "\x00" + text[at:]
    if op == "surrogate_escape":  # a lone surrogate written as a JSON escape
        return text[:at] + draw(st.sampled_from(["\\ud800", "\\udfff", "\\ud83d", "\\ud800\\u0041"])) + text[at:]
    if op == "surrogate_char":  # a lone surrogate in the decoded text itself (an editor buffer can hold one)
        return text[:at] + draw(st.sampled_from(["\ud800", "\udfff"])) + text[at:]
    if op == "separator":
        return text[:at] + draw(st.sampled_from(LINE_SEPARATORS)) + text[at:]
    if op == "all_separators":
        return text.replace("\n", draw(st.sampled_from(LINE_SEPARATORS)))
    if op == "deep":
        # Deep enough to pass every limit (1024 for JSON); 100,000 levels run in a subprocess
        # below (test_nesting_100000_deep), where a stack overflow could not kill pytest.
        depth = draw(st.sampled_from([2, 1023, 1024, 1025, 3000, 20_000]))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"a": ', "}"), ("[{\"x\": ", "}]")]))
        value = opener * depth + draw(st.sampled_from(["1", "", "\"\""])) + closer * draw(st.sampled_from([depth, 0, depth - 1]))
        return text[:at] + value + text[at:]
    if op == "huge_number":
        # Python's int() refuses more than 4300 digits: both sides of that limit.
        digits = draw(st.sampled_from([19, 20, 64, 400, 4299, 4301, 5000]))
        number = draw(st.sampled_from(["", "-"])) + "9" * digits + draw(st.sampled_from(["", ".5", "e999", "e-999"]))
        return text[:at] + number + text[at:]
    if op == "swap_char":
        return text[:at] + draw(st.characters(codec=None)) + text[at + 1:]
    return text[:at] + draw(st.sampled_from(list('{}[]",:\\ \t\'') + ["null", "NaN", "Infinity", "true"])) + text[at:]


@st.composite
def mutated_text(draw: st.DrawFn) -> tuple[str, str]:
    suffix = draw(st.sampled_from(SUFFIXES))
    text = BASES[suffix]
    for _ in range(draw(st.integers(1, 4))):
        text = _mutation(draw, text)
    return suffix, text


@st.composite
def mutated_bytes(draw: st.DrawFn) -> tuple[str, bytes]:
    suffix = draw(st.sampled_from(SUFFIXES))
    data = bytearray(BASES[suffix].encode("utf-8"))
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["flip", "truncate", "delete", "duplicate", "nul", "byte"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if op == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "truncate":
            del data[at:]
        elif op == "delete":
            del data[at : at + draw(st.integers(1, 64))]
        elif op == "duplicate":
            data[at:at] = data[at : at + draw(st.integers(1, 256))]
        elif op == "nul":
            data[at:at] = b"\x00"
        else:
            data[at:at] = bytes([draw(st.integers(0x80, 0xFF))])
    return suffix, bytes(data)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _paths(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            out += _paths(child, path + (key,))
    elif isinstance(value, list):
        for n, child in enumerate(value):
            out += _paths(child, path + (n,))
    return out


RECORD_PATHS = _paths(_RECORD)[1:]


@st.composite
def mutated_record(draw: st.DrawFn) -> object:
    """The record still parses, but a field has another value, type or shape."""
    record = json.loads(json.dumps(_RECORD))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(RECORD_PATHS))
        parent: object = record
        try:
            for step in path[:-1]:
                parent = parent[step]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed the way there
        if not isinstance(parent, (dict, list)) or (isinstance(parent, list) and not isinstance(path[-1], int)):
            continue
        key = path[-1]
        if (key not in parent) if isinstance(parent, dict) else key >= len(parent):  # type: ignore[operator]
            continue
        old = parent[key]  # type: ignore[index]
        op = draw(st.sampled_from(["value", "delete", "text", "string_of", "python_string_of", "rename"]))
        if op == "delete":
            del parent[key]  # type: ignore[arg-type]
        elif op == "text" and isinstance(old, str):
            parent[key] = _mutation(draw, old)  # type: ignore[index]
        elif op == "string_of":  # e.g. outputs stored as a JSON string, as the published dataset does
            parent[key] = json.dumps(old, ensure_ascii=False)  # type: ignore[index]
        elif op == "python_string_of":
            parent[key] = repr(old)  # type: ignore[index]
        elif op == "rename" and isinstance(parent, dict):
            parent[draw(st.text(max_size=12))] = parent.pop(key)
        else:
            parent[key] = draw(JSON_VALUES)  # type: ignore[index]
    return record


def _serialise(value: object, suffix: str, pretty: bool) -> str:
    if suffix == ".jsonl":
        line = json.dumps(value, ensure_ascii=False)
        return line + "\n" + JSONL.split("\n", 1)[1]
    return json.dumps(value, ensure_ascii=False, indent=2 if pretty else None) + "\n"


WAV_HEADER = b"RIFF\x24\x00\x00\x00WAVEfmt "


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for gold files, with the record's audio beside them (so audio checks run too)."""
    folder = tmp_path_factory.mktemp("properties")
    (folder / "samples").mkdir()
    (folder / "samples" / "audio_2.wav").write_bytes(WAV_HEADER)
    return folder


# --------------------------------------------------------------------------- properties


@PROPERTY
@given(data=st.binary(max_size=3000), suffix=st.sampled_from(SUFFIXES))
def test_random_bytes_never_crash(scratch: Path, data: bytes, suffix: str) -> None:
    checked_file(scratch / f"random{suffix}", data)


@PROPERTY
@given(text=st.text(max_size=500), suffix=st.sampled_from(SUFFIXES))
def test_random_text_never_crashes(text: str, suffix: str) -> None:
    checked_text(f"random{suffix}", text)


@PROPERTY
@given(case=mutated_text())
def test_mutated_record_text_never_crashes(scratch: Path, case: tuple[str, str]) -> None:
    suffix, text = case
    checked_text(scratch / f"mutated{suffix}", text)


@PROPERTY
@given(case=mutated_bytes())
def test_mutated_record_file_never_crashes(scratch: Path, case: tuple[str, bytes]) -> None:
    suffix, data = case
    checked_file(scratch / f"mutated{suffix}", data)


@PROPERTY
@given(record=mutated_record(), suffix=st.sampled_from(SUFFIXES), pretty=st.booleans())
def test_mutated_record_values_never_crash(scratch: Path, record: object, suffix: str, pretty: bool) -> None:
    checked_text(scratch / f"values{suffix}", _serialise(record, suffix, pretty))


@pytest.mark.parametrize("separator", LINE_SEPARATORS, ids=[f"U+{ord(s[-1]):04X}" + ("-CRLF" if s == "\r\n" else "") for s in LINE_SEPARATORS])
@pytest.mark.parametrize("suffix", SUFFIXES)
def test_every_line_separator(separator: str, suffix: str) -> None:
    """Each separator between tokens, and inside every string value."""
    base = BASES[suffix]
    checked_text(f"sep{suffix}", base.replace("\n", separator))
    checked_text(f"sep{suffix}", base.replace("звезд", f"зв{separator}езд").replace("три", f"т{separator}ри"))


# --------------------------------------------------------------------------- targeted cases


def _codes(result: FileResult) -> list[str]:
    return [f"{d.code} {d.span.start.line}:{d.span.start.column}" for d in result.diagnostics]


def test_invalid_utf8_cp1251_reports_byte_offset_and_encoding(tmp_path: Path) -> None:
    data = EXAMPLE.encode("cp1251")
    first_bad = next(n for n, b in enumerate(data) if b >= 0x80)
    result = checked_file(tmp_path / "record.json", data)
    assert result is not None
    (gl001,) = [d for d in result.diagnostics if d.code == "GL001"]
    assert f"at byte offset {first_bad}" in gl001.message
    assert "cp1251" in gl001.message
    prefix = data[:first_bad].decode("ascii")
    assert (gl001.span.start.line, gl001.span.start.column) == (prefix.count("\n") + 1, len(prefix) - prefix.rfind("\n"))
    assert result.lossy, "a text with replaced bytes must never be written back by --fix"


def test_invalid_utf8_on_a_later_jsonl_line(tmp_path: Path) -> None:
    lines = JSONL.encode("utf-8").splitlines(keepends=True)
    lines[1] = lines[1].replace("три".encode(), "три".encode("cp1251"))
    data = b"".join(lines)
    result = checked_file(tmp_path / "gold.jsonl", data)
    assert result is not None
    (gl001,) = [d for d in result.diagnostics if d.code == "GL001"]
    assert gl001.span.start.line == 2
    assert f"at byte offset {data.index('три'.encode('cp1251'))}" in gl001.message


@pytest.mark.parametrize("cut", [1, 100, 1000, 2000, -40, -2])
def test_truncated_file(tmp_path: Path, cut: int) -> None:
    text = EXAMPLE.rstrip()[:cut]
    assert len(text) < len(EXAMPLE.rstrip())
    result = checked_file(tmp_path / "record.json", text.encode("utf-8"))
    assert result is not None
    codes = [d.code for d in result.diagnostics]
    assert "GL003" in codes, _codes(result)
    if cut == -2:  # only the closing braces are missing: the error is at the very end
        (gl003,) = [d for d in result.diagnostics if d.code == "GL003"]
        assert gl003.span.start_offset == len(text)
        assert "truncated" in gl003.message


@pytest.mark.parametrize("suffix", SUFFIXES)
@pytest.mark.parametrize("content", [b"", b"\n", b"  \n\n\t"], ids=["empty", "newline", "blank"])
def test_empty_file_is_gl010(tmp_path: Path, suffix: str, content: bytes) -> None:
    result = checked_file(tmp_path / f"empty{suffix}", content)
    assert result is not None
    assert [d.code for d in result.diagnostics] == ["GL010"]


def test_empty_file_exits_1(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "empty.jsonl").write_bytes(b"")
    done = run_cli("check", "empty.jsonl", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "empty.jsonl:1:1: GL010" in done.stdout


# Regression: orjson before 3.9.15 enforced no nesting limit (100,000 nested objects
# overflowed the C stack and killed goldlint); pyproject now requires orjson>=3.9.15.
@pytest.mark.parametrize("opener,closer", [("[", "]"), ('{"a": ', "}")], ids=["arrays", "objects"])
@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_nesting_100000_deep(tmp_path: Path, run_cli, opener: str, closer: str, suffix: str) -> None:  # type: ignore[no-untyped-def]
    depth = 100_000
    (tmp_path / f"deep{suffix}").write_text(opener * depth + "1" + closer * depth + "\n", encoding="utf-8")
    done = run_cli("check", f"deep{suffix}", cwd=tmp_path, timeout=120)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode == 1, (done.returncode, done.stderr)
    column = 1024 * len(opener) + 1  # the opener one level past the limit
    assert f"deep{suffix}:1:{column}: GL011" in done.stdout, done.stdout


def test_nesting_100000_deep_yaml(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "deep.yaml").write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    done = run_cli("check", "deep.yaml", cwd=tmp_path, timeout=120)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode == 1
    assert re.search(r"deep\.yaml:1:\d+: GL0(03|11)", done.stdout), done.stdout


def test_jsonl_broken_line_is_reported_and_later_lines_still_checked(tmp_path: Path) -> None:
    lines = JSONL.splitlines(keepends=True)
    broken = lines[1][: len(lines[1]) // 2] + "\n"  # line 2 cut in the middle
    typo = lines[2].replace('"intent": "RateBook"', '"intent": "RateBok"')  # line 3: SLU102
    assert typo != lines[2]
    text = lines[0] + broken + typo + lines[0].replace('"id": 1', '"id": 4')
    result = checked_file(tmp_path / "gold.jsonl", text.encode("utf-8"))
    assert result is not None
    got = [(d.code, d.span.start.line) for d in result.diagnostics if d.code in ("GL003", "SLU102", "SLU105")]
    assert got == [("GL003", 2), ("SLU102", 3)], _codes(result)
    (slu102,) = [d for d in result.diagnostics if d.code == "SLU102"]
    assert "did you mean `RateBook`?" in slu102.message
    column = typo.index('"RateBok"') + 1
    assert (slu102.span.start.column, slu102.span.end.column) == (column, column + len('"RateBok"'))


def test_lone_surrogate_escape_is_a_positioned_syntax_error() -> None:
    text = EXAMPLE.replace('"три"', '"\\ud800"')
    result = checked_text("record.json", text)
    assert result is not None
    (gl003,) = [d for d in result.diagnostics if d.code == "GL003"]
    assert gl003.span.start_offset == text.index("\\ud800")
    assert "surrogate" in gl003.message


def test_nul_byte_inside_a_string_is_a_positioned_syntax_error() -> None:
    text = EXAMPLE.replace("три", "т\x00ри")
    result = checked_text("record.json", text)
    assert result is not None
    (gl003,) = [d for d in result.diagnostics if d.code == "GL003"]
    assert gl003.span.start_offset == text.index("\x00")


def _rss_probe(args: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess[str], int]:
    """Run the CLI in a child that reports its own peak RSS (KiB) on its last stderr line."""
    code = (
        "import resource, sys\n"
        "from goldlint.cli import main\n"
        "sys.argv = ['goldlint', *sys.argv[1:]]\n"
        "status = main()\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=300, check=False)
    *rest, last = done.stderr.splitlines() or ["0"]
    done.stderr = "\n".join(rest)
    return done, int(last)


def _write_big_line_jsonl(path: Path, size: int) -> int:
    """A record whose question is ``size`` bytes of Cyrillic, written in chunks; returns the line length."""
    head, tail = json.dumps(_RECORD, ensure_ascii=False).split('"question": ', 1)
    after = tail.split('", ', 1)[1]
    chunk = "слово " * 10_000
    with path.open("w", encoding="utf-8") as out:
        out.write(JSONL.splitlines()[0] + "\n")
        out.write(head + '"question": "')
        written = 0
        while written < size:
            out.write(chunk)
            written += len(chunk.encode("utf-8"))
        out.write('", ' + after.replace('"id": 2', '"id": 7') + "\n")
        out.write(JSONL.splitlines()[2].replace('"RateBook"', '"RateBok"') + "\n")
    return written


def test_jsonl_line_of_50_megabytes(tmp_path: Path) -> None:
    size = 50 << 20
    _write_big_line_jsonl(tmp_path / "big.jsonl", size)
    done, peak_kib = _rss_probe(["check", "big.jsonl"], tmp_path)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stderr
    # The big line is checked like any other; the line after it is still reached.
    assert "big.jsonl:3:" in done.stdout and "SLU102" in done.stdout, done.stdout
    # Memory: a few copies of the line (bytes, str, parsed value, re-serialised bytes), not a
    # blow-up. About 300 MiB alone; the bound leaves room for allocator noise under load.
    assert peak_kib * 1024 < 20 * size, f"peak RSS {peak_kib / 1024:.0f} MiB for a {size >> 20} MiB line"


@pytest.mark.parametrize(
    "name,content,expected",
    [
        ("goldlint.yaml", "selct: [SLU]\n", r"goldlint\.yaml:1:1: .*unknown key `selct`.*did you mean `select`"),
        ("goldlint.yaml", "select: [not-a-code]\n", r"goldlint\.yaml:1:\d+: select"),
        ("goldlint.yaml", "select: [SLU\n", r"goldlint\.yaml:\d+:\d+: "),
        ("pyproject.toml", "[tool.goldlint]\nselect = [\n", r"pyproject\.toml:\d+:\d+: TOML"),
        ("pyproject.toml", "[tool.goldlint.slu]\nmin-speaker-age = -1\n", r"pyproject\.toml:\d+:\d+: slu\.min-speaker-age"),
    ],
    ids=["unknown-key", "bad-code", "yaml-syntax", "toml-syntax", "bad-value"],
)
def test_bad_config_exits_2_with_one_line(tmp_path: Path, run_cli, name: str, content: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / name).write_text(content, encoding="utf-8")
    (tmp_path / "gold.jsonl").write_text(JSONL, encoding="utf-8")
    done = run_cli("check", "gold.jsonl", cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("goldlint: bad config: "), lines[0]
    assert re.search(expected, lines[0]), lines[0]


# --------------------------------------------------------------------------- known bugs, pinned


@pytest.mark.parametrize("text", ['{"foo": 1}\n', "[1, 2]\n", "not json\n", "\n\n  \n"], ids=["other-object", "array", "garbage", "blank"])
def test_jsonl_that_is_no_known_kind(text: str) -> None:
    result = check_text("gold.jsonl", text, _loaded(Path.cwd()))
    assert_well_placed(result.diagnostics, text)
    assert {d.code for d in result.diagnostics} & {"GL003", "GL005", "GL010"}


@pytest.mark.parametrize("text", ['{"a": ' + "9" * 5000 + "}", '[1, ' + "9" * 5000 + ", ]"], ids=["alone", "with-syntax-error"])
def test_integer_of_5000_digits(text: str) -> None:
    result = check_text("big.json", text, _loaded(Path.cwd()))
    assert_well_placed(result.diagnostics, text)


def _record_with_audio(audio: str) -> str:
    return json.dumps({**_RECORD, "inputs": {**_RECORD["inputs"], "audio": audio}}, ensure_ascii=False)


def test_audio_path_with_a_too_long_folder_name(scratch: Path) -> None:
    text = _record_with_audio("a" * 300 + "/audio_2.wav")
    result = check_text(scratch / "long.json", text, _loaded(scratch))
    assert_well_placed(result.diagnostics, text)


@pytest.mark.parametrize("suffix,audio", [(".json", "samples/audio\x00_2.wav"), (".yaml", "samples/\ud800audio_2.wav")],
                         ids=["nul-json", "surrogate-yaml"])
def test_audio_path_that_cannot_be_opened(scratch: Path, suffix: str, audio: str) -> None:
    # json.dumps writes the NUL as \\u0000 and the surrogate as \\ud800: valid JSON, and valid YAML.
    text = json.dumps({**_RECORD, "inputs": {**_RECORD["inputs"], "audio": audio}}, ensure_ascii=True, indent=2)
    result = check_text(scratch / f"unopenable{suffix}", text, _loaded(scratch))
    assert_well_placed(result.diagnostics, text)
    if suffix == ".json":
        assert "SLU110" in {d.code for d in result.diagnostics}
