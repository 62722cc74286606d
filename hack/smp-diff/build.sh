#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds hack/smp-diff (apimachinery's strategic merge patch behind a JSON-lines pipe) once per source
# version and prints the binary's path:
#   hack/smp-diff/build.sh    ->  $KUBETRAIN_CACHE_DIR/bin/smp-diff/<hash of go.mod, go.sum, main.go>/smp-diff
# Modules come from the Go module proxy into the same caches as the cluster's builds (hack/cluster/lib.sh
# go_env: GOMODCACHE and GOCACHE under $KUBETRAIN_CACHE_DIR/go). The binary is linked into a temporary
# directory and renamed into place, so an interrupted build never leaves a half-written binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=hack/cluster/lib.sh
source "$here/../cluster/lib.sh"

command -v go >/dev/null || die smp-diff "go is not on PATH (Go >= 1.26 builds hack/smp-diff)"
key=$(cd "$here" && cat go.mod go.sum main.go | sha256sum | cut -c1-16)
out=$(bin_path smp-diff "$key")
if [[ ! -x $out ]]; then
  mkdir -p "$BIN_ROOT/smp-diff"
  exec 9>"$BIN_ROOT/smp-diff/.build.lock"
  flock 9
  if [[ ! -x $out ]]; then
    start=$SECONDS
    tmp=$(mktemp -d "$BIN_ROOT/smp-diff/.build.XXXXXX")
    if ! (cd "$here" && go_env && go build -ldflags "-s -w" -o "$tmp/smp-diff" .) >"$tmp/build.log" 2>&1; then
      cat "$tmp/build.log" >&2
      rm -rf "$tmp"
      die smp-diff "go build failed"
    fi
    mkdir -p "$(dirname "$out")"
    mv "$tmp/smp-diff" "$out"
    rm -rf "$tmp"
    log "build time smp-diff $((SECONDS - start))s"
  fi
fi
printf '%s\n' "$out"
