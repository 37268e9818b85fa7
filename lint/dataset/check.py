"""The dataset rules (DS101–DS108, :mod:`.rules`) over the items of one kind's files.

Items are grouped by their normalised text; a group of one is the common case and costs a
dict entry. In a group: an item of a held-out split with an equal in a less held-out one is a
leak (DS101 letter for letter, DS102 normalised), reported at that item and naming the others
(every occurrence is reported); a second item of one split is a duplicate (DS103); an item
labelled otherwise than the group's first is a conflict (DS104); a public corpus source that
is a secret one of another file is published (DS108). Items are grouped by their id too
(DS105). The labels' categories, counted per split as the items are read, are compared
between the splits (DS106 a label missing from one, DS107 distributions far apart).
Near-duplicates across splits (DS109, when a threshold is set) are found among the distinct
texts by :mod:`.near` (:mod:`.near_findings`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from itertools import chain, islice
from pathlib import Path
from typing import Any, NamedTuple

from goldlint.dataset import rules as _rules  # noqa: F401  (registers DS1xx)
from goldlint.dataset.collect import Columns, Item, Tally, collect, fill_labels, place
from goldlint.dataset.rules import (
    CONFLICTING_LABELS,
    DUPLICATE_ID_ACROSS_FILES,
    DUPLICATE_ITEM_IN_SPLIT,
    ITEM_IN_TWO_SPLITS,
    ITEM_IN_TWO_SPLITS_NORMALISED,
    LABEL_DISTRIBUTION_SHIFT,
    LABEL_MISSING_FROM_SPLIT,
    NEAR_DUPLICATE_IN_TWO_SPLITS,
    SECRET_SOURCE_IN_PUBLIC_FILE,
)
from goldlint.dataset.splits import rank
from goldlint.diagnostics import Diagnostic, Related, Span
from goldlint.families import KINDS
from goldlint.findings import CAPPED, FINDINGS_PER_RULE, At, Finding, capped_message
from goldlint.rules.registry import get

MAX_RELATED = 10  # other occurrences named per finding (the message counts them all)
Wants = Callable[[Path, str], bool]


def check_members(kind: str, members: list[tuple[Path, str | None]], wants: Wants, loaded_for: Callable[[Path], Any],
                  near: Callable[[Path], float | None] | None = None) -> list[Diagnostic]:
    """The findings of one dataset: ``members``, its files with their splits
    (:func:`goldlint.dataset.splits.assigned`), checked in path order with the split order its
    config lists — how the command line and the language server's workspace index both run it."""
    members = sorted(members, key=lambda member: member[0])
    order = tuple(loaded_for(members[0][0]).settings.datasets.splits)
    return check_dataset(kind, [path for path, _ in members], [split for _, split in members], wants, loaded_for, order, near)


