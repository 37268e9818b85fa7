"""A leaderboard submission folder (§9.1): what it lacks (RUN113–RUN117).

A valid submission holds a complete run card that verifies, the method code (runnable,
with installation instructions), its dependencies, a cost report and a README describing
the approach and its limitations. :func:`check_folder` is called by the CLI when a folder
argument holds a run card and the user asked for it (``goldlint check --submission``); a
finding sits where it can be mended: the card's first error (RUN116), its
``coaching_data_sha256`` (RUN117), the README (RUN113), else the card's first line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from goldlint.diagnostics import Diagnostic, Position, Severity, Span
from goldlint.rules.registry import get, rule_matches

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


def _walk(folder: Path) -> Iterator[Path]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("node_modules", "__pycache__"))
        for name in sorted(files):
            yield Path(root) / name


MAX_CARD = 8 << 20  # a run card is small; larger files at the top of a folder are not read to find one


def find_run_cards(folder: Path) -> list[Path]:
    """Run cards at the top level of the folder (where a submission keeps its card)."""
    from goldlint.families.runcard import is_run_card

    out = []
    try:
        candidates = sorted(p for p in folder.iterdir() if p.suffix.lower() in CARD_SUFFIXES)
    except OSError:
        return []
    for p in candidates:
        try:
            if not p.is_file() or p.stat().st_size > MAX_CARD:
                continue
            data = p.read_bytes()
        except OSError:
            continue
        if (b"run_card_hash" in data or (b"fingerprint" in data and b"scores" in data)) and is_run_card(_read(p, data)):
            out.append(p)
    return out


def holds_run_card(folder: Path) -> bool:
    """Whether ``folder`` is a submission folder: a run card at its top level."""
    return bool(find_run_cards(folder))


def _read(path: Path, data: bytes | None = None) -> Any:
    import orjson

    try:
        raw = path.read_bytes() if data is None else data
        if path.suffix.lower() == ".json":
            return orjson.loads(raw)
        from ruamel.yaml import YAML

        return YAML(typ="safe", pure=True).load(raw.decode("utf-8"))
    except Exception:  # noqa: BLE001  (any unreadable file is simply not a run card here)
        return None


def check_folder(folder: Path, loaded: Any) -> list[Diagnostic]:
    """What the submission in ``folder`` lacks; ``[]`` when it is complete (or holds no run card)."""
    from goldlint.engine import check_file, enabled_codes

    cards = find_run_cards(folder)
    if not cards:
        return []
    card = cards[0]
    out: list[Diagnostic] = []

    def add(code: str, where: Path, message: str, span: Span = _TOP) -> None:
        select, ignore = enabled_codes(loaded, where)
        if rule_matches(code, select) and not rule_matches(code, ignore):
            rule = get(code)
            assert rule is not None
            out.append(Diagnostic(str(where), code, rule.name, rule.severity, message, span))

    files = [p for p in _walk(folder) if p not in cards]
    readme = next((p for p in sorted(folder.iterdir()) if p.is_file() and p.name.lower().startswith("readme")), None)
    text = ""
    if readme is None:
        add("RUN113", card, "the submission has no README describing the method's approach, limitations and installation (§9.1)")
    else:
        text = readme.read_text(encoding="utf-8", errors="replace")
        missing = [what for what, pattern in _README_NEEDS.items() if not pattern.search(text)]
        if missing:
            add("RUN113", readme, f"the README does not describe {', '.join(missing)} (§9.1)")
    has_code = any(p.suffix.lower() in CODE_SUFFIXES for p in files) or any(
        (folder / d).is_dir() and any((folder / d).iterdir()) for d in CODE_FOLDERS)
    if not has_code:
        add("RUN114", card, "the submission has no method code (no source file, no method/ or src/ folder): §9.1 asks for the runnable method")
    cost_heading = re.search(r"^#+\s.*\bcosts?\b", text, re.IGNORECASE | re.MULTILINE) is not None
    if not cost_heading and not any("cost" in p.name.lower() for p in files):
        add("RUN115", card, "the submission has no cost report (a `cost_report.*` file or a `Cost` section in the README): §9.1")
    result = check_file(card, loaded, kind="runcard")
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if errors:
        shown = ", ".join(f"{d.code} at {d.span.start.line}:{d.span.start.column}" for d in errors[:5])
        more = f" and {len(errors) - 5} more" if len(errors) > 5 else ""
        # At the card's first error: the place to start mending it.
        add("RUN116", card, f"the run card does not verify: {len(errors)} error{'s' * (len(errors) != 1)} ({shown}{more})", errors[0].span)
    _coaching(card, files, add, result.document)
    return sorted(out, key=lambda d: d.sort_key)


def _coaching(card: Path, files: list[Path], add: Any, document: Any) -> None:
    from goldlint.families.runcard.algorithms import sha256_file

    data = _read(card)
    wanted = data.get("coaching_data_sha256") if isinstance(data, dict) else None
    if not isinstance(wanted, str) or not re.fullmatch(r"[0-9a-fA-F]{64}", wanted):
        return
    for p in files:
        try:
            if p.stat().st_size <= MAX_HASHED and sha256_file(p) == wanted.lower():
                return
        except OSError:
            continue
    from goldlint.findings import At

    span = document.resolve([At(("coaching_data_sha256",))])[0] if document is not None else None
    add("RUN117", card, f"coaching_data_sha256 {wanted[:12]}… matches no file of the submission: ship the coaching data with the method (§9.1)",
        span or _TOP)
