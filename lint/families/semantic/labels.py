"""SEM103–SEM106: vocabulary, duplicates and empty lists of topics, risks and actions."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from goldlint.families.base import Report
from goldlint.families.semantic.declaration import ITEMS
from goldlint.families.semantic.rules import DUPLICATE_LABEL, EMPTY_LABELS, PROFILE_MISMATCH, UNKNOWN_RISK, UNKNOWN_TOPIC
from goldlint.families.semantic.vocab import AUTO, PROFILES, Profile, detect_profile, profile_for
from goldlint.findings import At, Change, safe_fix, unsafe_fix
from goldlint.rules.file_rules import check_gold_text
from goldlint.suggest import closest
from goldlint.textnorm import normalize_text

_SPLIT = re.compile(r"[_\-\s]+")


def suggestions(value: str, choices: list[str]) -> list[str]:
    """Close spellings first; else labels that share whole words (``churn`` → ``churn_risk``)."""
    found = closest(value, choices)
    if found:
        return found[:1]
    words = {_stem(w) for w in _SPLIT.split(value.casefold()) if w}
    if not words:
        return []
    by_words = []
    for choice in choices:
        theirs = {_stem(w) for w in _SPLIT.split(choice.casefold()) if w}
        if words <= theirs or theirs <= words:
            by_words.append(choice)
    return by_words[:3]


def _fold(s: str) -> str:
    return s.casefold().replace("-", "_").replace(" ", "_")


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def did_you_mean(value: str, choices: list[str]) -> str:
    found = suggestions(value, choices)
    if not found:
        return ""
    return " (did you mean " + " or ".join(f"`{c}`" for c in found) + "?)"


def _fold_fix(value: str, choices: list[str], where: At, taken: set[str] = frozenset()) -> Any:  # type: ignore[assignment]
    """Rewrite a label that differs from one vocabulary label only in case or separators. Safe,
    unless the file already holds that label (``taken``): then the fix makes a duplicate
    (SEM105), and merging the two is a human's call."""
    same = [c for c in choices if _fold(c) == _fold(value)]
    if len(same) != 1:
        return None
    change = Change(where, same[0], as_string=True)
    if same[0] in taken:
        return unsafe_fix(f"write `{same[0]}` (it is then listed twice: merge the two)", change)
    return safe_fix(f"write `{same[0]}`", change)


class Vocabulary(msgspec.Struct, frozen=True):
    """The profile a file is judged by, how it was chosen (said in every vocabulary message),
    and the profile its labels follow when that is another one (reported once, SEM109: its
    labels are then not reported one by one)."""

    profile: Profile
    basis: str
    other: Profile | None = None

    def knows_topic(self, label: str) -> bool:
        return label in self.profile.topics or (self.other is not None and label in self.other.topics)

    def risk_type(self, kind: str) -> Any:
        found = self.profile.risk_types.get(kind)
        return found if found is not None or self.other is None else self.other.risk_types.get(kind)


def choose_vocabulary(report: Report, root: dict[str, Any], options: Any) -> Vocabulary:
    """The profile config names, else the one the file's labels follow (SEM109 when a file
    follows another profile than the one config names)."""
    evidence = detect_profile(root)
    named = getattr(options, "profile", AUTO)
    if named == AUTO:
        profile = profile_for(options, root)
        basis = ", the profile this file's labels follow" if evidence.profile else ", the default profile (no label says which)"
        return Vocabulary(profile, basis)
    profile = profile_for(options)
    if evidence.profile is None or evidence.profile == named:
        return Vocabulary(profile, "")
    path, _ = evidence.labels[0]
    PROFILE_MISMATCH.report(report, At(path), f"this file's labels follow the `{evidence.profile}` profile ({evidence.said()}: "
                            f"{'labels' if len(evidence.labels) > 1 else 'a label'} only it knows), but the profile asked for is `{named}` "
                            f"(config's `semantic: {{profile: ...}}`, or `score --profile`): set `semantic: {{profile: {evidence.profile}}}` "
                            f"for these files (or `auto`), or relabel them")
    return Vocabulary(profile, "", PROFILES[evidence.profile])


def _list(root: dict[str, Any], name: str) -> list[Any]:
    value = root.get(name)
    return value if isinstance(value, list) else []


