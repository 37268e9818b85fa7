"""A dataset's files read into compact items: per item, hashes of its text (exact, and
normalised as the scorers normalise: :func:`goldlint.textnorm.normalize_text`), of its labels
and of its id, its split and its place — never a text, so a million items stay small (the
labels a DS104 message quotes are read again with the places: :func:`place`).
The labels' categories (an item's intent, its slot types: :class:`Declared`) are counted per
split as the items go by (:class:`Tally`), not kept."""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import repeat
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import msgspec

from goldlint.dataset.buffers import read_document, read_text
from goldlint.diagnostics import Position, Span
from goldlint.families import KINDS
from goldlint.findings import At
from goldlint.textindex import TextIndex
from goldlint.textnorm import normalize_text


class Declared(NamedTuple):
    """What a kind's ``items(doc, labelled, only)`` yields for each item (its family's
    ``items.py``), with the item's key: a number by which the kind finds it again in its file
    (a sentence's, a row's, an entry's), increasing through the file. Without ``labelled``,
    ``labels`` is empty and ``categories`` too (only DS104, DS106 and DS107 read them: a
    sentence's labels can cost more than its text); with ``only``, a set of keys, only those
    items are yielded (the places of a few findings in a large file)."""

    at: At  # where the item's text is (where its findings are placed)
    text: str | None  # the text compared across splits (None: the item has none, e.g. a meeting)
    labels: str  # its labels as one string: two items of one text with other labels conflict (DS104)
    split: str | None = None  # the split the item says itself (a corpus entry's segment), else None: the file's
    categories: tuple[str, ...] = ()  # `type value` of each label counted per split (`intent weather/find`): DS106, DS107
    id: str | None = None  # its id, unique across the dataset's files (DS105)
    id_at: At | None = None  # where its id is


class Item(msgspec.Struct, frozen=True, gc=False):
    """One item, made from :class:`Columns` only for the items a finding may be about."""

    file: int  # index into the dataset's files
    ordinal: int  # the item's key in its file (placed only when a finding names it: :func:`place`)
    group: str  # items are compared within a group only (a corpus's language pair, an xSID file's language)
    split: str | None
    exact: int  # hash of the text as written (0: no text)
    normal: int  # hash of its group and its normalised text: equal for the items compared as one text
    labels: int  # hash of its labels
    ident: int = 0  # hash of its group, its id (and its split, where ids are numbered per split); 0: none


class Columns:
    """A dataset's items as columns of machine numbers — about 40 bytes an item, no Python
    object each: a million items take some 40 MB. Items that share a text or an id are found by
    one sort of the item numbers by the hash (:meth:`runs`), and only they are made objects."""

    def __init__(self) -> None:
        self.file, self.ordinal, self.split = array("I"), array("I"), array("H")
        self.exact, self.normal, self.labels, self.ident = array("q"), array("q"), array("q"), array("q")
        self.splits: list[str | None] = [None]  # split number -> name (0: no split)
        self.groups: list[str] = []  # file -> its group
        self.unlabelled: set[int] = set()  # files read at once, their labels not yet read (:func:`fill_labels`)

    def __len__(self) -> int:
        return len(self.file)

    def split_number(self, name: str | None) -> int:
        try:
            return self.splits.index(name)
        except ValueError:
            self.splits.append(name)
            return len(self.splits) - 1

    def item(self, k: int) -> Item:
        return Item(self.file[k], self.ordinal[k], self.groups[self.file[k]], self.splits[self.split[k]], self.exact[k], self.normal[k],
                    self.labels[k], self.ident[k])

    def having(self, column: array[int], values: set[int]) -> dict[int, list[Item]]:
        """The items whose ``column`` holds one of ``values``, by value, in item order: one walk."""
        out: dict[int, list[Item]] = {}
        for k, value in enumerate(column):
            if value in values:
                out.setdefault(value, []).append(self.item(k))
        return out

    def runs(self, column: array[int]) -> Iterator[list[Item]]:
        """The items sharing a value of ``column`` (not 0), in item order, for every value two
        or more share, by value (:meth:`run_numbers`)."""
        for numbers in self.run_numbers(column):
            yield [self.item(k) for k in numbers]

    def run_numbers(self, column: array[int]) -> Iterator[list[int]]:
        """The numbers of the items sharing a value of ``column`` (not 0), in item order, for
        every value two or more share, by value: one stable sort of the item numbers by it and
        the runs of equal values found, both in numpy (a million items, a handful of runs: no
        Python step an item)."""
        import numpy as np  # (as DS109 does: only when a dataset is checked)

        values = np.frombuffer(column, dtype=np.int64)
        order = np.argsort(values, kind="stable")
        ordered = values[order]
        edges = np.flatnonzero(ordered[1:] != ordered[:-1]) + 1
        starts, ends = np.concatenate(([0], edges)), np.concatenate((edges, [len(values)]))
        shared = (ends - starts > 1) & (ordered[starts] != 0) if len(values) else np.zeros(0, dtype=bool)
        for a, b in zip(starts[shared].tolist(), ends[shared].tolist(), strict=True):
            yield order[a:b].tolist()


