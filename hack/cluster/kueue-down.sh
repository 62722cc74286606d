#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Undoes kueue-up.sh: deletes Kueue's webhook configurations first (a failurePolicy Fail webhook
# whose server is gone would reject every object it selects), then stops exactly the Kueue process
# kueue-up.sh started. The rest of the cluster keeps running. Safe to run when Kueue does not run.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

mkdir -p "$KUBETRAIN_CACHE_DIR"
exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
flock 8
if [[ -f $PID_DIR/kube-apiserver.pid ]] && process_alive kube-apiserver; then
  kubectl delete mutatingwebhookconfiguration kueue-mutating-webhook-configuration --ignore-not-found >/dev/null ||
    die kueue "cannot delete kueue-mutating-webhook-configuration"
  kubectl delete validatingwebhookconfiguration kueue-validating-webhook-configuration --ignore-not-found >/dev/null ||
    die kueue "cannot delete kueue-validating-webhook-configuration"
fi
stop_process kueue
