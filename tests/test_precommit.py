"""The real ``pre-commit try-repo``: the hooks of ``.pre-commit-hooks.yaml`` fail on a defective
gold file and pass on a clean one, in a throwaway dataset repository.

``try-repo`` clones the hook repository at a commit (uncommitted edits to *tracked* files
are snapshotted into a shadow commit, untracked files are not), so the test commits a copy
of this source tree into a temporary git repository first: it tests the working tree as it
is, from a fresh clone or a dirty checkout alike, whatever the checkout's own git state.
pre-commit then builds its own virtualenv and ``pip install``s that repository into it.

``try-repo`` keeps that virtualenv in a throwaway store (``PRE_COMMIT_HOME`` is not used),
so each run installs goldlint and its dependencies again. To keep that fast and the runs
identical, the test first collects wheels of every dependency (and of the build backend)
into a wheelhouse cached across sessions (``GOLDLINT_TEST_CACHE``, default
``~/.cache/goldlint-tests``), then lets pre-commit's pip install offline from it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

# What building goldlint needs (pyproject's wheel target), copied into the hook repository.
HOOK_REPO_FILES = ("pyproject.toml", "hatch_build.py", "README.md", "LICENSE", ".pre-commit-hooks.yaml", "lint", "native", "grammars", "schemas")
GIT_ENV = {
    "GIT_AUTHOR_NAME": "goldlint tests", "GIT_AUTHOR_EMAIL": "tests@goldlint.invalid",
    "GIT_COMMITTER_NAME": "goldlint tests", "GIT_COMMITTER_EMAIL": "tests@goldlint.invalid",
    "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
}


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT", "VIRTUAL_ENV"))}
    env.pop("PYTHONPATH", None)  # the hook must run the goldlint pip installed, not this checkout
    # try-repo keeps its environments in a store of its own under a temporary folder; this
    # home only serves pre-commit's other state (its log).
    env.update(GIT_ENV, PRE_COMMIT_HOME=str(tmp / "pre-commit-home"), PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def _cache_dir() -> Path:
    return Path(os.environ.get("GOLDLINT_TEST_CACHE") or Path.home() / ".cache" / "goldlint-tests")


def _wheelhouse(repo: Path, env: dict[str, str]) -> Path:
    """Wheels of everything `pip install <repo>` needs, offline when the cache already has them."""
    house = _cache_dir() / "wheelhouse"
    house.mkdir(parents=True, exist_ok=True)
    base = [sys.executable, "-m", "pip", "wheel", "--quiet", "--find-links", str(house), "--wheel-dir", str(house)]
    wanted = [str(repo), "hatchling>=1.21"]
    done = subprocess.run([*base, "--no-index", *wanted], env=env, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:  # something is missing: fetch it (network to the package index)
        done = subprocess.run([*base, *wanted], env=env, capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr
    for built in house.glob("goldlint-*.whl"):
        built.unlink()  # goldlint itself is built by pre-commit, from the repository
    return house


def _git(cwd: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def hook_repo(repo_root: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    tmp = tmp_path_factory.mktemp("precommit")
    env = _env(tmp)
    repo = tmp / "goldlint-hooks"
    repo.mkdir()
    for name in HOOK_REPO_FILES:
        source = repo_root / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif source.is_file():
            shutil.copy2(source, repo / name)
    assert (repo / ".pre-commit-hooks.yaml").is_file()
    _git(repo, env, "init", "-q", "-b", "main")
    _git(repo, env, "add", "-A")
    _git(repo, env, "commit", "-q", "-m", "snapshot of the goldlint working tree")
    house = _wheelhouse(repo, env)
    links = " ".join(p for p in (str(house), os.environ.get("PIP_FIND_LINKS", "")) if p)
    return repo, {**env, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": links}


def _dataset(tmp_path: Path, env: dict[str, str], data: Path, names: list[str]) -> Path:
    dataset = tmp_path / "dataset"
    dataset.mkdir()
    for name in names:
        shutil.copy2(data / name, dataset / name)
    _git(dataset, env, "init", "-q", "-b", "main")
    _git(dataset, env, "add", "-A")
    return dataset


def _try_repo(hook_repo: Path, dataset: Path, env: dict[str, str], *files: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "goldlint", "--verbose", "--files", *files],
        cwd=dataset, env=env, capture_output=True, text=True, encoding="utf-8", errors="replace", timeout=600, check=False,
    )


def test_try_repo_fails_on_defective_and_passes_on_clean(hook_repo: tuple[Path, dict[str, str]], repo_root: Path,
                                                          tmp_path: Path) -> None:
    repo, env = hook_repo
    dataset = _dataset(tmp_path, env, repo_root / "tests" / "data" / "slu", ["defective.jsonl", "clean.jsonl"])

    bad = _try_repo(repo, dataset, env, "defective.jsonl")
    out = bad.stdout + bad.stderr
    assert bad.returncode == 1, out
    assert "goldlint" in out and "Failed" in out, out
    assert "defective.jsonl:2:2192: SLU102" in out, out
    assert "defective.jsonl:3:2225: SLU103" in out, out

    good = _try_repo(repo, dataset, env, "clean.jsonl")
    out = good.stdout + good.stderr
    assert good.returncode == 0, out
    assert "Passed" in out, out
    assert "SLU" not in out, out


def test_try_repo_sees_a_leak_between_splits_whatever_the_files_are_many(hook_repo: tuple[Path, dict[str, str]], repo_root: Path,
                                                                          tmp_path: Path) -> None:
    """The checks across a dataset's files need every file in one run: pre-commit handed parts of
    the list to parallel runs (``require_serial: false``), and a test sentence also in the
    validation split passed when the two fell in different parts. And a gold file in UTF-16,
    binary to pre-commit, is still handed over (``types: [file]``): goldlint says it is not UTF-8."""
    repo, env = hook_repo
    splits = repo_root / "tests" / "data" / "dataset" / "xsid"
    dataset = _dataset(tmp_path, env, splits, ["de.test.conll", "de.valid.conll", "en.test.conll", "en.valid.conll"])
    for n in range(8):  # (more files: pre-commit's parts are of four at least)
        shutil.copy2(repo_root / "tests" / "data" / "slu" / "clean.jsonl", dataset / f"clean{n}.jsonl")
    (dataset / "utf16.jsonl").write_bytes('{"a": 1}\n'.encode("utf-16"))
    _git(dataset, env, "add", "-A")
    files = sorted(p.name for p in dataset.iterdir() if p.is_file())
    done = _try_repo(repo, dataset, env, *files)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "en.test.conll:1:10: DS101" in out, out
    assert "utf16.jsonl:1:1: GL001" in out, out
    assert len(re.findall(r"\d+ files? checked", out)) == 1, out  # (one run saw them all)


# --------------------------------------------------------------------------- a real dataset repository

README = Path(__file__).resolve().parent.parent / "README.md"
DATASET = Path(__file__).resolve().parent / "data" / "precommit"


def _readme_config() -> tuple[str, str]:
    """The README's `.pre-commit-config.yaml` block as written, and the `rev` it names."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## pre-commit") :]
    block = section[section.index("```yaml\n") + 8 : section.index("```\n", section.index("```yaml\n") + 8)]
    rev = re.search(r"^\s*rev:\s*(\S+)", block, re.MULTILINE)
    assert rev is not None, block
    return block, rev.group(1)


