"""The console script (``goldlint``, ``python -m goldlint``): what the whole process costs.

``--version`` is answered before anything else is imported. Every run then leaves with
``os._exit`` once its output is flushed: the interpreter's own teardown — a full garbage
collection over everything the run built, then module cleanup — costs a tenth of a second
and does nothing a finished command needs (files are written and closed by then, worker
processes joined).

msgspec is imported without typing_extensions (:func:`_import_msgspec`).

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
    _import_msgspec()
    if sys.argv[1:] == ["serve"]:  # an editor starting the server: no CLI framework to import
        from goldlint.server.run import run_server

        _imported(until_exit=False)
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


def _import_msgspec() -> None:
    """msgspec, imported first and without typing_extensions, which it tries for a
    ``get_type_hints`` that older Pythons lack and takes the ``typing`` one when it is not
    there (on Python 3.11+ they read goldlint's types alike). Importing typing_extensions is
    3% of a one-file check (10 M of 328 M instructions). What needs it later (pydantic, the
    language server's protocol types) imports it as usual."""
    if "typing_extensions" in sys.modules or "msgspec" in sys.modules:
        return
    sys.modules["typing_extensions"] = None  # type: ignore[assignment]  # (None: ``import`` raises ImportError)
    try:
        import msgspec  # noqa: F401
    except ImportError:
        pass  # (a msgspec that cannot do without it: imported with it when first needed, as usual)
    finally:
        del sys.modules["typing_extensions"]


def _imported(until_exit: bool = True) -> None:
    """The command's modules are imported: they leave the collector's care, which resumes.
    ``until_exit``: the command ends with the process, which frees nothing on the way
    (:mod:`goldlint.lifetime`; not the language server, which checks on and on)."""
    gc.freeze()
    gc.enable()
    if until_exit:
        from goldlint import lifetime

        lifetime.until_exit()


def _leave(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`goldlint check | head`): nothing more to say
            pass
    os._exit(code)
