#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts `build.sh kueue` in the background when the Kueue binary of KUEUE_VERSION is not cached
# yet, and returns at once (`make cluster-up` runs it after the cluster is up). On a cold machine
# the build (minutes) then overlaps the suites that run before the Kueue suite; kueue-up.sh waits
# for it through build.sh's lock. Output: $LOG_DIR/build-kueue-background.log. KUEUE_PREBUILD=0
# skips it (the Kueue suite then builds Kueue itself, in the foreground).
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

[[ ${KUEUE_PREBUILD:-1} == 0 ]] && exit 0
[[ -x $(bin_path kueue "$KUEUE_VERSION") ]] && exit 0
mkdir -p "$LOG_DIR"
# Own session, every descriptor redirected and the lock descriptors closed: make returns at once
# and no lock is inherited.
setsid "$HACK_CLUSTER_DIR/build.sh" kueue </dev/null >"$LOG_DIR/build-kueue-background.log" 2>&1 8>&- 9>&- &
log "building kueue $KUEUE_VERSION in the background (pid $!, log: $LOG_DIR/build-kueue-background.log)"
