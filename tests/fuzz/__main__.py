"""Bounded fuzz runs: ``python -m tests.fuzz --seconds 60 [--target NAME ...]``, or
``--runs N`` for a fixed amount of work (with ``-- -seed=1``, the same inputs every time).

For each target (all of them unless ``--target`` names some), build its seed corpus from
the real files in ``tests/``, then run ``python -m tests.fuzz.harness TARGET`` as a child
process with libFuzzer's ``-max_total_time`` (or ``-runs``). The grown corpus is kept between runs; every
crashing input (exception, property violation, timeout, out-of-memory) is saved under
``<out>/crashes/<target>/``. Prints executions and crashes per target; exits 1 when any
target crashed, 2 on a usage error or a child that failed to start.

``--keep-going`` restarts a target after a crash until its time is used up, to collect
more than the first crash of a long hunt.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.fuzz import REPO, WORK, use_this_checkout
from tests.fuzz.seeds import SEEDS, build

TARGETS = tuple(SEEDS)
_EXECS = re.compile(r"stat::number_of_executed_units:\s*(\d+)")
_PROGRESS = re.compile(r"^#(\d+)\s", re.MULTILINE)
_ARTIFACT = re.compile(r"Test unit written to (\S+)")
_KIND = re.compile(r"ERROR: libFuzzer: ([\w-]+)|(Uncaught Python exception)")


@dataclass
class Outcome:
    target: str
    seconds: float = 0.0
    execs: int = 0
    runs: int = 0
    crashes: list[str] = field(default_factory=list)  # saved inputs
    summaries: list[str] = field(default_factory=list)  # the last line of each traceback / error
    failed: str | None = None  # the child could not run at all


def _summary(log: str) -> str:
    """The exception line of an atheris traceback, or libFuzzer's error kind."""
    if "Uncaught Python exception" in log:
        after = log.split("Uncaught Python exception", 1)[1]
        lines = [ln for ln in after.splitlines() if ln.strip()]
        for i, ln in enumerate(lines):
            if ln.startswith("==") or "ERROR: libFuzzer" in ln:
                return lines[i - 1].strip() if i else ln.strip()
        return lines[-1].strip() if lines else "uncaught Python exception"
    match = _KIND.search(log)
    return match.group(1) if match and match.group(1) else "crash"


def run_target(target: str, seconds: float, out: Path, max_len: int, timeout: int, keep_going: bool,
               env: dict[str, str], extra: list[str], runs: int | None = None) -> Outcome:
    """Fuzz ``target`` for ``seconds``, or, given ``runs``, for that many inputs after the
    seeds (whatever the time: a test's amount of work does not depend on the machine's speed)."""
    outcome = Outcome(target)
    seeds = out / "seeds" / target
    corpus = out / "corpus" / target
    crashes = out / "crashes" / target
    logs = out / "logs"
    for folder in (corpus, crashes, logs):
        folder.mkdir(parents=True, exist_ok=True)
    count = build(target, seeds)
    print(f"[{target}] {count} seeds; fuzzing for " + (f"{runs} inputs" if runs is not None else f"{seconds:g} s"), flush=True)
    deadline = time.monotonic() + seconds
    while True:
        left = int(deadline - time.monotonic())
        if runs is None and left < 1:
            break
        bound = [f"-runs={runs}"] if runs is not None else [f"-max_total_time={left}"]
        cmd = [
            sys.executable, "-m", "tests.fuzz.harness", target,
            *bound, f"-max_len={max_len}", f"-timeout={timeout}", "-rss_limit_mb=4096",
            "-print_final_stats=1", f"-artifact_prefix={crashes}{os.sep}", *extra, str(corpus), str(seeds),
        ]
        log_path = logs / f"{target}-{time.strftime('%Y%m%d-%H%M%S')}-{outcome.runs}.log"
        started = time.monotonic()
        # libFuzzer stops itself at -max_total_time (seeds included); a child still running
        # well past it (stuck where libFuzzer's own -timeout cannot reach) is stopped.
        grace = left + 300 if runs is None else 3600
        with log_path.open("w", encoding="utf-8", errors="replace") as log:
            try:
                done = subprocess.run(cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, timeout=grace, check=False)
                code = done.returncode
            except subprocess.TimeoutExpired:
                code = None
        outcome.seconds += time.monotonic() - started
        outcome.runs += 1
        text = log_path.read_text(encoding="utf-8", errors="replace")
        execs = [int(n) for n in _EXECS.findall(text)] or [int(n) for n in _PROGRESS.findall(text)][-1:]
        outcome.execs += execs[-1] if execs else 0
        artifacts = _ARTIFACT.findall(text)
        if artifacts or _KIND.search(text):
            # A child can die (a signal under load) between the traceback and saving the input:
            # then the log, which holds the traceback, stands for the input.
            outcome.crashes.append(artifacts[-1] if artifacts else f"(input not saved; see {log_path})")
            outcome.summaries.append(_summary(text))
            print(f"[{target}] CRASH {outcome.summaries[-1]}\n[{target}]   input: {outcome.crashes[-1]}\n[{target}]   log: {log_path}", flush=True)
            if keep_going and runs is None:
                continue
            break
        if code is None:
            outcome.failed = f"did not stop in time (log: {log_path})"
            break
        if code != 0:
            outcome.failed = f"exited {code} without a crash report (log: {log_path})"
            break
        break  # the time (or the number of runs) is used up
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="fuzzing time per target (default 60)")
    parser.add_argument("--runs", type=int, help="fuzz this many inputs per target instead of for a time (deterministic with -- -seed=N)")
    parser.add_argument("--target", action="append", choices=TARGETS, help="a target to run (repeatable; default all)")
    parser.add_argument("--out", type=Path, default=WORK, help=f"seeds, corpora, crashes and logs (default {WORK.relative_to(REPO)})")
    parser.add_argument("--max-len", type=int, default=24_576, help="largest input libFuzzer generates (bytes)")
    parser.add_argument("--timeout", type=int, default=30, help="seconds one input may take before it counts as a hang")
    parser.add_argument("--keep-going", action="store_true", help="restart a target after a crash until its time is up")
    parser.add_argument("libfuzzer", nargs="*", help="more libFuzzer flags, after --, e.g. -- -seed=1")
    args = parser.parse_args(argv)
    use_this_checkout()
    out = args.out.resolve()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)}
    outcomes = [run_target(t, args.seconds, out, args.max_len, args.timeout, args.keep_going, env, args.libfuzzer, args.runs)
                for t in args.target or TARGETS]
    print("\ntarget     seconds      execs  crashes")
    for o in outcomes:
        print(f"{o.target:<10} {o.seconds:7.0f} {o.execs:10d}  {len(o.crashes)}")
        for crash, summary in zip(o.crashes, o.summaries, strict=True):
            print(f"           {summary}\n             {crash}")
        if o.failed:
            print(f"           FAILED: {o.failed}")
    if any(o.failed for o in outcomes):
        return 2
    return 1 if any(o.crashes for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