def check_topics(report: Report, root: dict[str, Any], vocabulary: Vocabulary) -> None:
    """SEM103 and the topic half of SEM105."""
    profile = vocabulary.profile
    vocab = list(profile.topics)
    labels: set[str] = {t["label"] for t in _list(root, "topics") if isinstance(t, dict) and isinstance(t.get("label"), str)}
    seen: dict[str, int] = {}
    for n, topic in enumerate(_list(root, "topics")):
        label = topic.get("label") if isinstance(topic, dict) else None
        if not isinstance(label, str) or not label.strip():
            continue
        where = At(("topics", n, "label"))
        check_gold_text(report, where, label)
        if not vocabulary.knows_topic(label) and not vocabulary.knows_topic(label.strip()):
            UNKNOWN_TOPIC.report(report, where, f"topic `{label}` is not in the `{profile.name}` topic vocabulary{vocabulary.basis}"
                                 f"{did_you_mean(label, vocab)}",
                                 _fold_fix(label, vocab, where, labels))
        if label in seen:
            DUPLICATE_LABEL.report(report, where, f"topic `{label}` is listed twice (first as topics[{seen[label]}]): merge their `segment_ids`")
        else:
            seen[label] = n


def check_risks(report: Report, root: dict[str, Any], vocabulary: Vocabulary) -> None:
    """SEM104 and the risk half of SEM105."""
    profile = vocabulary.profile
    types = list(profile.risk_types)
    seen: dict[tuple[str, Any], int] = {}
    for n, risk in enumerate(_list(root, "risks")):
        if not isinstance(risk, dict):
            continue
        kind, severity, segment = risk.get("type"), risk.get("severity"), risk.get("segment_id")
        known = None
        if isinstance(kind, str) and kind.strip():
            where = At(("risks", n, "type"))
            check_gold_text(report, where, kind)
            known = vocabulary.risk_type(kind) or vocabulary.risk_type(kind.strip())
            if known is None:
                UNKNOWN_RISK.report(report, where, f"risk type `{kind}` is not in the `{profile.name}` profile{vocabulary.basis}{did_you_mean(kind, types)}",
                                    _fold_fix(kind, types, where, _types_on(root, segment, n)))
        if isinstance(severity, str) and severity.strip():
            where = At(("risks", n, "severity"))
            check_gold_text(report, where, severity)
            value = severity.strip()
            if value not in profile.severities and (vocabulary.other is None or value not in vocabulary.other.severities):
                allowed = known.severities if known is not None else profile.severities
                UNKNOWN_RISK.report(report, where, f"severity `{severity}` is unknown: use one of {', '.join(allowed)}{did_you_mean(severity, list(allowed))}",
                                    _fold_fix(severity, list(allowed), where))
            elif known is not None and value not in known.severities:
                UNKNOWN_RISK.report(report, where, f"severity `{value}` is not allowed for risk type `{kind}` (allowed: {', '.join(known.severities)})")
        if isinstance(kind, str) and isinstance(segment, int) and not isinstance(segment, bool):
            key = (kind, segment)
            if key in seen:
                DUPLICATE_LABEL.report(report, At(("risks", n, "segment_id")),
                                       f"a `{kind}` risk on segment {segment} is already labelled (risks[{seen[key]}])")
            else:
                seen[key] = n
        evidence = risk.get("evidence")
        if isinstance(evidence, str):
            check_gold_text(report, At(("risks", n, "evidence")), evidence)


def _types_on(root: dict[str, Any], segment: Any, own: int) -> set[str]:
    """The risk types other risks give the same segment (a fix to one of them makes a duplicate)."""
    return {r["type"] for m, r in enumerate(_list(root, "risks"))
            if m != own and isinstance(r, dict) and isinstance(r.get("type"), str) and r.get("segment_id") == segment}


def check_actions(report: Report, root: dict[str, Any]) -> None:
    """The action half of SEM105, and GL006–GL008 on action texts and the summary. Texts are
    compared as the benchmark's action matcher compares them (the scorer's own function)."""
    seen: dict[str, int] = {}
    for n, action in enumerate(_list(root, "actions")):
        text = action.get("text") if isinstance(action, dict) else None
        if not isinstance(text, str) or not text.strip():
            continue
        where = At(("actions", n, "text"))
        check_gold_text(report, where, text)
        norm = normalize_text(text)
        if norm in seen:
            DUPLICATE_LABEL.report(report, where, f"action `{text}` repeats actions[{seen[norm]}] (the same text after normalisation)")
        else:
            seen[norm] = n
    summary = root.get("summary")
    if isinstance(summary, str):
        check_gold_text(report, At(("summary",)), summary)


def check_empty(report: Report, root: dict[str, Any]) -> None:
    """SEM106."""
    for name in ITEMS:
        if root.get(name) == []:
            EMPTY_LABELS.report(report, At((name,)), f"`{name}` is empty: a meeting without {name} is rare, check the labelling is finished")
