"""libyaml reads YAML exactly as ruamel.yaml does wherever goldlint lets it.

:mod:`goldlint.formats.yaml_events` takes libyaml's events for speed and ruamel.yaml's
as the reference. These tests read generated and mutated YAML both ways and hold the
results equal: every event, every node's offsets, every value and finding. Where libyaml
steps aside (``NotExact``, or a text it is not given), the document must still be read
exactly as ruamel.yaml reads it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.nodes import ScalarNode

from goldlint.formats import yaml_events
from goldlint.formats.yaml_doc import YamlDocument

# Pieces of YAML: indicators, quotes, comments, block scalars, line breaks, non-ASCII.
_PIECES = ["a", "b: ", "- ", "  ", "\n", ": ", "? ", "[", "]", "{", "}", ",", "'", '"', "#", "&x ", "*x", "&x", "*x ", "&x:", "*x:", "&a.b ", "*a.b", "&é ", "&x{", "!t ", "!!str ",
           "|", ">", "-", "\\", "é", "😀", "\r\n", "\r", "---\n", "1", "0x1F", "true", "~", "null", ":", "key: value\n",
           "  - item\n", "x: |\n  lit\n", "'it''s'", '"\\u00e9\\x41"', "  # c\n", "@", "`", "%", " ", "    ", "|-\n", ">+\n",
           "!<tag:yaml.org,2002:str> ", '"a\nb"', "'x\n\n y'", "\t", "\ufeff", "\x85", "\u2028", "...\n", "%YAML 1.2\n"]


def _event_key(event: yaml_events.Event) -> tuple[Any, ...]:
    return (event.kind, event.start.index, event.end.index, event.value, event.implicit, event.style,
            event.flow_style, event.anchor, event.tag)


def _libyaml(text: str) -> list[tuple[Any, ...]] | None:
    """libyaml's events, or None where goldlint would not use them."""
    stream = yaml_events.libyaml_events(text)
    if stream is None:
        return None
    try:
        return [_event_key(e) for e in stream]
    except yaml_events.NotExact:
        return None


def _ruamel(text: str) -> list[tuple[Any, ...]] | str:
    stream, _ = yaml_events.ruamel_events(text)
    try:
        return [_event_key(e) for e in stream]
    except Exception as exc:  # noqa: BLE001 - any refusal: libyaml must not have accepted the text
        return f"refused: {exc}"


def _read(text: str, *, libyaml: bool) -> tuple[Any, ...]:
    """Everything a document keeps: value, findings, and each path's key and node offsets."""
    with pytest.MonkeyPatch.context() as patch:
        if not libyaml:
            patch.setattr(yaml_events, "libyaml_events", lambda text: None)
        doc = YamlDocument("x.yaml", text)
    nodes = {path: (None if key is None else (key.start, key.end), (node.start, node.end))
             for path, (key, node) in doc.nodes_by_path().items()}
    return doc.ok, repr(doc.root), [(f.code, f.where, f.message) for f in doc.findings], nodes


def _same_events(text: str) -> None:
    fast = _libyaml(text)
    if fast is not None:
        assert fast == _ruamel(text), repr(text)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=25).map("".join))
def test_libyaml_events_are_ruamel_events_on_yaml_fragments(text: str) -> None:
    _same_events(text)


_SCALAR = st.one_of(
    st.text(alphabet=st.sampled_from("ab é😀:#-'\"\\{}[],&*!|>%@`?\n"), max_size=8),
    st.integers(-(10**6), 10**6), st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none(),
)
_DATA = st.recursive(_SCALAR, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text("abk_", min_size=1, max_size=4), inner, max_size=4),
                     max_leaves=20)


def _dump(value: Any, flow: bool | None, width: int) -> str:
    import io

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = flow
    yaml.width = width
    out = io.StringIO()
    yaml.dump(value, out)
    return out.getvalue()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_DATA, st.sampled_from([False, None, True]), st.sampled_from([20, 80]), st.randoms(use_true_random=False))
def test_libyaml_events_are_ruamel_events_on_dumped_and_mutated_yaml(value: Any, flow: bool | None, width: int, rnd: random.Random) -> None:
    text = _dump(value, flow, width)
    _same_events(text)
    assert _read(text, libyaml=True) == _read(text, libyaml=False)
    for _ in range(3):  # a hand edit: a character typed or deleted somewhere
        at = rnd.randrange(len(text) + 1)
        text = text[:at] + rnd.choice(["", " ", "\n", ":", "- ", "#", "'", '"', "[", "}", "x"]) + text[at + rnd.randint(0, 1):]
        _same_events(text)
        assert _read(text, libyaml=True) == _read(text, libyaml=False), repr(text)


