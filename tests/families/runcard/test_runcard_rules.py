"""RUN101–RUN112: failing and passing cases with exact positions, on the real harness card and
on a small consistent spec-style card."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cardkit import (
    DELETE,
    REAL_CARD,
    REAL_CORPUS,
    check,
    codes,
    mutated,
    pos,
    real_card,
    reseal,
    small_card,
    value_pos,
)

from goldlint import config as cfg
from goldlint.engine import check_file, check_text
from goldlint.families.runcard import algorithms as alg
from goldlint.fixes import applicable, fix_until_stable


def only(diags, code):  # type: ignore[no-untyped-def]
    return [(d.code, d.span.start.line, d.span.start.column) for d in diags if d.code == code]


# --------------------------------------------------------------------------- the real card

def test_real_card_verifies_except_its_placeholder_prompt_hash(tmp_path: Path) -> None:
    shutil.copy(REAL_CARD, tmp_path / "run_card_example.json")
    cfg.load.cache_clear()
    result = check_file(tmp_path / "run_card_example.json")
    assert result.kind == "runcard"
    text = REAL_CARD.read_text(encoding="utf-8")
    # The harness card's run log was synthesised: its prompt hash is a placeholder of zeros.
    assert codes(result.diagnostics, "") == [("RUN104", *value_pos(text, "system_prompt_sha256"))]


@pytest.mark.parametrize("key", [k for k in real_card() if k != "run_card_hash"])
def test_changing_any_top_level_field_breaks_the_seal(key: str, tmp_path: Path) -> None:
    card = real_card()
    value = card[key]
    if isinstance(value, bool):
        new = not value
    elif isinstance(value, (int, float)):
        new = value + 1
    elif isinstance(value, str):
        new = value + "x"
    elif value is None:
        new = "x"
    elif isinstance(value, dict):
        new = {**value, "edited": True}
    else:
        new = [*value, "x"]
    text, diags = check(mutated(card, (key,), new), tmp_path)
    assert ("RUN102", *value_pos(text, "run_card_hash")) in codes(diags)


def test_seal_passes_when_resealed(tmp_path: Path) -> None:
    _, diags = check(reseal(mutated(real_card(), ("scores", "composite"), 0.5643)), tmp_path)
    assert only(diags, "RUN102") == []


# --------------------------------------------------------------------------- RUN101

def test_run101_missing_field_wrong_types_and_non_hex_hash(tmp_path: Path) -> None:
    card = reseal(mutated(mutated(real_card(), ("model_slug",), DELETE), ("run_id",), 42))
    card["temperature"] = "0.0"
    card["run_card_hash"] = card["run_card_hash"][:9] + "g" + card["run_card_hash"][10:]
    text, diags = check(card, tmp_path)
    assert only(diags, "RUN101") == [
        ("RUN101", 1, 1),  # the card lacks model_slug: the object that lacks it
        ("RUN101", *value_pos(text, "run_id")),
        ("RUN101", *value_pos(text, "temperature")),
        ("RUN101", *pos(text, '"run_card_hash": "', 1, len('"run_card_hash": "') + 9)),  # the `g`, inside the string
    ]
    messages = " | ".join(d.message for d in diags if d.code == "RUN101")
    assert "the run card lacks `model_slug`" in messages
    assert "`run_id` must be a string, found the number 42" in messages
    assert "`g` at character 10 is not a hexadecimal digit" in messages
    assert only(diags, "RUN102") == []  # a malformed hash is RUN101, not a second finding


def test_run101_short_hash_and_nested_types(tmp_path: Path) -> None:
    card = real_card()
    card["dataset"]["sha256"] = "d7f5"
    card["scores"]["total"] = "47"
    text, diags = check(reseal(card), tmp_path)
    sha = pos(text, '"sha256": "', 1, len('"sha256": "'))  # the four digits, inside the string
    assert only(diags, "RUN101") == [("RUN101", *sha), ("RUN101", *value_pos(text, "total"))]


def test_run101_passing(tmp_path: Path) -> None:
    _, diags = check(small_card(), tmp_path)
    assert only(diags, "RUN101") == []


# --------------------------------------------------------------------------- RUN103

def test_run103_component_disagrees_and_hash_matches_neither_form(tmp_path: Path) -> None:
    card = real_card()
    card["fingerprint"]["components"]["model_slug"] = "openai/gpt-5"
    text, diags = check(reseal(card, fingerprint=False), tmp_path)
    assert only(diags, "RUN103") == [("RUN103", *value_pos(text, "hash")), ("RUN103", *value_pos(text, "model_slug", 2))]


def test_run103_seed_form_is_accepted(tmp_path: Path) -> None:
    card = real_card()
    comps = {k: card["fingerprint"]["components"][k] for k in alg.SEED_FINGERPRINT_COMPONENTS}
    card["fingerprint"] = {"hash": alg.fingerprint_seed_form(comps), "components": comps}
    _, diags = check(reseal(card, fingerprint=False), tmp_path)
    assert only(diags, "RUN103") == []
    from goldlint.families.runcard.seal import which_fingerprint

    assert which_fingerprint(card) == "seed"
    assert which_fingerprint(real_card()) == "harness"


def test_run103_string_fingerprint_in_seed_form(tmp_path: Path) -> None:
    card = small_card()
    card["fingerprint"] = alg.fingerprint_seed_form(alg.fingerprint_components(card))
    _, diags = check(reseal(card, fingerprint=False), tmp_path)
    assert only(diags, "RUN103") == []
    card["fingerprint"] = "0" * 64
    text, diags = check(reseal(card, fingerprint=False), tmp_path)
    assert only(diags, "RUN103") == [("RUN103", *value_pos(text, "fingerprint"))]


# --------------------------------------------------------------------------- RUN104

def test_run104_passing_when_the_prompt_hash_is_right(tmp_path: Path) -> None:
    _, diags = check(small_card(), tmp_path)
    assert only(diags, "RUN104") == []


def test_run104_failing(tmp_path: Path) -> None:
    card = small_card()
    card["system_prompt_used"] += " Be brief."
    text, diags = check(reseal(card), tmp_path)
    assert only(diags, "RUN104") == [("RUN104", *value_pos(text, "system_prompt_sha256"))]


# --------------------------------------------------------------------------- RUN105

def test_run105_with_the_configured_corpus(tmp_path: Path) -> None:
    shutil.copy(REAL_CORPUS, tmp_path / "corpus.json")
    _, diags = check(real_card(), tmp_path, config="runcard:\n  corpus: corpus.json\n")
    assert only(diags, "RUN105") == []
    (tmp_path / "corpus.json").write_text(REAL_CORPUS.read_text(encoding="utf-8") + " ", encoding="utf-8")
    text, diags = check(real_card(), tmp_path, config="runcard:\n  corpus: corpus.json\n")
    assert only(diags, "RUN105") == [("RUN105", *value_pos(text, "sha256"))]


def test_run105_with_a_path_the_card_names(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    shutil.copy(REAL_CORPUS, tmp_path / "data" / "eng-sna.json")
    card = reseal(mutated(real_card(), ("dataset", "path"), "data/eng-sna.json"))
    _, diags = check(card, tmp_path)
    assert only(diags, "RUN105") == []
    card = reseal(mutated(card, ("dataset", "sha256"), "e" * 64))
    text, diags = check(card, tmp_path)
    assert only(diags, "RUN105") == [("RUN105", *value_pos(text, "sha256"))]


def test_run105_configured_corpus_missing_is_a_warning(tmp_path: Path) -> None:
    _, diags = check(real_card(), tmp_path, config="runcard:\n  corpus: nowhere.json\n")
    assert [d.severity.value for d in diags if d.code == "RUN105"] == ["warning"]


# --------------------------------------------------------------------------- RUN106

def test_run106_rates_costs_ranges_and_counts(tmp_path: Path) -> None:
    card = real_card()
    card["scores"]["exact_match_rate"] = 0.2702
    card["totals"]["cost_per_entry_usd"] = 0.001
    card["scores"]["hallucination_rate"] = 1.5
    card["dataset"]["entry_count"] = 1_000_000_000
    card["scores"]["by_domain"]["conv"]["count"] = 45
    text, diags = check(reseal(card), tmp_path)
    got = only(diags, "RUN106")
    assert ("RUN106", *value_pos(text, "exact_match_rate")) in got
    assert ("RUN106", *value_pos(text, "cost_per_entry_usd")) in got
    assert ("RUN106", *value_pos(text, "hallucination_rate")) in got
    assert ("RUN106", *value_pos(text, "entry_count")) in got
    assert ("RUN106", *value_pos(text, "count", 3)) in got  # by_domain.conv: count ≠ exact + miss + error
    assert ("RUN106", *pos(text, '"by_domain"')) in got  # the counts no longer add up to the total
    messages = " | ".join(d.message for d in diags if d.code == "RUN106")
    assert "`dataset.entry_count` is 1000000000 but `scores.total` is 47" in messages


def test_run106_results_against_scores(tmp_path: Path) -> None:
    card = small_card()
    card["scores"]["exact_matches"] = 3
    card["scores"]["exact_match_rate"] = 0.75
    card["results"][0]["entry_chrf"] = 120.0
    card["totals"]["prompt_tokens"] = 41
    text, diags = check(reseal(card), tmp_path)
    got = only(diags, "RUN106")
    assert ("RUN106", *value_pos(text, "exact_matches")) in got
    assert ("RUN106", *value_pos(text, "entry_chrf")) in got
    assert ("RUN106", *value_pos(text, "prompt_tokens", 1)) in got


def test_run106_passing(tmp_path: Path) -> None:
    for card in (real_card(), small_card()):
        _, diags = check(card, tmp_path)
        assert only(diags, "RUN106") == []


# --------------------------------------------------------------------------- RUN107

def test_run107_composite_and_tiers(tmp_path: Path) -> None:
    card = real_card()
    card["scores"]["composite"] = 0.7643
    card["method_config"]["qualityTier"] = "fluent"
    text, diags = check(reseal(card), tmp_path)
    # The stored composite 0.7643 is recomputed as 0.5643; the stored tiers are judged by the stored composite.
    assert only(diags, "RUN107") == [("RUN107", *value_pos(text, "composite")), ("RUN107", *value_pos(text, "quality_tier")),
                                     ("RUN107", *value_pos(text, "qualityTier"))]
    messages = " | ".join(d.message for d in diags if d.code == "RUN107")
    assert "the card's metrics give 0.5643 (profile B)" in messages


def test_run107_profile_a_passing(tmp_path: Path) -> None:
    card = small_card()
    card["scores"]["fst_acceptance_rate"] = 0.8
    card["scores"]["composite"] = alg.composite(card["scores"])
    card["scores"]["quality_tier"] = alg.quality_tier(card["scores"]["composite"])
    assert alg.profile(card["scores"]) == "A"
    _, diags = check(reseal(card), tmp_path)
    assert only(diags, "RUN107") == []


# --------------------------------------------------------------------------- RUN108

def test_run108_typo_gets_a_safe_fix_on_a_card_not_yet_sealed(tmp_path: Path) -> None:
    card = mutated(mutated(small_card(), ("method_card", "class"), "raw-lm"), ("run_card_hash",), DELETE)
    text, diags = check(card, tmp_path)
    assert only(diags, "RUN108") == [("RUN108", *value_pos(text, "class"))]
    path = tmp_path / "card.json"
    loaded = cfg.for_file(path)
    fixed, count, remaining = fix_until_stable(text, lambda t: [d for d in check_text(path, t, loaded).diagnostics if d.code == "RUN108"], unsafe=False)
    assert count == 1 and '"class": "raw-llm"' in fixed and applicable(remaining, unsafe=False) == []


def test_run108_typo_of_a_sealed_card_gets_an_unsafe_fix_that_says_to_seal_it_again(tmp_path: Path) -> None:
    """The safe fix edited content the run_card_hash covers: --fix turned a card with a good
    seal into a RUN102 "edited after it was sealed" error."""
    text, diags = check(reseal(mutated(small_card(), ("method_card", "class"), "raw-lm")), tmp_path)
    [fix] = [d.fix for d in diags if d.code == "RUN108"]
    assert fix is not None and fix.applicability == "unsafe" and "run_card_hash again" in fix.message, fix
    path = tmp_path / "card.json"
    loaded = cfg.for_file(path)
    assert fix_until_stable(text, lambda t: check_text(path, t, loaded).diagnostics, unsafe=False)[:2] == (text, 0)
    fixed, _, remaining = fix_until_stable(text, lambda t: check_text(path, t, loaded).diagnostics, unsafe=True)
    assert '"class": "raw-llm"' in fixed and only(remaining, "RUN102") != []  # (as the fix said: to be sealed again)


def test_run108_unknown_and_passing(tmp_path: Path) -> None:
    text, diags = check(reseal(mutated(small_card(), ("method_card", "class"), "machine-translation-api")), tmp_path)
    assert only(diags, "RUN108") == [("RUN108", *value_pos(text, "class"))]
    assert all(d.fix is None for d in diags if d.code == "RUN108")
    _, diags = check(reseal(mutated(small_card(), ("method_card", "class"), "pipeline")), tmp_path)
    assert only(diags, "RUN108") == []


# --------------------------------------------------------------------------- RUN109

def test_run109_duplicate_and_unknown_ids(tmp_path: Path) -> None:
    card = small_card()
    card["results"][2]["entry_id"] = 1
    corpus = {"dataset": {"id": "edtekla-dev-v1"}, "entries": [{"id": 1}, {"id": 2}, {"id": 3}]}
    (tmp_path / "corpus.json").write_text(__import__("json").dumps(corpus), encoding="utf-8")
    text, diags = check(reseal(card), tmp_path, config="runcard:\n  corpora: {edtekla-dev-v1: corpus.json}\n")
    assert only(diags, "RUN109") == [("RUN109", *value_pos(text, "entry_id", 3)), ("RUN109", *value_pos(text, "entry_id", 4))]
    messages = " | ".join(d.message for d in diags if d.code == "RUN109")
    assert "appears twice" in messages and "is not an entry of the corpus `edtekla-dev-v1`" in messages


def test_run109_passing(tmp_path: Path) -> None:
    _, diags = check(small_card(), tmp_path)
    assert only(diags, "RUN109") == []


# --------------------------------------------------------------------------- RUN110

def test_run110_every_variant_entry_exact(tmp_path: Path) -> None:
    text, diags = check(small_card(n=3, exact=3, variant=True), tmp_path)
    assert only(diags, "RUN110") == [("RUN110", *pos(text, '"results"'))]


def test_run110_variant_classes_from_the_corpus_and_passing(tmp_path: Path) -> None:
    corpus = {"entries": [{"id": 1, "variant_class": "a"}, {"id": 2, "variant_class": "a"}, {"id": 3}, {"id": 4}]}
    (tmp_path / "corpus.json").write_text(__import__("json").dumps(corpus), encoding="utf-8")
    text, diags = check(small_card(n=4, exact=2), tmp_path, config="runcard:\n  corpus: corpus.json\n")
    assert only(diags, "RUN110") == [("RUN110", *pos(text, '"results"'))]
    _, diags = check(small_card(n=4, exact=1), tmp_path, config="runcard:\n  corpus: corpus.json\n")
    assert only(diags, "RUN110") == []


# --------------------------------------------------------------------------- RUN111

def test_run111_deployable_without_human_validation(tmp_path: Path) -> None:
    card = small_card()
    card["scores"].update({"chrf_plus_plus": 90.0, "semantic_score": 0.9, "exact_match_rate": 0.5})
    card["scores"]["composite"] = alg.composite(card["scores"])
    card["scores"]["quality_tier"] = alg.quality_tier(card["scores"]["composite"])
    assert card["scores"]["quality_tier"] in ("deployable", "fluent")
    text, diags = check(reseal(card), tmp_path)
    assert only(diags, "RUN111") == [("RUN111", *value_pos(text, "quality_tier"))]
    card["human_validation"] = {"reviewers": 3, "verdict": "accepted"}
    _, diags = check(reseal(card), tmp_path)
    assert only(diags, "RUN111") == []


def test_run111_passing_below_deployable(tmp_path: Path) -> None:
    _, diags = check(real_card(), tmp_path)
    assert only(diags, "RUN111") == []


# --------------------------------------------------------------------------- RUN112

@pytest.mark.parametrize(("run_id", "timestamp", "bad"), [
    ("my-run", "2026-06-12T12:47:49Z", ["run_id"]),
    ("6fa459ea-ee8a-11e0-9d4a-0800200c9a66", "2026-06-12T12:47:49Z", ["run_id"]),  # a UUID v1
    ("1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b", "2026-06-12 12:47", ["timestamp"]),
    ("1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b", "2026-06-12T12:47:49", ["timestamp"]),
    ("1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b", "2026-06-12T14:47:49+02:00", ["timestamp"]),
    ("1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b", "2026-06-12T12:47:49+00:00", []),
    ("run_20260612_124749_anthropic_claudehaiku45_naive_all_b25_ebf42b", "2026-06-12T12:47:49Z", []),
])
def test_run112(run_id: str, timestamp: str, bad: list[str], tmp_path: Path) -> None:
    card = small_card()
    card["run_id"], card["timestamp"] = run_id, timestamp
    text, diags = check(reseal(card), tmp_path)
    assert only(diags, "RUN112") == [("RUN112", *value_pos(text, key)) for key in bad]
