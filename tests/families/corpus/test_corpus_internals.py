"""The corpus family's machinery: the gloss fast path agrees with the Lark grammar, the entry
fast path agrees with the slow path, COR112 scales, bad input never crashes, detection,
dialects, language tags, editor support."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint.engine import check_file, check_text
from goldlint.families import FAMILIES
from goldlint.families.base import Report
from goldlint.families.corpus import bulk, dialects, gloss, langtags, licences
from goldlint.families.corpus.entries import EntryChecker
from goldlint.families.corpus.options import CorpusOptions

DATA = Path(__file__).resolve().parents[2] / "data" / "rosetta"

# --------------------------------------------------------------------------- COR116 two paths


@given(st.text(alphabet="ab-= |<>\t", max_size=24))
@settings(max_examples=400, deadline=None)
def test_gloss_fast_path_agrees_with_the_grammar(value: str) -> None:
    from lark.exceptions import UnexpectedInput

    body = value.strip()
    try:
        tree = gloss.parser().parse(body)
    except UnexpectedInput:
        parsed_clean = False
    else:
        left, right = (gloss._words(line, 0) for line in tree.children)
        parsed_clean = len(left) == len(right) and all(gloss.morpheme_count(a) == gloss.morpheme_count(b) for (a, _, _), (b, _, _) in zip(left, right, strict=True))
    assert gloss.is_clean(value) == parsed_clean
    assert (gloss.check(value) == []) == parsed_clean


@given(st.text(alphabet="ab-= |<>\t\u2028\xa0", max_size=24))
@settings(max_examples=400, deadline=None)
@example("ni-wāpam-āw atim | 1-see dog")
@example(" a  b |c ")
def test_gloss_words_read_as_the_grammar_reads_them(value: str) -> None:
    """A well-formed analysis is read by a regular expression, the others by the grammar."""
    from lark.exceptions import UnexpectedInput

    body = value.strip()
    base = len(value) - len(value.lstrip())
    try:
        tree = gloss.parser().parse(body)
    except UnexpectedInput:
        assert gloss._read_well_formed(body, base) is None
    else:
        assert gloss._read_well_formed(body, base) == tuple(gloss._words(line, base) for line in tree.children)


@given(st.lists(st.text(alphabet="ab\u0101-= |<>\t\n\u2028\xa0", max_size=16), max_size=4))
@settings(max_examples=400, deadline=None)
def test_gloss_block_check_agrees_with_one_by_one(values: list[str]) -> None:
    assert gloss.clean_flags(values) == list(map(gloss.is_clean, values))


@given(st.lists(st.sampled_from(["a-b | c-d", "a | b", "a-b | c", "a=b c | d=e f", "| a", "a -b | c d", "a<b>c | d-e", "a-|b-c",
                                 "a|-b", "a b-|c d-", "a|b|c", "a-\n-b | c", "-a | -b", "a- | b-", "a=-b | c--d"]), max_size=40))
@settings(max_examples=300, deadline=None)
def test_gloss_flags_of_many_values_agree_with_one_by_one(values: list[str]) -> None:
    assert gloss.clean_flags(values) == list(map(gloss.is_clean, values))


@given(st.lists(st.text(alphabet="aB\u00df e\u0301\u00e9\t\xa0\u2028\x00\u200b\u0130", max_size=8), min_size=1, max_size=6))
@settings(max_examples=400, deadline=None)
@example(["a b", "c"])  # the usual case: single spaces, nothing to collapse
@example(["a ", " b", "c  d"])
def test_sources_normalised_at_once_as_one_by_one(values: list[str]) -> None:
    from goldlint.families.corpus.tally import normalise_source

    assert bulk.normalised(values) == list(map(normalise_source, values))


@given(st.lists(st.sampled_from([1, 2, 3, "1", "a", "A", True, 2.0]), max_size=30))
@settings(max_examples=300, deadline=None)
def test_first_occurrences_flag_every_value_seen_before(values: list[Any]) -> None:
    seen: list[Any] = []
    expected = 0
    for n, value in enumerate(values):
        if value not in seen:  # (== as in a dict: True is 1, 2.0 is 2)
            expected |= 1 << (8 * n)
            seen.append(value)
    assert bulk.first_occurrences(values) == expected


def test_gloss_problems_point_inside_the_value() -> None:
    value = "ni-wâpam-âw atim | 1sg-see.TA dog.AN"
    [problem] = gloss.check(value)
    assert value[problem.start : problem.end] == "ni-wâpam-âw"


# --------------------------------------------------------------------------- fast path == slow path

BASE = {"id": 1, "source": "dog", "reference": "atim", "segment": "development", "difficulty": 1, "provenance": "textbook",
        "register": "formal", "context": "label"}
VARIANTS: list[dict[str, Any]] = [
    {}, {"id": "1"}, {"id": True}, {"source": ""}, {"source": 7}, {"reference": " atim"}, {"segment": "gold_standard"},
    {"segment": "gold-standard"}, {"difficulty": 0}, {"difficulty": "easy"}, {"difficulty": 2.0}, {"provenance": "corpus"},
    {"provenance": "elicited"}, {"register": "functional"}, {"context": None}, {"notes": 3}, {"variant_class": "v"},
    {"morphological_analysis": "a-b | c"}, {"morphological_analysis": "a-b | c-d"}, {"extra": 1}, {"index": 1},
]


def _run(entries: list[Any], fast: bool, flavour: str = "spec") -> tuple[list[Any], Any]:
    report = Report()
    checker = EntryChecker(report, CorpusOptions(extra_registers=["functional"]), flavour,  # type: ignore[arg-type]
                           declared_provenance={"textbook", "elicited"})
    if not fast:
        checker.clean = lambda *_: False
    for n, e in enumerate(entries):
        checker.entry(("entries", n), copy.deepcopy(e))
    findings = [(f.code, f.where, f.message, f.severity, f.fix) for f in report.findings]
    return findings, checker.tally


@pytest.mark.parametrize("n", range(len(VARIANTS)))
def test_entry_fast_path_agrees_with_the_slow_path(n: int) -> None:
    entries = [BASE, {**BASE, "id": 2, "source": "cat"}, {**BASE, **VARIANTS[n], **({"id": 3} if "id" not in VARIANTS[n] else {})},
               {**BASE, "id": 4, "source": "Dog "}]
    assert _run(entries, fast=True) == _run(entries, fast=False)


def _checker(flavour: str = "spec", **header: Any) -> EntryChecker:
    options = CorpusOptions(extra_registers=["functional"], extra_secret_segments=["vault"], extra_domains=["wiki"])
    return EntryChecker(Report(), options, flavour, declared_provenance={"textbook", "elicited"} if flavour == "spec" else None,  # type: ignore[arg-type]
                        **header)


def _run_blocks(entries: list[Any], block: int, flavour: str = "spec", **header: Any) -> tuple[list[Any], Any]:
    checker = _checker(flavour, **header)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bulk, "BLOCK", block)
        checker.entries(("entries",), copy.deepcopy(entries))
    findings = [(f.code, f.where, f.message, f.severity, f.fix) for f in checker.report.findings]
    return findings, checker.tally


def _slow(entries: list[Any], flavour: str = "spec", **header: Any) -> tuple[list[Any], Any]:
    checker = _checker(flavour, **header)
    checker.clean = lambda *_: False
    for n, e in enumerate(copy.deepcopy(entries)):
        checker.entry(("entries", n), e)
    return [(f.code, f.where, f.message, f.severity, f.fix) for f in checker.report.findings], checker.tally


def _normal_tally(tally: Any) -> Any:
    """The tally with compact source slots written out (an int is a first public entry)."""
    tally = copy.copy(tally)
    tally.sources = {k: [v, v, None] if type(v) is int else v for k, v in tally.sources.items()}
    return tally


_ENTRY_VALUES = {
    "id": st.one_of(st.integers(1, 6), st.just("3"), st.just(True), st.just([1])),
    "source": st.one_of(st.sampled_from(["dog", "Dog ", "cat", "d\u00f6g", "do\u0308g", "a\x00b", "  ", ""]), st.integers()),
    "reference": st.sampled_from(["atim", " atim", "at\u200bim", "a\u0301", "сатim", "minôs", "", "a\nb"]),
    "segment": st.sampled_from(["development", "diagnostic", "gold_standard", "vault", "nope", None]),
    "difficulty": st.sampled_from([1, 5, 0, 2.0, True, "easy"]),
    "provenance": st.sampled_from(["textbook", "elicited", "corpus", "x"]),
    "register": st.sampled_from(["formal", "functional", "nope"]),
    "context": st.sampled_from(["label", "greeting", "nope"]),
    "notes": st.sampled_from(["n", 3, None]),
    "variant_class": st.sampled_from(["v", "w", 1]),
    "morphological_analysis": st.sampled_from(["a-b | c-d", "a-b | c", "a|b|c"]),
    "extra": st.just(1),
}


@st.composite
def _entries(draw: st.DrawFn, base: dict[str, Any], values: dict[str, Any], id_of: Callable[[int], Any]) -> list[Any]:
    """Mostly clean entries (unique ids and sources), some with one to three defects."""
    out: list[Any] = []
    for n in range(draw(st.integers(0, 14))):
        if draw(st.integers(0, 30)) == 0:
            out.append(draw(st.sampled_from([None, "entry", [1]])))
            continue
        entry = copy.deepcopy({**base, "id": id_of(100 + n), "source": f"dog {n}"})
        if draw(st.booleans()):
            for name in draw(st.lists(st.sampled_from(sorted(values)), min_size=1, max_size=3)):
                entry[name] = draw(values[name])
            for name in draw(st.lists(st.sampled_from(sorted(base)), max_size=1)):
                entry.pop(name, None)
        out.append(entry)
    return out


@given(_entries(BASE, _ENTRY_VALUES, int), st.integers(1, 5))
@example([{**BASE, "id": 1, "source": "dog"}, {**BASE, "id": 2, "source": "Dog "}, {**BASE, "id": 3, "source": "cat", "segment": "vault"},
          {**BASE, "id": 4, "source": "CAT"}], 4)  # the same source twice in one block, once across a secret segment
@example([{**BASE, "id": 1, "source": "dog"}, {**BASE, "id": 1, "source": "cat"}, {**BASE, "id": 1, "source": "bee"}], 2)
@example([{**BASE, "id": 1, "source": "dog", "variant_class": "v"}, {**BASE, "id": 2, "source": "cat", "index": 1},
          {**BASE, "id": 3, "source": "bee", "variant_class": "v", "segment": "diagnostic"}], 3)
@settings(max_examples=300, deadline=None)
def test_block_path_agrees_with_the_slow_path(entries: list[Any], block: int) -> None:
    """Any mix of clean and defective entries, in blocks of any size: the same findings and tallies."""
    fast, fast_tally = _run_blocks(entries, block)
    slow, slow_tally = _slow(entries)
    assert fast == slow
    assert _normal_tally(fast_tally) == _normal_tally(slow_tally)


HARNESS_BASE = {"id": "e", "source": "dog", "reference": "atim", "domain": "ui", "difficulty": 1, "register": "formal",
                "provenance": {"source_name": "b", "license": "CC-BY-4.0"}, "metadata": {"source_lang": "eng", "target_lang": "crk"}}
_HARNESS_VALUES = {
    **{name: _ENTRY_VALUES[name] for name in ("source", "reference", "difficulty", "notes", "variant_class", "morphological_analysis", "extra")},
    "id": st.one_of(st.sampled_from(["e1", "e2", "e3"]), st.just(3), st.just(["e"])),
    "domain": st.sampled_from(["ui", "news", "legal", "wiki", "nope", 3, ["ui"]]),
    "register": st.sampled_from(["formal", "functional", "ceremonial", "nope"]),
    "provenance": st.one_of(st.sampled_from([None, "x", []]), st.fixed_dictionaries({}, optional={"license": st.sampled_from(
        [None, "MIT", "CC-BY-4.0", "unknown", "N/A", " none", "", "not-a-licence", "MIT OR Apache-2.0", 3, ["MIT"]])})),
    "metadata": st.one_of(st.sampled_from([None, "x"]), st.fixed_dictionaries({}, optional={
        "source_lang": st.sampled_from(["eng", "fra", 3, None]), "target_lang": st.sampled_from(["crk", "oji"]),
        "provenance": st.just({"license": "CC-BY-4.0"})})),
    "segment": st.sampled_from(["development", "gold_standard", None]),
    "context": st.sampled_from(["label", "nope"]),
}
_HEADERS = st.fixed_dictionaries({"file_segment": st.sampled_from([None, "development", "gold_standard", "vault"]),
                                  "domains": st.sampled_from([None, {"ui", "news", "wiki"}]),
                                  "languages": st.sampled_from([None, ("eng", "crk")])})


_PLACEHOLDER = {**HARNESS_BASE, "provenance": {"license": "unknown"}}


@given(_entries(HARNESS_BASE, _HARNESS_VALUES, "e{}".format), st.integers(1, 5), _HEADERS)
@example([{**_PLACEHOLDER, "id": "a", "source": "a"}, {**_PLACEHOLDER, "id": "b", "source": "b"},  # a placeholder, first seen in a block
          {**_PLACEHOLDER, "id": "c", "source": "c", "metadata": {"provenance": {"license": "MIT"}}}, {**_PLACEHOLDER, "id": "d", "source": "d"}],
         2, {"file_segment": "gold_standard", "domains": None, "languages": ("eng", "crk")})
@example([{**HARNESS_BASE, "id": n, "source": n, "provenance": {"license": licence}}  # licences SPDX does not know, or no string
          for n, licence in zip("abcd", ["not-a-licence", "MIT OR Apache-2.0", 3, None], strict=True)], 4,
         {"file_segment": None, "domains": None, "languages": None})
@example([{**HARNESS_BASE, "id": "a", "source": "dog"}, {**HARNESS_BASE, "id": "b", "source": "Dog "}], 2,
         {"file_segment": None, "domains": {"news"}, "languages": ("fra", "crk")})
@settings(max_examples=300, deadline=None)
def test_harness_block_path_agrees_with_the_slow_path(entries: list[Any], block: int, header: dict[str, Any]) -> None:
    """Harness entries, in blocks of any size, under any header: the same findings and tallies."""
    fast, fast_tally = _run_blocks(entries, block, "harness", **header)
    slow, slow_tally = _slow(entries, "harness", **header)
    assert fast == slow
    assert _normal_tally(fast_tally) == _normal_tally(slow_tally)


def test_a_harness_block_of_clean_entries_is_recorded_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = [{**HARNESS_BASE, "id": f"e{n}", "source": f"dog {n}", "provenance": {"license": "unknown" if n % 2 else "MIT"}}
               for n in range(50)]
    checked: list[Any] = []
    checker = _checker("harness", file_segment="development", domains={"ui"}, languages=("eng", "crk"))
    original = checker.entry
    monkeypatch.setattr(checker, "entry", lambda path, e: (checked.append(path), original(path, e)))
    checker.entries(("entries",), entries)
    assert checked == [("entries", 1)]  # the first entry with a placeholder licence alone (it is recorded with its place)
    assert checker.tally.count == 50 and checker.tally.licence_placeholders["unknown"][0] == 25
    assert checker.tally.domains_used == {"ui"} and checker.tally.registers == {"formal"}


def test_harness_fast_path_agrees_on_every_real_file() -> None:
    for path in sorted((DATA / "curated").glob("*.json"))[:12]:
        root = json.loads(path.read_text(encoding="utf-8"))
        for fast in (True, False):
            report = Report()
            checker = EntryChecker(report, CorpusOptions(), "harness", domains=set(root["domains"]), file_segment="development",
                                   languages=(root["language_pair"]["source"], root["language_pair"]["target"]))
            if not fast:
                checker.clean = lambda *_: False
            for n, e in enumerate(root["entries"]):
                checker.entry(("entries", n), e)
            result = ([(f.code, f.where, f.message) for f in report.findings], checker.tally)
            if fast:
                first = result
        assert first == result, path


# --------------------------------------------------------------------------- COR112 scales


class _Budget:
    """Counts the work COR112 does, and stops it (instead of hanging) once over budget."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.normalised = 0  # normalised sources made
        self.compared = 0  # comparisons of one normalised source with another

    def spend(self, what: str) -> None:
        setattr(self, what, getattr(self, what) + 1)
        if getattr(self, what) > self.limit:
            raise AssertionError(f"COR112 over budget: more than {self.limit} {what}; a comparison of pairs?")


