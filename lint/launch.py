"""The console script (``goldlint``, ``python -m goldlint``): what the whole process costs.

``--version`` is answered before anything else is imported. Every run then leaves with
``os._exit`` once its output is flushed: the interpreter's own teardown — a full garbage
collection over everything the run built, then module cleanup — costs a tenth of a second
and does nothing a finished command needs (files are written and closed by then, worker
processes joined).

The cyclic collector is also off while the run's modules are imported: importing builds
tens of thousands of objects that live as long as the process, and the collections their
allocations trigger visit them over and over and free nothing (about 5 ms of a one-file
check). Once they are imported they are frozen (moved out of the collector's generations,
so later full collections skip them) and the collector runs again as usual.
"""

from __future__ import annotations

import gc
import os
import sys


def main() -> None:
    gc.disable()  # (while importing: see above; `_imported` starts it again)
    if sys.argv[1:] == ["--version"]:
        from goldlint import __version__

        sys.stdout.write(f"goldlint {__version__}\n")
        _leave(0)
    if sys.argv[1:] == ["serve"]:  # an editor starting the server: no CLI framework to import
        from goldlint.server.run import run_server

        _imported()
        run_server()
        _leave(0)
    if sys.argv[1:2] == ["check"]:
        from goldlint.quick_argv import read_check

        values = read_check(sys.argv[2:])
        if values is not None:  # a plain check: no CLI framework to import
            from goldlint.check_command import command

            _imported()
            _leave(command(**values))
    from goldlint.cli import main as run

    _imported()
    _leave(run())


def _imported() -> None:
    """The command's modules are imported: they leave the collector's care, which resumes."""
    gc.freeze()
    gc.enable()


def _leave(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`goldlint check | head`): nothing more to say
            pass
    os._exit(code)
