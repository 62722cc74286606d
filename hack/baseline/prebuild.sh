#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds upstream's managers that the e2e suites run (Kubeflow Trainer v2.3.0 for the takeover
# suite) in the background, when they are not cached yet, so that `make test` on a cold machine
# does not wait for them inside a suite. The builds queue on hack/cluster/build.sh's lock behind
# Kueue's and the gang schedulers'. BASELINE_PREBUILD=0 turns it off.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/../cluster/lib.sh"

[[ ${BASELINE_PREBUILD:-1} == 0 ]] && exit 0
[[ -x $(bin_path trainer-controller-manager "$TRAINER_VERSION") ]] && exit 0
mkdir -p "$LOG_DIR"
setsid "$(dirname "$0")/build-trainer.sh" </dev/null >"$LOG_DIR/build-trainer-background.log" 2>&1 8>&- 9>&- &
log "building trainer-controller-manager $TRAINER_VERSION in the background (pid $!, log: $LOG_DIR/build-trainer-background.log)"
