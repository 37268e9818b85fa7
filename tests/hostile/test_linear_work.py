"""No loop over columns is quadratic: the work a wide TSV header costs, counted (not timed),
grows about twice when the header doubles. (A header of 100,000 columns took 300 s: each
cell's span summed the cells before it, and each name was looked for in a list.)

The cells are a ``str`` subclass that counts what is done to them: a list lookup compares
the cell with every name before it, a span sums the lengths of every cell before it."""

from __future__ import annotations

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
