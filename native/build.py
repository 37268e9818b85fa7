"""Compiles the kernels of ``_goldlint_speedups.c`` into an extension module of this interpreter.

One function, used by the wheel's build hook (``hatch_build.py``) and by the tests (which run
goldlint from the source tree, so build the module into a folder on ``sys.path``). It uses the
compiler and flags the interpreter was built with (``sysconfig``), and no build library: a
machine without a C compiler (or Windows, where these variables are not set) gets
:class:`NoCompiler`, and goldlint runs the pure-Python twins of the kernels.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sysconfig
from pathlib import Path

SOURCE = Path(__file__).with_name("_goldlint_speedups.c")
MODULE = "_goldlint_speedups"


class NoCompiler(RuntimeError):
    """This machine cannot build the module: goldlint runs without it."""


def module_name() -> str:
    """The module's file name for this interpreter (``_goldlint_speedups.cpython-311-x86_64-linux-gnu.so``)."""
    return MODULE + str(sysconfig.get_config_var("EXT_SUFFIX"))


def compile_module(out_dir: Path) -> Path:
    """Builds the module into ``out_dir`` (written aside, then renamed: never half a file there)."""
    link = sysconfig.get_config_var("LDSHARED")
    if not link:
        raise NoCompiler("the interpreter names no shared-library linker (LDSHARED)")
    command = shlex.split(str(link))
    if shutil.which(command[0]) is None:
        raise NoCompiler(f"no C compiler: {command[0]} is not on PATH")
    target = out_dir / module_name()
    partial = target.with_name(target.name + ".part")
    flags = ["-O2", "-fPIC", "-fwrapv", "-DNDEBUG", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-missing-field-initializers"]
    try:  # (whatever stops the build stops only the kernels: the install goes on, pure Python)
        out_dir.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([*command, *flags, "-I", sysconfig.get_paths()["include"], str(SOURCE), "-o", str(partial)],
                              capture_output=True, text=True, check=False, timeout=300)
        if done.returncode != 0:
            partial.unlink(missing_ok=True)
            raise NoCompiler(f"{command[0]} failed:\n{done.stderr.strip()}")
        partial.replace(target)
    except (OSError, subprocess.SubprocessError) as exc:
        raise NoCompiler(f"{command[0]} could not be run: {exc}") from exc
    return target