class Tally:
    """Per (group, split): how many items, how many carry each category, and the first item
    (its number) that does."""

    def __init__(self) -> None:
        self.items: Counter[tuple[str, str]] = Counter()
        self.counts: dict[tuple[str, str], Counter[str]] = {}
        self.first: dict[tuple[str, str, str], int] = {}
        self.first_item: dict[tuple[str, str], int] = {}

    def add_run(self, k: int, key: tuple[str, str], count: int) -> None:
        """``count`` items numbered from ``k``, without categories (:meth:`add` for each)."""
        if count:
            if key not in self.counts:
                self.counts[key] = Counter()
                self.first_item[key] = k
            self.items[key] += count

    def add(self, k: int, key: tuple[str, str], categories: tuple[str, ...]) -> None:
        counts = self.counts.get(key)
        if counts is None:
            counts = self.counts[key] = Counter()
            self.first_item[key] = k
        self.items[key] += 1
        for category in categories:
            if category not in counts:
                self.first[(*key, category)] = k
            counts[category] += 1


class TextSink(Protocol):
    """Sees each item's normalised text as it is read (DS109's sketches: :mod:`.near_findings`)."""

    def add(self, file: int, ordinal: int, group: str, normal: int, text: str) -> None: ...


def collect(kind: str, files: list[Path], splits: list[str | None], loaded_for: Callable[[Path], Any], tally: Tally,
            texts: TextSink | None = None, labelled: bool = True, ids: bool = True, categorised: bool | None = None) -> Columns:
    """Every item of the files (of ``kind``), file by file, in file order, with its labels when
    ``labelled`` (DS104: see below), its categories counted when ``categorised`` (DS106, DS107;
    by default as ``labelled``) and its id when ``ids`` (else 0: DS105 is not asked for). A
    kind's ``items(doc, labelled)`` yields a :class:`Declared` per item with its key; ``NORMALISE = False`` in its module compares texts as
    written only (paths); ``IDS_PER_SPLIT = True``, its ids are numbered per split (compared
    only across the files of one split); a ``group(path, doc)`` there names the part of the
    dataset a file's items are compared within (the same English sentence in two corpora of
    other target languages is neither a leak nor a conflict); a ``texts(text, categories)`` there
    gives the keys, texts, ids (and categories) of the file's items at once from the file's text,
    no document made (:func:`_add_file`; that kind's ``group`` reads the path alone), or None when
    the file is to be read item by item; the labels of such a file are read afterwards for the
    items that share a text with another alone (:func:`fill_labels`: DS104 compares no other). An item of no split takes part in
    nothing (its hashes are 0): a file of no split, in a folder of others, may be a version or a
    variant of one of them rather than a part. Each file is read the fastest way its format
    allows (:func:`goldlint.engine.read_document`), and let go before the next. ``texts``, when
    given, sees the normalised text of each item of a split (the near-duplicate sketches)."""
    module = KINDS[kind].module("items")
    items, normalise = module.items, getattr(module, "NORMALISE", True)
    ids_per_split = getattr(module, "IDS_PER_SPLIT", False)
    group_of = getattr(module, "group", None)
    categorised = labelled if categorised is None else categorised
    at_once = getattr(module, "texts", None) if texts is None else None
    out = Columns()
    group_numbers: dict[str, int] = {}
    for n, (path, split) in enumerate(zip(files, splits, strict=True)):
        if at_once is not None and split is not None:
            text = read_text(path, loaded_for(path))
            whole = at_once(text, categorised) if text is not None else None
            if whole is not None or text is None:
                group = group_of(path, None) if group_of is not None else ""  # (such a kind names its groups by path)
                out.groups.append(group)
                if whole is not None:
                    if labelled:
                        out.unlabelled.add(n)
                    g = group_numbers.setdefault(group, len(group_numbers))
                    _add_file(out, tally, n, g, group, split, whole, normal=normalise, per_split=ids_per_split if ids else None)
                continue
        doc = read_document(path, loaded_for(path))
        group = group_of(path, doc) if group_of is not None and doc is not None else ""
        out.groups.append(group)
        if doc is None:
            continue
        g = group_numbers.setdefault(group, len(group_numbers))  # (in the hashes: items of two groups never meet)
        for ordinal, declared in items(doc, labelled or categorised):
            own = declared.split or split
            number = out.split_number(own) if own is not None else 0
            text, exact, normal, ident = declared.text, 0, 0, 0
            if own is not None:
                if text:
                    exact = hash(text) or 1
                    norm = normalize_text(text) if normalise else text
                    normal = hash((g, hash(norm))) or 1
                    if texts is not None:
                        texts.add(n, ordinal, group, normal, norm)
                if declared.id and ids:
                    ident = hash((g, declared.id, number if ids_per_split else -1)) or 1
                tally.add(len(out.file), (group, own), declared.categories)
            out.file.append(n)
            out.ordinal.append(ordinal)
            out.split.append(number)
            out.exact.append(exact)
            out.normal.append(normal)
            out.labels.append(hash(declared.labels))
            out.ident.append(ident)
        del doc
    return out


