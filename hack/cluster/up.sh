#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts the local control plane (`make cluster-up`): etcd, kube-apiserver, kube-controller-manager,
# kube-scheduler, kwok (fake GPU and CPU nodes), and the JobSet and LeaderWorkerSet controllers
# with their webhooks over TLS; installs the CRDs of the JobSet, LWS, Kueue, Volcano and
# scheduler-plugins APIs. Builds missing binaries first.
# Contract:
# - every process listens on 127.0.0.1 only, on the ports in versions.sh;
# - the admin kubeconfig is at $KUBETRAIN_CACHE_DIR/cluster/kubeconfig;
# - returns only when the API server, the kwok nodes and both webhooks are ready;
# - idempotent: when the cluster already runs it only re-checks readiness; a half-running cluster
#   (a component died) is stopped with down.sh and started again;
# - on failure it names the component and shows the end of its log; what it started so far keeps
#   running for inspection until `make cluster-down` (or the next up) stops it;
# - logs: $KUBETRAIN_CACHE_DIR/cluster-logs/<component>.log; those of the previous start move to
#   cluster-logs.previous.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"
CONFIG=$HACK_CLUSTER_DIR/config

mkdir -p "$KUBETRAIN_CACHE_DIR"
exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
flock 8

# Only what the cluster runs: helm (for the install suites and users: `make cluster-build`, `make e2e`)
# and the optional components are built by whoever needs them.
"$HACK_CLUSTER_DIR/build.sh" etcd kubernetes kwok jobset lws

all_running() {
  local c
  for c in "${COMPONENTS[@]}"; do process_alive "$c" || return 1; done
}
apiserver_ready() {
  curl -sf --max-time 5 --cacert "$PKI_DIR/ca.crt" "https://127.0.0.1:$APISERVER_PORT/readyz"
}

# fill FILE: a config template with its @NAME@ placeholders replaced.
fill() {
  sed -e "s|@PKI_DIR@|$PKI_DIR|g" -e "s|@CA_BUNDLE@|$(base64 -w0 "$PKI_DIR/ca.crt")|g" \
    -e "s|@JOBSET_WEBHOOK_PORT@|$JOBSET_WEBHOOK_PORT|g" -e "s|@JOBSET_HEALTH_PORT@|$JOBSET_HEALTH_PORT|g" \
    -e "s|@LWS_WEBHOOK_PORT@|$LWS_WEBHOOK_PORT|g" -e "s|@LWS_HEALTH_PORT@|$LWS_HEALTH_PORT|g" \
    -e "s|@KWOK_PORT@|$KWOK_PORT|g" -e "s|@CLUSTER_DIR@|$CLUSTER_DIR|g" "$1"
}

# A server-side dry-run create goes through the mutating and validating webhooks: it succeeds only
# when the webhook servers answer over TLS with a certificate the API server trusts.
jobset_webhook_ready() {
  kubectl create --dry-run=server -f - <<'EOF'
apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata: {name: webhook-probe, namespace: default}
spec:
  replicatedJobs:
    - name: w
      template:
        spec:
          template:
            spec:
              restartPolicy: Never
              containers: [{name: c, image: probe}]
EOF
}
lws_webhook_ready() {
  kubectl create --dry-run=server -f - <<'EOF'
apiVersion: leaderworkerset.x-k8s.io/v1
kind: LeaderWorkerSet
metadata: {name: webhook-probe, namespace: default}
spec:
  leaderWorkerTemplate:
    size: 2
    workerTemplate:
      spec:
        containers: [{name: c, image: probe}]
EOF
}
nodes_ready() {
  local want have
  want=$(grep -c '^kind: Node' "$CONFIG/nodes.yaml")
  have=$(kubectl get nodes -l type=kwok --no-headers 2>/dev/null | awk '$2 == "Ready"' | wc -l)
  ((have == want))
}
wait_ready() {
  wait_until kube-apiserver 60 "GET /readyz" apiserver_ready
  wait_until kwok 60 "all kwok nodes Ready" nodes_ready
  wait_until jobset 60 "JobSet webhooks answer a server-side dry run" jobset_webhook_ready
  wait_until lws 60 "LeaderWorkerSet webhooks answer a server-side dry run" lws_webhook_ready
}

start=$SECONDS
if all_running && apiserver_ready >/dev/null 2>&1; then
  log "already running; checking readiness"
  wait_ready
  log "cluster ready (kubeconfig: $KUBECONFIG_PATH)"
  exit 0
