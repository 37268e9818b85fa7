"""Every file extension goldlint reads reaches it from every face a user meets: the pre-commit
hooks' `files`, the VS Code extension's languages and document selector, and both Neovim
configurations. (A new format added to the engine alone — `.conll` for xSID — left the
editors silent on it.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from goldlint.engine import EXTENSIONS

ROOT = Path(__file__).resolve().parent.parent
READ = sorted(EXTENSIONS)  # ".json", ".conll", ...
VSCODE_OWN = {".json", ".yaml", ".yml"}  # languages VS Code itself has
NVIM_FILETYPE = {".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl", ".yaml": "yaml", ".yml": "yaml", ".tsv": "tsv", ".conll": "conll"}


def test_the_nvim_filetype_table_covers_every_extension() -> None:
    assert set(NVIM_FILETYPE) == set(READ)


@pytest.mark.parametrize("hook", yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")), ids=lambda h: h["id"])
def test_pre_commit_hooks_pass_every_extension(hook: dict[str, str]) -> None:
    files = re.compile(hook["files"])
    assert [ext for ext in READ if not files.search(f"data/gold{ext}")] == []


def test_vscode_contributes_or_knows_a_language_for_every_extension() -> None:
    manifest = json.loads((ROOT / "editors/vscode/package.json").read_text(encoding="utf-8"))
    contributed = {ext for lang in manifest["contributes"]["languages"] for ext in lang["extensions"]}
    assert [ext for ext in READ if ext not in contributed | VSCODE_OWN] == []
    languages = {lang["id"] for lang in manifest["contributes"]["languages"]}
    assert {f"onLanguage:{lang}" for lang in languages} <= set(manifest["activationEvents"])


def test_vscode_selector_sends_every_extension_to_the_server() -> None:
    selector = (ROOT / "editors/vscode/src/selector.ts").read_text(encoding="utf-8")
    languages = set(re.findall(r'"(\w+)"', re.search(r"LANGUAGES = \[(.*?)\]", selector).group(1)))  # type: ignore[union-attr]
    pattern = set(re.search(r'pattern: "\*\*/\*\.\{([\w,]+)\}"', selector).group(1).split(","))  # type: ignore[union-attr]
    by_hand = set(re.findall(r'"\.(\w+)"', re.search(r"PATTERN_EXTENSIONS = \[(.*?)\]", selector).group(1)))  # type: ignore[union-attr]
    assert pattern == by_hand  # the selector and its hand evaluation agree
    assert [ext for ext in READ if NVIM_FILETYPE[ext] not in languages and ext[1:] not in pattern] == []


def test_neovim_legacy_config_attaches_every_extension() -> None:
    legacy = (ROOT / "editors/nvim/legacy.lua").read_text(encoding="utf-8")
    patterns = set(re.findall(r'"\*(\.\w+)"', re.search(r"pattern = \{(.*?)\}", legacy).group(1)))  # type: ignore[union-attr]
    assert patterns == set(READ)


def test_neovim_011_config_attaches_every_extension() -> None:
    config = (ROOT / "editors/nvim/lsp/goldlint.lua").read_text(encoding="utf-8")
    filetypes = set(re.findall(r'"(\w+)"', re.search(r"filetypes = \{(.*?)\}", config).group(1)))  # type: ignore[union-attr]
    assert {NVIM_FILETYPE[ext] for ext in READ} == filetypes
    assert 'extension = { conll = "conll" }' in config  # Neovim has no filetype of its own for .conll
