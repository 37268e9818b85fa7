"""The decoded pieces `semantic` scoring works on: one meeting's labels, and the running totals.

Gold files write topics as ``{"label"}`` objects and actions as ``{"text"}`` objects;
predictions may write plain strings for both: :func:`sample_of` reads either.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from goldlint.families.semantic.vocab import SEVERITIES, SEVERITY_WEIGHTS, SLOWER_WHISPER
from goldlint.findings import JsonPath

PROFILES = ("spec", "slower-whisper")
WEIGHTS = SEVERITY_WEIGHTS
UNKNOWN_WEIGHT = SEVERITY_WEIGHTS["medium"]  # a risk with no (or an unknown) severity weighs as `medium`
SPEC_LEVELS = SEVERITIES[::-1]  # (the report's by_severity breakdown: most severe first)
UPSTREAM_LEVELS = SLOWER_WHISPER.severities  # (the upstream scorer's levels: its profile's, rising)


@dataclass(slots=True)
class Sample:
    """One meeting: where it came from, and its topics / risks / actions (``None`` = absent)."""

    key: str
    file: str
    path: JsonPath
    topics: list[str] | None
    risks: list[dict[str, Any]] | None
    actions: list[str] | None
    raw: Any = None


def labels(value: Any) -> list[str] | None:
    """Topic labels: strings, or the ``label`` of ``{"label"}`` objects; an empty label names
    nothing and is dropped (as upstream); any other item is a label that matches nothing."""
    if not isinstance(value, list):
        return None
    out = []
    for n, item in enumerate(value):
        label = item.get("label") if isinstance(item, dict) else item
        if isinstance(label, str):
            if label:
                out.append(label)
        else:
            out.append(f"\0not a label #{n}")
    return out


def texts(value: Any) -> list[str] | None:
    """Action texts; one that is not a string is ``""``: counted, never matched."""
    if not isinstance(value, list):
        return None
    out = []
    for item in value:
        text = item.get("text") if isinstance(item, dict) else item
        out.append(text if isinstance(text, str) else "")
    return out


def risks_of(value: Any) -> list[dict[str, Any]] | None:
    """Risk objects, their ``type`` and ``severity`` kept only when they are strings (or absent),
    so counting them can never meet an unhashable value; any other item is a risk that matches nothing."""
    if not isinstance(value, list):
        return None
    out = []
    for n, item in enumerate(value):
        if not isinstance(item, dict):
            out.append({"type": f"\0not a risk #{n}"})
            continue
        risk = dict(item)
        for field_name in ("type", "severity"):
            if field_name in risk and not isinstance(risk[field_name], (str, type(None))):
                risk[field_name] = f"\0not a {field_name} #{n}"
        out.append(risk)
    return out


def sample_of(key: str, file: str, path: JsonPath, value: dict[str, Any]) -> Sample:
    return Sample(key, file, path, labels(value.get("topics")), risks_of(value.get("risks")), texts(value.get("actions")), value)


@dataclass(slots=True)
class Totals:
    topic: list[int] = field(default_factory=lambda: [0, 0, 0])  # tp, fp, fn
    risk: list[int] = field(default_factory=lambda: [0, 0, 0])
    level: dict[str, list[int]] = field(default_factory=lambda: {s: [0, 0, 0] for s in SPEC_LEVELS})
    weighted: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    action: list[int] = field(default_factory=lambda: [0, 0, 0])  # matched, predicted, gold
    measured: Counter[str] = field(default_factory=Counter)
    severity_seen: bool = False
    pred_labels: set[str] = field(default_factory=set)
    gold_labels: set[str] = field(default_factory=set)
