"""A real Neovim, headless, as the client of ``goldlint serve`` (Debian's ``neovim``, 0.7.2,
installed by ``scripts/install-test-deps.sh``), attached through ``editors/nvim/legacy.lua``.

Neovim converts the server's UTF-16 positions to byte columns itself, so the columns it
reports prove the server's ranges right through a client we did not write. On a
developer's machine without ``nvim`` the test skips; under CI (``CI=true``) a missing
``nvim`` fails it, so the real client always runs there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .helpers import DATA, SERVER

LUA = Path(__file__).resolve().parent / "nvim_client.lua"
DATASET_LUA = Path(__file__).resolve().parent / "nvim_dataset.lua"
SLURP = Path(__file__).resolve().parent.parent / "data" / "slurp"
XSID = Path(__file__).resolve().parent.parent / "data" / "dataset" / "xsid"
EDITORS = Path(__file__).resolve().parent.parent.parent / "editors" / "nvim"
TIMEOUT = 75  # seconds, for the whole Neovim run (each wait inside is bounded by 20 s)


def nvim() -> str:
    found = shutil.which("nvim")
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("nvim is missing under CI: scripts/install-test-deps.sh installs Debian's neovim")
        pytest.skip("nvim is not installed (scripts/install-test-deps.sh installs it)")
    return found


def _env(tmp_path: Path, gold: Path, out: Path) -> dict[str, str]:
    """Neovim's environment: the file to open, where to write, the server, and folders of its own."""
    env = {
        **os.environ,
        "GOLDLINT_NVIM_GOLD": str(gold),
        "GOLDLINT_NVIM_OUT": str(out),
        "GOLDLINT_NVIM_CMD": json.dumps(SERVER),
        "GOLDLINT_NVIM_LEGACY": str(EDITORS / "legacy.lua"),
        "GOLDLINT_NVIM_CONFIG": str(EDITORS / "lsp" / "goldlint.lua"),
        "NVIM_LOG_FILE": str(tmp_path / "nvim.log"),
        "HOME": str(tmp_path / "home"),
    }
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"):
        folder = tmp_path / name.lower()
        folder.mkdir(mode=0o700)
        env[name] = str(folder)
    return env


def _run(lua: Path, tmp_path: Path, gold: Path, project: Path) -> dict[str, Any]:
    """Neovim, headless, running the client script ``lua`` on ``gold``: what it wrote."""
    out = tmp_path / "result.json"
    run = subprocess.run([nvim(), "--headless", "--clean", "-n", "-i", "NONE", "-c", f"luafile {lua}", "-c", "cquit 2"],
                         env=_env(tmp_path, gold, out), cwd=project, capture_output=True, text=True, timeout=TIMEOUT,
                         check=False, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, f"nvim exited {run.returncode}\nstdout:\n{run.stdout}\nstderr:\n{run.stderr}"
    return json.loads(out.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_neovim_receives_diagnostics_and_applies_a_quick_fix(tmp_path: Path) -> None:
    nvim()  # (skips without Neovim, fails under CI)
    project = tmp_path / "project"
    project.mkdir()
    (project / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
    gold = project / "defective.jsonl"
    text = (DATA / "defective.jsonl").read_text(encoding="utf-8")
    gold.write_text(text, encoding="utf-8")
    result = _run(LUA, tmp_path, gold, project)
    lines = text.split("\n")

    def byte_col(line: int, token: str) -> int:
        return len(lines[line][: lines[line].index(token)].encode("utf-8"))

    received = sorted((d["code"], d["lnum"], d["col"], d["end_col"], d["severity"], d["source"]) for d in result["diagnostics"])
    assert received == [
        ("SLU102", 0, byte_col(0, '"rate_bok"'), byte_col(0, '"rate_bok"') + len('"rate_bok"'), 1, "goldlint"),
        ("SLU108", 2, byte_col(2, '"reel"'), byte_col(2, '"reel"') + len('"reel"'), 1, "goldlint"),
    ]
    assert "Fix: replace with `rate_book` (SLU102)" in result["titles"]
    assert result["lines"][0] == lines[0].replace('"rate_bok"', '"rate_book"')
    assert result["lines"][1:3] == lines[1:3]
    assert result["after"] == "SLU108"
    assert result["config"] == {
        "cmd": ["goldlint", "serve"],
        "filetypes": ["json", "jsonl", "yaml", "tsv", "conll"],
        "root_markers": ["goldlint.yaml", ".goldlint.yaml", "pyproject.toml", ".git"],
        "init_options": {"pullDiagnostics": False},
    }


def test_neovim_shows_a_leak_naming_the_closed_split(tmp_path: Path) -> None:
    """The workspace index (issue 22) through a real client: the SLURP test split open, its
    development split closed; one real test record (line 2) copied into the development split."""
    nvim()  # (skips without Neovim, fails under CI)
    project = tmp_path / "project"
    project.mkdir()
    (project / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
    test_lines = (SLURP / "test.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)[:3]
    devel_lines = (SLURP / "devel.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)[:3] + [test_lines[1]]
    (project / "test.jsonl").write_text("".join(test_lines), encoding="utf-8")
    (project / "devel.jsonl").write_text("".join(devel_lines), encoding="utf-8")
    result = _run(DATASET_LUA, tmp_path, project / "test.jsonl", project)
    assert result["buffers"] == 1  # (the development split was never opened)
    # (the record copied whole: its text leaks, DS101, and its slurp_id is in both files, DS105)
    assert sorted(d["code"] for d in result["diagnostics"]) == ["DS101", "DS105"]
    leak, same_id = sorted(result["diagnostics"], key=lambda d: d["code"])
    at_id = test_lines[1].index('"slurp_id": ') + len('"slurp_id": ')
    assert (same_id["lnum"], same_id["col"]) == (1, at_id)
    assert [r["location"]["range"]["start"] for r in same_id["related"]] == [{"line": 3, "character": at_id}]
    sentence = json.loads(test_lines[1])["sentence"]
    column = test_lines[1].index(json.dumps(sentence, ensure_ascii=False))
    assert (leak["code"], leak["lnum"], leak["col"], leak["end_col"]) == ("DS101", 1, column, column + len(json.dumps(sentence)))
    [related] = leak["related"]
    assert related["location"]["uri"].endswith("/devel.jsonl") and related["message"] == "the same text (valid split)"
    assert related["location"]["range"]["start"] == {"line": 3, "character": column}


def test_neovim_attaches_to_an_xsid_conll_file(tmp_path: Path) -> None:
    """`*.conll` reaches the server through the legacy config (it was missing from its pattern:
    Neovim users had no server on xSID files): the English test split open, the validation split
    closed, the leak between them arrives."""
    nvim()  # (skips without Neovim, fails under CI)
    project = tmp_path / "project"
    project.mkdir()
    for name in ("en.test.conll", "en.valid.conll"):
        shutil.copyfile(XSID / name, project / name)
    result = _run(DATASET_LUA, tmp_path, project / "en.test.conll", project)
    assert result["buffers"] == 1
    first = (project / "en.test.conll").read_text(encoding="utf-8").splitlines()[0]
    leak = next(d for d in result["diagnostics"] if d["code"] == "DS101")
    assert (leak["lnum"], leak["col"]) == (0, first.index("show all reminders"))
    assert all(r["location"]["uri"].endswith("/en.valid.conll") for r in leak["related"])