@pytest.mark.parametrize(
    "text",
    [
        "a:\tb\n",  # a tab: libyaml accepts where ruamel.yaml refuses
        "\ufeffa: 1\n",  # a byte order mark: libyaml does not count it
        "%YAML 1.1\n---\na: yes\n",  # a directive: 1.1 resolves `yes` as a boolean
        "a: 1\n...\n...\n",  # document end markers: libyaml accepts a second one
        "a: &x:y 1\nb: *x:y\n",  # an anchor's name that libyaml ends at `:`, YAML 1.2 does not
        "- &a.b v\n",  # (one libyaml refuses)
        "{*a: 1}\n",  # an alias before `:` in a flow mapping: libyaml reads a key, ruamel.yaml refuses
        "a: !<tag:yaml.org,2002:str> 1\n",  # a verbatim tag
        "a: !t&x 1\n",  # (no blank after it)
        "k: !\n  - 1\n",  # the non-specific tag (a collection's implicit flag differs)
        "- !t &x v\n",  # a tag before the anchor
        "a: !!str%21 1\n",  # an escape in a tag
        "a: x\ty\n",  # a tab in a plain scalar: ruamel.yaml refuses it, libyaml not
        "a: 'x'  # c\td\n",  # a tab in a comment
        "a: |\n  x\ty\n",  # a tab in a block scalar
        ">+\n#[\n",  # a root block scalar whose text libyaml reads as a comment
        "a: |#x\n  b\n",  # a block scalar header libyaml alone accepts
        "? a\n? b\n",  # explicit keys without values
        "{a, b: }\n",  # a flow key without a value
        "a: 'x\x85y'\n",  # NEL: a line break to libyaml only
        "a: [1, 2\n",  # an error: worded by ruamel.yaml
        "a: \ud800\n",  # a lone surrogate libyaml cannot be given
        "a: |\n \n  x\n",  # a line of spaces before a block scalar's text: ruamel.yaml refuses it
        "a: |\n \n  ",  # (and at the end of the text)
        'x: ["a":1]\n',  # a single pair in a flow sequence: ruamel.yaml refuses a quoted key before `:`
        "[?:]\n",  # (and reads this one otherwise)
        "x: {a: }\n",  # an empty value in a flow collection: marked after the `:`
        "a:\n? b\n: c\n",  # an empty value before an explicit key: marked past the `?`
    ],
)
def test_where_libyaml_steps_aside_ruamel_yaml_reads_the_text(text: str) -> None:
    assert _libyaml(text) is None
    assert _read(text, libyaml=True) == _read(text, libyaml=False)


@pytest.mark.parametrize("text", ["a: &x 1\nb: *x\n", "- &m {k: [1, 2]}\n- *m\n", "x: &s\n  - 1\ny: *s\n", "[&a 1, *a]\n",
                                  "{a: &b x, c: *b}\n", "&r\na: 1\n", "- &a # c\n  v\n", "base: &b {a: 1}\nitem: {<<: *b, c: 2}\n"])
def test_anchors_and_aliases_are_read_by_libyaml(text: str) -> None:
    """Anchors and aliases are libyaml's to read (a 4 MB file with 144,000 of them took 20 s
    in ruamel.yaml's pure Python, 1.3 s now), where the two parsers end their names alike."""
    events = _libyaml(text)
    assert events is not None and events == _ruamel(text)
    assert _read(text, libyaml=True) == _read(text, libyaml=False)


@pytest.mark.parametrize("text", ["a: !!str 1\nb: !local x\n", "- !!map {a: 1}\n- &s !!seq [1]\n- *s\n",
                                  "a: !!python/object:os.system x\n", "{!t a: !!int 2}\n", "a: \"x\ty\"\nb: 'p\tq'\n",
                                  "\"k\tk\": [\"v\tw\", 1]\n"])
def test_tags_and_tabs_in_quoted_scalars_are_read_by_libyaml(text: str) -> None:
    """Simple tags, and tabs inside quoted scalars, are libyaml's to read (4 MB of them took
    39 s and 31 s in ruamel.yaml's pure Python, 5 s now): events, values and findings alike."""
    events = _libyaml(text)
    assert events is not None and events == _ruamel(text)
    assert _read(text, libyaml=True) == _read(text, libyaml=False)


@pytest.mark.parametrize("text", ["a: !!python/object/apply:os.system x\nb: [1 2\n", "- !local x\n- &a:b 1\n", "- !t a\n- x\ty\n"])
def test_what_libyaml_read_before_it_stepped_aside_is_not_reported_twice(text: str) -> None:
    """A tag read by libyaml, then a text it steps aside from further on (an error, a tab in a
    plain scalar): the tag was reported twice, once from each reader (the YAML fuzz target)."""
    assert _libyaml(text) is None
    assert _read(text, libyaml=True) == _read(text, libyaml=False)


