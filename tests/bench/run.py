"""goldlint's benchmark suite: ``check`` against the bare parse, ``score``, ``serve``, many small files.

    python -m tests.bench                          # 10k and 100k entries, every family (long)
    python -m tests.bench --quick                  # 10k only
    python -m tests.bench --family corpus --scale 100k   # one family at one scale
    python -m tests.bench --full                   # 10k, 100k and 1M (slu JSONL, corpus spec)
    python -m tests.bench --list                   # the selected cases, without running them

Every measurement runs in a fresh child process (its own peak memory, no warm caches
carried over); the cases are interleaved — each repetition runs every selected case once,
in a rotated order — and the report gives medians. Data is generated (deterministically,
by separate processes) before any measurement. Results: ``tests/bench/out/latest.json``
and ``latest.md`` (the tables, also printed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `tests.bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import readme, registry, tools
from tests.bench.registry import REPO, SCALES, Case

OUT = Path(__file__).resolve().parent / "out"
DEFAULT_SCALES = ["10k", "100k"]
FAMILIES = ["slu", "corpus", "runcard", "semantic", "truth", "xsid", "slurp", "dataset", "score", "serve", "smallfiles", "startup", "near"]
CAPPED_AT = 1000  # goldlint's findings kept per rule and file (goldlint.findings.FINDINGS_PER_RULE); the rest: one GL012
NOT_CHECK = ("score", "serve", "smallfiles", "startup", "near")  # the families whose cases are not `check` on a dataset


def source_env(folder: Path) -> dict[str, str]:
    """An environment whose ``import goldlint`` is this checkout's ``lint/`` (never an install)."""
    link = folder / "goldlint"
    if not link.exists():
        link.symlink_to(REPO / "lint", target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONSTARTUP", "PYTHONPROFILEIMPORTTIME", "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONPATH"] = os.pathsep.join([str(folder), str(REPO)])
    env["PYTHONHASHSEED"] = "0"
    # Bytecode, as an install has it (pip compiles on install): without it every process would
    # compile goldlint's modules from source, some 30 ms a run that no user pays.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "lint")], check=True, capture_output=True)
    return env


# --------------------------------------------------------------------------- measuring

def measure(case: Case, path: Path, env: dict[str, str], data: Path) -> dict[str, Any]:
    if case.kind == "python":
        done = subprocess.run([sys.executable, "-m", "tests.bench.child", case.target, str(path)], cwd=REPO, env=env,
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{case.name} failed ({done.returncode}):\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]
    argv = [a.format(python=sys.executable, path=path, data=data, repo=REPO, jsonvet=tools.jsonvet_path() or tools.JSONVET)
            for a in case.argv]
    done = subprocess.run([sys.executable, "-m", "tests.bench.child", "--command", *argv], cwd=REPO, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{case.name}: the launcher failed:\n{done.stderr[-3000:]}")
    got = json.loads(done.stdout.splitlines()[-1])
    if got["exit"] is None:  # (the launcher could not start it: its reason is one line)
        raise RuntimeError(f"{case.name}: {got['stderr']}")
    if got["exit"] not in case.ok_exit or (case.quiet_stderr and got["stderr"].strip()):
        raise RuntimeError(f"{case.name} failed (exit {got['exit']}): {got['stderr']}")
    got["result"] = {"exit": got.pop("exit")}
    got.pop("stderr")
    return got  # type: ignore[no-any-return]


def warm(path: Path) -> None:
    """Into the page cache, so no case pays the first read (small reads: the runner stays small)."""
    files = [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path]
    for file in files:
        with file.open("rb") as handle:
            while handle.read(1 << 20):
                pass


def run(cases: list[Case], reps: int, paths: dict[str, Path], env: dict[str, str], data: Path) -> dict[str, list[dict[str, Any]]]:
    for path in set(paths.values()):
        warm(path)
    samples: dict[str, list[dict[str, Any]]] = {c.name: [] for c in cases}
    total = sum(min(reps, c.reps or reps) for c in cases)
    done = 0
    for rep in range(reps):
        order = cases[rep % len(cases):] + cases[: rep % len(cases)]
        for case in order:
            if rep >= (case.reps or reps):
                continue
            done += 1
            try:
                sample = measure(case, paths[case.dataset], env, data)
            except RuntimeError as exc:
                print(f"  FAILED {case.name}: {exc}", file=sys.stderr, flush=True)
                sample = {"error": str(exc)[-2000:]}
            samples[case.name].append(sample)
            if "error" not in sample:
                print(f"  [{done}/{total}] rep {rep + 1}  {case.name:<52} {sample['seconds']:9.3f} s "
                      f"{sample['cpu_s']:9.3f} s CPU {sample['max_rss_kib'] / 1024:8.0f} MiB", file=sys.stderr, flush=True)
    return samples


# --------------------------------------------------------------------------- summarising

def summarise(cases: list[Case], samples: dict[str, list[dict[str, Any]]], paths: dict[str, Path]) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    for case in cases:
        ds = registry.DATASETS[case.dataset]
        got = [s for s in samples[case.name] if "error" not in s]
        errors = [s["error"] for s in samples[case.name] if "error" in s]
        row: dict[str, Any] = {"dataset": case.dataset, "family": ds.family, "fmt": ds.fmt, "scale": ds.scale, "expect": ds.expect,
                               "records": ds.records, "bytes": registry.size_of(paths[case.dataset]), "measure": case.measure,
                               "kind": case.kind, "reps": len(got), "baseline": case.baseline, "errors": errors or None}
        if got:
            seconds = [s["seconds"] for s in got]
            row.update({"median_s": statistics.median(seconds), "min_s": min(seconds), "max_s": max(seconds),
                        "peak_rss_mib": statistics.median(s["max_rss_kib"] for s in got) / 1024, "result": got[-1]["result"]})
            cpu = [s["cpu_s"] for s in got if "cpu_s" in s]
            if cpu:  # user + system seconds (child.py): steadier than wall time on a loaded machine
                row.update({"median_cpu_s": statistics.median(cpu), "min_cpu_s": min(cpu), "max_cpu_s": max(cpu)})
        if ds.family == "smallfiles":
            row["family_bytes"] = family_bytes(paths[case.dataset])
        rows[case.name] = row
    for row in rows.values():
        base = rows.get(f"{row['dataset']}/{row['baseline']}") if row["baseline"] else None
        ok = base is not None and "median_s" in base and "median_s" in row
        row["ratio"] = row["median_s"] / base["median_s"] if ok else None  # type: ignore[index]
        row["rss_ratio"] = row["peak_rss_mib"] / base["peak_rss_mib"] if ok else None  # type: ignore[index]
        cpu_ok = ok and row.get("median_cpu_s") is not None and base.get("median_cpu_s")  # type: ignore[union-attr]
        row["cpu_ratio"] = row["median_cpu_s"] / base["median_cpu_s"] if cpu_ok else None  # type: ignore[index]
        row["verify"] = verify(row)
    return rows


def family_bytes(folder: Path) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in folder.rglob("*-*.*"):
        family = p.name.split("-", 1)[0]
        out[family] = out.get(family, 0) + p.stat().st_size
    return out


def verify(row: dict[str, Any]) -> str | None:
    """Whether the data is what it claims: a clean file gives goldlint no error, a defective
    one about one finding per defect (one defect per 100 entries) of several rules."""
    result = row.get("result") or {}
    if row["measure"] == "goldlint-engine":
        if row["expect"] == "leaks":  # (the dataset family: one leak in 100 items, exact and normalised alike)
            want = {"DS101": row["records"] // 200, "DS102": row["records"] // 200}
            return "ok" if result.get("codes") == want else f"FAIL: {result.get('codes')}, expected {want}"
        if row["expect"] == "clean":
            return "ok" if result.get("errors") == 0 else f"FAIL: {result.get('errors')} errors on a clean file"
        if row["expect"] == "defective":
            defects, found, codes = row["records"] // 100, result.get("diagnostics", 0), len(result.get("codes", {}))
            good = defects <= found <= 3 * defects and codes >= 3
            # at 1M, a rule's findings past goldlint's per-rule cap (1,000 a file) are summed up by one GL012
            capped = [c for c, n in result.get("codes", {}).items() if n >= CAPPED_AT] if "GL012" in result.get("codes", {}) else []
            if not good and capped and codes >= 3 and found <= 3 * defects:
                return f"ok ({len(capped)} rules capped at {CAPPED_AT:,} findings, GL012)"
            return "ok" if good else f"FAIL: {found} findings of {codes} rules for {defects} defects"
    if row["measure"] in ("check-jsonschema", "jsonvet") and "exit" in result:  # a comparison: what the schema alone sees
        if row["expect"] == "defective":
            return "finds some" if result["exit"] == 1 else "finds none"
        return "ok" if result["exit"] == 0 else f"exit {result['exit']} on a clean file"
    if row["family"] == "near" and "expected" in result:
        # no pair below the threshold (similarities are exact); a pair at it is found with
        # probability 0.99 at least, above it more surely (goldlint.dataset.near)
        found, expected = result["found"], result["expected"]
        return "ok" if found >= 0.98 * expected else f"{found} of the {expected} planted pairs at the threshold found"
    if row["measure"] in ("goldlint-cli", "goldlint-dir", "goldlint-dir-jobs1") and "exit" in result:
        want = 0 if row["expect"] == "clean" else 1  # (a defective file, or a dataset with leaks)
        return "ok" if result["exit"] == want else f"exit {result['exit']}, expected {want}"
    return None


def derived(rows: dict[str, Any]) -> dict[str, Any]:
    """Score throughput, serve latency, the small-files figures and memory flatness."""
    out: dict[str, Any] = {"score": [], "serve": [], "smallfiles": None, "flatness": [], "startup": None}
    for name, row in rows.items():
        if row["family"] == "score" and row["measure"] in ("lint", "score", "chrf-kernel") and "median_s" in row:
            out["score"].append({"case": name, "measure": row["measure"], "records": row["records"], "seconds": row["median_s"],
                                 "entries_per_s": row["records"] / row["median_s"], "peak_rss_mib": row["peak_rss_mib"],
                                 "over_lint": row["ratio"], "result": row["result"]})
        if row["measure"] in ("serve-latency", "serve-latency-whole-text") and "result" in row:
            whole = " (whole-text edits)" if row["measure"].endswith("whole-text") else ""
            out["serve"].append({"dataset": row["dataset"] + whole, **row["result"]})
    start = {r["measure"]: r for r in rows.values() if r["family"] == "startup" and "median_s" in r}
    if start:
        out["startup"] = {measure: (r["result"] if measure == "serve" else round(r["median_s"] * 1000, 1)) for measure, r in start.items()}
    small = {r["measure"]: r for r in rows.values() if r["family"] == "smallfiles" and "median_s" in r}
    if "goldlint-dir" in small and "goldlint-one-file" in small:
        folder_row = small["goldlint-dir"]
        files = folder_row["records"]
        per_file = (folder_row["median_s"] - small["goldlint-one-file"]["median_s"]) / (files - 1)
        info: dict[str, Any] = {"files": files, "bytes": folder_row["bytes"], "dir_s": folder_row["median_s"],
                                "one_file_s": small["goldlint-one-file"]["median_s"],
                                "version_s": small.get("goldlint-version", {}).get("median_s"),
                                "dir_jobs1_s": small.get("goldlint-dir-jobs1", {}).get("median_s"),
                                "per_file_ms": per_file * 1000, "dir_peak_rss_mib": folder_row["peak_rss_mib"]}
        info["overhead_per_file_ms"] = _overhead(rows, per_file, files, folder_row.get("family_bytes") or {})
        out["smallfiles"] = info
    engine = sorted((r for r in rows.values() if r["dataset"].startswith("slu-jsonl-") and r["expect"] == "clean"
                     and r["measure"] == "goldlint-engine" and "peak_rss_mib" in r), key=lambda r: r["records"])
    if len(engine) > 1:
        out["flatness"].append({"measure": "goldlint-engine on slu JSONL (clean)",
                                "points": [[r["records"], round(r["peak_rss_mib"], 1)] for r in engine]})
    return out


def _overhead(rows: dict[str, Any], per_file: float, files: int, family_bytes: dict[str, int]) -> float | None:
    """Per-file cost less the cost of the file's bytes in a large file of its family."""
    from tests.bench import smallfiles

    byte_cost = 0.0
    for family, big in smallfiles.PER_BYTE_FROM.items():
        row = rows.get(f"{big}/goldlint-engine")
        if row is None or "median_s" not in row or family not in family_bytes:
            return None
        byte_cost += family_bytes[family] * row["median_s"] / row["bytes"]
    return (per_file - byte_cost / files) * 1000


def machine(env: dict[str, str]) -> dict[str, Any]:
    probe = ("import goldlint, orjson, sys; print(goldlint.__file__); print(goldlint.__version__); print(orjson.__version__)")
    where, version, orjson_version = subprocess.run([sys.executable, "-c", probe], env=env, cwd=REPO, capture_output=True,
                                                    text=True, check=True).stdout.split()
    cjs = subprocess.run([sys.executable, "-m", "check_jsonschema", "--version"], env=env, capture_output=True, text=True,
                         check=False).stdout.strip().rsplit(" ", 1)[-1] or None
    vet_path, vet = tools.jsonvet_path(), None
    if vet_path is not None:
        try:
            vet = subprocess.run([vet_path, "--version"], env=env, capture_output=True, text=True,
                                 check=False).stdout.strip().rsplit(" ", 1)[-1] or None
        except OSError:
            pass
    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=REPO, capture_output=True, text=True,
                            check=False).stdout.strip()
    cpu = platform.processor() or platform.machine()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    ram = None
    try:
        kib = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal"))
        ram = round(kib / 1024 / 1024, 1)
    except (OSError, StopIteration):
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "cores_usable": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
            "ram_gib": ram, "python": platform.python_version(), "platform": platform.platform(), "orjson": orjson_version,
            "check_jsonschema": cjs, "jsonvet": vet, "goldlint": version, "goldlint_from": where, "commit": commit or None,
            "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), "load_start": load_average()}


def load_average() -> list[float] | None:
    """The 1-, 5- and 15-minute load averages: how busy the machine was (other jobs slow wall times)."""
    try:
        return [round(v, 2) for v in os.getloadavg()]
    except OSError:
        return None


# --------------------------------------------------------------------------- the report

def _s(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _x(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}×"


def _load(m: dict[str, Any]) -> str:
    start, end = m.get("load_start"), m.get("load_end")
    if not start:
        return ""
    said = " / ".join(f"{v:.2f}" for v in start)
    return f" Load average (1 / 5 / 15 min) {said} at the start" + (f", {' / '.join(f'{v:.2f}' for v in end)} at the end." if end else ".")


def tables(result: dict[str, Any]) -> str:
    m, rows = result["machine"], result["cases"]
    out = [f"# goldlint benchmark — {m['when']}", "",
           (f"Machine: {m['cpu']}, {m['cores']} cores, {m['ram_gib']} GiB RAM; Python {m['python']} ({m['platform']}); "
           f"orjson {m['orjson']}, check-jsonschema {m['check_jsonschema']}, jsonvet {m.get('jsonvet')}; goldlint {m['goldlint']} at {m['commit']}. "
           f"Medians of {result['reps']} interleaved repetitions (1 for the marked ones)." + _load(m)), ""]
    out += [tools.skip_line(tool, reason) for tool, reason in (result.get("skipped") or {}).items()]
    if result.get("skipped"):
        out.append("")
    runs = list(dict.fromkeys((r["run"]["when"], r["run"]["commit"], r["run"]["scales"]) for r in rows.values() if r.get("run")))
    if len(runs) > 1:  # a --merge: say which rows come from which run
        out += ["Merged from runs (rows are interleaved only within their run): "
                + "; ".join(f"{when} at {commit} (scales {scales})" for when, commit, scales in runs) + ".", ""]
    check_rows = [r for r in rows.values() if r["family"] not in NOT_CHECK]
    datasets = list(dict.fromkeys(r["dataset"] for r in check_rows))
    if datasets:
        out += ["## check: goldlint against the bare parse of the same file", "",
                "Whole process against whole process (what a user waits for): `cli` is `python -m goldlint check`, `parse` "
                "a fresh `python` that imports the parser and parses the file; jsonvet and check-jsonschema likewise against "
                "`parse`. `cpu`: user + system seconds of the process, and `cpu ×` their ratio (steadier than wall time "
                "when other jobs share the machine). In process (imports excluded): `engine` against `parse in`.", "",
                "| dataset | MB | parse s | parse cpu s | cli s | cli cpu s | × | cpu × | jsonvet s | × | cpu × | "
                "check-jsonschema s | × | cpu × | peak MiB (parse → cli) | parse in s | engine s | × | "
                "peak MiB (parse in → engine) | mem × | findings | data |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
        for name in datasets:
            by = {r["measure"]: r for r in check_rows if r["dataset"] == name}
            eng, cli, cjs = by.get("goldlint-engine", {}), by.get("goldlint-cli", {}), by.get("check-jsonschema", {})
            vet, process = by.get("jsonvet", {}), by.get(cli.get("baseline") or "", {})
            base = by.get(eng.get("baseline") or "", {})
            res = eng.get("result") or {}
            findings = (f"{res.get('errors', 0)} E / {res.get('warnings', 0)} W" if res else "-")
            if res.get("codes") and eng.get("expect") == "defective":
                findings += f" ({len(res['codes'])} rules)"
            one = "¹" if any(r.get("reps") == 1 for r in (cli, cjs, vet)) and result["reps"] > 1 else ""
            failed = [r["measure"] for r in by.values() if r.get("errors")]
            mark = eng.get("verify") or "-"
            if cjs.get("verify") and cjs.get("verify") != "ok":
                mark += f"; the schema {cjs['verify']}"
            if vet.get("verify") and vet.get("verify") != "ok":
                mark += f"; jsonvet {vet['verify']}"
            if failed:
                mark += f"; FAILED: {', '.join(failed)}"
            out.append(f"| {name}{one} | {eng.get('bytes', 0) / 1e6:.1f} | {_s(process.get('median_s'))} | "
                       f"{_s(process.get('median_cpu_s'))} | {_s(cli.get('median_s'))} | {_s(cli.get('median_cpu_s'))} | "
                       f"{_x(cli.get('ratio'))} | {_x(cli.get('cpu_ratio'))} | {_s(vet.get('median_s'))} | {_x(vet.get('ratio'))} | "
                       f"{_x(vet.get('cpu_ratio'))} | {_s(cjs.get('median_s'))} | {_x(cjs.get('ratio'))} | {_x(cjs.get('cpu_ratio'))} | "
                       f"{_s(process.get('peak_rss_mib'), 0)} → {_s(cli.get('peak_rss_mib'), 0)} | "
                       f"{_s(base.get('median_s'))} | {_s(eng.get('median_s'))} | "
                       f"{_x(eng.get('ratio'))} | {_s(base.get('peak_rss_mib'), 0)} → {_s(eng.get('peak_rss_mib'), 0)} | "
                       f"{_x(eng.get('rss_ratio'))} | {findings} | {mark} |")
        out += ["", ("parse: orjson (JSONL line by line, JSON whole), PyYAML safe load with libyaml (YAML), split + orjson of the "
                "annotation cells (TSV), split on lines and tabs (CoNLL). ¹ some cases of this row ran once."), ""]
    for flat in result["derived"]["flatness"]:
        out.append("Memory flatness, " + flat["measure"] + ": " + ", ".join(f"{n:,} records {mib:.0f} MiB" for n, mib in flat["points"]))
        out.append("")
    st = result["derived"].get("startup")
    if st:
        checks = ", ".join(f"{m[len('check-'):]} {ms:.0f}" for m, ms in st.items() if m.startswith("check-"))
        out += ["## start-up (whole process, ms, medians)", "",
                f"`python -c pass` {st.get('python-pass', '-')}; `goldlint --version` {st.get('goldlint-version', '-')}; "
                f"`goldlint check` of one small file: {checks}."]
        cpu = {r["measure"]: r["median_cpu_s"] * 1000 for r in rows.values()
               if r["family"] == "startup" and r["kind"] == "command" and r.get("median_cpu_s") is not None}
        if cpu:
            out.append("CPU (user + system, ms): " + ", ".join(f"{m} {ms:.0f}" for m, ms in cpu.items()) + ".")
        serve = st.get("serve")
        if isinstance(serve, dict):
            out.append(f"Language server (`goldlint serve`): `initialize` answered {serve['initialize_ms']} ms after launch "
                       f"(a bare `import lsprotocol.types`: {serve['import_lsprotocol_ms']} ms); `didOpen` of a small file → "
                       f"first diagnostics {serve['open_ms']} ms.")
        out.append("")
    if result["derived"]["score"]:
        out += ["## score throughput", "", "| case | entries | s | entries/s | peak MiB | × lint |", "|---|---:|---:|---:|---:|---:|"]
        for r in result["derived"]["score"]:
            out.append(f"| {r['case']} | {r['records']:,} | {r['seconds']:.2f} | {r['entries_per_s']:,.0f} | {r['peak_rss_mib']:.0f} | "
                       f"{_x(r['over_lint'])} |")
        out.append("")
    if result["derived"]["serve"]:
        out += ["## serve: didChange → publishDiagnostics on a 10,000-entry file (50 edits)", "",
                "| file | MB | open ms | edit median ms | p95 ms | max ms | of it client encode ms | settled ms | server peak MiB |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in result["derived"]["serve"]:
            out.append(f"| {r['dataset']} | {r['megabytes']} | {r['open_ms']} | {r['edit_median_ms']} | {r['edit_p95_ms']} | "
                       f"{r['edit_max_ms']} | {r.get('client_encode_median_ms', '')} | {r['settled_median_ms']} | {r['server_peak_mib']} |")
        out += ["", ("settled: after an edit, until the full check is published (JSONL and TSV: a quick check of the edited "
                "lines comes first; large JSON or YAML: one of the edited entries). client encode: the median time the "
                "client took to encode an edit's message (part of the edit's time; a whole-text change of a large file "
                "is mostly this and the pipe)."), ""]
    sf = result["derived"]["smallfiles"]
    if sf:
        out += ["## many small files", "",
                f"{sf['files']:,} files, {sf['bytes'] / 1e6:.1f} MB (five families mixed): `goldlint check DIR` {sf['dir_s']:.2f} s "
                f"(peak {sf['dir_peak_rss_mib']:.0f} MiB)"
                + (f", with `--jobs 1` {sf['dir_jobs1_s']:.2f} s" if sf.get("dir_jobs1_s") else ", no `--jobs` option in this CLI")
                + f"; `goldlint --version` {_s(sf['version_s'])} s; a one-file check {sf['one_file_s']:.3f} s; "
                f"per file {sf['per_file_ms']:.2f} ms"
                + (f", of which overhead (beyond its bytes' cost in a large file) {sf['overhead_per_file_ms']:.2f} ms"
                   if sf.get("overhead_per_file_ms") is not None else " (overhead: needs the 10k datasets in the same run)") + ".", ""]
    near = [r for r in rows.values() if r["family"] == "near" and "median_s" in r]
    if near:
        out += ["## near-duplicates across splits (DS109)", "",
                "Two xSID splits of N sentences each, a near-duplicate planted every 100 (`near_cases.py`). In process "
                "(imports excluded): `check_dataset` with DS109 alone at a threshold, against `exact` (DS101-DS104 alone); "
                "`cli`: the whole `goldlint check --select DS109 --near-duplicates 0.9` command.", "",
                "| dataset | measure | s | × exact | peak MiB | planted pairs found / at the threshold (+ other test items reported) | data |",
                "|---|---|---:|---:|---:|---|---|"]
        for r in near:
            res = r.get("result") or {}
            findings = f"{res['found']} / {res['expected']} (+{res['others']})" if "expected" in res else "-"
            out.append(f"| {r['dataset']} | {r['measure']} | {r['median_s']:.2f} | {_x(r.get('ratio'))} | {r['peak_rss_mib']:.0f} | "
                       f"{findings} | {r.get('verify') or '-'} |")
        out.append("")
    failures = [n for n, r in rows.items() if r.get("errors")]
    if failures:
        out += ["## failures", ""] + [f"- {n}: {rows[n]['errors'][0][:300]}" for n in failures] + [""]
    if result.get("profile"):
        out += [f"## profile: {result['profile']['case']} (top by own time)", "", "```", result["profile"]["text"].strip(), "```", ""]
    return "\n".join(out)


def profile(case: Case, path: Path, env: dict[str, str], top: int) -> dict[str, str]:
    """cProfile of one python case; the top functions by own time."""
    import io
    import pstats

    stats_file = OUT / f"profile-{case.dataset}.prof"
    subprocess.run([sys.executable, "-m", "cProfile", "-o", str(stats_file), "-m", "tests.bench.child", case.target,
                    str(path)], cwd=REPO, env=env, check=True, capture_output=True)
    stream = io.StringIO()
    pstats.Stats(str(stats_file), stream=stream).strip_dirs().sort_stats("tottime").print_stats(top)
    text = stream.getvalue()
    return {"case": case.name, "text": text[text.find("   ncalls"):] if "   ncalls" in text else text}


# --------------------------------------------------------------------------- the command

def _split(values: list[str]) -> list[str]:
    return [v.strip().lower() for value in values for v in value.split(",") if v.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--family", action="append", default=[], help=f"only these (repeatable, or comma-separated): {', '.join(FAMILIES)}")
    parser.add_argument("--scale", action="append", default=[], help=f"entries: {', '.join(SCALES)} (repeatable; default 10k,100k)")
    parser.add_argument("--quick", action="store_true", help="10k only")
    parser.add_argument("--full", action="store_true", help="10k, 100k and 1m")
    parser.add_argument("--only", action="append", default=[], help="only cases whose name contains this (repeatable)")
    parser.add_argument("--reps", type=int, default=3, help="repetitions of each case, interleaved (default 3)")
    parser.add_argument("--profile", nargs="?", const="auto", default=None, metavar="DATASET",
                        help="also cProfile goldlint's engine on DATASET (default: the one with the highest time ratio)")
    parser.add_argument("--merge", action="store_true", help="keep the other cases of the previous latest.json (a rerun of some)")
    parser.add_argument("--data", type=Path, default=OUT / "data", help="where generated datasets are cached")
    parser.add_argument("--out", type=Path, default=OUT / "latest.json", help="the JSON result (latest.md beside it)")
    parser.add_argument("--list", action="store_true", help="list the selected cases and exit")
    parser.add_argument("--report", action="store_true", help="print the tables of the JSON result again (and rewrite latest.md)")
    parser.add_argument("--readme", action="store_true",
                        help="also rewrite the performance table of README.md from the JSON result (with --report: from --out as it is)")
    args = parser.parse_args(argv)
    if args.report:
        result = json.loads(args.out.read_text(encoding="utf-8"))
        for row in result["cases"].values():  # (the data checks of this code, on the stored results)
            row["verify"] = verify(row)
        report = tables(result)
        args.out.with_suffix(".md").write_text(report + "\n", encoding="utf-8")
        print(report)
        if args.readme:
            print(f"README: {readme.rewrite(REPO / 'README.md', result)}")
        return 0

    scales = _split(args.scale) or (["10k"] if args.quick else list(SCALES) if args.full else DEFAULT_SCALES)
    families = _split(args.family)
    for bad in [s for s in scales if s not in SCALES] + [f for f in families if f not in FAMILIES]:
        parser.error(f"unknown scale or family: {bad}")
    registry.load(scales, families or None)
    cases = list(registry.CASES.values())
    if args.only:
        cases = [c for c in cases if any(o in c.name for o in args.only)]
    skipped = tools.skipped({c.tool for c in cases if c.tool})
    if args.list:
        for c in cases:
            skip = f"  (skipped: {c.tool} {skipped[c.tool]})" if c.tool in skipped else ""
            print(f"{c.name:<60} {c.kind:<8} baseline={c.baseline or '-'}{skip}")
        return 0
    for tool, reason in skipped.items():
        print(tools.skip_line(tool, reason), file=sys.stderr)
    cases = [c for c in cases if c.tool not in skipped]
    if not cases:
        parser.error("no case selected")

    source = Path(tempfile.mkdtemp(prefix="goldlint-bench-"))
    try:
        env = source_env(source)
        meta = machine(env)
        print(f"goldlint from {meta['goldlint_from']} (commit {meta['commit']}); {len(cases)} cases, {args.reps} reps, "
              f"scales {','.join(scales)}", file=sys.stderr)
        needed = list(dict.fromkeys(c.dataset for c in cases))
        paths = {name: registry.data_file(registry.DATASETS[name], args.data, env) for name in needed}
        samples = run(cases, args.reps, paths, env, args.data)
        rows = summarise(cases, samples, paths)
        for row in rows.values():
            row["run"] = {"when": meta["when"], "commit": meta["commit"], "scales": ",".join(scales)}
        if args.merge and args.out.exists():
            previous = json.loads(args.out.read_text(encoding="utf-8"))
            rows = {**{n: r for n, r in previous.get("cases", {}).items() if n not in rows}, **rows}
            for row in rows.values():
                row["verify"] = verify(row)
        meta["load_end"] = load_average()
        result: dict[str, Any] = {"machine": meta, "reps": args.reps, "scales": scales, "families": families or FAMILIES,
                                  "cases": rows, "skipped": skipped}
        result["derived"] = derived(rows)
        if args.profile:
            engines = [c for c in cases if c.measure == "goldlint-engine" and rows[c.name].get("ratio")]
            if args.profile != "auto":
                engines = [c for c in engines if args.profile in c.dataset]
            if engines:
                target = max(engines, key=lambda c: rows[c.name]["ratio"])
                result["profile"] = profile(target, paths[target.dataset], env, 15)
    finally:
        shutil.rmtree(source, ignore_errors=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    report = tables(result)
    args.out.with_suffix(".md").write_text(report + "\n", encoding="utf-8")
    print(report)
    print(f"results: {args.out} and {args.out.with_suffix('.md')}")
    if args.readme:
        print(f"README: {readme.rewrite(REPO / 'README.md', result)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
