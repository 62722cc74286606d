#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Undoes scheduler-plugins-up.sh: stops exactly the scheduler and controller processes it started
# (no webhooks are registered). The CRDs stay. The rest of the cluster keeps running. Safe when they
# do not run.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

mkdir -p "$KUBETRAIN_CACHE_DIR"
exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
flock 8
stop_process scheduler-plugins-scheduler
stop_process scheduler-plugins-controller