def check_dataset(kind: str, files: list[Path], splits: list[str | None], wants: Wants, loaded_for: Callable[[Path], Any],
                  order: tuple[str, ...] = (), near: Callable[[Path], float | None] | None = None) -> list[Diagnostic]:
    """Findings across ``files`` (all of ``kind``, of one dataset, each of its split in ``splits``);
    ``wants(path, code)``: whether the config that applies to ``path`` selects the rule;
    ``order``: the splits config lists, the most held-out first; ``near(path)``: the
    near-duplicate threshold there (None: DS109 off), by default the config's
    ``datasets.near-duplicates`` (the command line's ``--near-duplicates`` replaces it). Items
    are compared by their hashes; only the items a finding names are placed, in one more
    reading of their files (which also reads the texts of DS109's candidate pairs)."""
    module = KINDS[kind].module("items")
    own_duplicates = getattr(module, "OWN_DUPLICATES", False)
    secret_of = getattr(module, "secret_splits", None)
    secret: frozenset[str] = secret_of(loaded_for(files[0])) if secret_of is not None else frozenset()
    options = loaded_for(files[0]).settings.datasets
    ranks = _Ranks(order)
    tally = Tally()
    near = near or (lambda path: loaded_for(path).settings.datasets.near_duplicates)  # type: ignore[no-any-return]
    thresholds = {n: t for n, path in enumerate(files) if wants(path, NEAR_DUPLICATE_IN_TWO_SPLITS.code) and (t := near(path)) is not None}
    texts = None
    if thresholds:
        from goldlint.dataset.near_findings import NearTexts  # (numpy: only when near-duplicates are asked for)

        texts = NearTexts(min(thresholds.values()), ranks)
    needing_more = (CONFLICTING_LABELS.code, DUPLICATE_ID_ACROSS_FILES.code, LABEL_MISSING_FROM_SPLIT.code, LABEL_DISTRIBUTION_SHIFT.code)
    asked = {code for path in files for code in needing_more if wants(path, code)}
    columns = collect(kind, files, splits, loaded_for, tally, texts, labelled=CONFLICTING_LABELS.code in asked, ids=DUPLICATE_ID_ACROSS_FILES.code in asked,
                      categorised=bool(asked & {LABEL_MISSING_FROM_SPLIT.code, LABEL_DISTRIBUTION_SHIFT.code}))
    runs = list(columns.run_numbers(columns.normal))
    if columns.unlabelled:
        fill_labels(kind, files, columns, runs, loaded_for)
    found: list[_Found] = []
    for numbers in runs:
        found.extend(_group([columns.item(k) for k in numbers], files, wants, own_duplicates, ranks, secret))
    same_ids, hidden = _same_ids(columns, files, wants)
    found.extend(same_ids)
    found.extend(_labels(tally, columns, files, wants, ranks, options.min_split_items, options.distribution_shift))
    found.sort(key=_in_file_order)  # (runs come in hash order: the first findings of a file are its first items')
    spans: dict[tuple[int, int, bool], Span] = {}
    labels: dict[tuple[int, int], str] = {}
    if texts is not None:
        # (one more reading for DS109: the candidates' texts, and the places of every item that
        # can be a finding then — the other findings', and those of the candidates' texts)
        from goldlint.dataset.near_findings import near_findings

        firsts = texts.candidates(columns)
        wanted = _places(*_bounded(found, hidden)) | {(file, ordinal, False) for file, ordinal in texts.items()}
        spans, labels, normal = place(kind, files, wanted, loaded_for, firsts, _quoting(found))
        found.extend(near_findings(texts, thresholds, normal))
        found.sort(key=_in_file_order)
    if not found:
        return []
    shown, capped = _bounded(found, hidden)
    wanted = _places(shown, capped)
    if wanted - spans.keys():
        more, more_labels, _ = place(kind, files, wanted - spans.keys(), loaded_for, labelled=_quoting(shown))
        spans.update(more)
        labels.update(more_labels)
    return [_diagnostic(f, files, spans, labels) for f in shown] + [_capped(c, files, spans) for c in capped]


def _quoting(found: list[_Found]) -> bool:
    """Whether some finding quotes its items' labels (DS104): else they are not read again."""
    return any(f.code == CONFLICTING_LABELS.code for f in found)


def _in_file_order(found: _Found) -> tuple[int, int]:
    return found.item.file, found.item.ordinal


def _places(shown: list[_Found], capped: list[tuple[Item, str, int, bool]]) -> set[tuple[int, int, bool]]:
    """The items ``(file, ordinal, at its id)`` the findings name: each finding's and its others,
    and the first of each rule's findings past the cap."""
    return {(i.file, i.ordinal, f.at_id) for f in shown for i in (f.item, *f.others)} | \
        {(first.file, first.ordinal, at_id) for first, _, _, at_id in capped}


class _Ranks:
    """A split's rank (:func:`goldlint.dataset.splits.rank`), asked once per split, not once per item."""

    def __init__(self, order: tuple[str, ...]) -> None:
        self.order = order
        self.known: dict[str | None, int] = {}

    def __call__(self, split: str | None) -> int:
        if split not in self.known:
            self.known[split] = rank(split, self.order)
        return self.known[split]


