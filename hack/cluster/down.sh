#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Stops the local control plane (`make cluster-down`): exactly the processes up.sh started (their
# PIDs are in $KUBETRAIN_CACHE_DIR/cluster/pids), in reverse start order, then removes the cluster
# state ($KUBETRAIN_CACHE_DIR/cluster: etcd data, PKI, kubeconfig). Logs stay in
# $KUBETRAIN_CACHE_DIR/cluster-logs until the next up. Safe to run when nothing runs.
#   --locked: the caller (up.sh) already holds the cluster lock.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

if [[ ${1:-} != --locked ]]; then
  mkdir -p "$KUBETRAIN_CACHE_DIR"
  exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
  flock 8
fi
for c in "${OPTIONAL_COMPONENTS[@]}"; do stop_process "$c"; done
for ((i = ${#COMPONENTS[@]} - 1; i >= 0; i--)); do
  stop_process "${COMPONENTS[$i]}"
done
rm -rf "$CLUSTER_DIR"
log "cluster down"
