"""The dataset rules (DS101–DS104) over the items of one kind's files.

Items are grouped by their normalised text; a group of one is the common case and costs a
dict entry. In a group: an item of a held-out split with an equal in a less held-out one is a
leak (DS101 letter for letter, DS102 normalised), reported at that item and naming the others
(every occurrence is reported); a second item of one split is a duplicate (DS103); an item
labelled otherwise than the group's first is a conflict (DS104).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from goldlint.dataset import rules as _rules  # noqa: F401  (registers DS1xx)
from goldlint.dataset.collect import Item, collect
from goldlint.dataset.splits import placed, rank
from goldlint.diagnostics import Diagnostic, Related
from goldlint.families import KINDS
from goldlint.rules.registry import get

MAX_RELATED = 10  # other occurrences named per finding (the message counts them all)


def check_dataset(kind: str, files: list[Path], wants: Callable[[Path, str], bool]) -> list[Diagnostic]:
    """Findings across ``files`` (all of ``kind``, of one dataset); ``wants(path, code)``: whether
    the config that applies to ``path`` selects the rule."""
    splits = [placed(path)[1] for path in files]
    own_duplicates = getattr(KINDS[kind].module("items"), "OWN_DUPLICATES", False)
    groups: defaultdict[tuple[str, int], list[Item]] = defaultdict(list)
    for item in collect(kind, files, splits):
        groups[item.group, item.normal].append(item)
    out: list[Diagnostic] = []
    for group in groups.values():
        if len(group) > 1:
            out.extend(_group(group, files, wants, own_duplicates))
    return out


def _group(group: list[Item], files: list[Path], wants: Callable[[Path, str], bool], own_duplicates: bool) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    first_in: dict[str | None, Item] = {}
    first = group[0]
    for item in group:
        path = files[item.file]
        below = [o for o in group if o.split is not None and o.split != item.split and rank(o.split) < rank(item.split)]
        if below and item.split is not None:
            exact = [o for o in below if o.exact == item.exact]
            code, others = ("DS101", exact) if exact else ("DS102", below)
            if wants(path, code):
                names = sorted({o.split or "unnamed" for o in others})
                how = "the same text" if exact else "the same text, once normalised,"
                times = f" ({len(others)} times)" if len(others) > 1 else ""
                out.append(_finding(code, path, item, f"{how} stands in the {' and '.join(names)} split{times}: this {item.split} "
                                    "item leaks", others, files, how.strip(",")))
        earlier = first_in.setdefault(item.split, item)
        theirs = own_duplicates and earlier.file == item.file  # (repeats within a file: the family's own rule)
        if earlier is not item and not theirs and wants(path, "DS103"):
            out.append(_finding("DS103", path, item, f"the same item stands before in the {item.split or 'unnamed'} split",
                                [earlier], files, "its first occurrence"))
        if item.labels != first.labels and wants(path, "DS104"):
            out.append(_finding("DS104", path, item, f"labelled `{_short(item.labels)}` here, `{_short(first.labels)}` where the "
                                "same item stands first", [first], files, f"labelled `{_short(first.labels)}`"))
    return out


def _finding(code: str, path: Path, item: Item, message: str, others: list[Item], files: list[Path], what: str) -> Diagnostic:
    rule = get(code)
    assert rule is not None
    related = tuple(Related(str(files[o.file]), o.span, f"{what} ({o.split or 'no'} split)") for o in others[:MAX_RELATED])
    if len(others) > MAX_RELATED:
        message += f"; the first {MAX_RELATED} are named"
    return Diagnostic(str(path), code, rule.name, rule.severity, message, item.span, related=related)


def _short(labels: str, limit: int = 60) -> str:
    return labels if len(labels) <= limit else labels[: limit - 1] + "…"