def _add_file(out: Columns, tally: Tally, n: int, g: int, group: str, split: str,
              whole: tuple[list[int], list[str], list[str | None], list[tuple[str, ...]] | None], normal: bool,
              per_split: bool | None) -> None:
    """The items of file ``n`` (of ``split``) from their keys, texts and ids at once: the
    columns :func:`collect` makes item by item, made a column at a time (no Python step an
    item but the normalisation: a million items in a few seconds). ``per_split``: whether ids
    are numbered per split; None, ids not asked for."""
    keys, texts, idents, categories = whole
    m = len(keys)
    number = out.split_number(split)
    if categories is None:
        tally.add_run(len(out.file), (group, split), m)
    else:
        for k, each in enumerate(categories, len(out.file)):
            tally.add(k, (group, split), each)
    out.file.extend(repeat(n, m))
    out.ordinal.extend(keys)
    out.split.extend(repeat(number, m))
    out.exact.extend(_nonzero(array("q", map(hash, texts))))
    norms = map(normalize_text, texts) if normal else texts
    out.normal.extend(_nonzero(array("q", map(hash, zip(repeat(g), map(hash, norms))))))
    out.labels.extend(repeat(hash(""), m))
    if per_split is None:
        out.ident.extend(repeat(0, m))
    else:
        own = number if per_split else -1
        out.ident.extend(array("q", [(hash((g, i, own)) or 1) if i else 0 for i in idents]))


def _nonzero(hashes: array[int]) -> array[int]:
    """``hash(x) or 1`` for each (0 is "none" in the columns)."""
    while 0 in hashes:
        hashes[hashes.index(0)] = 1
    return hashes


