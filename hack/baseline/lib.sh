# SPDX-License-Identifier: Apache-2.0
# What the baseline build scripts share (sourced, never run): building an upstream binary from the Go
# module proxy inside a committed wrapper module, into the binary cache outside the checkout.
# shellcheck shell=bash
# versions.sh: KUBETRAIN_CACHE_DIR, BIN_ROOT, GO_ROOT; lib.sh: go_env, log, die, bin_path.
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../cluster/lib.sh"
BASELINE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# build_baseline BINARY VERSION MODULE REQUIRED_MODULE PACKAGE: builds PACKAGE (whose main package
# links as BINARY) with `go build` inside the wrapper module modules/MODULE, whose go.mod must require
# REQUIRED_MODULE at VERSION, to $BIN_ROOT/BINARY/VERSION/BINARY, and prints that path on stdout. A
# binary already there is not rebuilt. Holds hack/cluster/build.sh's lock when it builds (one Go build at a time on
# the machine), links into a temporary directory and renames into place (an interrupted build never
# leaves a half-written binary), and prints how long the build took. Failures go through
# `die build-MODULE`, with the build log in $LOG_DIR/build-MODULE.log.
build_baseline() {
  local binary=$1 version=$2 module=$3 required=$4 package=$5
  local module_dir out tmp start
  module_dir=$BASELINE_DIR/modules/$module
  out=$(bin_path "$binary" "$version")
  grep -q "$required $version" "$module_dir/go.mod" ||
    die "build-$module" "modules/$module/go.mod does not require $required $version"

  if [[ -x $out ]]; then
    log "build $binary: cached ($version)"
    printf '%s\n' "$out"
    return 0
  fi
  mkdir -p "$BIN_ROOT"
  # Only now, with something to build: a checkout whose binary exists never waits for the lock.
  exec 9>"$BIN_ROOT/.build.lock"
  flock 9
  if [[ -x $out ]]; then
    log "build $binary: cached ($version)"
    printf '%s\n' "$out"
    return 0
  fi
  command -v go >/dev/null || die "build-$module" "go is not on PATH (Go >= 1.26 is needed)"

  start=$SECONDS
  tmp=$(mktemp -d "$BIN_ROOT/.build-$module.XXXXXX")
  log "build $binary $version (go build in hack/baseline/modules/$module; cold builds take minutes)"
  if ! (cd "$module_dir" && go_env && go build -ldflags "-s -w" -o "$tmp/$binary" "$package") >"$tmp/build.log" 2>&1; then
    mkdir -p "$LOG_DIR"
    cp "$tmp/build.log" "$LOG_DIR/build-$module.log"
    rm -rf "$tmp"
    die "build-$module" "go build failed for $package@$version (log: $LOG_DIR/build-$module.log)"
  fi
  mkdir -p "$(dirname "$out")"
  mv "$tmp/$binary" "$out"
  rm -rf "$tmp"
  printf '[baseline] build time %s %ss (%s)\n' "$binary" $((SECONDS - start)) "$version" >&2
  printf '%s\n' "$out"
}