def _counting_keys(monkeypatch: pytest.MonkeyPatch, budget: _Budget) -> None:
    """Make every normalised source (COR112's key) a ``str`` that counts its comparisons.

    A dictionary lookup compares keys only when their hashes collide, so one pass with a
    dict compares about none; a pairwise check compares about n*n/2 pairs (or normalises
    about that many sources, if it normalises inside its loop)."""
    from goldlint.families.corpus import entries, fastpath, tally

    def compare(op: str) -> Any:
        def method(self: str, other: object) -> Any:
            budget.spend("compared")
            return getattr(str, op)(self, other)
        return method

    key = type("Key", (str,), {"__hash__": str.__hash__, **{op: compare(op) for op in
                                                             ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__")}})
    normalise, normalised = tally.normalise_source, bulk.normalised

    def counted(text: str) -> str:
        budget.spend("normalised")
        return key(normalise(text))

    def counted_all(sources: list[str]) -> list[str]:
        for _ in sources:
            budget.spend("normalised")
        return [key(k) for k in normalised(sources)]

    for module in (tally, entries, fastpath, bulk):
        monkeypatch.setattr(module, "normalise_source", counted)
    monkeypatch.setattr(bulk, "normalised", counted_all)


def test_leakage_is_found_in_linear_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    n = 40_000
    entries = [{**BASE, "id": i, "source": f"sentence number {i}", "segment": "development"} for i in range(n)]
    entries[-1] = {**BASE, "id": n, "source": "Sentence  number 0", "segment": "held_out"}
    corpus = {"dataset": {"id": "t", "version": "1.0", "language_pair": "EN→CRK", "source_language": "en", "target_language": "crk",
                          "created": "2026-05-01", "license": "CC-BY-4.0", "provenance": ["textbook"]}, "entries": entries}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(corpus), encoding="utf-8")
    budget = _Budget(limit=4 * n)  # a pairwise comparison would need about 800 million
    _counting_keys(monkeypatch, budget)
    result = check_file(path, cfg.Loaded(cfg.settings_from({"corpus": {"governance-repo": True}}), None, tmp_path))
    leaks = [d for d in result.diagnostics if d.code == "COR112"]
    assert [(d.severity.value, d.span.start.line) for d in leaks] == [("error", 1)]
    assert "entry 0" in leaks[0].message
    assert n <= budget.normalised <= 4 * n  # every source normalised, each a bounded number of times
    assert budget.compared <= 16  # the one leaked pair (and the odd hash collision), not n*n/2 pairs


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(("text", "code", "line", "col"), [
    ('{"dataset": {"id": "t"}, "entries": [{"id": 1, "source": "dog"', "GL003", 1, 63),  # truncated: at the end of the text
    ('{"dataset": {"id": "t"}, "entries": [{"id": 1, "source": NaN}]}', "GL003", 1, 58),
    ('{"dataset": {"id": "t"}, "entries": [{"id": 1, "difficulty": -Infinity}]}', "GL003", 1, 62),
])
def test_bad_json_is_a_positioned_syntax_error(text: str, code: str, line: int, col: int, tmp_path: Path) -> None:
    result = check_text(tmp_path / "c.json", text, kind="corpus")
    assert [(d.code, d.span.start.line, d.span.start.column) for d in result.diagnostics] == [(code, line, col)]


def _mutations() -> st.SearchStrategy[Any]:
    scalar = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30), st.floats(allow_nan=False),
                       st.text(max_size=8), st.just("x" * 64))
    return st.one_of(scalar, st.lists(scalar, max_size=3), st.dictionaries(st.text(max_size=4), scalar, max_size=3))


