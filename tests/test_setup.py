"""The README's set-up, as a new user follows it: its test command is the one CI runs, the
lock pins everything that command installs, and the command works in a brand-new virtual
environment (whatever environment runs this suite)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements" / "test.txt"
BIN = "Scripts" if os.name == "nt" else "bin"


def _setup_commands() -> list[str]:
    """The fenced commands of the README's Set-up section, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Set-up") : text.index("\n## ", text.index("## Set-up") + 1)]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.DOTALL)]


def _pins() -> dict[str, str]:
    pins = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if (found := re.match(r"^([A-Za-z0-9._-]+)==(\S+)", line)) is not None:
            pins[_name(found.group(1))] = found.group(2)
    return pins


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower().replace("_", "-").replace(".", "-")


def test_the_readme_starts_with_two_commands_and_ci_runs_the_second() -> None:
    commands = _setup_commands()
    assert len(commands) == 2, commands
    install, tests = commands
    assert install.startswith("pip install . && goldlint check examples/"), install
    assert f"-c {LOCK.relative_to(ROOT).as_posix()}" in tests, "the test command installs from the lock"
    ci = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    assert ci[-1] == tests, "`.ci/run` must run exactly the README's test command"


def test_the_lock_pins_every_package_the_test_command_installs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {_name(r) for r in project["dependencies"] + project["optional-dependencies"]["test"]}
    pins = _pins()
    assert declared - pins.keys() == set(), "pyproject names packages the lock does not pin: re-run pip-compile (see the lock's header)"
    # and the lock was compiled from this pyproject: what it says comes from it, pyproject declares
    from_project = {_name(line) for line in _via_pyproject()}
    assert from_project == declared, "the lock is stale: re-run pip-compile (see the lock's header)"


def _via_pyproject() -> list[str]:
    """The packages the lock says it pins because pyproject.toml asks for them."""
    lines = LOCK.read_text(encoding="utf-8").splitlines()
    out = []
    for n, line in enumerate(lines):
        if re.match(r"^[A-Za-z0-9._-]+==", line):
            via = []
            for after in lines[n + 1 :]:
                if not after.startswith("    #"):
                    break
                via.append(after)
            if any("goldlint (pyproject.toml)" in v for v in via):
                out.append(line)
    return out


@pytest.mark.slow
def test_the_readme_test_command_collects_the_suite_in_a_brand_new_environment(tmp_path: Path) -> None:
    """A new virtual environment, nothing else installed, then the README's test command as
    written (its pytest only collecting, so the suite does not run inside itself)."""
    env_dir = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", env_dir], check=True, capture_output=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTEST_ADDOPTS")}
    env.update(PATH=f"{env_dir / BIN}{os.pathsep}{env['PATH']}", VIRTUAL_ENV=str(env_dir), PYTEST_ADDOPTS="--collect-only -q -p no:cacheprovider")
    done = subprocess.run(["bash", "-c", _setup_commands()[1]], cwd=ROOT, env=env, capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=1800, check=False)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-4000:]
    collected = re.search(r"(\d+) tests? collected", out)
    assert collected is not None and int(collected.group(1)) > 1000, out[-4000:]
    assert "error" not in out.splitlines()[-1].lower(), out[-2000:]


def _floor(package: str) -> tuple[int, ...]:
    """The least version pyproject.toml accepts of ``package`` (its ``>=``)."""
    for requirement in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]:
        if _name(requirement) == package and (found := re.search(r">=\s*([0-9.]+)", requirement)) is not None:
            return tuple(int(part) for part in found.group(1).split("."))
    raise AssertionError(f"pyproject.toml declares no floor for {package}")


def test_msgspecs_floor_gives_what_the_code_relies_on() -> None:
    """An install that takes pyproject's least msgspec must run: a Field's derived `allowed`
    is set by ``msgspec.structs.force_setattr`` (0.18.5), the typed corpus reading catches a
    refused value as a ValueError (``msgspec.ValidationError`` is one from 0.21: before, an
    unknown envelope key was an internal error), and ``msgspec.structs.replace`` runs
    ``__post_init__`` (0.21: a Field replaced keeps `allowed` right). Measured: a corpus
    check on 0.18.4 fails with AttributeError; on 0.18.5-0.20.0 17 of 46 test files fail."""
    import msgspec

    from goldlint.families.declare import Codes, Field

    assert _floor("msgspec") >= (0, 21), "pyproject.toml accepts a msgspec this code does not run on"
    assert hasattr(msgspec.structs, "force_setattr") and issubclass(msgspec.ValidationError, ValueError)
    assert msgspec.structs.replace(Field("f", "string", Codes(), values={"a": ""}), values={"b": ""}).allowed == frozenset({"b"})
