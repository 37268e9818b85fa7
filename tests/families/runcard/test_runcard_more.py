"""The run-card algorithms, bad input, the submission folder (§9.1) and editor support."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from cardkit import (
    REAL_CARD,
    REAL_CORPUS,
    check,
    codes,
    real_card,
    reseal,
    small_card,
    value_pos,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint.diagnostics import Diagnostic
from goldlint.engine import check_file, check_text
from goldlint.families import FAMILIES
from goldlint.families.runcard import algorithms as alg
from goldlint.families.runcard.options import RunCardOptions
from goldlint.families.runcard.submission import SUBMISSION_CODES

# --------------------------------------------------------------------------- algorithms


def test_the_harness_card_is_reproduced() -> None:
    card = real_card()
    assert alg.run_card_hash(card) == card["run_card_hash"]
    assert alg.fingerprint(card["fingerprint"]["components"]) == card["fingerprint"]["hash"]
    assert alg.fingerprint(alg.fingerprint_components(card)) == card["fingerprint"]["hash"]
    assert alg.composite(card["scores"]) == card["scores"]["composite"] == 0.5643
    assert alg.quality_tier(0.5643) == card["scores"]["quality_tier"] == "functional"
    assert alg.cost_adjusted(0.5643, card["totals"]["cost_per_entry_usd"]) == card["scores"]["cost_adjusted"]
    assert alg.sha256_file(REAL_CORPUS) == card["dataset"]["sha256"]


def test_run_card_hash_ignores_the_stored_hash_only() -> None:
    card = real_card()
    assert alg.run_card_hash({**card, "run_card_hash": "anything"}) == card["run_card_hash"]
    assert alg.run_card_hash({**card, "condition": "coached"}) != card["run_card_hash"]


def test_seed_form_is_the_sorted_concatenation_of_six_values() -> None:
    comps = {"dataset_sha256": "d", "model_slug": "m", "condition": "c", "system_prompt_sha256": "s", "temperature": 0.7,
             "harness_version": "2.0", "batch_size": 25}
    # names sorted: condition, dataset_sha256, harness_version, model_slug, system_prompt_sha256, temperature
    assert alg.fingerprint_seed_form(comps) == alg.sha256_text("cd2.0ms0.7")


def test_composite_profiles_and_renormalisation() -> None:
    assert alg.composite({}) is None
    assert alg.composite({"chrf_plus_plus": 50.0}) == 0.5
    assert alg.composite({"chrf_plus_plus": 50.0, "hallucination_rate": 0.2}) == round((0.25 * 0.5 + 0.05 * 0.8) / 0.30, 4)
    a = {"fst_acceptance_rate": 1.0, "chrf_plus_plus": 0.0}
    assert alg.profile(a) == "A" and alg.composite(a) == round(0.25 / 0.40, 4)
    assert alg.composite({"chrf_plus_plus": 50.0, "semantic_score": None, "exact_match_rate": True}) == 0.5  # null and bool are absent
    assert alg.composite({"chrf_plus_plus": float("nan")}) is None
    assert sum(alg.WEIGHTS_PROFILE_A.values()) == pytest.approx(1.0) and sum(alg.WEIGHTS_PROFILE_B.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(("composite", "tier"), [(None, "unscored"), (0.0, "baseline"), (0.2999, "baseline"), (0.30, "emerging"),
                                                 (0.5, "functional"), (0.6999, "functional"), (0.70, "deployable"), (0.85, "fluent"), (1.0, "fluent")])
def test_quality_tiers(composite: float | None, tier: str) -> None:
    assert alg.quality_tier(composite) == tier


def test_sha256_text_and_lone_surrogates() -> None:
    assert alg.sha256_text("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert len(alg.sha256_text("\ud800")) == 64


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("text", [
    REAL_CARD.read_text(encoding="utf-8")[:2000],  # truncated
    REAL_CARD.read_text(encoding="utf-8").replace('"temperature": 0.0', '"temperature": NaN', 1),
    REAL_CARD.read_text(encoding="utf-8").replace('"elapsed_seconds": 12.3', '"elapsed_seconds": Infinity', 1),
])
def test_broken_cards_are_positioned_syntax_errors(text: str, tmp_path: Path) -> None:
    result = check_text(tmp_path / "card.json", text, kind="runcard")
    assert [d.code for d in result.diagnostics] == ["GL003"]
    assert result.diagnostics[0].span.start.line > 1


def test_a_billion_entry_claim(tmp_path: Path) -> None:
    card = reseal(small_card())
    card["dataset"]["entry_count"] = 10**9
    text, diags = check(reseal(card), tmp_path)
    assert [c for c in codes(diags) if c[0] == "RUN106"] == [("RUN106", *value_pos(text, "entry_count"))] * 2


def test_a_huge_integer_beyond_64_bits(tmp_path: Path) -> None:
    card = small_card()
    card["dataset"]["entry_count"] = 10**30
    text, diags = check(reseal(card), tmp_path)
    # Reported at the value, never raised. (The core's reader currently decodes integers beyond
    # 64 bits as floats, so this is RUN101 "must be an integer"; with exact integers it is RUN106.)
    assert {c for c in codes(diags) if c[1:] == value_pos(text, "entry_count")} & {("RUN101", *value_pos(text, "entry_count")),
                                                                                ("RUN106", *value_pos(text, "entry_count"))}


def test_numbers_beyond_a_float(tmp_path: Path) -> None:
    card = small_card()
    card["scores"]["exact_match_rate"] = 1e308
    card["dataset"]["entry_count"] = 10**400
    text, diags = check(reseal(card), tmp_path)
    assert ("RUN106", *value_pos(text, "exact_match_rate")) in codes(diags)
    assert ("RUN106", *value_pos(text, "entry_count")) in codes(diags)


REAL = real_card()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for n, v in enumerate(value[:2]):
            out += _paths(v, (*prefix, n))
    return out


PATHS = _paths(REAL)[1:] + [("results",), ("results", 0), ("results", 0, "entry_id")]
VALUES = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30), st.floats(allow_nan=False),
                   st.text(max_size=70), st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@given(st.sampled_from(PATHS), VALUES)
@settings(max_examples=300, deadline=None)
def test_any_wrong_value_is_reported_never_raised(path: tuple[Any, ...], value: Any) -> None:
    card = copy.deepcopy(REAL)
    card["results"] = [{"entry_id": 1, "source": "a", "reference": "b", "predicted": "b", "exact_match": True}]
    node: Any = card
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    text = json.dumps(reseal(card) if isinstance(card.get("fingerprint"), dict) and path[0] != "fingerprint" else card)
    result = check_text("card.json", text, cfg.Loaded(cfg.Settings(), None, Path(".")), kind="runcard")
    assert all(d.span.start.line >= 1 for d in result.diagnostics)


# --------------------------------------------------------------------------- the submission folder


def _folder(tmp_path: Path, card: dict[str, Any] | None = None, readme: str | None = None, files: dict[str, str] | None = None) -> Path:
    sub = tmp_path / "submission"
    sub.mkdir()
    (sub / "run_card.json").write_text(json.dumps(card if card is not None else small_card(), indent=2), encoding="utf-8")
    if readme is not None:
        (sub / "README.md").write_text(readme, encoding="utf-8")
    for name, content in (files or {}).items():
        (sub / name).parent.mkdir(parents=True, exist_ok=True)
        (sub / name).write_text(content, encoding="utf-8")
    cfg.load.cache_clear()
    return sub


def judged(sub: Path, config: dict[str, Any] | None = None) -> list[Diagnostic]:
    """The submission findings of the folder's card, checked by the engine as a submission
    (``runcard: {submission: true}``, as ``--submission`` sets it)."""
    settings = cfg.settings_from({**(config or {}), "runcard": {"submission": True}})
    found = check_file(sub / "run_card.json", cfg.Loaded(settings, None, sub)).diagnostics
    return [d for d in found if d.code in SUBMISSION_CODES]


GOOD_README = "# My method\n\n## Approach\nFew-shot prompting.\n\n## Limitations\nShort sentences only.\n\n## Installation\npip install .\n"


def test_a_complete_submission(tmp_path: Path) -> None:
    sub = _folder(tmp_path, readme=GOOD_README, files={"method/translate.py": "print()\n", "cost_report.md": "$0.04\n"})
    # passing for all five: README (RUN113), code (RUN114), cost (RUN115), a card that verifies (RUN116), no pinned data (RUN117)
    assert judged(sub) == []


def test_an_empty_submission_lacks_everything(tmp_path: Path) -> None:
    card = real_card()  # its prompt hash is a placeholder: the card does not verify
    sub = _folder(tmp_path, card=card)
    diags = judged(sub)
    assert [(d.code, Path(d.path).name, d.span.start.line, d.span.start.column) for d in diags] == [
        ("RUN113", "run_card.json", 1, 1), ("RUN114", "run_card.json", 1, 1), ("RUN115", "run_card.json", 1, 1), ("RUN116", "run_card.json", 11, 27)]
    assert "RUN104 at `system_prompt_sha256`" in diags[-1].message  # and it sits there: where the mending starts


def test_an_error_the_config_ignores_does_not_fail_the_submission(tmp_path: Path) -> None:
    sub = _folder(tmp_path, card=real_card(), readme=GOOD_README, files={"method.py": "\n", "cost_report.md": "$1\n"})
    assert [d.code for d in judged(sub)] == ["RUN116"]  # the placeholder prompt hash (RUN104)
    assert judged(sub, {"per-file-ignores": {"run_card.json": ["RUN104"]}}) == []


def test_an_incomplete_readme_and_missing_coaching_data(tmp_path: Path) -> None:
    card = small_card()
    card["coaching_data_sha256"] = alg.sha256_text("examples")
    sub = _folder(tmp_path, card=reseal(card), readme="# My method\n\nIt translates.\n\n## Costs\n$0.04\n", files={"run.py": "\n"})
    diags = judged(sub)
    assert [(d.code, Path(d.path).name) for d in diags] == [("RUN113", "run_card.json"), ("RUN117", "run_card.json")]
    text = (sub / "run_card.json").read_text(encoding="utf-8").splitlines()
    at = diags[1].span.start
    assert text[at.line - 1][at.column - 1 :].startswith(f'"{card["coaching_data_sha256"]}"'), (at, text[at.line - 1])  # on the pinned hash
    assert "its limitations, how to install and run it" in diags[0].message
    (sub / "coaching.txt").write_text("examples", encoding="utf-8")
    assert [d.code for d in judged(sub)] == ["RUN113"]


def test_a_submission_without_method_code(tmp_path: Path) -> None:
    sub = _folder(tmp_path, readme=GOOD_README + "\n## Cost\n$0.04\n", files={"notes.txt": "no code here\n"})
    diags = judged(sub)
    assert [(d.code, Path(d.path).name, d.span.start.line, d.span.start.column) for d in diags] == [("RUN114", "run_card.json", 1, 1)]


def test_a_folder_without_a_run_card_is_not_a_submission(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from goldlint.cli import app

    (tmp_path / "README.md").write_text("x", encoding="utf-8")
    (tmp_path / "gold.json").write_text('{"foo": 1}\n', encoding="utf-8")
    done = CliRunner().invoke(app, ["check", "--submission", str(tmp_path)])
    assert "RUN11" not in done.output, done.output


def test_submission_codes_respect_ignore(tmp_path: Path) -> None:
    sub = _folder(tmp_path, readme=GOOD_README, files={"method.py": "\n"})
    assert judged(sub, {"ignore": ["RUN115"]}) == []


def test_a_submission_card_is_read_by_the_engine_with_its_limits_and_per_file_ignores(tmp_path: Path) -> None:
    """The card goes through the engine like any file: a card over the size limit is no card
    (GL011, never parsed), and the findings, the card's, follow its per-file-ignores."""
    sub = _folder(tmp_path, readme="# My method\n\nIt translates.\n", files={"method.py": "\n", "cost_report.md": "$1\n"})
    assert judged(sub, {"per-file-ignores": {"run_card.json": ["RUN113"]}}) == []
    assert [d.code for d in judged(sub)] == ["RUN113"]
    assert judged(sub, {"max-document-size": 100}) == []  # the card was not read: no submission to judge


