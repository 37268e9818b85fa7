"""The HTML report: self-contained (checked statically) and rendering in a real headless
Chromium with no console errors and no network request (checked in the browser).

The browser test skips only on a machine without Chromium outside CI; in CI (``CI=true``)
a missing Chromium fails it (``scripts/install-test-deps.sh`` installs Debian's chromium).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from .browser import Browser, chromium
from .helpers import DATA, ruslun_record, write_jsonl
from .test_truth import MIX_CONFIG, results_tsv, truth_tsv

BINARY = chromium()
needs_chromium = pytest.mark.skipif(BINARY is None and os.environ.get("CI") != "true",
                                    reason="chromium is not installed (scripts/install-test-deps.sh installs it; in CI it is required)")

HOSTILE = '</pre></td><script>alert("x")</script><img src="https://example.com/x.png"> & <b>'


def make_report(tmp_path: Path, cli: Any) -> Path:
    records = []
    intents = ["RateBook", "alarm/cancel_alarm", "alarm/show_alarms", "weather/find"]
    for n in range(1, 41):
        record = ruslun_record()
        record["meta"] = record["meta"] | {"id": n}
        intent = intents[n % 4]
        if intent != "RateBook":
            record["outputs"] = {"intent": intent, "slots": []}
        records.append(record)
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    preds = []
    for n, record in enumerate(records, 1):
        outputs = dict(record["outputs"])
        if n % 5 == 0:
            outputs["intent"] = intents[(n + 1) % 4]
        if n % 7 == 0:
            preds.append({"id": n, "output": HOSTILE})
            continue
        preds.append({"id": n, "output": json.dumps(outputs, ensure_ascii=False)})
    write_jsonl(tmp_path / "preds.jsonl", preds[:-1])  # the last gold record has no prediction
    html = tmp_path / "report.html"
    result = cli(str(gold), str(tmp_path / "preds.jsonl"), "--html", str(html), "--output", str(tmp_path / "report.json"))
    assert result.exit_code == 0, result.output
    return html


def test_html_is_self_contained(tmp_path: Path, cli: Any) -> None:
    text = make_report(tmp_path, cli).read_text(encoding="utf-8")
    assert "default-src 'none'" in text  # the browser itself refuses any fetch
    assert not re.search(r"""(?:src|href)\s*=\s*["'](?!data:)""", text), "an external resource"
    assert "<img" not in text and "<link rel=\"stylesheet\"" not in text
    assert "<script>alert" not in text and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in text  # every value is escaped
    assert text.count("<script>") == 1  # the page's own filter script, inline
    assert text.count("<svg") >= 3  # metrics, per intent, confusion heatmap
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    rows = text.split('id="failures"')[1].count("<tr><td class=\"num\">")
    assert rows == 11  # of 39 scored records: hostile answers 7 14 21 28 35, wrong intents 5 10 15 20 25 30
    assert 'id="per-intent"' in text and "Intent confusion matrix" in text
    assert report["counts"]["missing_predictions"] == 1


def other_kinds(tmp_path: Path, cli: Any) -> dict[str, Path]:
    """HTML reports of corpus (per difficulty), semantic (per severity) and truth (per intent, confusion)."""
    out: dict[str, Path] = {}
    report = json.loads(next((DATA / "harness-reports").glob("*haiku45_naive_all_b25_ebf42b*")).read_text(encoding="utf-8"))
    write_jsonl(tmp_path / "mt.jsonl", [{"id": e["id"], "predicted": e["predicted"]} for e in report["entries"]])
    out["corpus"] = tmp_path / "corpus.html"
    args = ["--model-slug", "m", "--condition", "naive", "--temperature", "0"]
    assert cli(str(DATA / "rosetta" / "eng-sna-dev-v1.json"), str(tmp_path / "mt.jsonl"), *args, "--html", str(out["corpus"])).exit_code == 0
    preds = {}
    for path in sorted((DATA / "slower-whisper").glob("*.json")):
        value = json.loads(path.read_text(encoding="utf-8"))
        preds[value["meeting_id"]] = {"topics": [t["label"] for t in value["topics"]][:-1],
                                      "risks": [{"type": r["type"], "severity": "high"} for r in value["risks"]],
                                      "actions": [{"text": a["text"].upper()} for a in value["actions"]][::-1]}
    (tmp_path / "semantic.json").write_text(json.dumps(preds), encoding="utf-8")
    out["semantic"] = tmp_path / "semantic.html"
    assert cli(str(DATA / "slower-whisper"), str(tmp_path / "semantic.json"), "--html", str(out["semantic"])).exit_code == 0
    (tmp_path / "truth.tsv").write_text(truth_tsv(), encoding="utf-8")
    (tmp_path / "results.tsv").write_text(results_tsv(), encoding="utf-8")
    (tmp_path / "mix.json").write_text(json.dumps(MIX_CONFIG), encoding="utf-8")
    out["truth"] = tmp_path / "truth.html"
    assert cli(str(tmp_path / "truth.tsv"), str(tmp_path / "results.tsv"), "--mix-config", str(tmp_path / "mix.json"),
               "--html", str(out["truth"])).exit_code == 0
    return out


def test_html_of_every_kind(tmp_path: Path, cli: Any) -> None:
    pages = other_kinds(tmp_path, cli)
    corpus, semantic, truth = (pages[k].read_text(encoding="utf-8") for k in ("corpus", "semantic", "truth"))
    assert 'id="per-difficulty"' in corpus and "Failed examples (39)" in corpus  # 47 entries, 8 exact matches
    assert 'id="per-severity"' in semantic and "Failed examples (10)" in semantic
    assert 'id="per-intent"' in truth and "Intent confusion matrix" in truth and "Failed examples (4)" in truth  # rows 5, 6, 7 and 9 (its intent)
    assert "DRINK_TEMP" not in truth  # ignored entities vanish from the report


@needs_chromium
@pytest.mark.slow
def test_html_renders_in_headless_chromium(tmp_path: Path, cli: Any) -> None:
    assert BINARY is not None, "CI=true: chromium must be installed (scripts/install-test-deps.sh)"
    html = make_report(tmp_path, cli)
    pages = other_kinds(tmp_path, cli)
    browser = Browser(BINARY, tmp_path / "profile")
    try:
        for kind, page in pages.items():
            browser.open(page.resolve().as_uri())
            assert browser.evaluate("document.querySelectorAll('svg').length") >= 2, kind
            assert browser.evaluate("document.querySelectorAll('#failures tbody tr').length") > 0, kind
            assert browser.problems() == [], kind
            browser.events.clear()
        browser.open(html.resolve().as_uri())
        assert browser.evaluate("document.title").startswith("goldlint score")
        assert browser.evaluate("document.querySelectorAll('svg').length") >= 3
        assert browser.evaluate("document.querySelectorAll('#failures tbody tr').length") > 5
        assert browser.evaluate("document.querySelector('.heatmap rect') !== null")
        # the filter box works (the page's own script runs without errors)
        shown = browser.evaluate("var b = document.getElementById('filter'); b.value = 'weather/find';"
                                 "b.dispatchEvent(new Event('input')); document.getElementById('shown').textContent")
        assert 0 < int(shown) < browser.evaluate("document.querySelectorAll('#failures tbody tr').length")
        png = browser.screenshot()
        browser.drain(0.3)
        problems = browser.problems()
    finally:
        browser.close()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 20_000
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width >= 600 and height >= 1000  # the whole page, not an empty viewport
    (tmp_path / "report.png").write_bytes(png)
    assert problems == []