def _bounded(found: list[_Found], hidden: Counter[tuple[int, str]] | None = None) -> tuple[list[_Found], list[tuple[Item, str, int, bool]]]:
    """At most FINDINGS_PER_RULE findings per rule and file, as for every rule (see
    :mod:`goldlint.findings`); the rest of each counted, at the first of them (GL012), with
    ``hidden`` more per (file, rule) that were counted and never made (:func:`_same_ids`)."""
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
            capped[key] = [f.item, f.code, 1, f.at_id]
    more = hidden or Counter()
    return shown, [(first, code, count + more[first.file, code], at_id) for first, code, count, at_id in capped.values()]


def _capped(capped: tuple[Item, str, int, bool], files: list[Path], spans: dict[tuple[int, int, bool], Span]) -> Diagnostic:
    first, code, hidden, at_id = capped
    rule, capped_rule = get(code), get(CAPPED)
    assert rule is not None and capped_rule is not None
    finding = Finding(CAPPED, At(()), "", extra={"rule": code, "hidden": hidden, "cap": FINDINGS_PER_RULE})
    return Diagnostic(str(files[first.file]), CAPPED, capped_rule.name, rule.severity, capped_message(finding),
                      spans[first.file, first.ordinal, at_id])


class _Found(NamedTuple):
    code: str
    item: Item
    message: str
    others: list[Item]  # the other occurrences named (at most MAX_RELATED)
    total: int  # how many other occurrences there are
    what: str  # what each other occurrence is
    at_id: bool = False  # placed at the items' ids (DS105), not their texts
    notes: tuple[str, ...] = ()  # what each other occurrence is, one by one (else ``what`` for all)


def _group(group: list[Item], files: list[Path], wants: Wants, own_duplicates: bool, ranks: Callable[[str | None], int] | None = None,
           secret: frozenset[str] = frozenset()) -> list[_Found]:
    """The findings of one group of equal items: linear in the group's size (a sentence a
    hostile file repeats 100,000 times is no 10^10 comparisons), the others counted, the first
    few named. ``secret``: the splits a public one must share no text with (a Rosetta corpus's
    secret segments: DS108, not a leak between ranks)."""
    ranks = ranks or _Ranks(())
    out: list[_Found] = []
    by_split: defaultdict[str | None, list[Item]] = defaultdict(list)
    exact_in: defaultdict[str | None, defaultdict[int, list[Item]]] = defaultdict(lambda: defaultdict(list))
    for item in group:
        by_split[item.split].append(item)
        exact_in[item.split][item.exact].append(item)
    first = group[0]
    for split, items in by_split.items():
        lower = [s for s in by_split if s is not None and s != split and ranks(s) < ranks(split)
                 and (s in secret) == (split in secret)] if split is not None else []
        hidden = [s for s in by_split if s in secret] if split is not None and secret and split not in secret else []
        for n, item in enumerate(items):
            path = files[item.file]
            if lower:
                exact_splits = [s for s in lower if item.exact in exact_in[s]]
                pools = [exact_in[s][item.exact] for s in exact_splits] if exact_splits else [by_split[s] for s in lower]
                code = ITEM_IN_TWO_SPLITS.code if exact_splits else ITEM_IN_TWO_SPLITS_NORMALISED.code
                if wants(path, code):
                    count = sum(map(len, pools))
                    how = "the same text" if exact_splits else "the same text, once normalised,"
                    times = f" ({count} times)" if count > 1 else ""
                    names = sorted(exact_splits or lower)  # type: ignore[arg-type]
                    out.append(_Found(code, item, f"{how} stands in the {' and '.join(names)} split{times}: this {split} item leaks",
                                      list(islice(chain.from_iterable(pools), MAX_RELATED)), count, how.strip(",")))
            if hidden and wants(path, SECRET_SOURCE_IN_PUBLIC_FILE.code):
                # (within one file it is the corpus's own COR112)
                published = [o for o in chain.from_iterable(by_split[s] for s in hidden) if o.file != item.file]
                if published:
                    secrets = " and ".join(sorted({o.split or "" for o in published}))
                    out.append(_Found(SECRET_SOURCE_IN_PUBLIC_FILE.code, item, f"this {split} source is a {secrets} source of another file: a secret source "
                                      f"published ({_times(len(published))})", published[:MAX_RELATED], len(published),
                                      "the secret entry"))
            earlier = items[0]
            theirs = own_duplicates and earlier.file == item.file  # (repeats within a file: the family's own rule)
            if n > 0 and not theirs and wants(path, DUPLICATE_ITEM_IN_SPLIT.code):
                out.append(_Found(DUPLICATE_ITEM_IN_SPLIT.code, item, f"the same item stands before in the {split or 'unnamed'} split", [earlier], 1,
                                  "its first occurrence"))
            if item.labels != first.labels and wants(path, CONFLICTING_LABELS.code):  # (the message quotes the labels once they are read again)
                out.append(_Found(CONFLICTING_LABELS.code, item, "labelled `{mine}` here, `{theirs}` where the same item stands first", [first], 1,
                                  "labelled `{theirs}`"))
    return out