def place(kind: str, files: list[Path], wanted: set[tuple[int, int, bool]], loaded_for: Callable[[Path], Any],
          texts: set[tuple[int, int]] = frozenset(),  # type: ignore[assignment]
          labelled: bool = True) -> tuple[dict[tuple[int, int, bool], Span], dict[tuple[int, int], str], dict[tuple[int, int], str]]:
    """The spans of the items ``(file, ordinal, at its id)`` that findings name, and their
    labels when ``labelled`` (DS104's messages quote them); and the normalised texts of the items
    ``texts`` ``(file, ordinal)`` (DS109's candidates, verified on them): each file that holds
    one read again, once, and of it only the items named."""
    module = KINDS[kind].module("items")
    items, normalise = module.items, getattr(module, "NORMALISE", True)
    at_once = getattr(module, "places", None) if not labelled else None
    spans: dict[tuple[int, int, bool], Span] = {}
    labels: dict[tuple[int, int], str] = {}
    normal: dict[tuple[int, int], str] = {}
    for n in sorted({file for file, _, _ in wanted} | {file for file, _ in texts}):
        keys = sorted(key for key in wanted if key[0] == n)
        if at_once is not None and not any(file == n for file, _ in texts) and _placed_at_once(at_once, files[n], loaded_for, keys, spans):
            continue
        doc = read_document(files[n], loaded_for(files[n]))
        if doc is None:
            continue
        ordinals = {k for _, k, _ in keys} | {k for file, k in texts if file == n}
        found = dict(items(doc, labelled, ordinals))  # (only the named: a file may hold a million)
        for file, k in texts:
            if file == n and found[k].text:
                normal[n, k] = normalize_text(found[k].text) if normalise else found[k].text  # type: ignore[arg-type]
        resolved = doc.resolve_at([(found[k].id_at or found[k].at) if at_id else found[k].at for _, k, at_id in keys])
        for key, span in zip(keys, resolved, strict=True):
            spans[key] = span or Span(Position(1, 1), Position(1, 1))
        labels.update(((n, k), declared.labels) for k, declared in found.items())
        del doc, found  # (before the next file is read: one document in memory at a time)
    return spans, labels, normal


def _placed_at_once(places: Callable[[str, set[int]], Any], path: Path, loaded_for: Callable[[Path], Any],
                    keys: list[tuple[int, int, bool]], spans: dict[tuple[int, int, bool], Span]) -> bool:
    """The spans of ``keys`` in one file from the offsets its kind's ``places(text, keys)``
    finds in the text at once (no document made: xSID's), as :meth:`resolve_at` places the
    items' texts and ids; False when the kind reads this file item by item (a BOM)."""
    text = read_text(path, loaded_for(path))
    found = places(text, {k for _, k, _ in keys}) if text is not None else None
    if found is None:
        return False
    index = TextIndex(text)  # type: ignore[arg-type]
    for key in keys:
        at_text, at_id = found.get(key[1], ((0, 0), None))
        spans[key] = index.span(*(at_id or at_text) if key[2] else at_text) if key[1] in found else Span(Position(1, 1), Position(1, 1))
    return True


def fill_labels(kind: str, files: list[Path], columns: Columns, runs: list[list[int]], loaded_for: Callable[[Path], Any]) -> None:
    """The labels' hashes of the items of ``runs`` (items that share a text) in the files read
    at once without them (:attr:`Columns.unlabelled`): DS104 compares no other item's labels.
    Each such file read again, its kind's ``labels(text, keys)`` reading those items alone."""
    labels_of = KINDS[kind].module("items").labels
    wanted: dict[int, dict[int, int]] = {}
    file, ordinal, unlabelled = columns.file, columns.ordinal, columns.unlabelled
    for numbers in runs:
        for k in numbers:
            if file[k] in unlabelled:
                wanted.setdefault(file[k], {})[ordinal[k]] = k
    for n, keys in sorted(wanted.items()):
        text = read_text(files[n], loaded_for(files[n]))
        found = labels_of(text, set(keys)) if text is not None else None
        for key, k in keys.items():
            columns.labels[k] = hash(found.get(key, "") if found is not None else "")
    unlabelled.clear()
