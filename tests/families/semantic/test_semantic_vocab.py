"""One source of truth: the vocabularies, the schemas, the completions; and the config keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from semantic_support import TEMPLATE

from goldlint import config as cfg
from goldlint import tables
from goldlint.engine import check_file
from goldlint.families import FAMILIES
from goldlint.families.semantic.schema import build_schema, schema_text
from goldlint.families.semantic.shape import ITEMS, TOP
from goldlint.families.semantic.vocab import PROFILES, SLOWER_WHISPER, SPEC, profile_for
from goldlint.resources import data_dir, schema
from goldlint.rules.registry import get

FAMILY = FAMILIES["semantic"]


@pytest.mark.parametrize("name", list(PROFILES))
def test_schema_files_are_built_from_the_vocabulary(name: str) -> None:
    path = data_dir("schemas") / f"semantic-{name}.schema.json"
    assert path.read_text(encoding="utf-8") == schema_text(PROFILES[name]), "run python -m goldlint.families.semantic.schema"


@pytest.mark.parametrize("profile", [SPEC, SLOWER_WHISPER], ids=lambda p: p.name)
def test_schema_agrees_with_vocabulary_and_field_tables(profile) -> None:  # type: ignore[no-untyped-def]
    published = schema(f"semantic-{profile.name}.schema.json")
    assert published == build_schema(profile)
    assert published["required"] == [k for k, (_, req) in TOP.items() if req]
    risk = published["$defs"]["risk"]
    assert risk["properties"]["type"]["enum"] == list(profile.risk_types)
    assert published["$defs"]["topic"]["properties"]["label"]["examples"] == list(profile.topics)
    narrowed = {rule["if"]["properties"]["type"]["const"]: rule["then"]["properties"]["severity"]["enum"] for rule in risk.get("allOf", [])}
    for kind, rt in profile.risk_types.items():
        assert narrowed.get(kind, risk["properties"]["severity"]["enum"]) == list(rt.severities)
    for section, fields in ITEMS.items():
        definition = published["$defs"][{"topics": "topic", "risks": "risk", "actions": "action"}[section]]
        assert list(definition["properties"]) == list(fields)


def test_profiles_match_formats_md() -> None:
    assert len(SPEC.topics) == 21 and len(SLOWER_WHISPER.topics) == 35
    assert SPEC.risk_types["compliance"].severities == ("medium", "high", "critical")
    assert SPEC.risk_types["competitor_mention"].severities == ("low", "medium")
    assert set(SLOWER_WHISPER.risk_types) == {"escalation", "churn", "pricing"}
    assert SLOWER_WHISPER.severities == ("low", "medium", "high")


def test_completions_topics_and_types() -> None:
    opts = FAMILY.Options()
    topics = FAMILY.completions({}, ("topics", 0, "label"), opts)
    assert topics is not None and [v for v, _ in topics] == list(SPEC.topics)
    types = FAMILY.completions({}, ("risks", 3, "type"), FAMILY.Options(profile="slower-whisper"))
    assert types is not None and [v for v, _ in types] == ["escalation", "churn", "pricing"]
    assert FAMILY.completions({}, ("actions", 0, "text"), opts) is None


def test_severity_completion_depends_on_the_sibling_type() -> None:
    opts = FAMILY.Options()
    root = {"risks": [{"type": "competitor_mention"}, {"type": "compliance"}, {}]}
    assert [v for v, _ in FAMILY.completions(root, ("risks", 0, "severity"), opts) or []] == ["low", "medium"]
    assert [v for v, _ in FAMILY.completions(root, ("risks", 1, "severity"), opts) or []] == ["medium", "high", "critical"]
    assert [v for v, _ in FAMILY.completions(root, ("risks", 2, "severity"), opts) or []] == ["low", "medium", "high", "critical"]


def test_hover() -> None:
    root = {"topics": [{"label": "refund"}], "risks": [{"type": "compliance"}]}
    assert "Operations" in (FAMILY.hover(root, ("topics", 0, "label"), FAMILY.Options()) or "")
    assert "medium, high, critical" in (FAMILY.hover(root, ("risks", 0, "type"), FAMILY.Options()) or "")


def test_extended_profile_is_cached_and_merges_severities() -> None:
    opts = tables.validate(FAMILY.Options, {"extend-risk-types": {"competitor_mention": ["high"]}, "extend-topics": ["x"]})
    profile = profile_for(opts)
    assert profile is profile_for(opts)
    assert profile.risk_types["competitor_mention"].severities == ("low", "medium", "high")
    assert "x" in profile.topics and "x" not in SPEC.topics


def test_profile_from_goldlint_yaml(tmp_path: Path) -> None:
    (tmp_path / "goldlint.yaml").write_text("semantic:\n  profile: slower-whisper\n", encoding="utf-8")
    gold = tmp_path / "m1.json"
    gold.write_text(TEMPLATE.replace('"label": "pricing"', '"label": "support"'), encoding="utf-8")
    assert [d.code for d in check_file(gold).diagnostics] == []
    (tmp_path / "goldlint.yaml").write_text("semantic:\n  profile: spec\n", encoding="utf-8")
    cfg.load.cache_clear()
    assert [d.code for d in check_file(gold).diagnostics] == ["SEM109"]  # `support` is a slower-whisper topic
    (tmp_path / "goldlint.yaml").unlink()
    cfg.load.cache_clear()
    assert [d.code for d in check_file(gold).diagnostics] == []  # auto: the profile its labels follow


def test_profile_from_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.goldlint.semantic]\nprofile = "slower-whisper"\nextend-topics = ["churn_signal"]\n', encoding="utf-8")
    gold = tmp_path / "m1.json"
    gold.write_text(TEMPLATE.replace('"label": "pricing"', '"label": "churn_signal"'), encoding="utf-8")
    assert check_file(gold).diagnostics == []


def test_bad_config_values_are_refused(tmp_path: Path) -> None:
    (tmp_path / "goldlint.yaml").write_text("semantic:\n  profile: whisper\n", encoding="utf-8")
    with pytest.raises(cfg.ConfigError) as err:
        cfg.load((tmp_path / "goldlint.yaml").resolve())
    assert err.value.line == 2
    (tmp_path / "bad.yaml").write_text("semantic:\n  transcripts: '{id}.json'\n", encoding="utf-8")
    with pytest.raises(cfg.ConfigError):
        cfg.load((tmp_path / "bad.yaml").resolve())


@pytest.mark.parametrize("code", [f"SEM10{n}" for n in range(1, 9)])
def test_every_rule_is_documented(code: str) -> None:
    rule = get(code)
    assert rule is not None and rule.family == "semantic" and rule.summary and rule.why and rule.examples
