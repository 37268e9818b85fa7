"""The VS Code extension (``editors/vscode``): its pure pieces under node's own test runner,
and a build that packages a ``.vsix`` without network (VS Code itself cannot be had here).

Node and the extension's ``node_modules`` come from ``scripts/install-test-deps.sh``. On a
developer's machine without node the tests skip; under CI (``CI=true``) they must run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

EXTENSION = Path(__file__).resolve().parent.parent.parent / "editors" / "vscode"
TIMEOUT = 300


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{name} is missing under CI: scripts/install-test-deps.sh installs it")
        pytest.skip(f"{name} is not installed")
    return found


def _run(*args: str, **extra_env: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "npm_config_update_notifier": "false", "npm_config_fund": "false", "npm_config_audit": "false", **extra_env}
    done = subprocess.run(list(args), cwd=EXTENSION, env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, f"{' '.join(args)} exited {done.returncode}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done


@pytest.fixture(scope="module")
def built() -> Path:
    """The extension compiled, its dependencies installed (``npm ci`` only when they are stale)."""
    npm = _tool("npm")
    _tool("node")
    installed = EXTENSION / "node_modules" / ".package-lock.json"
    lock = EXTENSION / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        _run(npm, "ci", "--prefer-offline")
    _run(npm, "run", "compile")
    return EXTENSION / "out"


def test_client_pieces_pass_nodes_test_runner(built: Path) -> None:
    tests = sorted(str(p) for p in (built / "test").glob("*.test.js"))
    assert len(tests) == 2
    done = _run(_tool("node"), "--test", *tests)
    assert "# fail 0" in done.stdout and "# pass 10" in done.stdout, done.stdout


def test_pure_pieces_do_not_need_vscode(built: Path) -> None:
    for name in ("selector.js", "settings.js"):
        assert 'require("vscode")' not in (built / name).read_text(encoding="utf-8")


def test_packages_into_a_vsix_offline(built: Path, tmp_path: Path) -> None:
    target = tmp_path / "goldlint.vsix"
    _run(_tool("npx"), "--no-install", "vsce", "package", "--allow-missing-repository", "--out", str(target), npm_config_offline="true")
    with zipfile.ZipFile(target) as vsix:
        names = set(vsix.namelist())
        manifest = json.loads(vsix.read("extension/package.json"))
    assert {"extension/out/extension.js", "extension/out/selector.js", "extension/out/settings.js"} <= names
    assert "extension/node_modules/vscode-languageclient/package.json" in names
    assert not any(n.startswith(("extension/src/", "extension/out/test/", "extension/node_modules/typescript/")) for n in names)
    settings = manifest["contributes"]["configuration"]["properties"]
    assert {"goldlint.path", "goldlint.interpreter"} <= set(settings)
    assert {lang["id"] for lang in manifest["contributes"]["languages"]} == {"jsonl", "tsv", "conll"}
    assert manifest["main"] == "./out/extension.js"
