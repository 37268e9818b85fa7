"""A config read without pydantic equals the config pydantic reads (``goldlint.tables.plain``).

A config file is first taken as it is when every value is exactly of its declared type; only
otherwise does pydantic convert or refuse it. Both read the same table declarations, so the
one thing to prove is that the quick reading never takes what pydantic would change or
refuse, and builds the same settings when it takes them. Hypothesis writes configs from the
real tables' keys (kebab-case and attribute names, of every kind's table) with values of the
right and of the wrong types.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from goldlint import config, tables

SETTINGS = config._validated()

REPO = Path(__file__).resolve().parents[1]


def _keys(cls: Any) -> list[str]:
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    return sorted({*names, *(tables.kebab(n) for n in names)})


# Values a config author writes: right and wrong types, bounds' edges, real and unknown codes,
# kinds and globs, and each strategy's value inside lists and mappings.
_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([1024, 1025, 16_000_000_000]), st.floats(allow_nan=False),
    st.sampled_from(["", "ALL", "GL", "GL011", "SLU101", "XSD1", "NOPE9", "slu", "corpus", "no-kind", "*.json", "data/**", "[", "0.5", "spec",
                     "slower-whisper", "auto", "1"]),
    st.text(max_size=4),
)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_SCALARS.filter(lambda v: isinstance(v, str)), inner,
                                                                                        max_size=3), max_leaves=6)


def _table_value(cls: Any) -> st.SearchStrategy[dict[str, Any]]:
    keys = _keys(cls)
    return st.dictionaries(st.sampled_from([*keys, "unknown-key"]), _VALUES, max_size=4)


def _config() -> st.SearchStrategy[dict[str, Any]]:
    """A whole config: common keys with any value, and kind tables with their own keys."""
    subtables = {key: tables.subtable(SETTINGS, key) for key in _keys(SETTINGS)}
    value_of = {key: _table_value(sub) if sub is not None else _VALUES for key, sub in subtables.items()}
    pairs = st.sampled_from(sorted(value_of)).flatmap(lambda key: st.tuples(st.just(key), value_of[key] | _VALUES))
    return st.lists(pairs, max_size=5).map(dict)


def _pydantic(data: dict[str, Any]) -> Any:
    try:
        return tables.validate(SETTINGS, data)
    except ValidationError:
        return None


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_config())
def test_a_config_taken_as_it_is_equals_pydantics_reading(data: dict[str, Any]) -> None:
    quick = tables.plain(SETTINGS, data)
    if quick is None:
        return  # (pydantic reads it: what the user gets is pydantic's)
    validated = _pydantic(data)
    assert validated is not None, f"taken as it is, but pydantic refuses {data!r}"
    assert type(quick) is type(validated)
    assert quick == validated


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_config())
def test_a_config_read_with_only_the_tables_it_names_equals_the_whole_reading(data: dict[str, Any]) -> None:
    """A config's plain reading builds only the kind tables it names (the other kinds' modules
    stay unloaded); every key of the settings then reads as with every table built."""
    whole = tables.plain(SETTINGS, data)
    narrow = tables.plain(config._validated(config._tables_named(data)), data)
    assert (narrow is None) == (whole is None)
    if whole is None:
        return
    for f in dataclasses.fields(SETTINGS):
        assert getattr(narrow, f.name) == getattr(whole, f.name), f.name


@pytest.mark.parametrize("text", [
    "max-file-size: 16000000000\n",
    "exclude: ['*.pred.conll']\n",
    "select: [ALL]\nignore: [GL007, SLU1]\nper-file-ignores:\n  'legacy/*.json': [SLU101]\nkinds:\n  '*.json': slu\n",
    "semantic:\n  profile: slower-whisper\n",
    "slu:\n  min-speaker-age: 5\n  text-conventions:\n    lowercase: false\n",
    "max_depth: 1024\nroots: [.., /data]\n",
])
def test_the_common_configs_are_taken_without_pydantic(text: str, tmp_path: Path) -> None:
    """What a config usually holds is taken as it is, and equals pydantic's reading."""
    (tmp_path / "goldlint.yaml").write_text(text, encoding="utf-8")
    from goldlint.formats.yaml_doc import YamlDocument

    data = YamlDocument("goldlint.yaml", text).root
    quick = tables.plain(SETTINGS, data)
    assert quick is not None
    assert quick == tables.validate(SETTINGS, data)
    read = config.read(tmp_path / "goldlint.yaml").settings  # (built with the tables it names only)
    assert [getattr(read, f.name) for f in dataclasses.fields(SETTINGS)] == [getattr(quick, f.name) for f in dataclasses.fields(SETTINGS)]


@pytest.mark.parametrize(("text", "message"), [
    ("max-depth: 2000\n", "max-depth: "),
    ("slu:\n  min-speaker-age: -1\n", "slu.min-speaker-age: must be at least 0"),
    ("select: [NOPE9]\n", "select[0]: "),
    ("max-file-size: 1\nmax_file_size: 2\n", ""),  # one key written both ways
    ("exclude: ['']\n", "exclude: "),
    # a boolean is no whole number (pydantic's lax mode took `true` for 1: a depth of 1, a size limit of 1 byte)
    ("max-depth: true\n", "max-depth: expected a whole number, not `True`"),
    ("max-file-size: false\n", "max-file-size: expected a whole number, not `False`"),
    ("corpus:\n  segment-minimums: {dev: true}\n", "corpus.segment-minimums.dev: expected a whole number, not `True`"),
])
def test_what_the_quick_reading_declines_is_explained_by_pydantic(text: str, message: str, tmp_path: Path) -> None:
    (tmp_path / "goldlint.yaml").write_text(text, encoding="utf-8")
    from goldlint.formats.yaml_doc import YamlDocument

    assert tables.plain(SETTINGS, YamlDocument("goldlint.yaml", text).root) is None
    with pytest.raises(config.ConfigError) as caught:
        config.read(tmp_path / "goldlint.yaml")
    assert message in str(caught.value)


def test_a_value_to_convert_is_left_to_pydantic(tmp_path: Path) -> None:
    """A number written as a string is pydantic's to convert (as it always was), not the quick reading's."""
    (tmp_path / "goldlint.yaml").write_text("max-file-size: '100'\n", encoding="utf-8")
    assert tables.plain(SETTINGS, {"max-file-size": "100"}) is None
    assert config.read(tmp_path / "goldlint.yaml").settings.max_file_size == 100


def test_the_shipped_configs_are_taken_without_pydantic() -> None:
    """Every config the repository ships (examples, test data) is a plain one."""
    from goldlint.formats.yaml_doc import YamlDocument

    shipped = [p for p in [*REPO.glob("examples/**/goldlint.yaml"), *REPO.glob("tests/data/**/goldlint.yaml")]]
    assert shipped
    for path in shipped:
        text = path.read_text(encoding="utf-8")
        assert tables.plain(SETTINGS, YamlDocument(str(path), text).root) is not None, path
