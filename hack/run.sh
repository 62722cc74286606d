#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make run`: a TrainJob run to completion, from nothing.
#  1. The cluster: the one KUBECONFIG names when it answers; else (KUBECONFIG unset, no such file,
#     no current context) the local control plane of hack/cluster (`make cluster-up`).
#  2. kubetrain's CRDs and its namespace.
#  3. The manager as a local background process: logs in $KUBETRAIN_CACHE_DIR/run/manager.log, pid in
#     manager.pid. Waits for /readyz and for the webhook server, then registers the webhook
#     configurations pointing at it (https://127.0.0.1:16521) with the CA its cert management
#     issued (cert dir ca.crt; the manager keeps it injected). The status server (feature gate
#     TrainJobStatus) listens on 127.0.0.1:16524 with the same certificate (docs/status-server.md).
#     A manager that serves no webhooks,
#     or an API server on another machine (it cannot call 127.0.0.1 here), gets none registered:
#     failurePolicy Fail would stop every TrainJob write.
#  4. The shipped ClusterTrainingRuntimes (through the validating webhook).
#  5. An example torch TrainJob (hack/install/example-trainjob.yaml), its progress printed as it
#     happens by `kubetrain wait` (state, pods per phase, and the trainer's progress bar: its kwok
#     pods cannot report, so hack/run/example-progress.sh reports on their behalf when the manager
#     serves the status server) until Complete.
#  6. Prints how to open the web dashboard (`kubetrain dashboard`); with DASHBOARD=1 it starts it.
# Everything is left running; `make stop` stops the manager. Run again: what is up is reused.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
# shellcheck source=hack/install/local-config.sh
source hack/install/local-config.sh
export KUBETRAIN_CACHE_DIR
start=$(date +%s)
say() { printf '[run %3ss] %s\n' "$(($(date +%s) - start))" "$*"; }
die() {
  say "ERROR: $*" >&2
  exit 1
}

# --- 1. the cluster ---
names_a_cluster() {
  [[ -n ${KUBECONFIG:-} && -f ${KUBECONFIG%%:*} ]] || return 1
  grep -qE '^current-context: *[^ "]+' "${KUBECONFIG%%:*}"
}
local_cluster=false
if names_a_cluster; then
  say "using the cluster of KUBECONFIG=$KUBECONFIG"
  KUBECTL=$(hack/cluster/which.sh kubectl 2>/dev/null || command -v kubectl || true)
  [[ -n $KUBECTL ]] || die "no kubectl: install one, or run 'make cluster-build'"
else
  say "KUBECONFIG names no cluster: starting the local control plane (hack/cluster; cold: builds it first)"
  make --no-print-directory cluster-up
  KUBECONFIG=$(hack/cluster/which.sh kubeconfig)
  KUBECTL=$(hack/cluster/which.sh kubectl)
  local_cluster=true
fi
export KUBECONFIG
k() { "$KUBECTL" --kubeconfig "$KUBECONFIG" "$@"; }
k get --raw /readyz >/dev/null 2>&1 || die "the API server of $KUBECONFIG does not answer /readyz"

# --- 2. CRDs, namespace ---
say "installing the CRDs and namespace $NAMESPACE"
k apply --server-side --force-conflicts --field-manager=kubetrain-run -k manifests/crds >/dev/null
hack/install/wait-established.sh "$KUBECTL" \
  crd/trainjobs.trainer.kubeflow.org crd/trainingruntimes.trainer.kubeflow.org \
  crd/clustertrainingruntimes.trainer.kubeflow.org >/dev/null
k apply --server-side --field-manager=kubetrain-run -f manifests/controller/namespace.yaml >/dev/null
k apply --server-side --field-manager=kubetrain-run -f manifests/controller/public.yaml >/dev/null

# --- 3. the manager ---
mkdir -p "$RUN_DIR" "$CERT_DIR"
cat >"$MANAGER_CONFIG" <<EOF
apiVersion: config.trainer.kubeflow.org/v1alpha1
kind: Configuration
webhook:
  host: 127.0.0.1
  port: $WEBHOOK_PORT
metrics:
  bindAddress: 127.0.0.1:$METRICS_PORT
  secureServing: false
health:
  healthProbeBindAddress: 127.0.0.1:$HEALTH_PORT
leaderElection:
  leaderElect: true
  resourceName: trainer.kubeflow.org
  leaseDuration: 15s
  renewDeadline: 10s
  retryPeriod: 2s
certManagement:
  enable: true
  webhookServiceName: kubeflow-trainer-controller-manager
  webhookSecretName: kubeflow-trainer-webhook-cert
statusServer:
  port: $STATUS_SERVER_PORT
  qps: 5
  burst: 10
featureGates:
  TrainJobStatus: true
EOF
if manager_alive; then
  say "the manager runs already (pid $(<"$MANAGER_PID")): reusing it"
else
  say "starting the manager (log: $MANAGER_LOG)"
  [[ -f $MANAGER_LOG ]] && mv -f "$MANAGER_LOG" "$MANAGER_LOG.previous"
  # setsid: the manager outlives this script and `make`; stdin closed, all output to the log.
  setsid nohup node packages/controller/bin/kubetrain-manager.js \
    --config "$MANAGER_CONFIG" --kubeconfig "$KUBECONFIG" --namespace "$NAMESPACE" \
    --cert-dir "$CERT_DIR" --log-format text </dev/null >"$MANAGER_LOG" 2>&1 &
  echo $! >"$MANAGER_PID"
