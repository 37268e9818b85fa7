"""The benchmark's slurp data (``tests/bench/slurp_data.py``) is what it claims: a clean file
gives no finding, a defective one each defect of ``DEFECTS`` as one finding of its own rule
(two for a duplicate id); and the benchmark registers it against the orjson parse."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from goldlint import config as cfg
from goldlint.engine import check_file
from tests.bench import registry, slurp_data


def _check(tmp_path: Path, defective: bool) -> Counter[str]:
    (tmp_path / "goldlint.yaml").write_text(slurp_data.CONFIG, encoding="utf-8")
    path = tmp_path / ("defective.jsonl" if defective else "clean.jsonl")
    slurp_data.write(path, 1000, defective=defective)
    cfg.load.cache_clear()
    result = check_file(path)
    assert result.kind == "slurp"  # type: ignore[attr-defined]
    return Counter(d.code for d in result.diagnostics)


def test_a_clean_file_has_no_finding(tmp_path: Path) -> None:
    assert _check(tmp_path, defective=False) == Counter()


def test_each_defect_is_one_finding_of_its_rule(tmp_path: Path) -> None:
    found = _check(tmp_path, defective=True)
    assert found == Counter({f"SLP1{n:02d}": 1 for n in range(1, 11)} | {"SLP108": 2}), found


def test_the_benchmark_measures_slurp_against_the_orjson_parse() -> None:
    """In process against the in-process parse; the whole command against a whole process that parses."""
    registry.load(["100k"], ["slurp"])
    assert {c.name: c.baseline for c in registry.CASES.values()} == {
        f"slurp-jsonl-100k{v}/{m}": b for v in ("", "-defective")
        for m, b in (("orjson-lines", None), ("parse-process", None), ("goldlint-engine", "orjson-lines"), ("goldlint-cli", "parse-process"))}
    assert registry.DATASETS["slurp-jsonl-100k"].records == 100_000


def test_the_report_tables_show_the_slurp_and_xsid_check_rows() -> None:
    from tests.bench.run import tables

    def row(dataset: str, family: str, measure: str, seconds: float) -> dict[str, object]:
        return {"dataset": dataset, "family": family, "measure": measure, "median_s": seconds, "bytes": 1_000_000, "records": 100_000,
                "expect": "clean", "baseline": None if measure.endswith(("lines", "split")) else "orjson-lines", "ratio": 2.0,
                "peak_rss_mib": 16.0, "result": {"errors": 0, "warnings": 0}, "verify": "ok"}

    rows = {f"{d}/{m}": row(d, f, m, s) for d, f, m, s in [
        ("slurp-jsonl-100k", "slurp", "orjson-lines", 0.5), ("slurp-jsonl-100k", "slurp", "goldlint-engine", 1.0),
        ("xsid-conll-100k", "xsid", "conll-split", 0.25), ("xsid-conll-100k", "xsid", "goldlint-engine", 0.75)]}
    result = {"machine": {k: "-" for k in ("when", "cpu", "cores", "ram_gib", "python", "platform", "orjson", "check_jsonschema",
                                           "goldlint", "commit")},
              "reps": 3, "cases": rows, "derived": {"flatness": [], "score": [], "serve": [], "smallfiles": None}}
    text = tables(result)
    assert "| slurp-jsonl-100k |" in text and "| xsid-conll-100k |" in text, text
