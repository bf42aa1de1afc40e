#!/usr/bin/env bash
# Installs what the project needs on this kind of machine, idempotently: npm packages (npm ci
# when package-lock.json changed; one lockfile for the plugin and its npm workspaces: host/ and
# its OSD stand-ins, tools/typescript-osd), Debian's Chromium for the browser tests, and the
# OpenSearch node (scripts/opensearch/install.sh). Nothing is downloaded outside the package
# registries. SKIP_OPENSEARCH=true installs no OpenSearch node (a type check and unit tests need
# none).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$ROOT"

lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [[ ! -f node_modules/.lock-hash || "$(cat node_modules/.lock-hash)" != "$lock_hash" ]]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > node_modules/.lock-hash
fi

if [[ "${SKIP_CHROMIUM:-false}" != "true" && ! -x /usr/bin/chromium ]]; then
  echo "setup: installing Debian's chromium"
  if [[ "$(id -u)" != "0" ]]; then
    echo "setup: /usr/bin/chromium is missing and this is not root: run 'sudo apt-get install -y chromium'" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if [[ "${SKIP_OPENSEARCH:-false}" != "true" ]]; then
  bash scripts/opensearch/install.sh
fi
