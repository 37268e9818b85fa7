"""No loop over columns or items is quadratic: the work a wide TSV header costs, counted (not timed),
grows about twice when the header doubles. (A header of 100,000 columns took 300 s: each
cell's span summed the cells before it, and each name was looked for in a list.)

The cells are a ``str`` subclass that counts what is done to them: a list lookup compares
the cell with every name before it, a span sums the lengths of every cell before it."""

from __future__ import annotations

import pytest

from goldlint.families.base import Report
from goldlint.families.truth.table import check_header
from goldlint.formats.tsv_doc import TsvDocument


class Counted(str):
    work = 0

    def __eq__(self, other: object) -> bool:
        Counted.work += 1
        return str.__eq__(self, other)

    def __hash__(self) -> int:
        Counted.work += 1
        return str.__hash__(self)

    def __len__(self) -> int:
        Counted.work += 1
        return str.__len__(self)


def _work(columns: int) -> int:
    header = "\t".join(f"column{n}" for n in range(columns))
    doc = TsvDocument("wide.tsv", header + "\n" + "\t".join("x" for _ in range(columns)) + "\n")
    assert doc.header is not None
    doc.header.values = [Counted(v) for v in doc.header.values]
    Counted.work = 0
    check_header(doc, Report())
    for k in range(columns):
        doc.header.cell_span(k)
    return Counted.work


def test_a_wide_header_costs_work_in_proportion_to_its_width() -> None:
    small, large = _work(2_000), _work(4_000)
    assert large < 2.5 * small, (small, large)  # quadratic work would be four times as much


class CountedBytes:
    """Bytes that count how many of them each slice, count and search goes over."""

    work = 0

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __getitem__(self, key: slice) -> bytes:
        start, stop, _ = key.indices(len(self.data))
        CountedBytes.work += max(stop - start, 0)
        return self.data[key]

    def count(self, sub: bytes, start: int, end: int) -> int:
        CountedBytes.work += end - start
        return self.data.count(sub, start, end)

    def rfind(self, sub: bytes, start: int, end: int) -> int:
        CountedBytes.work += end - start
        return self.data.rfind(sub, start, end)


def _origins_work(items: int) -> int:
    from goldlint.formats import json_items
    from goldlint.formats.json_items import ItemsDocument

    data = ("[" + ",".join(f'{{"id": {n}, "text": "é{n}"}}' for n in range(items)) + "]").encode()  # one line
    doc = ItemsDocument("one-line.json", data, None)
    places = doc._placed()
    starts = [places.span(n)[0] for n in range(places.count)]  # type: ignore[index]
    assert len(starts) == items
    doc.data = CountedBytes(data)  # type: ignore[assignment]
    CountedBytes.work = 0
    with pytest.MonkeyPatch.context() as patch:  # (the line breaks counted by the compiled count_byte, here by the counted bytes)
        patch.setattr(json_items, "count_byte", lambda data, byte, start, end: data.count(bytes((byte,)), start, end))
        origins = list(doc._origins(starts))
    assert origins[-1][1] == 1 and origins[-1][2] == len(data[: starts[-1]].decode()) + 1  # line 1, the right column
    return CountedBytes.work


def test_a_one_line_json_array_places_its_items_in_linear_work() -> None:
    """Each item's column was decoded again from its line's start: a one-line array of
    n items cost n²/2 item lengths. Counted: twice the items, about twice the bytes gone over."""
    small, large = _origins_work(5_000), _origins_work(10_000)
    assert large < 2.5 * small, (small, large)
