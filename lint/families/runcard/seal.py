"""RUN102 (tamper seal), RUN103 (fingerprint, both forms) and RUN104 (system-prompt hash); and
the fixes of a sealed card (:func:`mark_fixes_of_sealed`)."""

from __future__ import annotations

from typing import Any

import msgspec

from goldlint.families.base import Report
from goldlint.families.corpus.fields import describe
from goldlint.families.runcard import algorithms as alg
from goldlint.families.runcard.rules import FINGERPRINT_MISMATCH, RUN_CARD_HASH_MISMATCH, RUNCARD_FIELD_MISSING_OR_WRONG_TYPE, SYSTEM_PROMPT_HASH_MISMATCH
from goldlint.findings import At, Finding, Location

_FIELD_OF = {"dataset_sha256": ("dataset", "sha256")}


def check_hash(report: Report, card: dict[str, Any], good: dict[str, set[str]]) -> None:
    if "run_card_hash" not in good[""]:
        return
    stored = card["run_card_hash"].lower()
    try:
        actual = alg.run_card_hash(card)
    except (TypeError, ValueError) as exc:
        RUNCARD_FIELD_MISSING_OR_WRONG_TYPE.report(report, At(()), f"the card cannot be written as JSON to be hashed: {exc}")
        return
    if actual != stored:
        RUN_CARD_HASH_MISMATCH.report(report, At(("run_card_hash",)),
                                      f"run_card_hash does not match the card (recomputed {actual}): the card was edited after it was sealed")


def mark_fixes_of_sealed(card: dict[str, Any], findings: list[Finding]) -> None:
    """Make the family's fixes of a sealed card (one with a run_card_hash) unsafe, each saying
    the card must be sealed again: the hash covers every other field, so any edit of the card
    breaks the seal (RUN102), a new defect no safe fix may create. Only ``run_card_hash``'s
    own value may be edited without it."""
    if not (isinstance(card.get("run_card_hash"), str) and card["run_card_hash"]):
        return  # (not sealed yet: the harness hashes the card as it is then)
    for finding in findings:
        fix = finding.fix
        if fix is None or fix.applicability != "safe" or all(_edits_the_hash(change.where) for change in fix.changes):
            continue
        finding.fix = msgspec.structs.replace(fix, applicability="unsafe",
                                              message=f"{fix.message}; the card is sealed: compute its run_card_hash again")


def _edits_the_hash(where: Location) -> bool:
    return isinstance(where, At) and where.path == ("run_card_hash",) and not where.key


def which_fingerprint(card: dict[str, Any]) -> str | None:
    """``"harness"`` or ``"seed"``: the form the card's fingerprint matches, or ``None``."""
    fp = card.get("fingerprint")
    if isinstance(fp, dict):
        stored, components = fp.get("hash"), fp.get("components")
    else:
        stored, components = fp, alg.fingerprint_components(card)
    if not isinstance(stored, str) or not isinstance(components, dict):
        return None
    try:
        if alg.fingerprint(components) == stored.lower():
            return "harness"
        if alg.fingerprint_seed_form(components) == stored.lower():
            return "seed"
    except (TypeError, ValueError):
        return None
    return None


def check_fingerprint(report: Report, card: dict[str, Any], good: dict[str, set[str]]) -> None:
    if "fingerprint" not in good[""]:
        return
    fp = card["fingerprint"]
    if isinstance(fp, dict):
        if not {"hash", "components"} <= good["fingerprint"]:
            return
        where = At(("fingerprint", "hash"))
    else:
        where = At(("fingerprint",))
    form = which_fingerprint(card)
    if form is None:
        FINGERPRINT_MISMATCH.report(report, where,
                                    "the fingerprint matches neither the harness form (SHA-256 of the sorted JSON of its 8 components) "
                                    "nor the seed's (SHA-256 of the 6 components' values concatenated in name order)")
    if isinstance(fp, dict):
        _components(report, card, fp["components"], form)


def _components(report: Report, card: dict[str, Any], components: dict[str, Any], form: str | None) -> None:
    at = At(("fingerprint", "components"))
    names = alg.SEED_FINGERPRINT_COMPONENTS if form == "seed" else alg.FINGERPRINT_COMPONENTS
    for name in names:
        if name not in components:
            FINGERPRINT_MISMATCH.report(report, at, f"fingerprint components lack `{name}`")
    own = alg.fingerprint_components(card)
    for name, value in components.items():
        if name not in own:
            continue
        mine = own[name]
        field = ".".join(_FIELD_OF.get(name, (name,)))
        present = card.get("dataset", {}).get("sha256", _MISSING) if name == "dataset_sha256" and isinstance(card.get("dataset"), dict) else card.get(name, _MISSING)
        if present is _MISSING:
            continue
        if value != mine or type(value) is not type(mine):
            FINGERPRINT_MISMATCH.report(report, at.child(name), f"fingerprint component `{name}` is {describe(value)} but the card's `{field}` is {describe(mine)}")


_MISSING = object()


def check_prompt(report: Report, card: dict[str, Any], good: dict[str, set[str]]) -> None:
    if not {"system_prompt_sha256", "system_prompt_used"} <= good[""]:
        return
    stored = card["system_prompt_sha256"].lower()
    actual = alg.sha256_text(card["system_prompt_used"])
    if stored != actual:
        placeholder = " (a placeholder of zeros)" if set(stored) == {"0"} else ""
        SYSTEM_PROMPT_HASH_MISMATCH.report(report, At(("system_prompt_sha256",)),
                                           f"system_prompt_sha256{placeholder} is not the SHA-256 of `system_prompt_used` ({actual})")