def _same_ids(columns: Columns, files: list[Path], wants: Wants) -> tuple[list[_Found], Counter[tuple[int, str]]]:
    """DS105: one id on items of two files or more; every item outside the first file that has
    it is reported, naming the others (its file's own repeats are its family's rule). Made for
    the items a file can show alone: one file may have a hundred thousand ids that are in another
    file too (a split's files numbered alike), of which FINDINGS_PER_RULE are shown and one more
    is where the rest are counted (:func:`_bounded`) — the rest are counted here, per file, and
    never made. The work is linear in the items that share ids."""
    runs = list(columns.run_numbers(columns.ident))
    file, ordinal = columns.file, columns.ordinal
    reported: list[tuple[int, int, int, int]] = []  # (file, ordinal, item number, run) of each item to report
    for r, numbers in enumerate(runs):
        first_file = file[numbers[0]]
        reported.extend((file[k], ordinal[k], k, r) for k in numbers if file[k] != first_file and wants(files[file[k]], DUPLICATE_ID_ACROSS_FILES.code))
    reported.sort()
    made: Counter[int] = Counter()
    hidden: Counter[tuple[int, str]] = Counter()
    others: dict[tuple[int, int], tuple[list[Item], int]] = {}  # (run, file) -> the run's first items of other files, and how many
    out: list[_Found] = []
    for n, _, k, r in reported:
        made[n] += 1
        if made[n] > FINDINGS_PER_RULE + 1:
            hidden[n, DUPLICATE_ID_ACROSS_FILES.code] += 1
            continue
        if (r, n) not in others:
            elsewhere = [j for j in runs[r] if file[j] != n]
            others[r, n] = [columns.item(j) for j in elsewhere[:MAX_RELATED]], len(elsewhere)
        named, count = others[r, n]
        out.append(_Found(DUPLICATE_ID_ACROSS_FILES.code, columns.item(k), f"this id is also the id of {_times(count, 'item')} in another file of the dataset",
                          named, count, "the same id", at_id=True))
    return out, hidden