def test_a_card_is_a_submission_only_when_asked(tmp_path: Path) -> None:
    sub = _folder(tmp_path)  # no README, no code, no cost report
    assert not [d for d in check_file(sub / "run_card.json").diagnostics if d.code in SUBMISSION_CODES]
    assert [d.code for d in judged(sub)] == ["RUN113", "RUN114", "RUN115"]


# --------------------------------------------------------------------------- editor


def test_completions_and_hover() -> None:
    fam = FAMILIES["runcard"]
    opts = RunCardOptions(extra_method_classes=["ensemble"])
    card = real_card()
    classes = [v for v, _ in fam.completions(card, ("method_card", "class"), opts)]
    assert classes == ["raw-llm", "coached-llm", "pipeline", "custom-plugin", "api", "human", "ensemble"]
    assert next(v for v, _ in fam.completions(card, ("scores", "quality_tier"), opts)) == "fluent"
    assert fam.completions(card, ("model_slug",), opts) is None
    assert "harness form" in (fam.hover(card, ("fingerprint", "hash"), opts) or "")
    assert "harness id" in (fam.hover(card, ("run_id",), opts) or "")
    assert "0.5643" in (fam.hover(card, ("scores", "composite"), opts) or "")


def test_detection() -> None:
    fam = FAMILIES["runcard"]
    assert fam.detect(real_card()) and fam.detect({"fingerprint": "x", "scores": {}}) and fam.detect({"run_card_hash": ""})
    assert not fam.detect({"scores": {}}) and not fam.detect([])


