#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts the optional Kueue controller manager (v$KUEUE_VERSION) against the running local cluster,
# out of cluster, for the suites that need it (e2e/schedulers/kueue.e2e.ts) and for
# `make cluster-up KUEUE=1`. Builds it first when the binary is missing (waits for a background
# build that cluster-up started). Contract:
# - the cluster must be running (make cluster-up); Kueue listens on 127.0.0.1 only: webhooks
#   KUEUE_WEBHOOK_PORT, health KUEUE_HEALTH_PORT, metrics KUEUE_METRICS_PORT;
# - only the TrainJob integration (trainer.kubeflow.org/trainjob) is on, and Kueue manages jobs
#   only in namespaces labelled kubetrain.dev/kueue=true; its webhooks (config/kueue-webhooks.yaml.tmpl)
#   are scoped the same way, so other suites' objects never reach Kueue;
# - returns when Kueue's webhooks answer a server-side dry run; prints `started` on stdout, or
#   `running` when it already ran (then nothing changes);
# - undone by kueue-down.sh (webhook configurations deleted, process stopped); down.sh stops it too.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"
CONFIG=$HACK_CLUSTER_DIR/config
# Kueue reads its metrics serving certificate from this fixed path when internal cert management
# is off (cmd/kueue/main.go); it exits when the files are missing.
METRICS_CERT_DIR=/etc/kueue/metrics/certs

kueue_webhooks_ready() {
  kubectl create --dry-run=server -f - <<'YAML'
apiVersion: kueue.x-k8s.io/v1beta2
kind: ResourceFlavor
metadata: {name: webhook-probe, labels: {kubetrain.dev/kueue: 'true'}}
YAML
}
fill() {
  sed -e "s|@PKI_DIR@|$PKI_DIR|g" -e "s|@CA_BUNDLE@|$(base64 -w0 "$PKI_DIR/ca.crt")|g" \
    -e "s|@KUEUE_WEBHOOK_PORT@|$KUEUE_WEBHOOK_PORT|g" -e "s|@KUEUE_HEALTH_PORT@|$KUEUE_HEALTH_PORT|g" \
    -e "s|@KUEUE_METRICS_PORT@|$KUEUE_METRICS_PORT|g" "$1"
}

[[ -f $PID_DIR/kube-apiserver.pid ]] && process_alive kube-apiserver ||
  die kueue "the local cluster is not running (make cluster-up first)"
# Before taking the cluster lock: a build may take minutes and must not block other cluster scripts.
"$HACK_CLUSTER_DIR/build.sh" kueue
exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
flock 8

if process_alive kueue; then
  wait_until kueue 60 "Kueue's webhooks answer a server-side dry run" kueue_webhooks_ready
  echo running
  exit 0
fi
for port in "$KUEUE_WEBHOOK_PORT" "$KUEUE_HEALTH_PORT" "$KUEUE_METRICS_PORT"; do
  port_in_use "$port" && die kueue "port 127.0.0.1:$port is already in use by another process (see versions.sh)"
done

"$HACK_CLUSTER_DIR/pki.sh" serving kueue-webhook
"$HACK_CLUSTER_DIR/pki.sh" serving kueue-metrics
# The metrics path: a symlink to this cluster's cert (left alone when it is a real directory, e.g.
# the certificate of a Kueue installed on this machine).
if [[ -L $METRICS_CERT_DIR || ! -e $METRICS_CERT_DIR ]]; then
  { mkdir -p "$(dirname "$METRICS_CERT_DIR")" && ln -sfn "$PKI_DIR/kueue-metrics" "$METRICS_CERT_DIR"; } 2>/dev/null ||
    die kueue "Kueue needs its metrics certificate at the fixed path $METRICS_CERT_DIR, which this user cannot create; create it as a symlink to $PKI_DIR/kueue-metrics (or to a directory with tls.crt and tls.key)"
fi
[[ -f $METRICS_CERT_DIR/tls.crt ]] || die kueue "$METRICS_CERT_DIR has no tls.crt"

kubectl get namespace kueue-system >/dev/null 2>&1 || kubectl create namespace kueue-system >/dev/null ||
  die kueue "cannot create the namespace kueue-system"
fill "$CONFIG/kueue-config.yaml.tmpl" >"$CLUSTER_DIR/kueue-config.yaml"
start=$SECONDS
KUBECONFIG=$ADMIN_KUBECONFIG start_process kueue "$(bin_path kueue "$KUEUE_VERSION")" \
  --config="$CLUSTER_DIR/kueue-config.yaml" --zap-log-level=2
wait_until kueue 90 "GET /readyz" curl -sf "http://127.0.0.1:$KUEUE_HEALTH_PORT/readyz"
fill "$CONFIG/kueue-webhooks.yaml.tmpl" | kubectl apply --server-side --field-manager=kubetrain-cluster -f - >/dev/null ||
  die kueue "cannot register the webhook configurations"
wait_until kueue 60 "Kueue's webhooks answer a server-side dry run" kueue_webhooks_ready
log "kueue ready in $(elapsed "$start") (log: $LOG_DIR/kueue.log)"
echo started
