"""Which dataset and split a file belongs to: config's ``datasets: {splits: {name: [globs]}}``
first, else the conventional names in its file name (any word of it: ``en.test.conll``), or its
folder's whole name (``data/test/x.jsonl``).

Splits are ranked by how held-out they are (test above validation above train; the splits
config lists, in its order, above those): a leak is reported in the file of the more held-out
split, naming its occurrences in the others.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

# split -> the words of a file name that name it (`en.test.conll`, `devel.jsonl`, `xsid_valid.tsv`)
NAMES = {"test": ("test",), "valid": ("valid", "validation", "dev", "devel"), "train": ("train", "training")}
# (a Rosetta corpus's segments are its splits: the secret ones rank with test, the public ones
# with validation — a gold_standard source in a development file is a leak: DS108)
RANK = {"test": 2, "gold_standard": 2, "held_out": 2, "valid": 1, "development": 1, "diagnostic": 1, "train": 0}
_WORDS = re.compile(r"[A-Za-z]+")


def split_of_name(name: str) -> str | None:
    """The split a file's name says (any word of it, case folded); None when it says none or several."""
    words = {w.casefold() for w in _WORDS.findall(name)}
    found = {split for split, names in NAMES.items() if words & set(names)}
    return found.pop() if len(found) == 1 else None


def rank(split: str | None, order: tuple[str, ...] = ()) -> int:
    """How held-out a split is: one config lists (``order``, the most held-out first) above
    every other; then the conventional ranks; an unknown split or none below train."""
    if split is not None and split in order:
        return 100 + len(order) - order.index(split)
    return RANK.get(split or "", -1)


def split_of_folder(name: str) -> str | None:
    """The split a folder is named after: its whole name (`test/`, `dev/`, `Validation/`), not
    a word of it — `test_data/` or a test runner's `test_edits/` holds no split."""
    folded = name.casefold()
    return next((split for split, names in NAMES.items() if folded in names), None)


def placed(path: Path) -> tuple[Path, str | None]:
    """The dataset a file belongs to (its folder; or, when the folder is named after a split,
    the folder above it, so that ``test/`` and ``valid/`` meet) and its split (its name's, else
    its folder's)."""
    folder = path.parent
    by_folder = split_of_folder(folder.name) if folder.name else None
    split = split_of_name(path.name) or by_folder
    return (folder.parent if by_folder is not None else folder), split


def by_dataset(paths: list[Path], loaded_for: Any) -> dict[object, list[tuple[Path, str | None]]]:
    """The files of one kind grouped into their datasets (:func:`assigned`), each with its split."""
    datasets: dict[object, list[tuple[Path, str | None]]] = {}
    for path in paths:
        dataset, split = assigned(path, loaded_for(path))
        datasets.setdefault(dataset, []).append((path, split))
    return datasets


def assigned(path: Path, loaded: Any) -> tuple[object, str | None]:
    """The dataset (a key) and split of a file, as its config says (the first split whose globs
    match it: the files a config gives splits are one dataset) or else as :func:`placed` reads
    its name."""
    absolute = Path(path).absolute()
    for name, globs in loaded.settings.datasets.splits.items():
        if loaded.matches(absolute, globs):
            return ("config", loaded.path), str(name)
    return placed(absolute)