def _labels(tally: Tally, columns: Columns, files: list[Path], wants: Wants, ranks: Callable[[str | None], int], min_items: int,
            shift: float) -> Iterator[_Found]:
    """DS106 and DS107: each group's splits of ``min_items`` items or more compared by the
    categories of their labels, the most held-out first."""
    present: defaultdict[str, list[str]] = defaultdict(list)
    for (group, split), n in tally.items.items():
        if n >= min_items:
            present[group].append(split)
    for group, splits in present.items():
        if len(splits) < 2:
            continue
        splits.sort(key=lambda s: (-ranks(s), s))
        for s in splits:
            for category, count in sorted(tally.counts[group, s].items()):
                missing = [t for t in splits if t != s and category not in tally.counts[group, t]]
                first = columns.item(tally.first[group, s, category])
                if missing and wants(files[first.file], LABEL_MISSING_FROM_SPLIT.code):
                    kind, _, value = category.partition(" ")
                    lacking = ", ".join(f"the {t} split ({_times(tally.items[group, t], 'item')})" for t in missing)
                    others = [columns.item(tally.first_item[group, t]) for t in missing]
                    out_of = _times(tally.items[group, s], "item")
                    yield _Found(LABEL_MISSING_FROM_SPLIT.code, first, f"{kind} `{value}` is used by {count} of the {out_of} of the {s} split and by "
                                 f"none of {lacking}", others, len(others), "the first item of a split without it")
        for a_at, a in enumerate(splits):
            for b in splits[a_at + 1 :]:
                yield from _shift(tally, columns, group, a, b, files, wants, shift)


def _shift(tally: Tally, columns: Columns, group: str, a: str, b: str, files: list[Path], wants: Wants, shift: float) -> Iterator[_Found]:
    """DS107 for splits ``a`` (the more held-out) and ``b``: one finding per type of label whose
    two distributions are further apart than ``shift`` (total variation distance)."""
    first_a, first_b = columns.item(tally.first_item[group, a]), columns.item(tally.first_item[group, b])
    if not wants(files[first_a.file], LABEL_DISTRIBUTION_SHIFT.code):
        return
    ca, cb = tally.counts[group, a], tally.counts[group, b]
    for kind in sorted({c.partition(" ")[0] for c in chain(ca, cb)}):
        mine = {c: n for c, n in ca.items() if c.partition(" ")[0] == kind}
        theirs = {c: n for c, n in cb.items() if c.partition(" ")[0] == kind}
        ta, tb = sum(mine.values()), sum(theirs.values())
        if not ta or not tb:
            continue
        gaps = sorted(((mine.get(c, 0) / ta - theirs.get(c, 0) / tb, c) for c in set(mine) | set(theirs)), key=lambda g: (-abs(g[0]), g[1]))
        distance = sum(abs(g) for g, _ in gaps) / 2
        if distance <= shift:
            continue
        top = ", ".join(f"`{c.partition(' ')[2]}` {mine.get(c, 0) / ta:.0%} against {theirs.get(c, 0) / tb:.0%}" for _, c in gaps[:3])
        yield _Found(LABEL_DISTRIBUTION_SHIFT.code, first_a, f"the {kind} distribution of the {a} split differs from the {b} split's by {distance:.2f} "
                     f"(total variation distance; above {shift:g}): most apart {top}", [first_b], 1, f"the {b} split's first item")


def _diagnostic(found: _Found, files: list[Path], spans: dict[tuple[int, int, bool], Span], labels: dict[tuple[int, int], str]) -> Diagnostic:
    rule = get(found.code)
    assert rule is not None
    item = found.item
    message, what = found.message, found.what
    if found.code == CONFLICTING_LABELS.code:
        theirs = found.others[0]
        quoted = {"mine": _short(labels[item.file, item.ordinal]), "theirs": _short(labels[theirs.file, theirs.ordinal])}
        message, what = message.format(**quoted), what.format(**quoted)
    whats = found.notes or (what,) * len(found.others)
    related = tuple(Related(str(files[o.file]), spans[o.file, o.ordinal, found.at_id], f"{note} ({o.split or 'no'} split)")
                    for o, note in zip(found.others, whats, strict=True))
    message += f"; the first {len(found.others)} are named" if found.total > len(found.others) else ""
    return Diagnostic(str(files[item.file]), found.code, rule.name, rule.severity, message, spans[item.file, item.ordinal, found.at_id],
                      related=related)


def _times(n: int, noun: str = "time") -> str:
    if noun == "time":
        return "once" if n == 1 else "twice" if n == 2 else f"{n} times"
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _short(labels: str, limit: int = 60) -> str:
    return labels if len(labels) <= limit else labels[: limit - 1] + "…"
