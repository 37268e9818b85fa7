"""The HTML report: one self-contained file (inline CSS, SVG and a few lines of script).

A Content-Security-Policy of ``default-src 'none'`` makes the promise checkable: the page
cannot fetch anything, and a browser reports any attempt as a console error (which the
browser test looks for). Every value is escaped; every failed example is listed with the
gold and the prediction side by side.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from goldlint.score.model import Failure
from goldlint.score.report import title as report_title
from goldlint.score.report import writable
from goldlint.score.svg import bars, heatmap

#: Breakdown tables and the column their bar chart shows, in the order they appear.
BREAKDOWNS = (
    ("per_intent", "Per intent", ("intent_exact_match", "entity_f1")),
    ("by_difficulty", "Per difficulty", ("exact_match_rate",)),
    ("by_severity", "Per severity", ("f1",)),
    ("by_provenance", "Per provenance", ("exact_match_rate",)),
    ("by_domain", "Per domain", ("exact_match_rate",)),
)
SCALES = {"chrf_plus_plus": 100.0}

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2937;background:#fff}
header{background:#111827;color:#f9fafb;padding:18px 28px}header h1{margin:0 0 6px;font-size:20px}
header p{margin:2px 0;font-size:12px;opacity:.85;word-break:break-all}main{padding:10px 28px 40px;max-width:1400px}
h2{font-size:17px;margin:28px 0 10px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
table{border-collapse:collapse;margin:6px 0 12px}th,td{border:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f9fafb;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}
.null{color:#9ca3af;font-style:italic}.warn{background:#fef2f2;color:#991b1b;padding:8px 12px;border-left:4px solid #dc2626}
.notes li{margin:3px 0}pre{margin:0;white-space:pre-wrap;word-break:break-word;font:12px/1.35 ui-monospace,Menlo,Consolas,monospace;max-width:520px}
.chart .label,.heatmap .label{font:12px system-ui,sans-serif;fill:#374151}.chart .value{font:12px system-ui,sans-serif;fill:#111827}
.chart .na{font:italic 12px system-ui,sans-serif;fill:#9ca3af}.chart .track{fill:#f3f4f6}.chart .bar{fill:#2563eb}
.heatmap .count{font:11px system-ui,sans-serif}#filter{padding:4px 8px;width:320px;margin:4px 0 8px}
#failures td:nth-child(5),#failures td:nth-child(6){width:40%}
"""

SCRIPT = """
(function () {
  var box = document.getElementById('filter');
  if (!box) { return; }
  box.addEventListener('input', function () {
    var q = box.value.toLowerCase();
    var rows = document.querySelectorAll('#failures tbody tr');
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var hide = q !== '' && rows[i].textContent.toLowerCase().indexOf(q) < 0;
      rows[i].hidden = hide;
      if (!hide) { shown++; }
    }
    document.getElementById('shown').textContent = String(shown);
  });
})();
"""


def render(report: dict[str, Any], failures: list[Failure]) -> str:
    parts = [_head(f"goldlint score · {report['kind']}"), _header(report), "<main>"]
    gold = report["gold"]
    if gold.get("allow_invalid_gold") and gold.get("lint", {}).get("errors"):
        parts.append(f'<p class="warn">The gold has {gold["lint"]["errors"]} lint error(s) and was scored anyway (--allow-invalid-gold).</p>')
    if report.get("notes"):
        parts.append("<h2>Notes</h2><ul class=\"notes\">" + "".join(f"<li>{escape(n)}</li>" for n in report["notes"]) + "</ul>")
    parts.append(_metrics(report["metrics"]))
    parts.append(_counts(report["counts"]))
    breakdowns = report.get("breakdowns", {})
    for name, title, columns in BREAKDOWNS:
        block = breakdowns.get(name)
        if isinstance(block, dict) and block:
            parts.append(_breakdown(title, block, columns))
    confusion = breakdowns.get("confusion")
    if isinstance(confusion, dict) and confusion.get("rows"):
        parts.append("<h2>Intent confusion matrix</h2><p>Rows: gold intent; columns: predicted intent.</p>")
        parts.append(heatmap(confusion["rows"], confusion["columns"], confusion["matrix"], "intent confusion matrix"))
    parts.append(_failures(failures))
    parts.append(f"</main><script>{SCRIPT}</script></body></html>\n")
    return writable("".join(parts))