fi
if compgen -G "$PID_DIR/*.pid" >/dev/null; then
  for c in "${COMPONENTS[@]}"; do
    process_alive "$c" || log "$c of the previous cluster is not running (its log moves to $LOG_DIR.previous)"
  done
  log "a previous cluster is partly running; stopping it first"
  "$HACK_CLUSTER_DIR/down.sh" --locked
fi

declare -A port_owner=(
  [$ETCD_CLIENT_PORT]=etcd [$ETCD_PEER_PORT]=etcd [$APISERVER_PORT]=kube-apiserver
  [$KCM_PORT]=kube-controller-manager [$SCHEDULER_PORT]=kube-scheduler [$KWOK_PORT]=kwok
  [$JOBSET_WEBHOOK_PORT]=jobset [$JOBSET_HEALTH_PORT]=jobset
  [$LWS_WEBHOOK_PORT]=lws [$LWS_HEALTH_PORT]=lws
)
for port in "${!port_owner[@]}"; do
  if port_in_use "$port"; then
    die "${port_owner[$port]}" "port 127.0.0.1:$port is already in use by another process (see versions.sh)"
  fi
done

rm -rf "$CLUSTER_DIR" "$LOG_DIR.previous"
[[ -d $LOG_DIR ]] && mv "$LOG_DIR" "$LOG_DIR.previous"
mkdir -p "$CLUSTER_DIR" "$LOG_DIR"
"$HACK_CLUSTER_DIR/pki.sh"
"$HACK_CLUSTER_DIR/kubeconfig.sh"

# --- etcd: single member, no fsync (test data only) ---
start_process etcd "$(bin_path etcd "$ETCD_VERSION")" \
  --name=kubetrain --data-dir="$CLUSTER_DIR/etcd" \
  --listen-client-urls="http://127.0.0.1:$ETCD_CLIENT_PORT" \
  --advertise-client-urls="http://127.0.0.1:$ETCD_CLIENT_PORT" \
  --listen-peer-urls="http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-advertise-peer-urls="http://127.0.0.1:$ETCD_PEER_PORT" \
  --initial-cluster="kubetrain=http://127.0.0.1:$ETCD_PEER_PORT" \
  --unsafe-no-fsync --quota-backend-bytes=2147483648 --auto-compaction-retention=1
wait_until etcd 30 "GET /health" curl -sf "http://127.0.0.1:$ETCD_CLIENT_PORT/health"

# --- kube-apiserver ---
# --advertise-address: otherwise it is derived from the default route, which may not exist.
# --endpoint-reconciler-type=none: a loopback address is invalid in the `kubernetes` Endpoints.
# ExtendedResourceToleration: pods requesting nvidia.com/gpu tolerate the GPU nodes' taint.
start_process kube-apiserver "$(bin_path kube-apiserver "$K8S_VERSION")" \
  --etcd-servers="http://127.0.0.1:$ETCD_CLIENT_PORT" --etcd-prefix=/registry \
  --bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port="$APISERVER_PORT" \
  --cert-dir="$PKI_DIR" --tls-cert-file="$PKI_DIR/apiserver.crt" --tls-private-key-file="$PKI_DIR/apiserver.key" \
  --client-ca-file="$PKI_DIR/ca.crt" \
  --requestheader-client-ca-file="$PKI_DIR/front-proxy-ca.crt" --requestheader-allowed-names=front-proxy-client \
  --requestheader-username-headers=X-Remote-User --requestheader-group-headers=X-Remote-Group \
  --requestheader-extra-headers-prefix=X-Remote-Extra- \
  --proxy-client-cert-file="$PKI_DIR/front-proxy-client.crt" --proxy-client-key-file="$PKI_DIR/front-proxy-client.key" \
  --service-account-issuer=https://kubernetes.default.svc.cluster.local \
  --service-account-key-file="$PKI_DIR/sa.pub" --service-account-signing-key-file="$PKI_DIR/sa.key" \
  --service-cluster-ip-range=10.96.0.0/16 \
  --authorization-mode=RBAC \
  --enable-admission-plugins=ExtendedResourceToleration \
  --allow-privileged=true \
  --endpoint-reconciler-type=none \
  --kubelet-preferred-address-types=InternalIP \
  --profiling=false --v=1
wait_until kube-apiserver 90 "GET /readyz" apiserver_ready

