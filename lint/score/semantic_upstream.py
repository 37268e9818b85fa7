"""The slower-whisper profile of `semantic` scoring: the project's shipped scorer, per sample.

Upstream (slower-whisper ``transcription/benchmark/semantic_metrics.py``, fed the way
``benchmark_cli.py``'s ``_evaluate_tags`` feeds it) reads each list as ``value or []``, so
a missing or empty aspect is scored against an empty list; gold topic labels are the
truthy ``label`` s; predicted topics are a set of whatever the list holds. Per sample, on
sets: topic labels; risks as ``(type, segment_id)`` keys, severity ignored overall and one
low/medium/high bucket each (``critical`` dropped); both empty → 1.0, empty gold with
predictions → P 0, R 1, F1 0. Actions greedy in prediction order. The aggregate (in
:mod:`goldlint.score.semantic`) is the macro mean over samples.

Where upstream raises (an unhashable topic or risk key, a risk that is not an object, an
action text that is not a string), goldlint counts the item as a prediction that matches
nothing and reports it (SCO105, a warning naming the exception).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.findings import At
from goldlint.score.metrics import PRF, MacroMean, prf_sets_upstream
from goldlint.score.model import Issues
from goldlint.score.rules import PREDICTION_SHAPE
from goldlint.score.semantic_samples import UPSTREAM_LEVELS, Sample, Totals
from goldlint.score.textmatch import greedy_matches, normalize_text

Flag = Callable[[tuple[str | int, ...], str], None]


class _Unmatched:
    """A predicted item upstream would raise on: equal only to itself, so it is one false positive."""

    __slots__ = ()


def upstream_sample(sample: Sample, pred: Sample, t: Totals, macro: dict[str, MacroMean], threshold: float,
                    issues: Issues | None = None) -> dict[str, Any]:
    gold = sample.raw if isinstance(sample.raw, dict) else {}
    value = pred.raw if isinstance(pred.raw, dict) else {}

    def flag(steps: tuple[str | int, ...], message: str) -> None:
        if issues is not None:
            issues.add(pred.file, PREDICTION_SHAPE, At(pred.path + steps), message, Severity.WARNING)

    row: dict[str, Any] = {}
    g_topics = set(_gold_labels(gold.get("topics")))
    p_topics = _predicted_topics(value.get("topics"), flag)
    prf = prf_sets_upstream(p_topics, g_topics)
    macro["topic"].add(prf)
    t.measured["topic"] += 1
    t.pred_labels |= {x for x in p_topics if isinstance(x, str)}
    t.gold_labels |= {x for x in g_topics if isinstance(x, str)}
    row["topics"] = prf.as_json() | {"missed": _names(g_topics - p_topics), "extra": _names(p_topics - g_topics)}

    t.measured["risk"] += 1
    g_risks = [(key, r.get("severity")) for r, key in _risk_keys(gold.get("risks"), None)]
    p_risks = [(key, r.get("severity")) for r, key in _risk_keys(value.get("risks"), flag)]
    if any(isinstance(sev, str) for _, sev in p_risks):
        t.severity_seen = True
    overall = prf_sets_upstream({k for k, _ in p_risks}, {k for k, _ in g_risks})
    macro["risk"].add(overall)
    row["risks"] = overall.as_json()
    for level in UPSTREAM_LEVELS:
        macro[level].add(prf_sets_upstream({k for k, s in p_risks if _equals(s, level)}, {k for k, s in g_risks if _equals(s, level)}))

    t.measured["action"] += 1
    g_actions = [text for text, _ in _action_texts(gold.get("actions"), None)]
    p_actions = list(_action_texts(value.get("actions"), flag))
    prf, matched = _upstream_actions(p_actions, g_actions, threshold)
    macro["action"].add(prf)
    row["actions"] = prf.as_json() | {"matched": matched, "gold": len(g_actions)}
    return row


def flag_items(pred: Sample, issues: Issues) -> None:
    """The spec profile's diagnostics on the same item shapes (its own reading is in :mod:`semantic_samples`)."""
    value = pred.raw if isinstance(pred.raw, dict) else {}

    def flag(steps: tuple[str | int, ...], message: str) -> None:
        issues.add(pred.file, PREDICTION_SHAPE, At(pred.path + steps), message, Severity.WARNING)

    _predicted_topics(value.get("topics"), flag)
    _risk_keys(value.get("risks"), flag)
    _action_texts(value.get("actions"), flag)


def _items(value: Any) -> list[Any] | None:
    """``value or []`` iterated, as upstream does; ``None`` where that iteration raises."""
    if not value:
        return []
    if isinstance(value, (list, str)):
        return list(value)
    if isinstance(value, dict):
        return list(value)
    return None


