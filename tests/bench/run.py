"""Time goldlint against the bare cost of parsing the same file, and watch its memory.

    python -m tests.bench                 # the full run: 100,000 records, 5 repetitions
    python -m tests.bench --records 10000 --reps 3   # a quick one
    python tests/bench/run.py --list      # the registered cases

Every measurement runs in a fresh child process (its own peak RSS, no warm caches carried
over); the cases are interleaved — each repetition runs every case once, in a rotated
order — and the report gives medians. Results go to ``tests/bench/out/latest.json``.
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
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `tests.bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import registry
from tests.bench.registry import Case

REPO = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent / "out"


def source_env(folder: Path) -> dict[str, str]:
    """An environment whose ``import goldlint`` is this checkout's ``lint/`` (never an install)."""
    link = folder / "goldlint"
    if not link.exists():
        link.symlink_to(REPO / "lint", target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONSTARTUP", "PYTHONPROFILEIMPORTTIME")}
    env["PYTHONPATH"] = os.pathsep.join([str(folder), str(REPO)])
    env["PYTHONHASHSEED"] = "0"
    return env


def measure(case: Case, path: Path, env: dict[str, str]) -> dict[str, Any]:
    if case.kind == "python":
        done = subprocess.run([sys.executable, "-m", "tests.bench.child", case.target, str(path)], cwd=REPO, env=env,
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{case.name} failed ({done.returncode}):\n{done.stderr[-3000:]}")
        return json.loads(done.stdout.splitlines()[-1])
    argv = [a.format(python=sys.executable, path=path) for a in case.argv]
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode("utf-8", errors="replace")
    if proc.returncode not in (0, 1) or stderr.strip():
        raise RuntimeError(f"{case.name} failed ({proc.returncode}): {stderr[-3000:]}")
    return {"seconds": seconds, "max_rss_kib": usage.ru_maxrss, "result": {"exit": proc.returncode}}


def run(cases: list[Case], reps: int, data: Path, env: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    paths = {c.dataset: registry.data_file(registry.DATASETS[c.dataset], data) for c in cases}
    for path in set(paths.values()):  # into the page cache, so no case pays the first read
        with path.open("rb") as handle:
            while handle.read(1 << 24):
                pass
    samples: dict[str, list[dict[str, Any]]] = {c.name: [] for c in cases}
    for rep in range(reps):
        order = cases[rep % len(cases):] + cases[: rep % len(cases)]
        for case in order:
            if rep >= (case.reps or reps):
                continue
            sample = measure(case, paths[case.dataset], env)
            samples[case.name].append(sample)
            print(f"  rep {rep + 1}/{reps}  {case.name:<45} {sample['seconds']:8.3f} s  "
                  f"{sample['max_rss_kib'] / 1024:8.0f} MiB", file=sys.stderr, flush=True)
    return samples


def summarise(cases: list[Case], samples: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    for case in cases:
        got = samples[case.name]
        seconds = [s["seconds"] for s in got]
        rows[case.name] = {
            "dataset": case.dataset, "measure": case.measure, "kind": case.kind, "reps": len(got),
            "median_s": statistics.median(seconds), "min_s": min(seconds), "max_s": max(seconds),
            "peak_rss_mib": statistics.median(s["max_rss_kib"] for s in got) / 1024,
            "result": got[-1]["result"], "baseline": case.baseline,
        }
    for row in rows.values():
        base = rows.get(f"{row['dataset']}/{row['baseline']}") if row["baseline"] else None
        row["ratio"] = row["median_s"] / base["median_s"] if base else None
        row["rss_ratio"] = row["peak_rss_mib"] / base["peak_rss_mib"] if base else None
    flatness = []
    for measure_name, small, large in registry.FLATNESS:
        a, b = rows.get(f"{small}/{measure_name}"), rows.get(f"{large}/{measure_name}")
        if a and b:
            flatness.append({"measure": measure_name, "small": small, "large": large,
                             "records": [registry.DATASETS[small].records, registry.DATASETS[large].records],
                             "peak_rss_mib": [a["peak_rss_mib"], b["peak_rss_mib"]],
                             "rss_growth": b["peak_rss_mib"] / a["peak_rss_mib"]})
    return {"cases": rows, "flatness": flatness}


def environment(env: dict[str, str]) -> dict[str, Any]:
    probe = "import goldlint, orjson, sys; print(goldlint.__file__); print(orjson.__version__)"
    where, orjson_version = subprocess.run([sys.executable, "-c", probe], env=env, cwd=REPO, capture_output=True,
                                           text=True, check=True).stdout.split()
    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=REPO, capture_output=True, text=True,
                            check=False).stdout.strip()
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "orjson": orjson_version, "goldlint_from": where, "commit": commit or None,
            "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}


def table(summary: dict[str, Any]) -> str:
    lines = [f"{'case':<42} {'reps':>4} {'median s':>9} {'min s':>8} {'peak MiB':>9} {'× base':>7}  result"]
    for name, row in summary["cases"].items():
        ratio = f"{row['ratio']:.2f}" if row["ratio"] is not None else "-"
        result = ", ".join(f"{k}={v}" for k, v in row["result"].items() if k != "codes")
        lines.append(f"{name:<42} {row['reps']:>4} {row['median_s']:>9.3f} {row['min_s']:>8.3f} "
                     f"{row['peak_rss_mib']:>9.0f} {ratio:>7}  {result}")
    for flat in summary["flatness"]:
        a, b = flat["peak_rss_mib"]
        n1, n2 = flat["records"]
        lines.append(f"memory flatness ({flat['measure']}): {n1:,} records {a:.0f} MiB, {n2:,} records {b:.0f} MiB "
                     f"-> x{flat['rss_growth']:.2f} for x{n2 / n1:.0f} the records")
    return "\n".join(lines)


def profile(case: Case, data: Path, env: dict[str, str], top: int) -> str:
    """cProfile of one python case; returns the top functions by own time."""
    import pstats

    path = registry.data_file(registry.DATASETS[case.dataset], data)
    stats_file = OUT / f"profile-{case.dataset}.prof"
    subprocess.run([sys.executable, "-m", "cProfile", "-o", str(stats_file), "-m", "tests.bench.child", case.target,
                    str(path)], cwd=REPO, env=env, check=True, capture_output=True)
    report = Path(tempfile.mkstemp(suffix=".txt")[1])
    with report.open("w") as stream:
        stats = pstats.Stats(str(stats_file), stream=stream)
        stats.strip_dirs().sort_stats("tottime").print_stats(top)
    text = report.read_text()
    report.unlink()
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=100_000, help="records of the main datasets (the large one has 4x)")
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each case (interleaved)")
    parser.add_argument("--only", action="append", default=[], help="run only cases whose name contains this (repeatable)")
    parser.add_argument("--skip-flatness", action="store_true", help="skip the large-file memory cases")
    parser.add_argument("--profile", action="store_true", help="also cProfile goldlint's engine on the main JSONL dataset")
    parser.add_argument("--data", type=Path, default=OUT / "data", help="where generated datasets are cached")
    parser.add_argument("--out", type=Path, default=OUT / "latest.json", help="the JSON result file")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    args = parser.parse_args(argv)

    registry.load(args.records)
    cases = list(registry.CASES.values())
    if args.only:
        cases = [c for c in cases if any(o in c.name for o in args.only)]
    if args.skip_flatness:
        cases = [c for c in cases if "flatness" not in c.tags]
    if args.list:
        for c in cases:
            print(f"{c.name:<45} {c.kind:<8} baseline={c.baseline or '-'}")
        return 0
    if not cases:
        parser.error("no case selected")

    source = Path(tempfile.mkdtemp(prefix="goldlint-bench-"))
    try:
        env = source_env(source)
        meta = environment(env)
        print(f"goldlint from {meta['goldlint_from']} (commit {meta['commit']}), orjson {meta['orjson']}", file=sys.stderr)
        samples = run(cases, args.reps, args.data, env)
        summary = summarise(cases, samples)
        result = {"environment": meta, "records": args.records, "reps": args.reps, **summary}
        if args.profile:
            main_case = next((c for c in cases if c.measure == "goldlint-engine" and c.dataset.endswith("k")
                              and c.dataset.startswith("slu-jsonl")), None)
            if main_case is not None:
                result["profile"] = profile(main_case, args.data, env, 25)
    finally:
        shutil.rmtree(source, ignore_errors=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(table(summary))
    if "profile" in result:
        print(result["profile"])
    print(f"results: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
