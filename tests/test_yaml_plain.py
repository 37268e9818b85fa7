"""goldlint.formats.yaml_plain reads a config exactly as the YAML reader does, or not at all."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint.formats import yaml_plain
from goldlint.formats.yaml_doc import YamlDocument

KEYS = ["a", "max-file-size", "slu", "exclude", "x_y", "K1", "true", "null", "True", "1", "-k", "é", '"q"']
VALUES = ["1", "0", "-3", "-0", "007", "1.5", "1e3", "0x1F", "0o7", "1_000", "12345678901234567890", "+1", "true", "True", "TRUE",
          "tRUE", "false", "yes", "no", "on", "off", "y", "n", "null", "Null", "NULL", "~", "abc", "a/b", "a.b", "/abs", "_x", ".x", ".inf",
          "*.json", '"*.json"', "'x'", "'it''s'", '"a\\"b"', '"a # b"', "a#b", "a # c", "[a, b]", "[]", "[ a , 'b' ]", "[a b]", "[a,]",
          "[1, -2, true, x]", "{a: 1}", "-", ":", "a:b", "a: b", "", "é", '"é"', "'\u00a0'", '"\x07"', '"\x85"', "&a x", "*a", "!!str 1",
          "|", ">", "@x", "%x", "`x`", "x y"]
INDENTS = ["", " ", "  ", "    "]
LINES = st.one_of(
    st.tuples(st.sampled_from(INDENTS), st.sampled_from(KEYS), st.sampled_from([": ", ":", ":  ", " : "]), st.sampled_from(VALUES),
              st.sampled_from(["", "  # note", " #x", "#x", " ", "\t"])).map("".join),
    st.tuples(st.sampled_from(INDENTS), st.sampled_from(["- ", "-", "-  "]), st.sampled_from(VALUES)).map("".join),
    st.sampled_from(["", "# comment", "  # indented comment", "   ", "---", "...", "\t", "\ufeff", "%YAML 1.1"]),
)


def _typed(value: Any) -> Any:
    """The value with every scalar's type beside it (``True == 1`` in Python, not in a config)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


def _assert_read_alike(text: str) -> None:
    plain = yaml_plain.read_plain(text)
    if plain is None:
        return
    doc = YamlDocument("goldlint.yaml", text)
    assert doc.findings == [], text
    assert _typed(plain) == _typed(doc.root or {}), text


@settings(max_examples=1500, deadline=None)
@given(st.lists(LINES, max_size=8), st.sampled_from(["", "\n", "\r\n"]))
@example(["exclude:", "- '*.pred.jsonl'", "slu:", "  audio-types: [real, generated]"], "\n")
@example(["a:", "  b: 1", " c: 2"], "")
def test_the_plain_reading_is_the_yaml_reading(lines: list[str], end: str) -> None:
    _assert_read_alike("\n".join(lines) + end)


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("form", ["key: {}\n", "key: [{}]\n", "key:\n  - {}\n", "key:\n  inner: {}\n"])
def test_every_listed_value_in_every_place(value: str, form: str) -> None:
    _assert_read_alike(form.format(value))


@pytest.mark.parametrize("text", [
    "max-file-size: 16000000000\nmax-json-values: 200000000\n",
    "# The predictions next to the gold are a model's output, not gold: not linted.\nexclude: [\"*.pred.conll\"]\n",
    "semantic:\n  profile: slower-whisper\n",
    "exclude:\n- a\n- 'b'\nignore: [SLU101]  # noisy\nslu:\n  min-speaker-age: 5\n",
])
def test_common_configs_are_read_plainly(text: str) -> None:
    assert yaml_plain.read_plain(text) is not None
    _assert_read_alike(text)


def test_a_config_reads_the_same_either_way(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "goldlint.yaml"
    path.write_text("max-file-size: 100\nexclude: ['*.pred.jsonl']\nignore: [SLU101]\nslu:\n  min-speaker-age: 5\n", encoding="utf-8")
    plainly = cfg.read(path)
    monkeypatch.setattr(yaml_plain, "read_plain", lambda text: None)
    assert cfg.read(path) == plainly
    assert plainly.settings.max_file_size == 100


def test_a_config_nested_past_the_stack_goes_to_the_yaml_reader(tmp_path: Any) -> None:
    """Nested deeper than the interpreter's stack: not read here, and the YAML reader refuses
    it with its place (not a RecursionError from this reader)."""
    text = "".join(" " * i + f"k{i}:\n" for i in range(1500)) + " " * 1500 + "z: 1\n"
    assert yaml_plain.read_plain(text) is None
    path = tmp_path / "goldlint.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(cfg.ConfigError, match="nesting deeper than"):
        cfg.read(path)


@given(st.text(st.one_of(st.characters(max_codepoint=0x7F), st.characters(), st.sampled_from("\t\n\r\x0b\x7f\x85\u2028\ufeff\ud800"))))
@example("a: 1\n\tb: 2\n")
@example("a: 1\r\n")
def test_the_characters_left_to_the_yaml_reader_are_found_with_or_without_the_pattern(text: str) -> None:
    """ASCII text is searched by ``isprintable`` (no pattern to compile): the same answer."""
    assert yaml_plain._has_unread(text) == (re.search(yaml_plain._UNREAD, text) is not None)
