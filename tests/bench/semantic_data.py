"""Deterministic `semantic` gold labels (FORMATS.md §4, profile ``spec``), JSON or YAML.

A semantic file labels one meeting, so its "entries" are its labelled items: the topics
(at most the 21 labels of the spec vocabulary: a topic is listed once), then risks and
actions alternating. Risks cycle through the eight risk types with an allowed severity
and a segment id unique per type; action texts are unique; segment ids are sorted. The
file is named after its ``meeting_id`` (SEM102), so the generator takes it from the path.
With ``defective=True`` every 100th item carries one defect, cycling through ``DEFECTS``.
The YAML is written by hand in block style, as a person writes it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

TOPICS = ["pricing", "billing", "contract", "features", "subscription", "renewal", "technical_support", "account_access",
          "setup", "integration", "bug_report", "complaint", "feedback", "satisfaction", "onboarding", "training",
          "scheduling", "delivery", "returns", "refund", "warranty"]
RISKS = [("escalation", "high"), ("churn_risk", "critical"), ("compliance", "medium"), ("sentiment_negative", "low"),
         ("pricing_objection", "medium"), ("customer_frustration", "high"), ("agent_error", "low"), ("competitor_mention", "medium")]
VERBS = ["send", "schedule", "prepare", "review", "update", "confirm", "draft", "share", "check", "escalate"]
THINGS = ["pricing proposal", "follow-up meeting", "contract draft", "feature comparison", "renewal terms", "refund request",
          "onboarding plan", "training slots", "delivery date", "warranty claim", "integration guide", "support ticket"]
SPEAKERS = ["spk_sales", "spk_pm", "spk_engineer", "spk_support", "spk_customer"]
DEFECTS = (
    "severity-not-allowed",   # SEM104
    "risk-type-typo",         # SEM104
    "duplicate-risk",         # SEM105
    "duplicate-action",       # SEM105
    "negative-segment",       # SEM107
    "unsorted-segments",      # SEM107 (warning)
    "trailing-space",         # GL008 (on an action)
)
RISK_DEFECTS = frozenset(DEFECTS[:3])
SEED = 20261122


def document(records: int, meeting_id: str, defective: bool = False, seed: int = SEED) -> dict[str, Any]:
    rng = random.Random(seed)
    n_topics = min(len(TOPICS), max(1, records // 10))
    topics = [{"label": TOPICS[i], "segment_ids": sorted(rng.sample(range(4 * records), 3))} for i in range(n_topics)]
    risks: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    for n in range(n_topics + 1, records + 1):
        defect = DEFECTS[(n // 100 - 1) % len(DEFECTS)] if defective and n % 100 == 0 else None
        if defect in RISK_DEFECTS or (defect is None and n % 3 == 0):
            kind, severity = RISKS[len(risks) % len(RISKS)]
            item: dict[str, Any] = {"type": kind, "severity": severity, "segment_id": len(risks) // len(RISKS) * 3 + 1,
                                    "evidence": f"we discussed the {rng.choice(THINGS)} at length"}
            risks.append(item)
        else:
            start = 2 * len(actions)
            item = {"text": f"{rng.choice(VERBS).capitalize()} the {rng.choice(THINGS)} (item {len(actions) + 1})",
                    "speaker_id": rng.choice(SPEAKERS), "segment_ids": [start, start + 1]}
            actions.append(item)
        if defect is not None:
            _defect(defect, item, risks, actions)
    return {"schema_version": 1, "meeting_id": meeting_id, "topics": topics, "risks": risks, "actions": actions,
            "summary": f"A synthetic meeting of {records} labelled items for goldlint's benchmark."}


def _defect(kind: str, item: dict[str, Any], risks: list[dict[str, Any]], actions: list[dict[str, Any]]) -> None:
    is_risk = "type" in item
    if kind == "severity-not-allowed" and is_risk:
        item["type"], item["severity"] = "competitor_mention", "critical"
    elif kind == "risk-type-typo" and is_risk:
        item["type"] = item["type"][:-1] + "x"
    elif kind == "duplicate-risk" and is_risk and len(risks) > 1:
        item["type"], item["segment_id"] = risks[-2]["type"], risks[-2]["segment_id"]
    elif kind == "duplicate-action" and not is_risk and len(actions) > 1:
        item["text"] = actions[-2]["text"].upper()
    elif kind == "negative-segment" and not is_risk:
        item["segment_ids"] = [-1, *item["segment_ids"][1:]]
    elif kind == "unsorted-segments" and not is_risk:
        item["segment_ids"] = item["segment_ids"][::-1]
    elif kind == "trailing-space":
        item["text"] += " "


def yaml_text(value: dict[str, Any]) -> str:
    s = json.dumps  # a JSON string is a YAML double-quoted scalar
    out = [f"schema_version: {value['schema_version']}", f"meeting_id: {s(value['meeting_id'])}", "topics:"]
    for t in value["topics"]:
        out += [f"  - label: {t['label']}", f"    segment_ids: {s(t['segment_ids'])}"]
    out.append("risks:")
    for r in value["risks"]:
        out += [f"  - type: {s(r['type'], ensure_ascii=False)}", f"    severity: {s(r['severity'])}", f"    segment_id: {r['segment_id']}",
                f"    evidence: {s(r['evidence'], ensure_ascii=False)}"]
    out.append("actions:")
    for a in value["actions"]:
        out += [f"  - text: {s(a['text'], ensure_ascii=False)}", f"    speaker_id: {a['speaker_id']}",
                f"    segment_ids: {s(a['segment_ids'])}"]
    out.append(f"summary: {s(value['summary'], ensure_ascii=False)}")
    return "\n".join(out) + "\n"


def write(path: Path, records: int, defective: bool = False) -> None:
    doc = document(records, path.stem, defective)
    tmp = path.with_suffix(".partial")
    text = yaml_text(doc) if path.suffix in (".yaml", ".yml") else json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
