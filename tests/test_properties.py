"""Hostile input: goldlint never crashes, and every diagnostic points inside the text.

Property tests (hypothesis) feed random bytes and mutations of the real RuSLUn record
(bit flips, truncations, duplicated and deleted spans, NUL bytes, lone surrogates, deep
nesting, huge numbers, every Unicode line separator) to ``check_text`` and ``check_file``
as .json, .jsonl and .yaml; the same mutations of a real file of every other family
(corpus spec/harness v3/legacy/flat JSONL, run card, semantic, truth TSV, mix-config; JSON
and YAML), under every suffix and every ``--kind``, with the default config and one that
points each family at its ontology, audio, transcripts and corpus. Targeted tests pin the
cases a user meets for real, and every crash the atheris fuzzer (``tests/fuzz``) found.

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
import traceback
from bisect import bisect_right
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


def _position(starts: list[int], offset: int) -> tuple[int, int]:
    row = bisect_right(starts, offset) - 1
    return row + 1, offset - starts[row] + 1


def assert_well_placed(diagnostics: list[Diagnostic], text: str) -> None:
    """Every position on a line of the text and at most one past its end (or between the
    \\r and \\n of a CRLF); offsets, when set, inside the text and at that line and column."""
    lines = line_count(text)
    starts = [0] + [m.end() for m in _BREAKS.finditer(text)]
    ends = [m.start() for m in _BREAKS.finditer(text)] + [len(text)]
    last_column = [e - b + (2 if text.startswith("\r\n", e) else 1) for b, e in zip(starts, ends, strict=True)]
    for d in diagnostics:
        where = f"{d.code} {d.span} {d.message[:120]!r}"
        start, end = d.span.start, d.span.end
        assert 1 <= start.line <= lines and 1 <= end.line <= lines, f"line outside 1..{lines}: {where}"
        assert start.column >= 1 and end.column >= 1, f"column < 1: {where}"
        for pos in (start, end):
            assert pos.column <= last_column[pos.line - 1], f"column past the end of line {pos.line}: {where}"
        assert (start.line, start.column) <= (end.line, end.column), f"start after end: {where}"
        if d.span.start_offset >= 0 or d.span.end_offset >= 0:
            assert 0 <= d.span.start_offset <= d.span.end_offset <= len(text), f"offsets outside 0..{len(text)}: {where}"
            for pos, offset in ((start, d.span.start_offset), (end, d.span.end_offset)):
                assert (pos.line, pos.column) == _position(starts, offset), f"offset {offset} is not at {pos}: {where}"
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


# --------------------------------------------------------------------------- every family

TESTS = Path(__file__).parent


def _json_yaml(text: str) -> str:
    """A block-style YAML rendering of a JSON object: the same file as a .yaml."""
    from io import StringIO

    from ruamel.yaml import YAML as RuamelYAML

    yaml = RuamelYAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    out = StringIO()
    yaml.dump(json.loads(text), out)
    return out.getvalue()


def _shrunk(text: str, keep: int = 3) -> str:
    """A large real file cut to the first ``keep`` items of every list (examples stay fast)."""

    def shrink(value: object) -> object:
        if isinstance(value, list):
            return [shrink(v) for v in value[:keep]]
        if isinstance(value, dict):
            return {k: shrink(v) for k, v in value.items()}
        return value

    return json.dumps(shrink(json.loads(text)), ensure_ascii=False, indent=2) + "\n"


def _corpus_case(dialect: str) -> str:
    """The first corpus rule case (tests/rules/corpus.yaml) written in ``dialect``."""
    from ruamel.yaml import YAML as RuamelYAML

    from goldlint.families.corpus.dialects import dialect_of

    for case in RuamelYAML(typ="safe", pure=True).load((TESTS / "rules" / "corpus.yaml").read_text(encoding="utf-8")):
        try:
            value = json.loads(case["text"])
        except ValueError:
            continue
        if dialect_of(value) == dialect:
            return str(case["text"])
    raise LookupError(dialect)


def _mixconfig_seed() -> str:
    source = (TESTS / "families" / "mixconfig" / "mixconfig_support.py").read_text(encoding="utf-8")
    return source.split('SEED = """', 1)[1].split('"""', 1)[0]


def _read(relative: str) -> str:
    return (TESTS / "data" / relative).read_text(encoding="utf-8")


_SEMANTIC = _read("semantic/slower-whisper/ami_meeting_001.json")
_RUN_CARD = _read("rosetta/run_card_example.json")
_MIX = _mixconfig_seed()
_FLAT = json.loads(_read("rosetta/sample_corpus.json"))

# id: (suffix, text, the kind it is detected as)
FAMILY_BASES: dict[str, tuple[str, str, str]] = {
    "slu-json": (".json", EXAMPLE, "slu"),
    "slu-jsonl": (".jsonl", JSONL, "slu"),
    "slu-yaml": (".yaml", YAML, "slu"),
    "corpus-spec": (".json", _corpus_case("spec"), "corpus"),
    "corpus-harness-v3": (".json", _shrunk(_read("rosetta/curated/eng-sna-dev-v1.json")), "corpus"),
    "corpus-legacy": (".json", _corpus_case("legacy"), "corpus"),
    "corpus-flat-jsonl": (".jsonl", "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in _FLAT), "corpus"),
    "runcard-json": (".json", _RUN_CARD, "runcard"),
    "runcard-yaml": (".yaml", _json_yaml(_RUN_CARD), "runcard"),
    "semantic-json": (".json", _SEMANTIC, "semantic"),
    "semantic-yaml": (".yml", _json_yaml(_SEMANTIC), "semantic"),
    "truth-tsv": (".tsv", _read("truth/clean.tsv"), "truth"),
    "mix-config-json": (".json", _MIX, "mix-config"),
    "mix-config-yaml": (".yaml", _json_yaml(_MIX), "mix-config"),
}
FAMILY_IDS = tuple(FAMILY_BASES)
# Every suffix goldlint reads, a name without one (sniffed), and one it does not read.
ALL_SUFFIXES = (".json", ".jsonl", ".ndjson", ".yaml", ".yml", ".tsv", "", ".txt")
KINDS = (None, "slu", "runcard", "corpus", "semantic", "mix-config", "truth")


def _rich_loaded(folder: Path) -> cfg.Loaded:
    """Every family option that reads another file, pointed at the files ``scratch`` holds."""
    return cfg.Loaded(cfg.settings_from({
        "slu": {"ontology": "slu-ontology.yaml", "audio-root": "."},
        "truth": {"ontology": "ontology.yaml", "calendar-entities": ["WHEN"]},
        "mix-config": {"ontology": "ontology.yaml"},
        "semantic": {"profile": "slower-whisper", "transcripts": "transcripts/{meeting_id}.json"},
        "runcard": {"corpus": "corpus.json"},
    }), None, folder)


@pytest.fixture(scope="module")
def family_scratch(scratch: Path) -> Path:
    """``scratch`` plus the ontologies, transcripts and corpus ``_rich_loaded`` points at."""
    (scratch / "ontology.yaml").write_text(_read("truth/ontology.yaml"), encoding="utf-8")
    (scratch / "slu-ontology.yaml").write_text("rate_book: [best_rating, rating_value]\nplay_music: [artist, track]\n", encoding="utf-8")
    (scratch / "corpus.json").write_text(_read("rosetta/curated/eng-sna-dev-v1.json"), encoding="utf-8")
    (scratch / "transcripts").mkdir(exist_ok=True)
    for transcript in (TESTS / "data" / "semantic" / "transcripts").glob("*.json"):
        (scratch / "transcripts" / transcript.name).write_text(transcript.read_text(encoding="utf-8"), encoding="utf-8")
    return scratch


def _family_check_text(folder: Path, name: str, text: str, kind: str | None, rich: bool) -> FileResult:
    loaded = _rich_loaded(folder) if rich else _loaded(folder)
    result = check_text(folder / name, text, loaded, kind, explicit=not rich)
    assert_well_placed(result.diagnostics, text)
    return result


@pytest.mark.parametrize("family", FAMILY_IDS)
def test_family_bases_are_detected(family: str) -> None:
    suffix, text, kind = FAMILY_BASES[family]
    result = checked_text(f"base{suffix}", text)
    assert result is not None and result.kind == kind, (family, result and _codes(result))


@st.composite
def mutated_family_text(draw: st.DrawFn) -> tuple[str, str]:
    suffix, text, _ = FAMILY_BASES[draw(st.sampled_from(FAMILY_IDS))]
    for _ in range(draw(st.integers(1, 4))):
        text = _mutation(draw, text)
    return draw(st.sampled_from([suffix, suffix, *ALL_SUFFIXES])), text


def _mutate_bytes(draw: st.DrawFn, data: bytearray) -> bytes:
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["flip", "truncate", "delete", "duplicate", "nul", "byte", "cr"]))
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
        elif op == "cr":  # a lone carriage return: JSON whitespace, but a line break to an editor
            data[at:at] = b"\r"
        else:
            data[at:at] = bytes([draw(st.integers(0x80, 0xFF))])
    return bytes(data)


@st.composite
def mutated_family_bytes(draw: st.DrawFn) -> tuple[str, bytes]:
    suffix, text, _ = FAMILY_BASES[draw(st.sampled_from(FAMILY_IDS))]
    return draw(st.sampled_from([suffix, suffix, *ALL_SUFFIXES])), _mutate_bytes(draw, bytearray(text.encode("utf-8")))


@PROPERTY
@given(case=mutated_family_text(), kind=st.sampled_from(KINDS), rich=st.booleans())
def test_every_family_mutated_text_never_crashes(family_scratch: Path, case: tuple[str, str], kind: str | None, rich: bool) -> None:
    suffix, text = case
    _family_check_text(family_scratch, f"family{suffix}", text, kind, rich)


@PROPERTY
@given(case=mutated_family_bytes(), kind=st.sampled_from(KINDS), rich=st.booleans())
def test_every_family_mutated_file_never_crashes(family_scratch: Path, case: tuple[str, bytes], kind: str | None, rich: bool) -> None:
    suffix, data = case
    path = family_scratch / f"family-file{suffix}"
    path.write_bytes(data)
    loaded = _rich_loaded(family_scratch) if rich else _loaded(family_scratch)
    result = check_file(path, loaded, kind, explicit=not rich)
    text = result.text if result.text is not None else data.decode("utf-8", errors="replace")
    assert_well_placed(result.diagnostics, text)


@pytest.mark.parametrize("kind", KINDS[1:])
@pytest.mark.parametrize("family", FAMILY_IDS)
def test_every_kind_forced_on_every_family(family_scratch: Path, family: str, kind: str) -> None:
    """``--kind`` names the wrong family (or the file's own): diagnostics, never a traceback."""
    suffix, text, _ = FAMILY_BASES[family]
    _family_check_text(family_scratch, f"forced{suffix}", text, kind, rich=False)
    _family_check_text(family_scratch, f"forced{suffix}", text, kind, rich=True)


@pytest.mark.parametrize("separator", LINE_SEPARATORS, ids=[f"U+{ord(s[-1]):04X}" + ("-CRLF" if s == "\r\n" else "") for s in LINE_SEPARATORS])
@pytest.mark.parametrize("family", FAMILY_IDS)
def test_every_family_every_line_separator(family_scratch: Path, family: str, separator: str) -> None:
    """Each separator for every line break, and one inside every line (in values, between tokens)."""
    suffix, text, _ = FAMILY_BASES[family]
    _family_check_text(family_scratch, f"sep{suffix}", text.replace("\n", separator), None, rich=True)
    inside = "\n".join(line[: len(line) // 2] + separator + line[len(line) // 2 :] for line in text.split("\n"))
    _family_check_text(family_scratch, f"sep{suffix}", inside, None, rich=False)


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


@pytest.mark.parametrize("opener,closer", [("[", "]"), ("{a: ", "}")], ids=["sequences", "mappings"])
def test_nesting_100000_deep_yaml(tmp_path: Path, run_cli, opener: str, closer: str) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "deep.yaml").write_text(opener * 100_000 + "1" + closer * 100_000 + "\n", encoding="utf-8")
    done = run_cli("check", "deep.yaml", cwd=tmp_path, timeout=120)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode == 1
    column = 1024 * len(opener) + 1  # the opener one level past max-depth (1024), as for JSON
    assert f"deep.yaml:1:{column}: GL011" in done.stdout and "max-depth" in done.stdout, done.stdout


def test_nesting_deep_yaml_in_block_style(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """Block nesting (indentation, no brackets) is refused where it crosses the limit too."""
    lines = [" " * n + "a:" for n in range(1100)] + [" " * 1100 + "1"]
    (tmp_path / "deep.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_cli("check", "deep.yaml", cwd=tmp_path, timeout=120)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert "deep.yaml:1025:1025: GL011" in done.stdout, done.stdout  # level n is the mapping at line n, column n


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


def test_jsonl_line_of_50_megabytes(tmp_path: Path, rss_probe) -> None:  # type: ignore[no-untyped-def]
    size = 50 << 20
    _write_big_line_jsonl(tmp_path / "big.jsonl", size)
    done, peak_kib, _ = rss_probe(["check", "big.jsonl"], tmp_path, 300)
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
    if text.startswith(("{", "[")):  # read cleanly, of no kind: skipped and counted, not reported
        assert (result.diagnostics, result.skipped) == ([], "kind not recognised")
    else:  # broken or empty: its own findings say so
        assert {d.code for d in result.diagnostics} & {"GL003", "GL010"} and result.skipped is None


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


# --------------------------------------------------------------------------- found by the fuzzer
# Each crash or misplaced diagnostic the atheris fuzzer (tests/fuzz) found, reduced.


def test_jsonl_lone_cr_inside_a_record_is_a_line_break_for_positions() -> None:
    """A lone \\r is JSON whitespace to the JSONL reader but a line break to an editor:
    diagnostics used to count lines at \\n only, so they pointed past the end of a line."""
    first, second, *_ = JSONL.splitlines(keepends=True)
    broken = second.replace('"intent": "RateBook"', '"intent": RateBook')
    text = first.replace('"meta": ', '"meta":\r ') + broken
    result = checked_text("gold.jsonl", text)
    assert result is not None
    (gl003,) = [d for d in result.diagnostics if d.code == "GL003"]
    offset = text.index("RateBook,")
    assert gl003.span.start_offset == offset
    assert (gl003.span.start.line, gl003.span.start.column) == (3, offset - len(first) - 1 + 1)
    same_line = checked_text("gold.jsonl", '{"a":\r 1} 1\n')
    assert same_line is not None
    assert [(d.code, d.span.start.line, d.span.start.column) for d in same_line.diagnostics if d.code == "GL003"] == [("GL003", 2, 5)]


@pytest.mark.parametrize("suffix", [".json", ".jsonl", ".yaml"])
def test_invalid_utf8_after_a_lone_cr(tmp_path: Path, suffix: str) -> None:
    """GL001's position counted lines at \\n only: after a lone \\r it pointed past the line's end."""
    data = b'{"a":\r "x\xc1y"}\n'
    result = checked_file(tmp_path / f"cr{suffix}", data)
    assert result is not None
    (gl001,) = [d for d in result.diagnostics if d.code == "GL001"]
    assert (gl001.span.start.line, gl001.span.start.column) == (2, 4)
    assert "at byte offset 9" in gl001.message


# (kind, suffix): a kind named by --kind (or a `kinds` glob) that does not read that format.
FORMAT_MISMATCHES = [("semantic", ".jsonl"), ("runcard", ".jsonl"), ("mix-config", ".jsonl"), ("truth", ".json"),
                     ("truth", ".jsonl"), ("truth", ".yaml"), ("slu", ".tsv"), ("corpus", ".tsv"), ("semantic", ".tsv")]


@pytest.mark.parametrize("kind,suffix", FORMAT_MISMATCHES, ids=[f"{k}{s}" for k, s in FORMAT_MISMATCHES])
def test_kind_that_does_not_read_the_format_is_gl005(kind: str, suffix: str) -> None:
    """``--kind semantic`` on a .jsonl file crashed (a JSONL path is a line number first):
    now GL005 at 1:1 says which formats the kind reads."""
    text = next(t for s, t, _ in FAMILY_BASES.values() if s == suffix)
    result = check_text(f"gold{suffix}", text, _loaded(Path.cwd()), kind=kind)
    assert_well_placed(result.diagnostics, text)
    gl005 = [d for d in result.diagnostics if d.code == "GL005"]
    assert [(d.span.start.line, d.span.start.column) for d in gl005] == [(1, 1)], _codes(result)
    assert f"kind `{kind}` does not read {suffix[1:].upper()} files" in gl005[0].message


def test_kind_that_does_not_read_the_format_exits_1(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "gold.jsonl").write_text(JSONL, encoding="utf-8")
    done = run_cli("check", "--kind", "semantic", "gold.jsonl", cwd=tmp_path)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert "gold.jsonl:1:1: GL005" in done.stdout, done.stdout
    (tmp_path / "goldlint.yaml").write_text("kinds:\n  '*.jsonl': semantic\n", encoding="utf-8")
    done = run_cli("check", "gold.jsonl", cwd=tmp_path)
    assert done.returncode == 1 and "gold.jsonl:1:1: GL005" in done.stdout, (done.stdout, done.stderr)


NON_STRING_KEYS = "1: one\ntrue: yes\nnull: nothing\n~: tilde\n: empty\n3.5: float\n2026-06-05: date\n? [a, b]\n: complex\n"


@pytest.mark.parametrize("family", ["slu-json", "corpus-spec", "corpus-harness-v3", "runcard-json", "semantic-json", "mix-config-json"])
def test_yaml_keys_that_are_not_strings(family: str) -> None:
    """A YAML key written as a number, boolean, null or a collection: the corpus rules called
    ``.casefold()`` on a ``None`` key (`: license` under the harness v3 top level). Keys are
    now the text written, as JSON's are."""
    _, text, kind = FAMILY_BASES[family]
    result = checked_text("keys.yaml", _json_yaml(text) + NON_STRING_KEYS)
    assert result is not None and result.kind == kind, _codes(result) if result else None
    corpus = _json_yaml(FAMILY_BASES["corpus-harness-v3"][1])
    nested = corpus.replace("\nentries:\n- ", "\nentries:\n- : null-key-in-an-entry\n  ", 1)
    assert nested != corpus
    result = checked_text("nested.yaml", nested)
    assert result is not None and result.kind == "corpus"
    assert any(d.code == "COR119" and "unknown field ``" in d.message for d in result.diagnostics), _codes(result)


@pytest.mark.parametrize("pattern", ["C[[1]]OFFEE_TYPE", "^[a--z]+$", "[&&x]", "[a||b]", "[~~]"])
def test_ignore_pattern_that_makes_python_warn(pattern: str, tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """A mix-config ignore pattern with ``[[`` or ``--`` in a class: ``re.compile`` warned
    ("possible nested set") onto goldlint's stderr (an error under ``-W error``). Found by
    test_every_family_mutated_text_never_crashes."""
    re.purge()  # the warning comes only when the pattern is compiled, not from re's cache
    text = _MIX.replace('"COFFEE_TYPE"', json.dumps(pattern))
    assert text != _MIX
    for suffix in (".json", ".yaml"):
        body = text if suffix == ".json" else _json_yaml(text)
        result = checked_text(f"config{suffix}", body)
        assert result is not None and result.kind == "mix-config"
    (tmp_path / "config.json").write_text(text, encoding="utf-8")
    done = run_cli("check", "config.json", cwd=tmp_path, env={"PYTHONWARNINGS": "default"})
    assert done.returncode in (0, 1) and done.stderr == "", (done.returncode, done.stderr)
