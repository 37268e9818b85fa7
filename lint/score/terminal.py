"""The terminal face of ``goldlint score``: a rich table of the metrics and of the main
breakdown, and a progress bar for long runs — only when the output is a terminal."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

LONG_RUN = 5000  # records: below this a run is too short for a progress bar to help
MAX_ROWS = 40  # breakdown rows shown in the terminal (the HTML report has them all)


def _fmt(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


def render(report: dict[str, Any], main_breakdown: str | None, console: Console) -> None:
    title = f"goldlint score · {report['kind']} · profile {report['profile']}"
    table = Table(title=title, title_justify="left")
    for name, justify in (("metric", "left"), ("value", "right"), ("coverage", "right"), ("measured", "right"), ("skipped", "right"), ("reason", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for name, m in report["metrics"].items():
        value = _fmt(m["value"]) + (f" (official {_fmt(m['official_aggregate'])})" if m.get("official_aggregate") is not None else "")
        table.add_row(name, value, _fmt(m["coverage"]), str(m["samples_measured"]), str(m["samples_skipped"]), m["reason"] or "")
    console.print(table)
    block = report.get("breakdowns", {}).get(main_breakdown or "")
    if isinstance(block, dict) and block:
        console.print(_breakdown(main_breakdown or "", block))
    counts = ", ".join(f"{k} {v}" for k, v in report.get("counts", {}).items() if v)
    if counts:
        console.print(f"counts: {counts}", highlight=False)
    gold = report["gold"]
    if gold.get("allow_invalid_gold") and gold.get("lint", {}).get("errors"):
        console.print(f"[bold red]gold has {gold['lint']['errors']} lint error(s): scored because of --allow-invalid-gold[/]")
    for note in report.get("notes", []):
        console.print(f"note: {note}", highlight=False)


def _breakdown(name: str, block: dict[str, Any]) -> Table:
    columns: list[str] = []
    for row in block.values():
        if isinstance(row, dict):
            columns.extend(k for k, v in row.items() if k not in columns and not isinstance(v, (dict, list)) and k != "name")
    table = Table(title=name.replace("_", " "), title_justify="left")
    table.add_column("")
    for column in columns:
        table.add_column(column, justify="right")
    for n, (key, row) in enumerate(block.items()):
        if n == MAX_ROWS:
            table.add_row(f"… {len(block) - MAX_ROWS} more (see --html)", *[""] * len(columns))
            break
        if isinstance(row, dict):
            table.add_row(str(key), *(_fmt(row.get(c)) for c in columns))
    return table


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