def test_a_collection_as_a_key_is_its_text() -> None:
    doc = YamlDocument("x.yaml", "? [a, b]\n: 1\n? [a, b]\n: 2\n")
    assert doc.root == {"[a, b]": 2}
    assert [f.code for f in doc.findings] == ["GL004"]


@pytest.mark.parametrize("text", ["a: \nb: 1\n", "a:   # empty\n\n  b: 2\n", "- \n- x\n", "a:\n", "k: v\nz: "])
def test_empty_values_are_marked_where_ruamel_yaml_marks_them(text: str) -> None:
    assert _libyaml(text) == _ruamel(text)


@given(st.text(alphabet=st.sampled_from("0123456789+-._eExXoOabcdfntruyl:~TFN "), max_size=10), st.booleans())
def test_plain_scalars_resolve_as_ruamel_yaml_resolves_them(value: str, plain: bool) -> None:
    resolver = YAML(typ="safe", pure=True).resolver
    implicit = (plain, not plain)
    assert yaml_events.resolve_1_2(value, implicit) == str(resolver.resolve(ScalarNode, value, implicit))


def test_a_large_plain_document_is_read_by_libyaml() -> None:
    text = "".join(f"- label: topic_{n}\n  segment_ids: [{n}, {n + 1}]\n  note: \"é {n}\"\n" for n in range(300))
    events = _libyaml(text)
    assert events is not None and events == _ruamel(text)


def test_brackets_inside_a_plain_scalar_are_no_nesting_for_either_reader() -> None:
    """The depth guard before ruamel.yaml's pure-Python reading counts a bracket only where a
    flow collection can start: ``-[[[[…`` is a plain scalar (libyaml reads it so; the guard
    refused it as nesting, found by the YAML fuzz target). A real deep flow is still refused."""
    from goldlint.formats.base import Limits

    scalar = "#\t\nkey: -" + "[" * 20 + "x\n"  # (a tab: read by ruamel.yaml's pure Python)
    doc = YamlDocument("x.yaml", scalar, Limits(max_depth=8))
    assert doc.ok and doc.root == {"key": "-" + "[" * 20 + "x"} and doc.findings == []
    deep = YamlDocument("x.yaml", "#\t\nkey: " + "[" * 20 + "]" * 20 + "\n", Limits(max_depth=8))
    assert [f.code for f in deep.findings] == ["GL011"]


@pytest.mark.parametrize("text", ["- - " + "[" * 300 + "\n", "a:\n  - b: " + "[" * 40 + "1" + "]" * 40 + "\n", "- " + "{x: " * 30 + "1" + "}" * 30 + "\n"])
def test_both_readers_refuse_a_deep_nesting_at_the_same_place(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first level past max-depth counts the block collections around a flow one: the depth
    guard before ruamel.yaml's reading counted brackets only, and refused `- - [[[…` two levels
    late (found by the YAML fuzz target, comparing the two readers)."""
    from goldlint.formats.base import Limits

    def refused(doc: YamlDocument) -> list[tuple[str, Any]]:
        return [(f.code, f.where) for f in doc.findings]

    fast = refused(YamlDocument("x.yaml", text, Limits(max_depth=16)))
    monkeypatch.setattr(yaml_events, "libyaml_events", lambda text: None)
    pure = refused(YamlDocument("x.yaml", text, Limits(max_depth=16)))
    assert fast == pure and [code for code, _ in fast] == ["GL011"], (fast, pure)


def test_the_written_implicit_types_are_ruamels() -> None:
    """goldlint.formats.yaml_implicit is ruamel.yaml's resolver of YAML 1.2, written out so that a
    text libyaml reads needs no ruamel.yaml import; ``python -m goldlint.formats.yaml_events``
    rewrites it when ruamel.yaml changes."""
    from pathlib import Path

    from ruamel.yaml.resolver import VersionedResolver

    written = Path(yaml_events.__file__).with_name("yaml_implicit.py").read_text(encoding="utf-8")
    assert written == yaml_events.render_implicit(), "run `python -m goldlint.formats.yaml_events`"
    ruamels = VersionedResolver().versioned_resolver
    assert {first: [(tag, p.pattern, p.flags) for tag, p in resolvers] for first, resolvers in yaml_events._YAML_1_2.items()} == {
        first: [(tag, p.pattern, p.flags) for tag, p in resolvers] for first, resolvers in ruamels.items()}
