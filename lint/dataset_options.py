"""The ``datasets:`` config table (``[tool.goldlint.datasets]``): how the dataset checks run.

Outside :mod:`goldlint.dataset`, so that reading a config imports none of the checks (nor numpy).
"""

from __future__ import annotations

from typing import Annotated, Any

from goldlint.tables import Checked, table


def threshold_problem(value: float) -> str | None:
    """What is wrong with a near-duplicate threshold (config and command line alike), or None."""
    if not 0 < value <= 1:  # (NaN too)
        return f"must be above 0 and at most 1 (a similarity), not `{value:g}`"
    return None


def _threshold(value: float) -> float:
    if (problem := threshold_problem(value)) is not None:
        raise ValueError(problem)
    return value


class _Number:
    """A number as written: pydantic's strict float (an int is one; `true` is not 1.0)."""

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        schema = handler(source)
        schema["strict"] = True
        return schema


@table
class DatasetOptions:
    # DS109: report the items of a held-out split this similar (0 < t ≤ 1) to one of another split; None: off
    near_duplicates: Annotated[float, _Number(), Checked(_threshold)] | None = None
