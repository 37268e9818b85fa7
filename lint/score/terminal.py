"""The terminal face of ``goldlint score``: a rich table of the metrics and of the main
breakdown, and a progress bar for long runs — only when the output is a terminal."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from goldlint.score.report import title as report_title

LONG_RUN = 5000  # records: below this a run is too short for a progress bar to help
MAX_ROWS = 40  # breakdown rows shown in the terminal (the HTML report has them all)
# What a column costs besides its text in a SIMPLE_HEAD table without edge padding: a space
# either side and the (blank) rule between columns; the table's two edges add 2. (rich
# counts them so: a table one character wider than the terminal is folded or cropped.)
GAP = 3
EDGE = 2


def _fmt(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


def render(report: dict[str, Any], main_breakdown: str | None, console: Console) -> None:
    title = report_title(report)
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    metrics = report["metrics"]
    table.add_column("metric", min_width=max(map(len, ["metric", *metrics])))
    for name in ("value", "coverage", "measured", "skipped"):
        table.add_column(name, justify="right", min_width=len(name))
    for name, m in metrics.items():
        table.add_row(name, _fmt(m["value"]), _fmt(m["coverage"]), str(m["samples_measured"]), str(m["samples_skipped"]))
    console.print(table)
    # Under the table, where a long line wraps whole at any width: why a metric is null, and
    # the official scorer's own aggregate where it differs in what it counts (missing as 0).
    for name, m in metrics.items():
        if m["reason"]:
            console.print(f"{name}: {m['reason']}", highlight=False)
        if m.get("official_aggregate") is not None:
            console.print(f"{name}: {_fmt(m['official_aggregate'])} as the official scorer aggregates it", highlight=False)
    block = report.get("breakdowns", {}).get(main_breakdown or "")
    if isinstance(block, dict) and block:
        for table in _breakdowns(main_breakdown or "", block, console.width):
            console.print(table)
    counts = ", ".join(f"{k} {v}" for k, v in report.get("counts", {}).items() if v)
    if counts:
        console.print(f"counts: {counts}", highlight=False)
    gold = report["gold"]
    if gold.get("allow_invalid_gold") and gold.get("lint", {}).get("errors"):
        console.print(f"[bold red]gold has {gold['lint']['errors']} lint error(s): scored because of --allow-invalid-gold[/]")
    for note in report.get("notes", []):
        console.print(f"note: {note}", highlight=False)


def _breakable(header: str) -> str:
    """``intent_accuracy`` as ``intent_ accuracy``: a space after each underscore is where a
    header may break (rich wraps at spaces), so on a narrow terminal no header is cut."""
    return header.replace("_", "_ ")


def _breakdowns(name: str, block: dict[str, Any], width: int) -> list[Table]:
    """A breakdown as tables that fit ``width`` without cutting a header or a number: one row
    per key (an intent, a tier) and one column per measure; turned the other way round when
    that fits and this does not (a few tiers by many measures); headers broken at underscores
    when neither fits; and when even that is too wide, the measures split over several tables,
    each with the keys again (rich would otherwise drop the columns that do not fit, silently)."""
    keys = [str(key) for key, row in block.items() if isinstance(row, dict)][:MAX_ROWS]
    rows = [row for row in block.values() if isinstance(row, dict)][:MAX_ROWS]
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k, v in row.items() if k not in columns and not isinstance(v, (dict, list)) and k != "name")
    cells = [[_fmt(row.get(c)) for c in columns] for row in rows]
    if _width(keys, columns, cells) > width and _width(columns, keys, _turned(cells)) <= width:
        keys, columns, cells = columns, keys, _turned(cells)
    tight = _width(keys, columns, cells) > width
    headers = [_breakable(c) if tight else c for c in columns]
    widths = [max([len(row[n]) for row in cells] + [len(word) for word in header.split()]) for n, header in enumerate(headers)]
    key_width = min(max(map(len, keys), default=0), width // 3)
    tables: list[Table] = []
    for part in _parts(key_width, widths, width):
        table = Table(title=name.replace("_", " ") if not tables else None, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
        # Widths set, not left to rich: its collapse can stall on equal columns and then crop
        # the line at the terminal's edge, taking the last columns with it.
        table.add_column("", overflow="fold", width=key_width)
        for n in part:
            table.add_column(headers[n], justify="right", overflow="fold", width=widths[n])
        for key, shown in zip(keys, cells, strict=True):
            table.add_row(key, *(shown[n] for n in part))
        tables.append(table)
    if len(block) > MAX_ROWS:
        tables[-1].caption = f"… {len(block) - MAX_ROWS} more (see --html)"
    return tables


def _parts(key_width: int, widths: list[int], width: int) -> list[list[int]]:
    """The columns in runs that each fit ``width`` next to the key column (at least one a run)."""
    parts: list[list[int]] = [[]]
    used = key_width + EDGE
    for n, w in enumerate(widths):
        if parts[-1] and used + w + GAP > width:
            parts.append([])
            used = key_width + EDGE
        parts[-1].append(n)
        used += w + GAP
    return parts


def _width(keys: list[str], columns: list[str], cells: list[list[str]]) -> int:
    """The width a table of these keys, headers and cells takes unbroken."""
    widths = [max([len(c)] + [len(row[n]) for row in cells]) for n, c in enumerate(columns)]
    return max(map(len, keys), default=0) + sum(w + GAP for w in widths) + EDGE


def _turned(cells: list[list[str]]) -> list[list[str]]:
    return [list(column) for column in zip(*cells, strict=True)] if cells else []


@contextmanager
def progress(console: Console, total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A ``tick(n)`` that advances a progress bar on a terminal for long runs; a no-op otherwise
    (and always in CI, whose logs are not terminals even when a tool pretends they are)."""
    if not console.is_terminal or total < LONG_RUN or os.environ.get("CI", "").lower() in ("true", "1"):
        yield lambda n: None
        return
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console, transient=True)
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)
