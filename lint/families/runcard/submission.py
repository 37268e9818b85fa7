"""A leaderboard submission (§9.1): what the folder around a run card lacks (RUN113–RUN117).

A valid submission holds a complete run card that verifies, the method code (runnable,
with installation instructions), its dependencies, a cost report and a README describing
the approach and its limitations. A run card is judged as a submission when its config says
so (``runcard: {submission: true}``, for a repository of submissions) or the command line
asks (``goldlint check --submission``): the family's check then runs :func:`check` after the
card's own checks, so the findings go the way of every finding (select, ignore, every face).
They are the card's: at its top (RUN113–RUN115, the README's name in the message), at its
first error (RUN116), at its ``coaching_data_sha256`` (RUN117).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.base import Context, Report
from goldlint.families.runcard.rules import SUBMISSION_COST_REPORT, SUBMISSION_DEPENDENCY_MISSING, SUBMISSION_METHOD_CODE, SUBMISSION_README, SUBMISSION_RUN_CARD_DOES_NOT_VERIFY
from goldlint.findings import At, Location
from goldlint.reading import open_regular
from goldlint.rules.registry import get, rule_matches
from goldlint.walk import files_under

SUBMISSION_CODES = frozenset(rule.code for rule in (SUBMISSION_README, SUBMISSION_METHOD_CODE, SUBMISSION_COST_REPORT, SUBMISSION_RUN_CARD_DOES_NOT_VERIFY,
                                                    SUBMISSION_DEPENDENCY_MISSING))
CODE_SUFFIXES = frozenset({".py", ".ipynb", ".js", ".mjs", ".cjs", ".ts", ".rb", ".go", ".rs", ".java", ".kt", ".jl", ".r", ".sh", ".pl", ".lua"})
CODE_FOLDERS = frozenset({"method", "methods", "src", "plugin"})
MAX_HASHED = 64 << 20  # files larger than this are not hashed when looking for coaching data
_README_NEEDS = {
    "the approach": re.compile(r"\b(approach|method|how it works|pipeline|design)\b", re.IGNORECASE),
    "its limitations": re.compile(r"\blimitation", re.IGNORECASE),
    "how to install and run it": re.compile(r"\b(install|installation|usage|how to run|running)\b", re.IGNORECASE),
}
TOP = At(())


def check(report: Report, card: dict[str, Any], ctx: Context) -> None:
    """What the submission in the card's folder lacks; nothing when it is complete."""
    folder = ctx.path.parent
    try:
        files = [p for p in files_under(folder) if p != ctx.path]
        readme = next((p for p in sorted(folder.iterdir()) if p.is_file() and p.name.lower().startswith("readme")), None)
    except OSError:
        return  # (a buffer whose folder is gone: no submission to judge)
    text = ""
    if readme is None:
        SUBMISSION_README.report(report, TOP, "the submission has no README describing the method's approach, limitations and installation (§9.1)")
    else:
        text = readme.read_text(encoding="utf-8", errors="replace")
        missing = [what for what, pattern in _README_NEEDS.items() if not pattern.search(text)]
        if missing:
            SUBMISSION_README.report(report, TOP, f"the submission's {readme.name} does not describe {', '.join(missing)} (§9.1)")
    has_code = any(p.suffix.lower() in CODE_SUFFIXES for p in files) or any(
        (folder / d).is_dir() and any((folder / d).iterdir()) for d in CODE_FOLDERS)
    if not has_code:
        SUBMISSION_METHOD_CODE.report(report, TOP, "the submission has no method code (no source file, no method/ or src/ folder): §9.1 asks for the runnable method")
    cost_heading = re.search(r"^#+\s.*\bcosts?\b", text, re.IGNORECASE | re.MULTILINE) is not None
    if not cost_heading and not any("cost" in p.name.lower() for p in files):
        SUBMISSION_COST_REPORT.report(report, TOP, "the submission has no cost report (a `cost_report.*` file or a `Cost` section in the README): §9.1")
    _verifies(report, ctx)
    _coaching(card, files, report)


def _verifies(report: Report, ctx: Context) -> None:
    """RUN116 at the card's first error (the place to start mending it), naming them all."""
    from goldlint.config import Loaded
    from goldlint.engine import enabled_codes

    # (what the config selects for the card, per-file-ignores included, as its diagnostics are)
    select, ignore = enabled_codes(Loaded(ctx.settings, None, ctx.config_dir or ctx.path.parent), ctx.path)
    errors = [f for f in report.findings if f.code not in SUBMISSION_CODES and (f.severity or _default(f.code)) is Severity.ERROR
              and rule_matches(f.code, select) and not rule_matches(f.code, ignore)]
    if errors:
        shown = ", ".join(f"{f.code} at {_place(f.where)}" for f in errors[:5])
        more = f" and {len(errors) - 5} more" if len(errors) > 5 else ""
        SUBMISSION_RUN_CARD_DOES_NOT_VERIFY.report(report, errors[0].where, f"the run card does not verify: {len(errors)} error{'s' * (len(errors) != 1)} ({shown}{more})")


def _default(code: str) -> Severity | None:
    rule = get(code)
    return rule.severity if rule is not None else None


def _place(where: Location) -> str:
    if isinstance(where, At) and where.path:
        return "`" + "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in where.path).lstrip(".") + "`"
    return "the top"


def _coaching(card: Any, files: list[Path], report: Report) -> None:
    import hashlib

    wanted = card.get("coaching_data_sha256") if isinstance(card, dict) else None
    if not isinstance(wanted, str) or not re.fullmatch(r"[0-9a-fA-F]{64}", wanted):
        return
    for p in files:
        try:
            with open_regular(p, MAX_HASHED) as handle:  # (a pipe in the folder, or a large file: not hashed)
                if hashlib.file_digest(handle, "sha256").hexdigest() == wanted.lower():
                    return
        except OSError:
            continue
    SUBMISSION_DEPENDENCY_MISSING.report(report, At(("coaching_data_sha256",)),
                                         f"coaching_data_sha256 {wanted[:12]}… matches no file of the submission: ship the coaching data with the method (§9.1)")
