"""``max-json-values``: a JSON document's values counted in C before it is parsed, and the
worst arrays (2 bytes a value in the file, some 100 bytes once parsed) refused at the first
value past the limit inside a memory cap that is a small multiple of the file."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.formats import json_values
from goldlint.formats.json_read import parse_json

_TEXT = st.text(alphabet=st.sampled_from(['a', '\\', '"', ',', ':', '[', ']', '{', '}', ' ', '1', 'é', '\n']), max_size=6)
_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _TEXT,
                     lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_TEXT, inner, max_size=5), max_leaves=40)


def _in_order(value: Any, out: list[Any]) -> list[Any]:
    out.append(value)
    for child in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        _in_order(child, out)
    return out


@settings(max_examples=300, deadline=None)
@given(_JSON, st.booleans(), st.sampled_from(["compact", "spaced", "indented"]), st.integers(min_value=4, max_value=64))
def test_the_value_past_the_limit_is_found_exactly(value: Any, ascii_only: bool, layout: str, block: int) -> None:
    """For every limit below the count, the offset found is where that value is written (its
    text decodes to it); at the count, none. Small blocks make every block boundary happen.
    The bounds that rule a text out before it is counted never do so wrongly (the compact
    layout is the densest: `[0,0]` holds three values in five bytes)."""
    text = json.dumps(value, ensure_ascii=ascii_only, indent=1 if layout == "indented" else None,
                      separators=(",", ":") if layout == "compact" else None)
    data = text.encode("utf-8")
    values = _in_order(value, [])
    reference = json_values._BLOCK
    json_values._BLOCK = block
    try:
        for limit in range(len(values)):
            at = json_values.value_past(data, limit)
            assert at is not None
            found, _ = json.JSONDecoder().raw_decode(data[at:].decode("utf-8"))
            assert found == values[limit], (text, limit)
        assert json_values.value_past(data, len(values)) is None
        assert json_values.upper_bound(data) >= len(values)
        assert (len(data) + 1) // 2 >= len(values) and (len(text) + 1) // 2 >= len(values)
        assert all(json_values.may_exceed(data, limit) for limit in range(len(values)))
    finally:
        json_values._BLOCK = reference


def test_the_reader_refuses_at_the_character_of_the_value() -> None:
    parsed = parse_json('\ufeff{"é": "ü", "b": [1, 2]}', max_values=4)
    (problem,) = parsed.problems
    assert not parsed.ok and problem.code == "GL011" and problem.start == 21 and "(max-json-values)" in problem.message


def test_a_real_file_is_counted_by_the_bound_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the limit the three counts decide, and no block is read."""
    def never(*_: object) -> int:
        raise AssertionError("counted exactly")

    monkeypatch.setattr(json_values, "_count", never)
    record = '{"text": "wake me up at five am, please", "slots": [{"type": "time", "span": [4, 5]}], "id": 17}'
    assert parse_json("[" + ",".join([record] * 1000) + "]", max_values=20_000).ok


def _capped(args: list[str], cwd: Path, cap: int) -> subprocess.CompletedProcess[bytes]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    return subprocess.run([sys.executable, "-m", "goldlint", *args], cwd=cwd, capture_output=True, timeout=120, preexec_fn=limit, check=False)


def _bound(size: int, values: int) -> int:
    """The address space a check may take: 64 MiB for Python and goldlint, 8 times the file
    (its bytes, its text, a copy to count in), and 120 bytes a value it parses."""
    return (64 << 20) + 8 * size + 120 * values


_LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")


@_LINUX
@pytest.mark.parametrize("unit,suffix", [("{}", "json"), ("0", "json"), ("0", "jsonl")])
def test_sixty_megabytes_of_the_smallest_values_are_refused_inside_the_cap(tmp_path: Path, unit: str, suffix: str) -> None:
    """``[{},{},…]`` and ``[0,0,…]``, 60 MB (20 and 30 million values), as SLU: 2.0 and 2.9 GB
    resident before; refused at value 5,000,001 now, having parsed nothing."""
    size = 60_000_000
    count = size // (len(unit) + 1)
    body = "[" + ",".join([unit] * count) + "]"
    text = body if suffix == "json" else '{"a": 1}\n' + body + "\n"
    (tmp_path / f"gold.{suffix}").write_text(text, encoding="utf-8")
    done = _capped(["check", "--kind", "slu", f"gold.{suffix}"], tmp_path, _bound(len(text), 0))
    assert b"internal error" not in done.stderr and b"out of memory" not in done.stdout, (done.stderr[-2000:], done.stdout[-2000:])
    line = 1 if suffix == "json" else 2
    column = 2 + (5_000_000 - 1) * (len(unit) + 1)  # value 5,000,001: the root, then the array's items
    assert done.returncode == 1 and f"gold.{suffix}:{line}:{column}: GL011 ".encode() in done.stdout, done.stdout[-2000:]
    assert b"(max-json-values)" in done.stdout


@_LINUX
@pytest.mark.parametrize("unit", ["{}", "0", '"abcdefgh"', "[]"])
def test_a_file_at_the_limit_is_checked_inside_the_cap(tmp_path: Path, unit: str) -> None:
    """As many of the smallest values as the limit allows: parsed and checked (SLU finds every
    record broken), within 120 bytes a value besides a few copies of the file."""
    values = 1_000_000
    text = "[" + ",".join([unit] * (values - 1)) + "]"
    (tmp_path / "gold.json").write_text(text, encoding="utf-8")
    (tmp_path / "goldlint.yaml").write_text(f"max-json-values: {values}\n", encoding="utf-8")
    done = _capped(["check", "--kind", "slu", "gold.json"], tmp_path, _bound(len(text), values))
    assert b"internal error" not in done.stderr and b"out of memory" not in done.stdout, (done.stderr[-2000:], done.stdout[-2000:])
    assert done.returncode == 1 and b"gold.json:1:2: SLU" in done.stdout and b"(max-json-values)" not in done.stdout, done.stdout[-2000:]


@pytest.mark.parametrize("text", ["[[[[[[[[[[", "[1,[[[[[[[", '{"a": [[[[[[[[['])
@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_unclosed_brackets_past_the_limit_are_refused_as_too_many_values(text: str, suffix: str, tmp_path: Path) -> None:
    """An unclosed bracket is a value in one byte: a broken text can hold more values than half
    its length, so the reader that reports GL011 counts them, not the length bound of the gate
    before a parse (the second reviewer's reproducer)."""
    from goldlint import config as cfg
    from goldlint import engine

    (tmp_path / "goldlint.yaml").write_text("max-json-values: 5\n", encoding="utf-8")
    (tmp_path / f"gold{suffix}").write_text(text, encoding="utf-8")
    cfg.load.cache_clear()
    found = [(d.code, d.message) for d in engine.check_file(tmp_path / f"gold{suffix}").diagnostics]
    assert ("GL011", "more than 5 JSON values (max-json-values): refused") in found, found