def _gold_labels(value: Any) -> list[Any]:
    out = []
    for item in _items(value) or []:
        label = item.get("label") if isinstance(item, dict) else item if isinstance(item, str) else None
        if label and _hashable(label):
            out.append(label)
    return out


def _predicted_topics(value: Any, flag: Flag) -> set[Any]:
    items = _items(value)
    if items and not isinstance(value, list):
        flag(("topics",), f"`topics` is a {_kind(value)}, not a list: the official scorer takes its {'characters' if isinstance(value, str) else 'keys'} "
             "for topics (so does this profile; the spec profile leaves the aspect unscored)")
        return set(items)
    if items is None:
        flag(("topics",), f"`topics` is a {_kind(value)}: not a list: the official scorer raises TypeError on it; scored as no topics")
        return set()
    out: set[Any] = set()
    for n, item in enumerate(items):
        if isinstance(item, dict) and isinstance(item.get("label"), str):
            out.add(item["label"])  # goldlint's reading of a gold-style topic (upstream would raise)
        elif _hashable(item):
            if not isinstance(item, str):
                flag(("topics", n), f"a topic that is a {_kind(item)}, not a string: counted as a topic that matches nothing (as upstream)")
            out.add(item)
        else:
            flag(("topics", n), f"a topic that is a {_kind(item)}: the official scorer raises TypeError (unhashable); counted as a wrong topic")
            out.add(_Unmatched())
    return out


def _listed(value: Any, flag: Flag | None, name: str) -> list[Any] | None:
    """``value`` as the list of a meeting's risks or actions; None (flagged) when it is not one."""
    items = _items(value)
    if items and not isinstance(value, list):
        items = None
    if items is None and flag:
        flag((name,), f"`{name}` is a {_kind(value)}: not a list: the official scorer raises on it; scored as no {name}")
    return items


def _risk_keys(value: Any, flag: Flag | None) -> list[tuple[dict[str, Any], Any]]:
    items = _listed(value, flag, "risks")
    if items is None:
        return []
    out: list[tuple[dict[str, Any], Any]] = []
    for n, item in enumerate(items):
        if not isinstance(item, dict):
            if flag:
                flag(("risks", n), f"a risk that is a {_kind(item)}, not an object: the official scorer raises AttributeError; counted as a wrong risk")
                out.append(({}, _Unmatched()))
            continue
        key = (item.get("type"), item.get("segment_id"))
        if not (_hashable(key[0]) and _hashable(key[1])):
            if flag:
                field = "type" if not _hashable(key[0]) else "segment_id"
                flag(("risks", n, field), f"a risk `{field}` that is a {_kind(item.get(field))}: the official scorer raises TypeError (unhashable); "
                     "counted as a wrong risk")
                out.append((item, _Unmatched()))
            continue
        out.append((item, key))
    return out


def _action_texts(value: Any, flag: Flag | None) -> list[tuple[str, bool]]:
    """Normalised action texts (``""``: skipped but counted, as upstream) and whether each can match."""
    items = _listed(value, flag, "actions")
    if items is None:
        return []
    out: list[tuple[str, bool]] = []
    for n, item in enumerate(items):
        text = item.get("text", "") if isinstance(item, dict) else item if isinstance(item, str) else None
        if isinstance(item, dict) and not text:
            out.append(("", True))
        elif isinstance(text, str):
            out.append((normalize_text(text), True))
        else:
            steps: tuple[str | int, ...] = ("actions", n, "text") if isinstance(item, dict) else ("actions", n)
            if flag:
                what = f"an action text that is a {_kind(text)}" if isinstance(item, dict) else f"an action that is a {_kind(item)}"
                flag(steps, f"{what}: the official scorer raises AttributeError; counted as an action that matches nothing")
            out.append(("", False))
    return out


def _upstream_actions(predicted: list[tuple[str, bool]], gold: list[str], threshold: float) -> tuple[PRF, int]:
    if not gold:
        return (PRF(1.0, 1.0, 1.0) if not predicted else PRF(0.0, 1.0, 0.0)), 0
    matched = greedy_matches([text for text, _ in predicted], gold, threshold)
    precision = matched / len(predicted) if predicted else 0.0
    recall = matched / len(gold)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return PRF(precision, recall, f1), matched


def _hashable(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float))


def _equals(severity: Any, level: str) -> bool:
    return isinstance(severity, str) and severity == level


def _names(values: set[Any]) -> list[str]:
    return sorted(v if isinstance(v, str) else ("(not comparable)" if isinstance(v, _Unmatched) else repr(v)) for v in values)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return {int: "number", float: "number", str: "string", list: "list", dict: "object"}.get(type(value), type(value).__name__)
