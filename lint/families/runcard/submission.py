"""A leaderboard submission folder (§9.1): what it lacks (RUN113–RUN117).

A valid submission holds a complete run card that verifies, the method code (runnable,
with installation instructions), its dependencies, a cost report and a README describing
the approach and its limitations. :func:`check_folder` is called by the CLI when a folder
argument holds a run card and the user asked for it (``goldlint check --submission``). The
card is checked by the engine like any file (its limits, its reader, select and ignore); a
finding sits where it can be mended: the card's first error (RUN116), its
``coaching_data_sha256`` (RUN117), the README (RUN113), else the card's first line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from goldlint.diagnostics import Diagnostic, Position, Severity, Span
from goldlint.findings import At, Report
from goldlint.walk import files_under

if TYPE_CHECKING:
    from goldlint.engine import FileResult

CODE_SUFFIXES = frozenset({".py", ".ipynb", ".js", ".mjs", ".cjs", ".ts", ".rb", ".go", ".rs", ".java", ".kt", ".jl", ".r", ".sh", ".pl", ".lua"})
CODE_FOLDERS = frozenset({"method", "methods", "src", "plugin"})
CARD_SUFFIXES = (".json", ".yaml", ".yml")
MAX_HASHED = 64 << 20  # files larger than this are not hashed when looking for coaching data
_README_NEEDS = {
    "the approach": re.compile(r"\b(approach|method|how it works|pipeline|design)\b", re.IGNORECASE),
    "its limitations": re.compile(r"\blimitation", re.IGNORECASE),
    "how to install and run it": re.compile(r"\b(install|installation|usage|how to run|running)\b", re.IGNORECASE),
}
_TOP = Span(Position(1, 1), Position(1, 1), 0, 0)


MAX_CARD = 8 << 20  # a run card is small; larger files at the top of a folder are not read to find one


def find_run_card(folder: Path, loaded: Any) -> FileResult | None:
    """The first run card at the top level of the folder (where a submission keeps its card),
    checked by the engine once: its document and its own diagnostics come with it."""
    from goldlint.engine import check_file

    try:
        candidates = sorted(p for p in folder.iterdir() if p.suffix.lower() in CARD_SUFFIXES)
    except OSError:
        return None
    for p in candidates:
        try:
            if not p.is_file() or p.stat().st_size > MAX_CARD:
                continue
            with p.open("rb") as handle:
                data = handle.read(MAX_CARD)
        except OSError:
            continue
        if b"run_card_hash" not in data and not (b"fingerprint" in data and b"scores" in data):
            continue  # (most files are not cards: not parsed at all)
        result = check_file(p, loaded, explicit=False)
        if result.kind == "runcard":
            return result
    return None


def check_folder(folder: Path, loaded: Any) -> list[Diagnostic]:
    """What the submission in ``folder`` lacks; ``[]`` when it is complete (or holds no run card)."""
    from goldlint.engine import resolve_findings

    checked = find_run_card(folder, loaded)
    if checked is None:
        return []
    card = Path(checked.path)
    on_card, on_readme = Report(), Report()
    files = [p for p in files_under(folder) if p != card]
    readme = next((p for p in sorted(folder.iterdir()) if p.is_file() and p.name.lower().startswith("readme")), None)
    text = ""
    if readme is None:
        on_card.add("RUN113", _TOP, "the submission has no README describing the method's approach, limitations and installation (§9.1)")
    else:
        text = readme.read_text(encoding="utf-8", errors="replace")
        missing = [what for what, pattern in _README_NEEDS.items() if not pattern.search(text)]
        if missing:
            on_readme.add("RUN113", _TOP, f"the README does not describe {', '.join(missing)} (§9.1)")
    has_code = any(p.suffix.lower() in CODE_SUFFIXES for p in files) or any(
        (folder / d).is_dir() and any((folder / d).iterdir()) for d in CODE_FOLDERS)
    if not has_code:
        on_card.add("RUN114", _TOP, "the submission has no method code (no source file, no method/ or src/ folder): §9.1 asks for the runnable method")
    cost_heading = re.search(r"^#+\s.*\bcosts?\b", text, re.IGNORECASE | re.MULTILINE) is not None
    if not cost_heading and not any("cost" in p.name.lower() for p in files):
        on_card.add("RUN115", _TOP, "the submission has no cost report (a `cost_report.*` file or a `Cost` section in the README): §9.1")
    errors = [d for d in checked.diagnostics if d.severity is Severity.ERROR]
    if errors:
        shown = ", ".join(f"{d.code} at {d.span.start.line}:{d.span.start.column}" for d in errors[:5])
        more = f" and {len(errors) - 5} more" if len(errors) > 5 else ""
        # At the card's first error: the place to start mending it.
        on_card.add("RUN116", errors[0].span, f"the run card does not verify: {len(errors)} error{'s' * (len(errors) != 1)} ({shown}{more})")
    document = checked.document
    _coaching(document.root if document is not None else None, files, on_card)
    out = resolve_findings(on_card.findings, document, loaded, card)
    if readme is not None:
        out += resolve_findings(on_readme.findings, None, loaded, readme)
    return sorted(out, key=lambda d: d.sort_key)


def _coaching(card: Any, files: list[Path], report: Report) -> None:
    from goldlint.families.runcard.algorithms import sha256_file

    wanted = card.get("coaching_data_sha256") if isinstance(card, dict) else None
    if not isinstance(wanted, str) or not re.fullmatch(r"[0-9a-fA-F]{64}", wanted):
        return
    for p in files:
        try:
            if p.stat().st_size <= MAX_HASHED and sha256_file(p) == wanted.lower():
                return
        except OSError:
            continue
    report.add("RUN117", At(("coaching_data_sha256",)),
               f"coaching_data_sha256 {wanted[:12]}… matches no file of the submission: ship the coaching data with the method (§9.1)")
