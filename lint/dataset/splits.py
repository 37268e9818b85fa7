"""Which split a file belongs to: configured globs, else the conventional names in its file name.

Splits are ranked by how held-out they are (test above validation above train): a leak is
reported in the file of the more held-out split, naming its occurrences in the others.
"""

from __future__ import annotations

import re

# split -> the words of a file name that name it (`en.test.conll`, `devel.jsonl`, `xsid_valid.tsv`)
NAMES = {"test": ("test",), "valid": ("valid", "validation", "dev", "devel"), "train": ("train", "training")}
RANK = {"test": 2, "valid": 1, "train": 0}
_WORDS = re.compile(r"[A-Za-z]+")


def split_of_name(name: str) -> str | None:
    """The split a file's name says (any word of it, case folded); None when it says none or several."""
    words = {w.casefold() for w in _WORDS.findall(name)}
    found = {split for split, names in NAMES.items() if words & set(names)}
    return found.pop() if len(found) == 1 else None


def rank(split: str | None) -> int:
    """How held-out a split is; an unknown split or none ranks below train."""
    return RANK.get(split or "", -1)
