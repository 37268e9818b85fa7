"""The ``datasets:`` config table (``[tool.goldlint.datasets]``): how the dataset checks (DS1xx,
:mod:`goldlint.dataset`) read a run's files as splits, and their thresholds.

It lives outside :mod:`goldlint.dataset` so that reading a config never imports the checks
themselves (nor numpy): a one-file run imports nothing of them. Built when first asked for, as
the kinds' tables are (:class:`goldlint.config.Settings`).
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any

from goldlint.tables import AtLeast, Checked, table


def _share(value: float) -> float:
    if not 0 < value <= 1:
        raise ValueError(f"must be above 0 and at most 1, not `{value}`")
    return value


def _split_globs(value: dict[str, list[str]]) -> dict[str, list[str]]:
    from goldlint.config import check_globs  # (config imports this module: the checker is found when validating)

    for name, globs in value.items():
        if not name.strip():
            raise ValueError("a split's name must not be empty")
        check_globs(globs)
    return value


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
    # split name -> globs (relative to the config file, as `exclude`'s): a file one of them
    # matches is of that split, whatever its name says; list the splits from the most held-out
    # to the least (a leak is reported in the file of the split listed first). Files the table
    # gives a split are one dataset per kind. Unlisted files: the split their name says.
    splits: Annotated[dict[str, list[str]], Checked(_split_globs)] = field(default_factory=dict)
    # DS107: label distributions of two splits further apart than this (total variation distance)
    distribution_shift: Annotated[float, Checked(_share)] = 0.3
    # DS106 and DS107 compare only splits with at least this many items
    min_split_items: Annotated[int, AtLeast(1)] = 20
    # DS109: report the items of a held-out split this similar (0 < t ≤ 1) to one of another split; None: off
    near_duplicates: Annotated[float, _Number(), Checked(_threshold)] | None = None