REAL = json.loads((DATA / "curated" / "eng-ibo-dev-v1.json").read_text(encoding="utf-8"))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for n, v in enumerate(value[:2]):
            out += _paths(v, (*prefix, n))
    return out


PATHS = _paths(REAL)


@given(st.sampled_from(PATHS[1:]), _mutations())
@settings(max_examples=200, deadline=None)
def test_any_wrong_value_is_reported_never_raised(path: tuple[Any, ...], value: Any) -> None:
    corpus = copy.deepcopy(REAL)
    node = corpus
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    result = check_text("c.json", json.dumps(corpus), cfg.Loaded(cfg.Settings(), None, Path(".")))
    assert all(d.span.start.line >= 1 for d in result.diagnostics)


def test_spec_dialect_bad_shapes_never_raise(tmp_path: Path) -> None:
    for root in ([], [1, "x", None], {"dataset": [], "entries": None}, {"dataset": {"provenance": [1, None]}, "entries": [[]]},
                 {"entries": [{"source": "a", "reference": "b", "difficulty": 10**40}]}):
        check_text(tmp_path / "c.json", json.dumps(root), kind="corpus")


# --------------------------------------------------------------------------- detection and dialects


def test_detection_and_dialects() -> None:
    harness = json.loads((DATA / "curated" / "eng-sna-dev-v1.json").read_text(encoding="utf-8"))
    sample = json.loads((DATA / "sample_corpus.json").read_text(encoding="utf-8"))
    spec = {"dataset": {}, "entries": [BASE]}
    legacy = [{"index": 0, "source_text": "a", "target_expected": "b"}]
    fam = FAMILIES["corpus"]
    assert all(fam.detect(v) for v in (harness, sample, spec, legacy, BASE))
    assert not fam.detect({"run_card_hash": "", "scores": {}}) and not fam.detect({"meeting_id": "x"})
    assert [dialects.dialect_of(v) for v in (harness, sample, spec, legacy)] == ["harness", "flat", "spec", "legacy"]
    assert dialects.dialect_of({"dataset": {}, "entries": [{"index": 1, "source_text": "a", "target_expected": "b"}]}) == "legacy"