fi
for ((i = 0; ; i++)); do
  curl -sf --max-time 2 "http://127.0.0.1:$HEALTH_PORT/readyz" >/dev/null 2>&1 && break
  manager_alive || die "the manager exited; the end of $MANAGER_LOG:
$(tail -20 "$MANAGER_LOG")"
  ((i < 120)) || die "the manager is not ready after 60s (see $MANAGER_LOG)"
  sleep 0.5
done
say "manager ready (probes http://127.0.0.1:$HEALTH_PORT/readyz, metrics http://127.0.0.1:$METRICS_PORT/metrics)"
webhooks=true
server=$(k config view --minify -o jsonpath='{.clusters[0].cluster.server}')
if [[ ! $server =~ ^https?://(127\.0\.0\.1|localhost|\[::1\])(:|/|$) ]]; then
  # A remote API server cannot call https://127.0.0.1 on this machine: no webhooks for it.
  say "WARNING: the API server ($server) is not on this machine: it cannot call the local webhook server; going on without admission"
  webhooks=false
fi
if $webhooks; then
  for ((i = 0; ; i++)); do
    [[ -s $CERT_DIR/ca.crt ]] &&
      curl -s --max-time 2 --cacert "$CERT_DIR/ca.crt" -o /dev/null "https://127.0.0.1:$WEBHOOK_PORT/" 2>/dev/null && break
    if ((i >= 40)); then
      say "WARNING: the manager serves no webhooks on 127.0.0.1:$WEBHOOK_PORT (see $MANAGER_LOG): going on without admission"
      k delete mutatingwebhookconfiguration,validatingwebhookconfiguration -l "$LOCAL_LABEL" --ignore-not-found >/dev/null
      webhooks=false
      break
    fi
    sleep 0.5
  done
fi
if $webhooks; then
  node --import tsx hack/install/local-webhooks.ts "$WEBHOOK_PORT" "$CERT_DIR/ca.crt" |
    k apply --server-side --force-conflicts --field-manager=kubetrain-run -f - >/dev/null
  say "admission webhooks registered: https://127.0.0.1:$WEBHOOK_PORT (CA from $CERT_DIR/ca.crt)"
fi

# --- 4. the shipped runtimes ---
say "installing the shipped ClusterTrainingRuntimes"
for ((i = 0; ; i++)); do
  out=$(k apply --server-side --force-conflicts --field-manager=kubetrain-run -k manifests/runtimes 2>&1) && break
  # The API server may take a moment to use a CA bundle just injected.
  ((i < 20)) || die "the runtimes were not accepted: $out"
  sleep 1
done

# --- 5. the example TrainJob ---
name=$(k create -f hack/install/example-trainjob.yaml -o jsonpath='{.metadata.name}')
say "submitted TrainJob default/$name (torch-distributed, 2 nodes)"
# Its kwok pods run no code: hack/run/example-progress.sh reports their progress on their behalf
# to the manager's status server (when it serves one), so the view below shows a progress bar.
KUBECTL=$KUBECTL hack/run/example-progress.sh start default "$name"
# The CLI's own progress (on a terminal a view redrawn in place, else a line per change) until it
# is Complete; exit 1 if it Failed.
if ! bin/kubetrain wait "$name" -n default --for=Complete --timeout=300s --kubeconfig "$KUBECONFIG" >/dev/null; then
  hack/run/example-progress.sh finish
  die "TrainJob default/$name did not complete (kubetrain describe $name -n default)"
fi
hack/run/example-progress.sh finish
say "TrainJob default/$name is Complete"

cluster_hint="the cluster of KUBECONFIG"
$local_cluster && cluster_hint="the local control plane (make cluster-down stops it)"
cat <<EOF

kubetrain runs. Everything stays up:
  export KUBECONFIG=$KUBECONFIG
  kubectl get trainjobs -A                      # kubectl: $KUBECTL
  kubectl get trainjob -n default $name -o yaml
  manager log:   $MANAGER_LOG  (pid $(<"$MANAGER_PID"))
  cluster logs:  $KUBETRAIN_CACHE_DIR/cluster-logs/
  metrics:       curl http://127.0.0.1:$METRICS_PORT/metrics
  status server: https://127.0.0.1:$STATUS_SERVER_PORT/apis/trainer.kubeflow.org/v1alpha1/namespaces/<ns>/trainjobs/<name>/status
                 CA $STATUS_SERVER_CA; token: kubectl create token default -n <ns> \\
                   --audience trainer.kubeflow.org/v1alpha1/namespaces/<ns>/trainjobs/<name>/status
  submit another: kubectl create -f hack/install/example-trainjob.yaml
  dashboard:     bin/kubetrain dashboard --kubeconfig $KUBECONFIG   (or DASHBOARD=1 make run)
  stop:          make stop   (the manager and its webhook configurations; $cluster_hint)
EOF

# DASHBOARD=1: end by serving the web dashboard (docs/dashboard.md) until Ctrl-C.
if [[ ${DASHBOARD:-0} == 1 ]]; then
  exec bin/kubetrain dashboard --kubeconfig "$KUBECONFIG"
fi
