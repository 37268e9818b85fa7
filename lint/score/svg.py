"""Inline SVG charts for the HTML report: horizontal bars and a heatmap. No scripts, no fonts
to fetch: plain shapes and text, sized from the data."""

from __future__ import annotations

from html import escape

LABEL_WIDTH = 220
BAR_WIDTH = 320
ROW = 22


def bars(items: list[tuple[str, float | None]], scale: float = 1.0, title: str = "") -> str:
    """One bar per (label, value); ``value / scale`` is the bar's fraction, ``None`` is "n/a"."""
    height = ROW * len(items) + 8
    width = LABEL_WIDTH + BAR_WIDTH + 90
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}"><title>{escape(title)}</title>']
    for n, (label, value) in enumerate(items):
        y = 4 + n * ROW
        out.append(f'<text x="{LABEL_WIDTH - 8}" y="{y + 15}" text-anchor="end" class="label">{escape(_clip(label, 32))}</text>')
        out.append(f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{BAR_WIDTH}" height="{ROW - 6}" class="track"/>')
        if value is None:
            out.append(f'<text x="{LABEL_WIDTH + 6}" y="{y + 15}" class="na">n/a</text>')
            continue
        fraction = max(0.0, min(1.0, value / scale)) if scale else 0.0
        out.append(f'<rect x="{LABEL_WIDTH}" y="{y + 3}" width="{fraction * BAR_WIDTH:.1f}" height="{ROW - 6}" class="bar"/>')
        out.append(f'<text x="{LABEL_WIDTH + BAR_WIDTH + 8}" y="{y + 15}" class="value">{_number(value)}</text>')
    out.append("</svg>")
    return "".join(out)


def heatmap(rows: list[str], columns: list[str], matrix: list[list[int]], title: str = "") -> str:
    """Counts coloured by their share of the row (what a gold label was predicted as)."""
    cell = 26
    longest = max((len(_clip(c, 24)) for c in columns), default=4)
    left = 16 + 7 * max((len(_clip(r, 28)) for r in rows), default=4)
    top = 16 + round(longest * 6.2 * 0.87)  # column labels are turned 60°
    width, height = left + cell * len(columns) + round(longest * 3.3) + 10, top + cell * len(rows) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="heatmap" role="img" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}"><title>{escape(title)}</title>']
    for j, name in enumerate(columns):
        x = left + j * cell + cell / 2
        out.append(f'<text transform="translate({x + 4:.1f},{top - 6}) rotate(-60)" class="label">{escape(_clip(name, 24))}</text>')
    for i, name in enumerate(rows):
        y = top + i * cell
        total = sum(matrix[i]) or 1
        out.append(f'<text x="{left - 6}" y="{y + cell / 2 + 4:.1f}" text-anchor="end" class="label">{escape(_clip(name, 28))}</text>')
        for j, count in enumerate(matrix[i]):
            share = count / total
            x = left + j * cell
            colour = _colour(share, diagonal=(j == i))
            out.append(f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" fill="{colour}">'
                       f'<title>{escape(name)} → {escape(columns[j])}: {count}</title></rect>')
            if count:
                ink = "#fff" if share > 0.55 else "#222"
                out.append(f'<text x="{x + cell / 2 - 0.5:.1f}" y="{y + cell / 2 + 4:.1f}" text-anchor="middle" class="count" fill="{ink}">{count}</text>')
    out.append("</svg>")
    return "".join(out)


def _colour(share: float, diagonal: bool) -> str:
    if share <= 0:
        return "#f3f4f6"
    # Correct predictions in blue, confusions in red; darker = larger share of the row.
    low, high = ((219, 234, 254), (29, 78, 216)) if diagonal else ((254, 226, 226), (185, 28, 28))
    r, g, b = (round(a + (z - a) * share) for a, z in zip(low, high, strict=True))
    return f"rgb({r},{g},{b})"


def _number(value: float) -> str:
    return f"{value:.3f}"


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
