#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make stop`: stops the manager `make run` started (by its recorded pid, only while that pid still
# runs kubetrain-manager) and removes the webhook configurations that point at it (they would make
# every TrainJob write fail). The cluster keeps running: `make cluster-down` stops the local one.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
# shellcheck source=hack/install/local-config.sh
source hack/install/local-config.sh
if manager_alive; then
  pid=$(<"$MANAGER_PID")
  kill -TERM "$pid"
  for ((i = 0; i < 40; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  echo "stopped the manager (pid $pid; log $MANAGER_LOG)"
else
  echo "no manager of make run is running"
fi
rm -f "$MANAGER_PID"
kubeconfig=${KUBECONFIG:-}
[[ -n $kubeconfig && -f ${kubeconfig%%:*} ]] || kubeconfig=$(hack/cluster/which.sh kubeconfig 2>/dev/null || true)
kubectl=$(hack/cluster/which.sh kubectl 2>/dev/null || command -v kubectl || true)
if [[ -n $kubeconfig && -n $kubectl ]] && "$kubectl" --kubeconfig "$kubeconfig" get --raw /readyz >/dev/null 2>&1; then
  "$kubectl" --kubeconfig "$kubeconfig" delete mutatingwebhookconfiguration,validatingwebhookconfiguration \
    -l "$LOCAL_LABEL" --ignore-not-found
fi
