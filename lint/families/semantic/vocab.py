"""The vocabularies of semantic gold labels: topics, risk types and their severities.

This module is the one place they are written down. The checks, the completion lists,
the hover text and the JSON Schemas in ``schemas/semantic-*.schema.json`` all come from
here (a test proves the schema files agree).

Two profiles (FORMATS.md §4):

- ``spec`` — the seed's benchmark reference (seed 003): 21 topics in four groups and eight
  risk types, each with its own allowed severities.
- ``slower-whisper`` — what the project's shipped ``schema.json`` and
  ``scripts/validate_gold_labels.py`` enforce: risk types escalation / churn / pricing with
  severities low / medium / high, and the topic list of its gold README.
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType
from typing import Any

import msgspec

# The severities in rising order: each one's weight in `semantic` scoring (a risk's matches
# and misses count this much; SCORING.md) and what it means (hover, completion).
_SEVERITY_TABLE: tuple[tuple[str, float, str], ...] = (
    ("low", 0.5, "minor concern, a single mention"),
    ("medium", 1.0, "concern expressed, needs attention"),
    ("high", 2.0, "actionable urgency"),
    ("critical", 4.0, "immediate action (spec profile only)"),
)
SEVERITY_WEIGHTS: dict[str, float] = {name: weight for name, weight, _ in _SEVERITY_TABLE}
SEVERITY_DOC = {name: f"weight {weight} — {meaning}" for name, weight, meaning in _SEVERITY_TABLE}
SEVERITIES = tuple(SEVERITY_DOC)  # (in rising order)

_ALL = SEVERITIES
_LMH = SEVERITIES[:3]  # (slower-whisper's: no `critical`)


class RiskType(msgspec.Struct, frozen=True):
    severities: tuple[str, ...]
    doc: str


class Profile(msgspec.Struct, frozen=True):
    name: str
    topics: MappingProxyType[str, str]  # label -> one-line doc, in the documented order
    risk_types: MappingProxyType[str, RiskType]

    @property
    def severities(self) -> tuple[str, ...]:
        used = {s for r in self.risk_types.values() for s in r.severities}
        return tuple(s for s in SEVERITIES if s in used)


def _topics(groups: dict[str, list[tuple[str, str]]]) -> MappingProxyType[str, str]:
    return MappingProxyType({label: f"{group}: {doc}" for group, items in groups.items() for label, doc in items})


SPEC = Profile(
    "spec",
    _topics(
        {
            "Business": [
                ("pricing", "prices and quotes"),
                ("billing", "invoices and charges"),
                ("contract", "contract terms"),
                ("features", "product features"),
                ("subscription", "plans and subscriptions"),
                ("renewal", "renewing a contract or plan"),
            ],
            "Support": [
                ("technical_support", "technical help"),
                ("account_access", "logging in, access to an account"),
                ("setup", "installation and setup"),
                ("integration", "connecting other systems"),
                ("bug_report", "reporting a defect"),
            ],
            "Relationship": [
                ("complaint", "a customer complaint"),
                ("feedback", "customer feedback"),
                ("satisfaction", "customer satisfaction"),
                ("onboarding", "getting a new customer started"),
                ("training", "teaching users"),
            ],
            "Operations": [
                ("scheduling", "dates and appointments"),
                ("delivery", "shipping and delivery"),
                ("returns", "returning goods"),
                ("refund", "money back"),
                ("warranty", "warranty claims"),
            ],
        }
    ),
    MappingProxyType(
        {
            "escalation": RiskType(_ALL, "customer requests a manager or supervisor"),
            "churn_risk": RiskType(_ALL, "customer mentions leaving or cancelling"),
            "compliance": RiskType(("medium", "high", "critical"), "legal threats, regulatory concerns"),
            "sentiment_negative": RiskType(_LMH, "strong frustration, anger"),
            "pricing_objection": RiskType(_LMH, "budget concerns, discount demands"),
            "competitor_mention": RiskType(("low", "medium"), "references to competing products"),
            "customer_frustration": RiskType(_LMH, "repeated issues, unresolved problems"),
            "agent_error": RiskType(_LMH, "mistakes, miscommunication"),
        }
    ),
)

SLOWER_WHISPER = Profile(
    "slower-whisper",
    _topics(
        {
            "Business": [
                ("pricing", "cost, pricing discussions"),
                ("contract", "contract terms, agreements"),
                ("renewal", "subscription or contract renewal"),
                ("onboarding", "new customer setup"),
                ("support", "technical or customer support"),
                ("escalation", "issue escalation"),
                ("feedback", "customer feedback"),
                ("feature_request", "feature requests"),
                ("bug_report", "bug or issue reports"),
                ("billing", "billing questions"),
                ("cancellation", "service cancellation"),
                ("upsell", "upselling discussions"),
                ("cross_sell", "cross-selling discussions"),
                ("negotiation", "business negotiations"),
                ("timeline", "schedule, deadline discussions"),
                ("process", "process discussions"),
                ("project", "project-related discussions"),
            ],
            "Technical": [
                ("integration", "system integrations"),
                ("api", "API-related discussions"),
                ("security", "security concerns"),
                ("performance", "performance issues"),
                ("migration", "data or system migration"),
                ("training", "user training"),
                ("documentation", "documentation needs"),
                ("technical", "general technical discussions"),
                ("design", "design discussions"),
            ],
            "Meeting type": [
                ("status_update", "status updates"),
                ("planning", "planning sessions"),
                ("retrospective", "retrospective discussions"),
                ("demo", "product demos"),
                ("review", "reviews"),
            ],
            "General": [
                ("introduction", "meeting introductions"),
                ("closing", "meeting wrap-up"),
                ("off_topic", "off-topic discussion"),
                ("other", "uncategorized topics"),
            ],
        }
    ),
    MappingProxyType(
        {
            "escalation": RiskType(_LMH, "customer frustration or request for management"),
            "churn": RiskType(_LMH, "signals of potential customer loss"),
            "pricing": RiskType(_LMH, "cost or budget concerns"),
        }
    ),
)

PROFILES = {p.name: p for p in (SPEC, SLOWER_WHISPER)}


@lru_cache(maxsize=32)
def _extended(name: str, topics: tuple[str, ...], risks: tuple[tuple[str, tuple[str, ...]], ...]) -> Profile:
    base = PROFILES[name]
    if not topics and not risks:
        return base
    all_topics = dict(base.topics)
    for label in topics:
        all_topics.setdefault(label, "added in config (extend-topics)")
    all_risks = dict(base.risk_types)
    for kind, severities in risks:
        old = all_risks.get(kind)
        merged = tuple(s for s in SEVERITIES if s in severities or (old is not None and s in old.severities))
        all_risks[kind] = RiskType(merged, old.doc if old is not None else "added in config (extend-risk-types)")
    return Profile(name, MappingProxyType(all_topics), MappingProxyType(all_risks))


AUTO = "auto"  # config's default: the profile is told from the file's own labels


class Evidence(msgspec.Struct, frozen=True):
    """Why a file is taken to follow a profile: the labels it uses that only that profile knows,
    each with its path in the file. Risk types decide first (the profiles' schemas fix them),
    then topics, then a `critical` severity (spec only); no such label at all, or a tie, is
    no evidence (both profiles then accept and refuse the same labels)."""

    profile: str | None
    labels: tuple[tuple[tuple[str | int, ...], str], ...] = ()  # (path, label) of the deciding labels

    def said(self) -> str:
        shown = ", ".join(f"`{label}`" for _, label in self.labels[:4])
        return shown + (f" and {len(self.labels) - 4} more" if len(self.labels) > 4 else "")


def detect_profile(root: Any) -> Evidence:
    """The profile a file's labels follow (see :class:`Evidence`)."""
    if not isinstance(root, dict):
        return Evidence(None)
    risks = [(("risks", n, "type"), r.get("type")) for n, r in enumerate(_items(root, "risks")) if isinstance(r, dict)]
    topics = [(("topics", n, "label"), t.get("label")) for n, t in enumerate(_items(root, "topics")) if isinstance(t, dict)]
    severities = [(("risks", n, "severity"), r.get("severity")) for n, r in enumerate(_items(root, "risks")) if isinstance(r, dict)]
    for used, tables in ((risks, {p.name: p.risk_types for p in PROFILES.values()}),
                         (topics, {p.name: p.topics for p in PROFILES.values()}),
                         (severities, {p.name: p.severities for p in PROFILES.values()})):
        only = {name: [(path, v) for path, v in used if isinstance(v, str) and v in table
                       and not any(v in other for o, other in tables.items() if o != name)]
                for name, table in tables.items()}
        ranked = sorted(only.items(), key=lambda kv: -len(kv[1]))
        if ranked[0][1] and len(ranked[0][1]) > len(ranked[1][1]):
            return Evidence(ranked[0][0], tuple(ranked[0][1]))
    return Evidence(None)


def _items(root: dict[str, Any], name: str) -> list[Any]:
    value = root.get(name)
    return value if isinstance(value, list) else []


def profile_for(options: Any, root: Any = None) -> Profile:
    """The profile the options name (told from ``root``'s labels when they say ``auto``), with
    the lists config adds to it."""
    name = getattr(options, "profile", AUTO)
    if name == AUTO:
        name = detect_profile(root).profile or SPEC.name
    if options is None:
        return PROFILES[name]
    risks = tuple(sorted((k, tuple(v)) for k, v in options.extend_risk_types.items()))
    return _extended(name, tuple(options.extend_topics), risks)
