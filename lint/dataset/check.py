"""The dataset rules (DS101–DS104, DS109) over the items of one kind's files.

Items are grouped by their normalised text; a group of one is the common case and costs a
dict entry. In a group: an item of a held-out split with an equal in a less held-out one is a
leak (DS101 letter for letter, DS102 normalised), reported at that item and naming the others
(every occurrence is reported); a second item of one split is a duplicate (DS103); an item
labelled otherwise than the group's first is a conflict (DS104). Near-duplicates across splits
(DS109, when a threshold is set) are found among the distinct texts by :mod:`.near`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from itertools import chain, islice
from pathlib import Path
from typing import Any, NamedTuple

from goldlint.dataset import rules as _rules  # noqa: F401  (registers DS1xx)
from goldlint.dataset.collect import Item, collect, reread
from goldlint.dataset.splits import placed, rank
from goldlint.diagnostics import Diagnostic, Related, Span
from goldlint.families import KINDS
from goldlint.findings import CAPPED, FINDINGS_PER_RULE, At, Finding, capped_message
from goldlint.rules.registry import get

MAX_RELATED = 10  # other occurrences named per finding (the message counts them all)


def check_dataset(kind: str, files: list[Path], wants: Callable[[Path, str], bool], loaded_for: Callable[[Path], Any],
                  near: Callable[[Path], float | None] | None = None) -> list[Diagnostic]:
    """Findings across ``files`` (all of ``kind``, of one dataset); ``wants(path, code)``: whether
    the config that applies to ``path`` selects the rule; ``near(path)``: the near-duplicate
    threshold there (None: DS109 off), by default the config's ``datasets.near-duplicates``
    (the command line's ``--near-duplicates`` replaces it). Items are compared by their hashes;
    only the items a finding names are placed, in a second reading of their files."""
    splits = [placed(path)[1] for path in files]
    own_duplicates = getattr(KINDS[kind].module("items"), "OWN_DUPLICATES", False)
    near = near or (lambda path: loaded_for(path).settings.datasets.near_duplicates)  # type: ignore[no-any-return]
    thresholds = {n: t for n, path in enumerate(files) if wants(path, "DS109") and (t := near(path)) is not None}
    texts = None
    if thresholds:
        from goldlint.dataset.near_findings import NearTexts  # (numpy: only when near-duplicates are asked for)

        texts = NearTexts(min(thresholds.values()))
    groups: defaultdict[tuple[str, int], list[Item]] = defaultdict(list)
    for item in collect(kind, files, splits, loaded_for, texts):
        groups[item.group, item.normal].append(item)
    found: list[_Found] = []
    for group in groups.values():
        if len(group) > 1:
            found.extend(_group(group, files, wants, own_duplicates))
    spans: dict[tuple[int, int], Span] = {}
    if texts is not None:
        # (one more reading for DS109: the candidates' texts, and the places of every item
        # that can be a finding then — the other findings', and those of the candidates' texts)
        from goldlint.dataset.near_findings import near_findings

        firsts = texts.candidates(groups)
        spans, normal = reread(kind, files, _places(*_bounded(found)) | texts.items(groups), firsts, loaded_for)
        found.extend(near_findings(texts, groups, thresholds, normal))
    if not found:
        return []
    shown, capped = _bounded(found)
    wanted = _places(shown, capped)
    if wanted - spans.keys():
        spans.update(reread(kind, files, wanted - spans.keys(), set(), loaded_for)[0])
    return [_diagnostic(f, files, spans) for f in shown] + [_capped(first, code, hidden, files, spans) for first, code, hidden in capped]


def _places(shown: list[_Found], capped: list[tuple[Item, str, int]]) -> set[tuple[int, int]]:
    """The items ``(file, ordinal)`` the findings name: each finding's and its others, and the
    first of each rule's findings past the cap."""
    return {(i.file, i.ordinal) for f in shown for i in (f.item, *f.others)} | {(first.file, first.ordinal) for first, _, _ in capped}


def _bounded(found: list[_Found]) -> tuple[list[_Found], list[tuple[Item, str, int]]]:
    """At most FINDINGS_PER_RULE findings per rule and file, as for every rule (see
    :mod:`goldlint.findings`); the rest of each counted, at the first of them (GL012)."""
    seen: Counter[tuple[int, str]] = Counter()
    shown: list[_Found] = []
    capped: dict[tuple[int, str], list[Any]] = {}
    for f in found:
        key = (f.item.file, f.code)
        seen[key] += 1
        if seen[key] <= FINDINGS_PER_RULE:
            shown.append(f)
        elif key in capped:
            capped[key][2] += 1
        else:
            capped[key] = [f.item, f.code, 1]
    return shown, [(first, code, hidden) for first, code, hidden in capped.values()]


def _capped(first: Item, code: str, hidden: int, files: list[Path], spans: dict[tuple[int, int], Span]) -> Diagnostic:
    rule, capped = get(code), get(CAPPED)
    assert rule is not None and capped is not None
    finding = Finding(CAPPED, At(()), "", extra={"rule": code, "hidden": hidden, "cap": FINDINGS_PER_RULE})
    return Diagnostic(str(files[first.file]), CAPPED, capped.name, rule.severity, capped_message(finding), spans[first.file, first.ordinal])


class _Found(NamedTuple):
    code: str
    item: Item
    message: str
    others: list[Item]  # the other occurrences named (at most MAX_RELATED)
    total: int  # how many other occurrences there are
    what: str  # what each other occurrence is
    notes: tuple[str, ...] = ()  # ... or what each one is, one by one


def _group(group: list[Item], files: list[Path], wants: Callable[[Path, str], bool], own_duplicates: bool) -> list[_Found]:
    """The findings of one group of equal items: linear in the group's size (a sentence a
    hostile file repeats 100,000 times is no 10^10 comparisons), the others counted, the first
    few named."""
    out: list[_Found] = []
    by_split: defaultdict[str | None, list[Item]] = defaultdict(list)
    exact_in: defaultdict[str | None, defaultdict[int, list[Item]]] = defaultdict(lambda: defaultdict(list))
    for item in group:
        by_split[item.split].append(item)
        exact_in[item.split][item.exact].append(item)
    first = group[0]
    for split, items in by_split.items():
        lower = [s for s in by_split if s is not None and s != split and rank(s) < rank(split)] if split is not None else []
        for n, item in enumerate(items):
            path = files[item.file]
            if lower:
                exact_splits = [s for s in lower if item.exact in exact_in[s]]
                pools = [exact_in[s][item.exact] for s in exact_splits] if exact_splits else [by_split[s] for s in lower]
                code = "DS101" if exact_splits else "DS102"
                if wants(path, code):
                    count = sum(map(len, pools))
                    how = "the same text" if exact_splits else "the same text, once normalised,"
                    times = f" ({count} times)" if count > 1 else ""
                    names = sorted(exact_splits or lower)  # type: ignore[arg-type]
                    out.append(_Found(code, item, f"{how} stands in the {' and '.join(names)} split{times}: this {split} item leaks",
                                      list(islice(chain.from_iterable(pools), MAX_RELATED)), count, how.strip(",")))
            earlier = items[0]
            theirs = own_duplicates and earlier.file == item.file  # (repeats within a file: the family's own rule)
            if n > 0 and not theirs and wants(path, "DS103"):
                out.append(_Found("DS103", item, f"the same item stands before in the {split or 'unnamed'} split", [earlier], 1,
                                  "its first occurrence"))
            if item.labels != first.labels and wants(path, "DS104"):
                out.append(_Found("DS104", item, f"labelled `{_short(item.labels)}` here, `{_short(first.labels)}` where the same "
                                  "item stands first", [first], 1, f"labelled `{_short(first.labels)}`"))
    return out


def _diagnostic(found: _Found, files: list[Path], spans: dict[tuple[int, int], Span]) -> Diagnostic:
    rule = get(found.code)
    assert rule is not None
    whats = found.notes or (found.what,) * len(found.others)
    related = tuple(Related(str(files[o.file]), spans[o.file, o.ordinal], f"{what} ({o.split or 'no'} split)")
                    for o, what in zip(found.others, whats, strict=True))
    message = found.message + (f"; the first {len(found.others)} are named" if found.total > len(found.others) else "")
    item = found.item
    return Diagnostic(str(files[item.file]), found.code, rule.name, rule.severity, message, spans[item.file, item.ordinal], related=related)


def _short(labels: str, limit: int = 60) -> str:
    return labels if len(labels) <= limit else labels[: limit - 1] + "…"
