"""Run one measurement in a fresh interpreter and print it as JSON.

``python -m tests.bench.child module:function PATH`` imports the module (not timed: the
imports are the CLI's start-up cost, measured by the command cases), times the call, and
prints ``{"seconds", "cpu_s", "max_rss_kib", "result"}``.

``python -m tests.bench.child --command ARGV...`` runs a command (start-up included) and
prints ``{"seconds", "cpu_s", "max_rss_kib", "exit", "stderr"}``; this small launcher stands
between the runner and the command so that the command's peak RSS is not floored by the
runner's. A command that cannot be started (not installed) gives exit ``None`` and the
reason as its stderr, never a traceback.

CPU time (``cpu_s``): user + system seconds. Of a command, from ``wait4``'s usage (the
command and the children it waited for); of a python case, this process's own over the
call. Wall time swings with the machine's load (other jobs take the cores); CPU time much
less, so its ratios are the steadier ones on a shared machine.

Peak memory: in process, ``VmHWM`` of ``/proc/self/status`` — the high-water mark of this
process's own address space since ``exec``. Not ``ru_maxrss``: on Linux that one starts
from the parent's high-water mark when the child is forked (vfork + exec carry it over),
which is why an earlier version of this benchmark read the runner's 281 MiB in every case.
A command's peak is ``ru_maxrss`` of ``wait4``: floored by this launcher's own (~15 MiB,
reported as ``launcher_rss_kib``), which is below any goldlint run.
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def peak_kib() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def cpu_seconds(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def run_command(argv: list[str]) -> dict[str, object]:
    launcher = peak_kib()
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        except OSError as exc:  # not installed, not executable: a failed case, said in one line
            return {"seconds": 0.0, "cpu_s": 0.0, "max_rss_kib": 0, "launcher_rss_kib": launcher, "exit": None,
                    "stderr": f"cannot start {argv[0]}: {exc.strerror or exc}"}
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        err.seek(0)
        stderr = err.read().decode("utf-8", errors="replace")
    return {"seconds": seconds, "cpu_s": cpu_seconds(usage), "max_rss_kib": usage.ru_maxrss, "launcher_rss_kib": launcher,
            "exit": os.waitstatus_to_exitcode(status), "stderr": stderr[-3000:]}


def main() -> int:
    if sys.argv[1] == "--command":
        print(json.dumps(run_command(sys.argv[2:])))
        return 0
    target, path = sys.argv[1], sys.argv[2]
    module, _, name = target.partition(":")
    function = getattr(importlib.import_module(module), name)
    cpu = cpu_seconds(resource.getrusage(resource.RUSAGE_SELF))
    start = time.perf_counter()
    result = function(path)
    seconds = time.perf_counter() - start
    cpu = cpu_seconds(resource.getrusage(resource.RUSAGE_SELF)) - cpu
    print(json.dumps({"seconds": seconds, "cpu_s": cpu, "max_rss_kib": peak_kib(), "result": result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