def _head(title: str) -> str:
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            "script-src 'unsafe-inline'; img-src data:\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>")


def _header(report: dict[str, Any]) -> str:
    gold, pred = report["gold"], report["predictions"]
    lines = [f"<h1>{escape(report_title(report))}</h1>",
             f"<p>goldlint {escape(report['goldlint_version'])}</p>",
             f"<p>gold: {escape(gold['path'])} · sha256 {escape(gold['sha256'])}</p>",
             f"<p>predictions: {escape(pred['path'])} · sha256 {escape(pred['sha256'])}</p>"]
    return "<header>" + "".join(lines) + "</header>"


def _fmt(value: Any) -> str:
    if value is None:
        return '<span class="null">null</span>'
    if isinstance(value, float):
        return f"{value:.4f}"
    return escape(str(value))


def _metrics(metrics: dict[str, Any]) -> str:
    rows = []
    for name, m in metrics.items():
        coverage = m.get("coverage")
        rows.append(f"<tr><td>{escape(name)}</td><td class=\"num\">{_fmt(m['value'])}</td>"
                    f"<td class=\"num\">{_fmt(coverage)}</td><td class=\"num\">{m['samples_measured']}</td>"
                    f"<td class=\"num\">{m['samples_skipped']}</td><td>{escape(m['reason'] or '')}</td></tr>")
    chart = bars([(name, None if m["value"] is None else m["value"] / SCALES.get(name, 1.0)) for name, m in metrics.items()],
                 1.0, "metrics (chrF++ divided by 100)")
    return ("<h2>Metrics</h2><table id=\"metrics\"><thead><tr><th>metric</th><th>value</th><th>coverage</th><th>measured</th>"
            "<th>skipped</th><th>reason when null</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>" + chart)


def _counts(counts: dict[str, Any]) -> str:
    cells = "".join(f"<tr><td>{escape(k)}</td><td class=\"num\">{_fmt(v)}</td></tr>" for k, v in counts.items())
    return f"<h2>Counts</h2><table id=\"counts\"><tbody>{cells}</tbody></table>"


def _breakdown(title: str, block: dict[str, Any], columns: tuple[str, ...]) -> str:
    names: list[str] = []
    for row in block.values():
        if isinstance(row, dict):
            names.extend(k for k in row if k not in names and not isinstance(row[k], (dict, list)))
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    body = "".join(f"<tr><td>{escape(str(key))}</td>" + "".join(f"<td class=\"num\">{_fmt(row.get(n))}</td>" for n in names) + "</tr>"
                   for key, row in block.items() if isinstance(row, dict))
    column = next((c for c in columns if c in names), None)
    chart = bars([(str(k), row.get(column)) for k, row in block.items() if isinstance(row, dict)], 1.0, f"{title}: {column}") if column else ""
    slug = title.lower().replace(" ", "-")
    return f'<h2>{escape(title)}</h2><table id="{slug}"><thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table>{chart}'


def _pre(value: Any) -> str:
    try:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except (RecursionError, ValueError):  # a prediction nested too deeply (or holding NaN) to show as JSON
        text = "(too deeply nested to show)"
    return f"<pre>{escape(text)}</pre>"


def _failures(failures: list[Failure]) -> str:
    if not failures:
        return "<h2>Failed examples</h2><p>None: every scored example is correct.</p>"
    rows = "".join(f"<tr><td class=\"num\">{n}</td><td>{escape(f.key)}</td><td>{escape(f.group)}</td><td>{escape(f.detail)}</td>"
                   f"<td>{_pre(f.gold)}</td><td>{_pre(f.prediction) if f.prediction is not None else '<span class=null>no prediction</span>'}</td></tr>"
                   for n, f in enumerate(failures, 1))
    return (f"<h2>Failed examples ({len(failures)})</h2>"
            f'<input id="filter" type="search" placeholder="filter failed examples" aria-label="filter failed examples"> '
            f'<span><span id="shown">{len(failures)}</span> shown</span>'
            "<table id=\"failures\"><thead><tr><th>#</th><th>id</th><th>group</th><th>what failed</th><th>gold</th><th>prediction</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")
