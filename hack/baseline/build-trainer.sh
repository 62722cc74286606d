#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds upstream Kubeflow Trainer's manager, the baseline the controller benchmark measures
# kubetrain against, from the Go module proxy:
#   hack/baseline/build-trainer.sh        prints the binary's path on stdout
# The binary lands at $KUBETRAIN_CACHE_DIR/bin/trainer-controller-manager/<version>/ (outside the
# checkout); one that is already there is not rebuilt. The build runs `go build` inside the
# committed wrapper module modules/trainer (its go.mod/go.sum pin every dependency; no upstream
# source is copied into the checkout), with the Go module and build caches of hack/cluster
# ($KUBETRAIN_CACHE_DIR/go), and prints how long it took. It links into a temporary directory and
# renames into place, so an interrupted build never leaves a half-written binary.
set -euo pipefail
# versions.sh: KUBETRAIN_CACHE_DIR, BIN_ROOT, GO_ROOT; lib.sh: go_env, log, die.
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/../cluster/lib.sh"

PKG=github.com/kubeflow/trainer/v2/cmd/trainer-controller-manager
MODULE_DIR=$(cd "$(dirname "$0")/modules/trainer" && pwd)
OUT=$(bin_path trainer-controller-manager "$TRAINER_VERSION")

grep -q "github.com/kubeflow/trainer/v2 $TRAINER_VERSION" "$MODULE_DIR/go.mod" ||
  die build-trainer "modules/trainer/go.mod does not require github.com/kubeflow/trainer/v2 $TRAINER_VERSION"

mkdir -p "$BIN_ROOT"
# hack/cluster/build.sh's lock: one Go build at a time on the machine.
exec 9>"$BIN_ROOT/.build.lock"
flock 9
if [[ -x $OUT ]]; then
  log "build trainer-controller-manager: cached ($TRAINER_VERSION)"
  printf '%s\n' "$OUT"
  exit 0
fi
command -v go >/dev/null || die build-trainer "go is not on PATH (Go >= 1.26 is needed)"

start=$SECONDS
tmp=$(mktemp -d "$BIN_ROOT/.build-trainer.XXXXXX")
log "build trainer-controller-manager $TRAINER_VERSION (go build in hack/baseline/modules/trainer; cold builds take minutes)"
if ! (cd "$MODULE_DIR" && go_env && go build -ldflags "-s -w" -o "$tmp/" "$PKG") >"$tmp/build.log" 2>&1; then
  mkdir -p "$LOG_DIR"
  cp "$tmp/build.log" "$LOG_DIR/build-trainer.log"
  rm -rf "$tmp"
  die build-trainer "go build failed for $PKG@$TRAINER_VERSION (log: $LOG_DIR/build-trainer.log)"
fi
mkdir -p "$(dirname "$OUT")"
mv "$tmp/trainer-controller-manager" "$OUT"
rm -rf "$tmp"
printf '[baseline] build time trainer-controller-manager %ss (%s)\n' $((SECONDS - start)) "$TRAINER_VERSION" >&2
printf '%s\n' "$OUT"