def _run(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8", errors="replace",
                          timeout=900, check=False)


def test_readme_config_passes_a_clean_dataset_repository_and_blocks_a_defect(
        hook_repo: tuple[Path, dict[str, str]], repo_root: Path, tmp_path: Path) -> None:
    """The README's pre-commit section in a dataset repository with other JSON and YAML in it:
    a clean gold file of every kind passes (package.json, a CI workflow, the configs are
    skipped, not failed); a defective file fails naming the defect; the installed hook
    refuses to commit it."""
    repo, env = hook_repo
    block, rev = _readme_config()
    _git(repo, env, "tag", "-f", rev)  # the release the README names
    # The README's config as written; only the repository's address is this snapshot's path.
    config = re.sub(r"(?m)^(\s*- repo:)\s*\S+", lambda m: f"{m.group(1)} {repo}", block)
    assert config != block and f"rev: {rev}" in config

    dataset = tmp_path / "dataset"
    shutil.copytree(DATASET / "gold", dataset / "gold")
    (dataset / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    (dataset / "goldlint.yaml").write_text("semantic:\n  profile: slower-whisper\n", encoding="utf-8")
    (dataset / "package.json").write_text('{"name": "my-dataset", "private": true, "scripts": {"test": "true"}}\n', encoding="utf-8")
    (dataset / ".github" / "workflows").mkdir(parents=True)
    (dataset / ".github" / "workflows" / "ci.yml").write_text(
        "name: ci\non: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n", encoding="utf-8")
    (dataset / "README.md").write_text("# My dataset\n\nGold files for a spoken-language benchmark.\n", encoding="utf-8")
    _git(dataset, env, "init", "-q", "-b", "main")
    _git(dataset, env, "add", "-A")
    _git(dataset, env, "commit", "-q", "-m", "a clean dataset")

    clean = _run(dataset, env, sys.executable, "-m", "pre_commit", "run", "--all-files", "--verbose")
    out = clean.stdout + clean.stderr
    assert clean.returncode == 0, out
    assert "Passed" in out and "Failed" not in out, out
    # Every gold file was checked, and the rest skipped, not failed (pre-commit may split the
    # files between several goldlint processes: their summary lines are added up).
    assert _counted(out, "checked") == {"corpus": 1, "mix-config": 1, "runcard": 1, "semantic": 1, "slu": 1, "truth": 1, "xsid": 1}, out
    assert _counted(out, "skipped") == {"kind not recognised": 3, "goldlint config": 1}, out

    shutil.copy2(repo_root / "tests" / "data" / "slu" / "defective.jsonl", dataset / "gold" / "bad.jsonl")
    _git(dataset, env, "add", "-A")
    bad = _run(dataset, env, sys.executable, "-m", "pre_commit", "run", "--all-files")
    out = bad.stdout + bad.stderr
    assert bad.returncode == 1, out
    assert "Failed" in out and "gold/bad.jsonl:2:2192: SLU102" in out, out

    installed = _run(dataset, env, sys.executable, "-m", "pre_commit", "install")
    assert installed.returncode == 0, installed.stdout + installed.stderr
    head = _run(dataset, env, "git", "rev-parse", "HEAD").stdout
    commit = _run(dataset, env, "git", "commit", "-m", "add a defective gold file")
    out = commit.stdout + commit.stderr
    assert commit.returncode != 0 and "gold/bad.jsonl:2:2192: SLU102" in out, out
    assert _run(dataset, env, "git", "rev-parse", "HEAD").stdout == head  # nothing was committed


def _counted(output: str, what: str) -> dict[str, int]:
    """The per-kind (``checked``) or per-reason (``skipped``) counts of every summary line."""
    total: dict[str, int] = {}
    for found in re.finditer(rf"\d+ files? {what} \(([^)]*)\)" if what == "checked" else r"; \d+ skipped \(([^)]*)\)", output):
        for part in found.group(1).split(", "):
            name, count = part.rsplit(" ", 1) if what == "checked" else part.split(" ", 1)[::-1]
            total[name] = total.get(name, 0) + int(count)
    return total


def test_hook_files_pattern_covers_every_format_goldlint_reads(repo_root: Path) -> None:
    from goldlint.engine import EXTENSIONS

    hooks = (repo_root / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    patterns = set(re.findall(r"files: '(.*)'", hooks))
    assert len(patterns) == 1, patterns
    matcher = re.compile(patterns.pop())
    for extension in EXTENSIONS:
        assert matcher.search(f"gold/data{extension}"), extension
    assert not matcher.search("README.md") and not matcher.search("notes.txt")
