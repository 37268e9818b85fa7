"""The shared kernels: P/R/F1 conventions, streamed chrF++ = sacrebleu, the rapidfuzz bound,
the two action matchers, and the official clean-up of raw SLU answers."""

from __future__ import annotations

import difflib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import CHRF

from goldlint.score import chrf as chrf_mod
from goldlint.score import textmatch
from goldlint.score.chrf import StreamingChrf, fast_path_applies, pair_statistics, sentence_chrf
from goldlint.score.metrics import example_f1, multiset_overlap, prf_counts, prf_sets_upstream
from goldlint.score.slu_parse import parse_raw
from goldlint.score.textmatch import greedy_matches, maximum_matches, normalize_text, similarity

from .helpers import DATA


def test_prf_counts_leaves_unmeasured_ratios_null() -> None:
    assert prf_counts(2, 2, 1).as_json() == {"precision": 0.5, "recall": 2 / 3, "f1": 4 / 7}
    nothing_predicted = prf_counts(0, 0, 3)
    assert (nothing_predicted.precision, nothing_predicted.recall, nothing_predicted.f1) == (None, 0.0, 0.0)
    assert prf_counts(0, 0, 0).f1 is None


def test_example_f1_and_multisets() -> None:
    assert example_f1(0, 0, 0) == 1.0
    assert example_f1(0, 1, 0) == 0.0
    assert multiset_overlap(["a", "a", "b"], ["a", "b"]) == (2, 3, 2)
    assert example_f1(*multiset_overlap(["a", "a", "b"], ["a", "b"])) == pytest.approx(0.8)


def test_upstream_set_convention() -> None:
    assert prf_sets_upstream(set(), set()).as_json() == {"precision": 1.0, "recall": 1.0, "f1": 1.0}
    assert prf_sets_upstream({"x"}, set()).as_json() == {"precision": 0.0, "recall": 1.0, "f1": 0.0}
    assert prf_sets_upstream(set(), {"x"}).as_json() == {"precision": 0.0, "recall": 0.0, "f1": 0.0}


def _report_pairs() -> list[tuple[str, str]]:
    pairs = []
    for path in sorted((DATA / "harness-reports").glob("*.json")):
        pairs += [(e["predicted"], e["expected"]) for e in json.loads(path.read_text(encoding="utf-8"))["entries"]]
    return pairs


@pytest.mark.parametrize("fast", [True, False], ids=["own-statistics", "sacrebleu-statistics"])
def test_streamed_chrf_equals_sacrebleu_on_real_pairs(monkeypatch: pytest.MonkeyPatch, fast: bool) -> None:
    pairs = _report_pairs()
    monkeypatch.setattr(chrf_mod, "CHUNK", 97)  # many chunk boundaries on the sacrebleu path
    stream = StreamingChrf(fast=fast)
    for n, (hyp, ref) in enumerate(pairs):
        stream.add(hyp, ref, n)
    expected = CHRF(word_order=2).corpus_score([h for h, _ in pairs], [[r for _, r in pairs]]).score
    assert stream.corpus_score() == expected  # exactly, not approximately
    scores = stream.sentence_scores()
    for n in (0, 17, len(pairs) - 1):
        hyp, ref = pairs[n]
        assert scores[n] == CHRF(word_order=2).corpus_score([hyp], [[ref]]).score == sentence_chrf(hyp, ref)


def test_own_statistics_are_sacrebleus_on_real_pairs() -> None:
    pairs = _report_pairs()
    assert fast_path_applies(CHRF(word_order=2))
    assert not fast_path_applies(CHRF(word_order=2, lowercase=True)) and not fast_path_applies(CHRF())
    expected = CHRF(word_order=2)._extract_corpus_statistics([h for h, _ in pairs], [[r for _, r in pairs]])
    assert [pair_statistics(h, r) for h, r in pairs] == [list(row) for row in expected]


_TEXT = st.text(alphabet=st.sampled_from(list("ab cé.,!?'()-\"/:;\t\nxyzâ\u00a0\u3000щ")), max_size=40)


@settings(max_examples=400, deadline=None)
@given(_TEXT, _TEXT)
def test_own_statistics_are_sacrebleus_on_any_text(hyp: str, ref: str) -> None:
    expected = CHRF(word_order=2)._extract_corpus_statistics([hyp], [[ref]])[0]
    assert pair_statistics(hyp, ref) == list(expected)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.text(max_size=40), st.text(max_size=40)), min_size=1, max_size=30))
def test_streamed_chrf_equals_sacrebleu_on_any_text(pairs: list[tuple[str, str]]) -> None:
    stream = StreamingChrf()
    for hyp, ref in pairs:
        stream.add(hyp, ref)
    assert stream.corpus_score() == CHRF(word_order=2).corpus_score([h for h, _ in pairs], [[r for _, r in pairs]]).score


def test_chrf_groups_and_empty_stream() -> None:
    stream = StreamingChrf()
    assert stream.corpus_score() is None
    stream.add("the dog", "the dog", groups=("a",))
    stream.add("a cat", "the dog", groups=("b",))
    assert stream.group_score("a") == 100.0
    assert stream.group_score("missing") is None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcde fgh", max_size=30), st.text(alphabet="abcde fgh", max_size=30), st.floats(0.0, 1.0))
