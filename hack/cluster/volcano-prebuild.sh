#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts `build.sh volcano scheduler-plugins` in the background when a gang scheduler binary is not
# cached yet, and returns at once (`make cluster-up` runs it after the cluster is up). Both gang
# schedulers build in one wrapper module (modules/gang-schedulers), the second mostly from the
# first's build cache. On a cold machine the build then overlaps the suites that run before the
# gang suite; volcano-up.sh and scheduler-plugins-up.sh wait for it through build.sh's lock.
# Output: $LOG_DIR/build-gangs-background.log. GANGS_PREBUILD=0 skips it (the gang suite then
# builds them itself, in the foreground).
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

[[ ${GANGS_PREBUILD:-1} == 0 ]] && exit 0
missing=0
for c in volcano-scheduler volcano-controller-manager; do
  [[ -x $(bin_path "$c" "$VOLCANO_VERSION") ]] || missing=1
done
for c in scheduler-plugins-scheduler scheduler-plugins-controller; do
  [[ -x $(bin_path "$c" "$SCHEDULER_PLUGINS_VERSION") ]] || missing=1
done
((missing)) || exit 0
mkdir -p "$LOG_DIR"
# Own session, every descriptor redirected and the lock descriptors closed: make returns at once
# and no lock is inherited.
setsid "$HACK_CLUSTER_DIR/build.sh" volcano scheduler-plugins </dev/null >"$LOG_DIR/build-gangs-background.log" 2>&1 8>&- 9>&- &
log "building the gang schedulers in the background (pid $!, log: $LOG_DIR/build-gangs-background.log)"
