"""The wheel, installed: built from this tree, put into a fresh virtual environment with its
dependencies (pinned by the test lock), and run.

goldlint itself must come from the wheel: the test proves it by where the package and its
grammar live, and then runs that environment's ``goldlint`` console script.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

GRAMMAR = "goldlint/grammars/slu_annotation.lark"
LOCK = "requirements/test.txt"  # the versions the tests install (README's test command)
BIN = "Scripts" if os.name == "nt" else "bin"


def _run(args: list[str | Path], cwd: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")}
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8",
                          errors="replace", timeout=timeout, check=False)


def _ok(done: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert done.returncode == 0, f"{done.args}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(repo_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    if importlib.util.find_spec("hatchling") is not None:  # offline: the backend is already here
        _ok(_run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", out, repo_root]))
    else:
        _ok(_run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", out, repo_root]))
    (built,) = out.glob("goldlint-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, repo_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A brand-new environment (not seeing this one's packages: from inside a virtual
    environment, ``--system-site-packages`` would mean the base interpreter's), holding the
    wheel and its dependencies at the versions of the test lock, as a user's would."""
    env_dir = tmp_path_factory.mktemp("venv") / "env"
    _ok(_run([sys.executable, "-m", "venv", env_dir]))
    python = env_dir / BIN / "python"
    _ok(_run([python, "-m", "pip", "install", "--disable-pip-version-check", "--no-warn-script-location", "--quiet",
              "-c", repo_root / LOCK, wheel], timeout=900))
    return env_dir


def test_wheel_holds_the_package_and_its_data(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert GRAMMAR in names
    assert "goldlint/__init__.py" in names and "goldlint/cli.py" in names
    assert "goldlint/families/slu/examples.yaml" in names and "goldlint/rules/examples.yaml" in names  # (`goldlint rule` shows them)
    assert "goldlint/families/corpus/langtable.tsv" in names  # (a harness corpus reads its language codes there)
    assert not [n for n in names if n.startswith(("lint/", "tests/", "grammars/"))], "source-tree folders leaked into the wheel"
    assert not [n for n in names if "__pycache__" in n]


def test_goldlint_comes_from_the_wheel(venv: Path, repo_root: Path) -> None:
    probe = (
        "import json, goldlint, importlib.metadata as md\n"
        "from goldlint.resources import data_dir\n"
        "print(json.dumps({'file': goldlint.__file__, 'grammars': str(data_dir('grammars')),"
        " 'version': md.version('goldlint'), 'requires': md.requires('goldlint') or []}))\n"
    )
    info = json.loads(_ok(_run([venv / BIN / "python", "-c", probe], cwd=venv)).stdout)
    package = Path(info["file"]).resolve().parent
    assert package.is_relative_to(venv.resolve()), f"goldlint imported from {package}, not from the wheel in {venv}"
    assert (package / "grammars" / "slu_annotation.lark").is_file()
    assert Path(info["grammars"]).resolve() == package / "grammars", "the grammar is looked up outside the installed package"
    project = tomllib.loads((repo_root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert info["version"] == project["version"]
    assert _requirements(r for r in info["requires"] if "extra ==" not in r) == _requirements(project["dependencies"])


def _requirements(specs: object) -> dict[str, object]:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    return {canonicalize_name(r.name): r.specifier for r in map(Requirement, specs)}  # type: ignore[call-overload]


@pytest.fixture
def gold(repo_root: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "gold"
    folder.mkdir()
    for name in ("defective.jsonl", "clean.jsonl"):
        shutil.copy2(repo_root / "tests" / "data" / "slu" / name, folder / name)
    return folder


def test_installed_cli_fails_on_defective_gold(venv: Path, gold: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    done = _run([venv / BIN / "goldlint", "check", "defective.jsonl"], cwd=gold)
    assert done.returncode == 1, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert [line.split(" [")[0] for line in lines[:-1]] == [
        "defective.jsonl:2:2192: SLU102",
        "defective.jsonl:3:2225: SLU103",
    ]
    assert "did you mean `weather/find`?" in lines[0]
    assert "(allowed: reference)" in lines[1]
    assert lines[-1].startswith("Found 2 problems")
    # The installed wheel says exactly what this source tree says.
    source = run_cli("check", "defective.jsonl", cwd=gold)
    assert (source.returncode, source.stdout) == (done.returncode, done.stdout)


def test_installed_cli_passes_clean_gold(venv: Path, gold: Path) -> None:
    done = _run([venv / BIN / "goldlint", "check", "clean.jsonl"], cwd=gold)
    assert (done.returncode, done.stdout, done.stderr) == (0, "All checks passed. 1 file checked (slu 1).\n", "")
    done = _run([venv / BIN / "goldlint", "check", "--format", "json", "clean.jsonl"], cwd=gold)
    assert done.returncode == 0 and json.loads(done.stdout) == []


def _compiler() -> str | None:
    import sysconfig

    link = sysconfig.get_config_var("LDSHARED")
    return shutil.which(str(link).split()[0]) if link else None


def test_the_wheel_holds_the_compiled_kernels_and_uses_them(wheel: Path, venv: Path) -> None:
    """Built where a C compiler is (``hatch_build.py``): the module beside the package, the wheel
    tagged for this interpreter, and the installed goldlint running it."""
    if _compiler() is None:
        pytest.skip("no C compiler here: the wheel is pure Python")
    names = zipfile.ZipFile(wheel).namelist()
    assert [n for n in names if n.startswith("_goldlint_speedups.") and n.endswith((".so", ".pyd"))], names
    assert "-none-any" not in wheel.name
    probe = "from goldlint import speedups; print(speedups.native is not None and speedups.native.__name__)"
    assert _ok(_run([venv / BIN / "python", "-c", probe], cwd=venv)).stdout.strip() == "_goldlint_speedups"


def test_a_pure_wheel_is_built_on_request(repo_root: Path, tmp_path: Path) -> None:
    """``GOLDLINT_PURE_WHEEL=1`` (or a machine without a compiler): no compiled module, any platform."""
    if importlib.util.find_spec("hatchling") is None:
        pytest.skip("builds offline with the backend installed here")
    env = {**os.environ, "GOLDLINT_PURE_WHEEL": "1"}
    done = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path), str(repo_root)],
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    (built,) = tmp_path.glob("goldlint-*.whl")
    assert built.name.endswith("-py3-none-any.whl")
    assert not [n for n in zipfile.ZipFile(built).namelist() if n.startswith("_goldlint_speedups")]
