"""Write one dataset, in its own process: ``python -m tests.bench.generate module:function PATH KWARGS-JSON``.

Generation runs apart from the runner so that the runner stays small: a child's
``ru_maxrss`` on Linux starts from its parent's high-water mark when the parent forks
(vfork and exec carry it over), so a runner that built a million entries in memory would
inflate every later peak-memory reading.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path


def main() -> int:
    target, path, kwargs = sys.argv[1], Path(sys.argv[2]), json.loads(sys.argv[3])
    module, _, name = target.partition(":")
    getattr(importlib.import_module(module), name)(path, **kwargs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
