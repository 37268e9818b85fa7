"""goldlint's engine as a benchmark target, imported before the clock starts.

The imports are the CLI's start-up cost, which the command cases measure; here only the
check itself is timed, called as ``goldlint check`` calls it (``need_document=False``: the
caller wants diagnostics only, so a family may find a clean file clean from its bytes).
"""

from __future__ import annotations

import inspect
from collections import Counter
from pathlib import Path
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.engine import check_file
from goldlint.families import FAMILIES  # noqa: F401  (every family loaded before timing)

_AS_THE_CLI = {"need_document": False} if "need_document" in inspect.signature(check_file).parameters else {}


def goldlint_check_file(path: str) -> dict[str, Any]:
    """The engine on the file, as the CLI calls it (config looked up, diagnostics resolved)."""
    result = check_file(Path(path), **_AS_THE_CLI)
    severities = Counter(d.severity for d in result.diagnostics)
    return {"diagnostics": len(result.diagnostics), "errors": severities[Severity.ERROR],
            "warnings": severities[Severity.WARNING], "codes": dict(Counter(d.code for d in result.diagnostics)),
            "kind": result.kind}
