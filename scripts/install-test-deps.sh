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
