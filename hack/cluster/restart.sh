#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Restarts one running component of the local control plane with the command line it runs with
# (read from /proc), as an outage test needs: `hack/cluster/restart.sh kube-apiserver [DOWN_SECONDS]`.
# The component is stopped as down.sh stops it (SIGTERM, then SIGKILL), stays down DOWN_SECONDS
# (default 0), then starts again, logging to the end of its log. For kube-apiserver it waits for
# /readyz. The state (etcd data, PKI) is untouched.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

component=${1:?usage: restart.sh COMPONENT [DOWN_SECONDS]}
down_seconds=${2:-0}
mkdir -p "$KUBETRAIN_CACHE_DIR"
exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
flock 8

process_alive "$component" || die "$component" "is not running (make cluster-up first)"
read -r pid exe <"$PID_DIR/$component.pid"
mapfile -d '' argv <"/proc/$pid/cmdline"
stop_process "$component"
log "$component stopped; down for ${down_seconds}s"
sleep "$down_seconds"
START_APPEND=1 start_process "$component" "$exe" "${argv[@]:1}"
if [[ $component == kube-apiserver ]]; then
  wait_until kube-apiserver 90 "GET /readyz" \
    curl -sf --max-time 5 --cacert "$PKI_DIR/ca.crt" "https://127.0.0.1:$APISERVER_PORT/readyz"
fi
log "$component restarted"