def test_rapidfuzz_bound_never_changes_a_decision(a: str, b: str, threshold: float) -> None:
    exact = difflib.SequenceMatcher(None, a, b).ratio()
    fast = similarity(a, b, threshold)
    assert (fast >= threshold) == (exact >= threshold)
    if fast:
        assert fast == exact


def test_action_matchers_on_the_scoring_md_case() -> None:
    gold = [normalize_text(t) for t in ("send the report", "send the reports")]
    preds = [normalize_text(t) for t in ("send the report today", "send our report")]
    assert greedy_matches(preds, gold, 0.8) == 1
    assert greedy_matches(preds[::-1], gold, 0.8) == 2
    assert len(maximum_matches(preds, gold, 0.8)) == len(maximum_matches(preds[::-1], gold, 0.8)) == 2


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab cd", max_size=12), max_size=8), st.lists(st.text(alphabet="ab cd", max_size=12), max_size=8),
       st.sampled_from([0.0, 0.5, 0.8, 1.0]))
def test_the_matching_graph_is_every_pair_the_ratio_lets_through(predicted: list[str], gold: list[str], threshold: float) -> None:
    """The edges computed a block at a time in C (and the common start or end that spares
    difflib) are exactly the pairs whose difflib ratio reaches the threshold."""
    edges = textmatch._edges(predicted, gold, threshold)
    assert edges == [[j for j, b in enumerate(gold) if a and b and difflib.SequenceMatcher(None, a, b).ratio() >= threshold] for a in predicted]


def test_long_texts_are_left_to_difflib_whose_junk_heuristic_may_drop_a_common_start() -> None:
    # With 200 characters or more difflib junks "popular" characters, and its matching blocks may
    # then miss a common start: no shortcut for them.
    a = "ab" * 100 + "x" * 50
    b = "ab" * 100 + "y" * 50
    ratio = difflib.SequenceMatcher(None, a, b).ratio()
    assert textmatch._edges([a], [b], 0.75) == ([[0]] if ratio >= 0.75 else [[]])


def test_edges_spare_difflib_where_a_bound_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = difflib.SequenceMatcher

    def counted(*args: object) -> difflib.SequenceMatcher[str]:
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(textmatch.difflib, "SequenceMatcher", counted)
    gold = [f"send the pricing proposal item {n}" for n in range(200)]
    predicted = [*gold[:100], *(f"call the customer back {n}" for n in range(100))]
    pairs = maximum_matches(predicted, gold, 0.8)
    assert len(pairs) == 100
    assert calls == []  # equal texts, common starts over the bound, and the Indel bound decide every pair here


def test_normalize_text() -> None:
    assert normalize_text("  Hello,   World!  ") == "hello world"
    assert normalize_text("") == ""


@pytest.mark.parametrize(("raw", "value"), [
    ('{"intent": "a", "slots": []}', {"intent": "a", "slots": []}),
    ('  ```json\n{"intent": "a"}\n```  ', {"intent": "a"}),
    ('```\n{"intent": "a"}\n```', {"intent": "a"}),
    ('`{"intent": "a"}`', {"intent": "a"}),
    ('JSON: {"intent": "a"}', {"intent": "a"}),
    ('json\n{"intent": "a"}', {"intent": "a"}),
    ("'{\"intent\": \"a\"}'", {"intent": "a"}),
    ('"{\\"intent\\": \\"a\\"}"', {"intent": "a"}),
    ("[1, 2]", [1, 2]),
])
def test_raw_answers_parse_as_the_official_scorer(raw: str, value: object) -> None:
    parsed = parse_raw(raw)
    assert parsed.problem is None and parsed.value == value


@pytest.mark.parametrize("raw", ["", "   ", "The intent is RateBook", "{'intent': 'a'}", "```json\n{\n```", "json: json: {}"])
def test_unparsable_raw_answers(raw: str) -> None:
    assert parse_raw(raw).problem is not None


def test_confusion_block_folds_a_large_vocabulary_and_keeps_every_count() -> None:
    from collections import Counter

    from goldlint.score.metrics import FOLDED, MAX_CONFUSION, confusion_block

    names = [f"intent_{n:04d}" for n in range(MAX_CONFUSION * 3)]
    frequency = {name: 1 + (n % 7) for n, name in enumerate(names)}
    cells: Counter[tuple[str, str]] = Counter()
    for n, name in enumerate(names):
        cells[(name, names[(n * 7) % len(names)])] += frequency[name]
        cells[(name, "(other)")] += 1
    block = confusion_block(cells, frequency, ("(other)",))
    assert len(block["rows"]) == MAX_CONFUSION + 1 and block["rows"][-1] == FOLDED  # bounded, not 300 × 301
    assert len(block["columns"]) == MAX_CONFUSION + 2
    assert block["folded_intents"] == 2 * MAX_CONFUSION
    assert sum(map(sum, block["matrix"])) == sum(cells.values())  # nothing lost in the folding
    kept = set(block["rows"][:-1])
    assert min(frequency[n] for n in kept) >= max(frequency[n] for n in names if n not in kept)  # the most frequent gold intents stay
    small = confusion_block(Counter({("a", "b"): 2, ("b", "zzz"): 1}), {"a": 2, "b": 1}, ("(other)",))
    assert small == {"rows": ["a", "b"], "columns": ["a", "b", "(other)"], "matrix": [[0, 2, 0], [0, 0, 1]]}
