"""`score` reads the kinds' declared values (issue 19, one rule in one place); the two copies
that must stay are held equal to their declaration here.

- ``goldlint score --method-class``'s help lists runcard's method classes (RUN108): the CLI
  module is imported by every command but a plain check, so its help text is written out
  rather than built from the runcard declaration at import;
- ``SeverityName``, the semantic config table's typing ``Literal`` (what ``extend-risk-types``
  accepts), lists semantic's severities: a ``Literal`` cannot be built from a tuple.
"""

from __future__ import annotations

from typing import get_args, get_type_hints

from goldlint.families.runcard.declaration import METHOD_CLASSES
from goldlint.families.semantic.options import SeverityName
from goldlint.families.semantic.vocab import SEVERITIES, SEVERITY_WEIGHTS, SLOWER_WHISPER
from goldlint.families.truth.declaration import CALENDAR_ROOT, ENTITY_DICT, PREDEFINED_PREFIX
from goldlint.score import semantic_samples, truth_match
from goldlint.score.command import score


def _or(names: list[str]) -> str:
    return f"{', '.join(names[:-1])} or {names[-1]}"


def test_method_class_help_lists_the_declared_classes() -> None:
    option = get_type_hints(score, include_extras=True)["method_class"].__metadata__[0]
    assert option.help == f"corpus: {_or(list(METHOD_CLASSES))}."


def test_severity_literal_is_the_declared_severities() -> None:
    assert get_args(SeverityName) == SEVERITIES


def test_semantic_scoring_reads_the_declared_severities() -> None:
    assert semantic_samples.WEIGHTS is SEVERITY_WEIGHTS and set(SEVERITY_WEIGHTS) == set(SEVERITIES)
    assert semantic_samples.UNKNOWN_WEIGHT == SEVERITY_WEIGHTS["medium"]
    assert semantic_samples.SPEC_LEVELS == tuple(reversed(SEVERITIES))  # (the report's order, most severe first)
    assert semantic_samples.UPSTREAM_LEVELS == SLOWER_WHISPER.severities == ("low", "medium", "high")  # (upstream's scorer has these three)


def test_truth_matching_reads_the_declared_keys() -> None:
    assert list(truth_match.ENTITY_KEYS) == [key.name for key in ENTITY_DICT]
    assert truth_match.ref_kind({"literal": "a"}) == "keys"
    assert truth_match.ref_kind({f"{PREDEFINED_PREFIX}MONTH": 7}) == "predefined"
    calendar = {CALENDAR_ROOT: {f"{PREDEFINED_PREFIX}DATE": {f"{PREDEFINED_PREFIX}DATE_ABS": {f"{PREDEFINED_PREFIX}MONTH": 7, f"{PREDEFINED_PREFIX}DAY": 21}},
                                f"{PREDEFINED_PREFIX}TIME": {f"{PREDEFINED_PREFIX}TIME_ABS": {f"{PREDEFINED_PREFIX}HOUR": 5, f"{PREDEFINED_PREFIX}AMPM": "pm"}}}}
    assert truth_match.format_calendar(calendar) == "yyyy/7/21 5:00 PM"