def test_jsonl_corpus(tmp_path: Path) -> None:
    lines = [json.dumps({**BASE, "id": i, "source": f"s{i}"}) for i in range(3)] + [json.dumps({**BASE, "id": 1, "source": "s9"})]
    path = tmp_path / "c.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = check_file(path, cfg.Loaded(cfg.Settings(), None, tmp_path))
    assert result.kind == "corpus"
    assert [(d.code, d.span.start.line, d.span.start.column) for d in result.diagnostics if d.code == "COR107"] == [("COR107", 4, 8)]


# --------------------------------------------------------------------------- registries


@pytest.mark.parametrize(("tag", "ok"), [("en", True), ("zh-Hant-TW", True), ("sgn-ase", True), ("qaa", True), ("es-419", True),
                                         ("en-a-bbb-x-private", True), ("i-klingon", False), ("en_US", False), ("eng", False),
                                         ("en--US", False), ("abcdefghi", False), ("en-a-bbb-a-ccc", False), ("1234", False)])
def test_bcp47(tag: str, ok: bool) -> None:
    assert (langtags.check_bcp47(tag) is None) == ok


def test_spdx_and_iso639_3() -> None:
    assert licences.check_spdx("CC-BY-NC-SA-4.0") is None
    assert licences.check_spdx("GPL-2.0-only WITH Classpath-exception-2.0") is None
    assert licences.check_spdx("unknown") is not None
    assert langtags.check_iso639_3("sna") is None and langtags.check_iso639_3("eng") is None
    assert langtags.check_iso639_3("qqq") is not None and langtags.check_iso639_3("ENG") is not None
    assert langtags.same_language("arb", "ara") and not langtags.same_language("sna", "zul")


