"""Run one in-process measurement in a fresh interpreter and print it as JSON.

``python -m tests.bench.child module:function PATH`` imports the module (not timed: the
imports are the CLI's start-up cost, measured by the command cases), times the call, and
prints ``{"seconds", "max_rss_kib", "result"}``: the peak RSS is this process's own.
"""

from __future__ import annotations

import importlib
import json
import resource
import sys
import time


def main() -> int:
    target, path = sys.argv[1], sys.argv[2]
    module, _, name = target.partition(":")
    function = getattr(importlib.import_module(module), name)
    start = time.perf_counter()
    result = function(path)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "max_rss_kib": peak, "result": result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
