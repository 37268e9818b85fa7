"""RUN108 (method class), RUN111 (human validation before Deployable) and RUN112 (run id, timestamp)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from goldlint.families.base import Report
from goldlint.families.corpus.fields import describe
from goldlint.families.runcard import vocab
from goldlint.families.runcard.rules import BAD_RUN_ID_OR_TIMESTAMP, RUNCARD_FIELD_MISSING_OR_WRONG_TYPE, TIER_WITHOUT_HUMAN_VALIDATION, UNKNOWN_METHOD_CLASS
from goldlint.findings import At, Change, safe_fix
from goldlint.suggest import closest, unambiguous

_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-([0-9a-fA-F])[0-9a-fA-F]{3}-([0-9a-fA-F])[0-9a-fA-F]{3}-[0-9a-fA-F]{12}")
_HARNESS_ID = re.compile(r"run_(\d{8})_(\d{6})(_.+)?")


def method_class_at(card: dict[str, Any]) -> tuple[At, Any] | None:
    mc = card.get("method_card")
    if isinstance(mc, dict) and "class" in mc:
        return At(("method_card", "class")), mc["class"]
    if "method_class" in card:
        return At(("method_class",)), card["method_class"]
    return None


def check_method_class(report: Report, card: dict[str, Any], extra: list[str]) -> None:
    found = method_class_at(card)
    if found is None:
        return
    at, value = found
    allowed = list(vocab.METHOD_CLASSES) + list(extra)
    if value in allowed:
        return
    if not isinstance(value, str):
        RUNCARD_FIELD_MISSING_OR_WRONG_TYPE.report(report, at, f"the method class must be a string, found {describe(value)}")
        return
    target = unambiguous(value, allowed)
    near = closest(value, allowed)
    hint = f" (did you mean `{near[0]}`?)" if near else f"; expected one of {', '.join(allowed)}"
    fix = safe_fix(f"replace with `{target}`", Change(at, target, as_string=True)) if target else None
    UNKNOWN_METHOD_CLASS.report(report, at, f"method class `{value}` is not one of §9.6{hint}", fix)


def has_human_validation(card: dict[str, Any]) -> bool:
    record = card.get("human_validation")
    if isinstance(record, (dict, list)) and record:
        return True
    tier = card.get("verification_tier")
    return isinstance(tier, str) and tier.strip().lower() in vocab.VALIDATING_VERIFICATION


def check_validation(report: Report, card: dict[str, Any], tier: str | None) -> None:
    if has_human_validation(card):
        return
    for block, name in (("scores", "quality_tier"), ("method_config", "qualityTier")):
        obj = card.get(block)
        value = obj.get(name) if isinstance(obj, dict) else None
        if isinstance(value, str) and value.lower() in vocab.VALIDATED_TIERS:
            TIER_WITHOUT_HUMAN_VALIDATION.report(report, At((block, name)), f"`{value}` is claimed without a human-validation record "
                                                 "(`human_validation`, or `verification_tier: community_validated`): §5 and §7.2")
            return
    if tier in vocab.VALIDATED_TIERS and not any(isinstance(card.get(b), dict) and n in card[b] for b, n in (("scores", "quality_tier"), ("method_config", "qualityTier"))):
        TIER_WITHOUT_HUMAN_VALIDATION.report(report, At(("scores", "composite")), f"the composite reaches `{tier}`, which needs a human-validation record (§5, §7.2)")


def run_id_form(value: str) -> str | None:
    """``"uuid4"``, ``"harness"``, ``"uuid"`` (another version) or ``None``."""
    m = _UUID.fullmatch(value)
    if m:
        return "uuid4" if m.group(1) == "4" and m.group(2).lower() in "89ab" else "uuid"
    m = _HARNESS_ID.fullmatch(value)
    if m:
        try:
            dt.datetime.strptime(m.group(1) + m.group(2), "%Y%m%d%H%M%S")
        except ValueError:
            return None
        return "harness"
    return None


def check_ids(report: Report, card: dict[str, Any], good: dict[str, set[str]]) -> None:
    if "run_id" in good[""]:
        value = card["run_id"]
        form = run_id_form(value)
        if form is None:
            BAD_RUN_ID_OR_TIMESTAMP.report(report, At(("run_id",)), f"run_id `{value}` is neither a UUID v4 (spec §3.1) nor a harness id `run_YYYYMMDD_HHMMSS_…`")
        elif form == "uuid":
            BAD_RUN_ID_OR_TIMESTAMP.report(report, At(("run_id",)), f"run_id `{value}` is a UUID but not version 4 (spec §3.1 asks for a random UUID v4)")
    if "timestamp" in good[""]:
        _timestamp(report, card["timestamp"])


def _timestamp(report: Report, value: str) -> None:
    at = At(("timestamp",))
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?", value):
        BAD_RUN_ID_OR_TIMESTAMP.report(report, at, f"timestamp `{value}` is not an ISO 8601 date-time (`2026-06-12T12:47:49Z`)")
        return
    try:
        stamp = dt.datetime.fromisoformat(value)
    except ValueError as exc:
        BAD_RUN_ID_OR_TIMESTAMP.report(report, at, f"timestamp `{value}` is not a real date-time: {exc}")
        return
    if stamp.tzinfo is None:
        BAD_RUN_ID_OR_TIMESTAMP.report(report, at, f"timestamp `{value}` has no zone: write it in UTC with `Z`")
    elif stamp.utcoffset() != dt.timedelta(0):
        BAD_RUN_ID_OR_TIMESTAMP.report(report, at, f"timestamp `{value}` is not UTC (offset {stamp.strftime('%z')}); §3.1 asks for UTC")