def test_copy_of_real_card_is_detected_by_content(tmp_path: Path) -> None:
    shutil.copy(REAL_CARD, tmp_path / "anything.json")
    from goldlint.engine import check_file

    assert check_file(tmp_path / "anything.json").kind == "runcard"


# --------------------------------------------------------------------------- RUN101's clean path

def _kinds() -> list[str]:
    from goldlint.families.runcard import declaration

    return sorted({declaration.kinds(f) for fields in declaration.BLOCKS.values() for f in fields})


class _YamlMap(dict):  # type: ignore[type-arg]
    """A YAML reader's object: a subclass, which only the slow path judges."""


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=3), st.just("a" * 64),
                    st.just([]), st.just({}), st.just(_YamlMap()))


@given(st.sampled_from(_kinds()), _VALUES)
@example("number", float("nan"))
@example("number|null", float("inf"))
@example("integer", True)
@example("sha256", "a" * 64)
@example("sha256", "x" * 64)
@settings(max_examples=500)
def test_a_value_plainly_of_its_kind_is_one_check_value_accepts(kinds: str, value: Any) -> None:
    from goldlint.families.base import Report
    from goldlint.families.runcard.shape import check_table, check_value
    from goldlint.findings import At

    slow, fast = Report(), Report()
    accepted = check_value(slow, At(("x",)), "x", value, kinds)
    assert check_table(fast, At(()), {"x": value}, {"x": (kinds, True)}, "it") == ({"x"} if accepted else set())
    assert [(f.code, f.where, f.message) for f in fast.findings] == [(f.code, f.where, f.message) for f in slow.findings]


def test_a_negative_latency_or_token_count_in_a_result_is_run106_at_the_value(tmp_path: Path) -> None:
    clean_text, clean = check(small_card(), tmp_path)
    assert not [c for c in codes(clean) if c[0] == "RUN106"]
    card = copy.deepcopy(small_card())
    card["results"][1]["latency_seconds"] = -2.5
    card["results"][2]["usage"]["completion_tokens"] = -5
    text, diags = check(reseal(card), tmp_path)
    found = codes(diags)
    assert ("RUN106", *value_pos(text, "latency_seconds", 2)) in found
    assert ("RUN106", *value_pos(text, "completion_tokens", 4)) in found  # (the totals write it first)
