"""goldlint's engine as a benchmark target, imported before the clock starts.

The imports are the CLI's start-up cost, which the command cases measure; here only the
check itself is timed.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from goldlint.engine import check_file
from goldlint.families import FAMILIES  # noqa: F401  (every family loaded before timing)


def goldlint_check_file(path: str) -> dict[str, Any]:
    """The engine on the file, as the CLI calls it (config looked up, diagnostics resolved)."""
    result = check_file(Path(path))
    return {"diagnostics": len(result.diagnostics), "codes": dict(Counter(d.code for d in result.diagnostics)),
            "kind": result.kind}