def test_every_registry_record_is_found_as_a_whole_parse_reads_it() -> None:
    """The lookup (a search for one record, parsed when asked) against a parse of the whole
    IANA registry: every whole tag, every private-use range, and every 10th subtag."""
    records = langtags._registry()[0].decode("utf-8").split("\n%%\n")[1:]
    assert len(records) > 9000
    for n, record in enumerate(records):
        if n % 10 and "\nTag: " not in record and ".." not in record:
            continue
        fields: dict[str, str] = {}
        key = ""
        for line in record.splitlines():
            if line.startswith("  "):
                fields[key] += " " + line.strip()
            else:
                key, _, value = line.partition(": ")
                fields.setdefault(key, value)
        name = fields.get("Subtag") or fields["Tag"]
        expected = langtags.Subtag(fields["Type"], fields.get("Description", ""), fields.get("Preferred-Value"),
                                   fields.get("Macrolanguage"), "Deprecated" in fields)
        assert langtags.lookup(fields["Type"], name) == expected
        assert langtags.lookup(fields["Type"], name.swapcase()) == expected
    assert langtags.lookup("language", "zz") is None and langtags.lookup("region", "en") is None


def test_a_plain_spdx_id_is_accepted_as_the_full_validation_accepts_it() -> None:
    """The shortcut for a single licence id, against the index and license_expression's own validation."""
    import license_expression
    import orjson

    assert licences.index_path() == Path(license_expression.vendored_scancode_licensedb_index_location)
    index = orjson.loads(licences._index())
    ids = {r["spdx_license_key"] for r in index if r.get("spdx_license_key") and not r.get("is_exception")}
    exceptions = {r["spdx_license_key"] for r in index if r.get("spdx_license_key") and r.get("is_exception")}
    assert len(ids) > 2000 and "MIT" in ids and "CC-BY-4.0" in ids and "Classpath-exception-2.0" in exceptions
    assert all(map(licences.is_plain_id, ids))
    assert not any(map(licences.is_plain_id, exceptions | {"mit", "MIT OR Apache-2.0", "", "FOO", 'MIT", "x'}))
    licensing = licences._licensing()
    for spdx_id in ids:
        info = licensing.validate(spdx_id)
        assert not info.errors and info.normalized_expression == spdx_id, spdx_id
    assert licences.check_spdx("Classpath-exception-2.0") is not None
    assert licences.check_spdx("mit") is not None and licences.check_spdx("mit").replacement == "MIT"


