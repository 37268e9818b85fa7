"""The JSON report: stable names, one shape for every kind.

``{"kind", "profile", ["options",] "goldlint_version", "gold": {"path", "sha256", ...},
"predictions": {"path", "sha256", ...}, "counts", "metrics": {NAME: {"value", "reason",
"coverage", "samples_measured", "samples_skipped"}}, "breakdowns", "notes"}``; ``options``
(slurp: ``{"average": "micro" | "macro"}``) only where the kind has options that change the numbers.
For ``corpus`` the JSON output is the run card instead (:mod:`goldlint.score.runcard`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from goldlint import __version__
from goldlint.score.model import Outcome


@dataclass(slots=True)
class InputRef:
    path: str  # as given on the command line
    sha256: str
    files: list[dict[str, str]] = field(default_factory=list)  # a folder's files

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "sha256": self.sha256}
        if self.files:
            out["files"] = self.files
        return out


@dataclass(slots=True)
class GoldState:
    errors: int
    warnings: int
    allowed_invalid: bool  # scored despite lint errors (--allow-invalid-gold)


def build(outcome: Outcome, gold: InputRef, predictions: InputRef, state: GoldState, extra_inputs: dict[str, InputRef] | None = None) -> dict[str, Any]:
    gold_json = gold.as_json() | {"lint": {"errors": state.errors, "warnings": state.warnings},
                                  "allow_invalid_gold": state.allowed_invalid}
    notes = list(outcome.notes)
    if state.allowed_invalid and state.errors:
        notes.insert(0, f"the gold has {state.errors} lint error(s): scored anyway because of --allow-invalid-gold; the numbers may not mean what they should")
    report: dict[str, Any] = {
        "kind": outcome.kind,
        "profile": outcome.profile,
        **({"options": dict(outcome.options)} if outcome.options else {}),
        "goldlint_version": __version__,
        "gold": gold_json,
        "predictions": predictions.as_json(),
    }
    for name, ref in (extra_inputs or {}).items():
        report[name] = ref.as_json()
    report["counts"] = outcome.counts
    report["metrics"] = {name: m.as_json() for name, m in outcome.metrics.items()}
    report["breakdowns"] = outcome.breakdowns
    report["notes"] = notes
    cleaned: dict[str, Any] = clean(report)
    return cleaned


_SURROGATE = re.compile("[\ud800-\udfff]")


def title(report: dict[str, Any]) -> str:
    """The report's title: kind, profile and the options that change the numbers."""
    options = "".join(f" · {name} {value}" for name, value in (report.get("options") or {}).items())
    return f"goldlint score · {report['kind']} · profile {report['profile']}{options}"


def writable(text: str) -> str:
    """``text`` with every lone surrogate (which a model's JSON may hold as an escape, and
    UTF-8 cannot encode) replaced by U+FFFD, so the report, the HTML and the terminal can
    be written at all."""
    return text if text.isascii() else _SURROGATE.sub("\ufffd", text)


def clean(value: Any) -> Any:
    """JSON-safe: tuples to lists, non-finite floats to ``None`` (JSON has no NaN), lone
    surrogates to U+FFFD."""
    if isinstance(value, str):
        return writable(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {writable(str(k)): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if all(type(v) is int for v in value):  # matrix rows and counts: nothing to clean, and there may be many
            return list(value)
        return [clean(v) for v in value]
    return value


def write(path: Path, value: Any) -> None:
    """Indented JSON (orjson: ``json.dumps(indent=2)`` is pure Python and slow on a 100,000-result card)."""
    import orjson

    path.write_bytes(orjson.dumps(value, option=orjson.OPT_INDENT_2) + b"\n")
