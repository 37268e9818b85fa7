"""The ``datasets:`` config table: how the dataset checks (DS1xx, :mod:`goldlint.dataset`)
read a run's files as splits, and their thresholds.

It lives outside :mod:`goldlint.dataset` so that reading a config never imports the checks
themselves: a one-file run imports nothing of them. Built when first asked for, as the kinds'
tables are (:class:`goldlint.config.Settings`).
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated

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
