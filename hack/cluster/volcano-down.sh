#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Undoes volcano-up.sh: stops exactly the vc-scheduler and vc-controller-manager processes it
# started (Volcano runs no webhooks here, so nothing else is registered). Its CRDs and Queues stay,
# as the cluster's other CRDs do. The rest of the cluster keeps running. Safe when Volcano does not run.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

mkdir -p "$KUBETRAIN_CACHE_DIR"
exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
flock 8
stop_process volcano-scheduler
stop_process volcano-controller-manager
