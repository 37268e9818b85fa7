#!/usr/bin/env bash
# Installs what the test suite needs beyond Python packages. Idempotent and
# non-interactive; each section is owned by the tests that need it.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
  # apt_install PACKAGE COMMAND: install a Debian package unless COMMAND already exists.
  if ! command -v "$2" >/dev/null 2>&1; then
    if [ -z "${_APT_UPDATED:-}" ]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
      _APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$1" >/dev/null
  fi
}

# --- test infrastructure: tests/test_precommit.py, tests/test_wheel.py, tests/bench ---
# pre-commit's try-repo clones the hook repository with git.
apt_install git git

# --- goldlint score: tests/score/test_html.py (the HTML report in a real headless browser) ---
# Debian's chromium; the test drives it over the DevTools pipe, so nothing else is needed.
# With CI=true the browser test fails when chromium is missing instead of skipping.
apt_install chromium chromium
# A font, so the screenshot shows text (chromium only recommends fonts).
if ! dpkg -s fonts-dejavu-core >/dev/null 2>&1; then
  _APT_UPDATED=1 && DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fonts-dejavu-core >/dev/null
fi

# --- goldlint serve: tests/server (a real Neovim client, the VS Code extension's build) ---
# Debian's neovim (0.7.2 on bookworm) is the real client of tests/server/test_nvim.py;
# with CI=true that test fails when nvim is missing instead of skipping.
apt_install neovim nvim
# The extension builds with node and npm (vsce 3 needs node >= 20, as this machine has);
# Debian's packages only stand in when there is no node at all.
apt_install nodejs node
apt_install npm npm
# Its dependencies, from package-lock.json; again only when the lock file changed.
if [ ! -f editors/vscode/node_modules/.package-lock.json ] \
   || [ editors/vscode/package-lock.json -nt editors/vscode/node_modules/.package-lock.json ]; then
  (cd editors/vscode && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