# --------------------------------------------------------------------------- editor


def test_completions_and_hover() -> None:
    fam = FAMILIES["corpus"]
    opts = CorpusOptions(extra_contexts=["recipe"])
    spec = {"dataset": {}, "entries": [BASE]}
    harness = json.loads((DATA / "curated" / "eng-sna-dev-v1.json").read_text(encoding="utf-8"))
    assert [v for v, _ in fam.completions(spec, ("entries", 0, "segment"), opts)] == ["development", "diagnostic", "gold_standard", "held_out"]
    assert "recipe" in [v for v, _ in fam.completions(spec, ("entries", 0, "context"), opts)]
    assert "ceremonial" in [v for v, _ in fam.completions(spec, ("entries", 0, "register"), opts)]
    assert "functional" in [v for v, _ in fam.completions(harness, ("entries", 0, "register"), opts)]
    assert "functional" not in [v for v, _ in fam.completions(spec, ("entries", 0, "register"), opts)]
    assert [v for v, _ in fam.completions(spec, ("entries", 0, "provenance"), opts)] == ["gold_standard", "textbook", "elicited", "corpus"]
    assert next(v for v, _ in fam.completions(spec, ("dataset", "provenance", 0), opts)) == "gold_standard"
    assert "conv" in [v for v, _ in fam.completions(harness, ("domains", 0), opts)]
    assert "conv" in [v for v, _ in fam.completions(harness, ("entries", 0, "domain"), opts)]
    assert fam.completions(harness, ("entries", 0, "provenance"), opts) is None
    assert [v for v, _ in fam.completions(spec, ("entries", 0, "difficulty"), opts)] == ["1", "2", "3", "4", "5"]
    assert fam.completions(spec, ("entries", 0, "source"), opts) is None
    assert "Basic vocabulary" in (fam.hover(spec, ("entries", 0, "difficulty"), opts) or "")
    assert "Public" in (fam.hover(spec, ("entries", 0, "segment"), opts) or "")
    assert "harness" in (fam.hover(harness, (), opts) or "")