# --- kube-controller-manager and kube-scheduler ---
start_process kube-controller-manager "$(bin_path kube-controller-manager "$K8S_VERSION")" \
  --kubeconfig="$ADMIN_KUBECONFIG" \
  --authentication-kubeconfig="$ADMIN_KUBECONFIG" --authorization-kubeconfig="$ADMIN_KUBECONFIG" \
  --bind-address=127.0.0.1 --secure-port="$KCM_PORT" --cert-dir="$CLUSTER_DIR/kube-controller-manager" \
  --leader-elect=false --controllers='*' \
  --root-ca-file="$PKI_DIR/ca.crt" --service-account-private-key-file="$PKI_DIR/sa.key" \
  --v=1
start_process kube-scheduler "$(bin_path kube-scheduler "$K8S_VERSION")" \
  --kubeconfig="$ADMIN_KUBECONFIG" \
  --authentication-kubeconfig="$ADMIN_KUBECONFIG" --authorization-kubeconfig="$ADMIN_KUBECONFIG" \
  --bind-address=127.0.0.1 --secure-port="$SCHEDULER_PORT" --cert-dir="$CLUSTER_DIR/kube-scheduler" \
  --leader-elect=false --v=1

# --- CRDs (server-side apply: JobSet's CRD is too big for a client-side last-applied annotation) ---
"$HACK_CLUSTER_DIR/crds.sh"

# --- kwok and its nodes ---
kwok_dir=$(module_dir sigs.k8s.io/kwok "$KWOK_VERSION")
{
  fill "$CONFIG/kwok-config.yaml"
  for stage in node/fast/node-initialize node/heartbeat-with-lease/node-heartbeat-with-lease \
    pod/fast/pod-ready pod/fast/pod-delete; do
    printf -- '---\n'
    cat "$kwok_dir/kustomize/stage/$stage.yaml"
  done
  printf -- '---\n'
  cat "$CONFIG/kwok-outcome-stages.yaml"
  printf -- '---\n'
  fill "$CONFIG/kwok-logs.yaml"
} >"$CLUSTER_DIR/kwok.yaml"
printf '%s stdout F %s\n' "$(date -u +%Y-%m-%dT%H:%M:%S.000000000Z)" \
  "kwok: this pod has no log of its own (a kwok.x-k8s.io Logs object named as the pod gives it one)" \
  >"$CLUSTER_DIR/kwok-default.log"
start_process kwok "$(bin_path kwok "$KWOK_VERSION")" \
  --kubeconfig="$ADMIN_KUBECONFIG" --config="$CLUSTER_DIR/kwok.yaml" --node-port="$KWOK_PORT"
kubectl apply --server-side --field-manager=kubetrain-cluster -f "$CONFIG/nodes.yaml" >/dev/null ||
  die kwok "cannot create the nodes of config/nodes.yaml"

# --- JobSet and LeaderWorkerSet controllers, then their webhook configurations ---
fill "$CONFIG/jobset-config.yaml.tmpl" >"$CLUSTER_DIR/jobset-config.yaml"
fill "$CONFIG/lws-config.yaml.tmpl" >"$CLUSTER_DIR/lws-config.yaml"
KUBECONFIG=$ADMIN_KUBECONFIG start_process jobset "$(bin_path jobset "$JOBSET_VERSION")" \
  --config="$CLUSTER_DIR/jobset-config.yaml"
KUBECONFIG=$ADMIN_KUBECONFIG start_process lws "$(bin_path lws "$LWS_VERSION")" \
  --config="$CLUSTER_DIR/lws-config.yaml"
wait_until jobset 60 "GET /readyz" curl -sf "http://127.0.0.1:$JOBSET_HEALTH_PORT/readyz"
wait_until lws 60 "GET /readyz" curl -sf "http://127.0.0.1:$LWS_HEALTH_PORT/readyz"
for webhooks in jobset lws; do
  fill "$CONFIG/$webhooks-webhooks.yaml.tmpl" | kubectl apply --server-side --field-manager=kubetrain-cluster -f - >/dev/null ||
    die "$webhooks" "cannot register the webhook configurations"
done

wait_until kube-controller-manager 60 "GET /healthz" curl -skf "https://127.0.0.1:$KCM_PORT/healthz"
wait_until kube-scheduler 60 "GET /healthz" curl -skf "https://127.0.0.1:$SCHEDULER_PORT/healthz"
wait_ready
printf '[cluster] start-up time %ss (kubeconfig: %s, logs: %s)\n' $((SECONDS - start)) "$KUBECONFIG_PATH" "$LOG_DIR"
