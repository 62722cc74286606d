#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts the optional scheduler-plugins gang scheduler (sigs.k8s.io/scheduler-plugins
# $SCHEDULER_PLUGINS_VERSION) against the running local cluster, out of cluster, for the suites
# that need it (e2e/schedulers/gangs.e2e.ts) and for `make cluster-up GANGS=1`: its kube-scheduler
# with the Coscheduling plugin as a second scheduler, profile `scheduler-plugins-scheduler` only
# (config/scheduler-plugins-config.yaml.tmpl), and its controller (PodGroup status: phase, running,
# succeeded; ElasticQuota). No webhooks. Contract:
# - the cluster must be running (make cluster-up); builds the binaries first when missing (waits
#   for a background build through build.sh's lock);
# - installs the PodGroup and ElasticQuota CRDs from the module;
# - both listen on 127.0.0.1 only (SCHEDULER_PLUGINS_SCHEDULER_PORT, SCHEDULER_PLUGINS_CONTROLLER_PORT/+1);
# - returns when both are healthy; prints `started` on stdout, or `running` when both already ran;
# - undone by scheduler-plugins-down.sh; down.sh stops them too.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

[[ -f $PID_DIR/kube-apiserver.pid ]] && process_alive kube-apiserver ||
  die scheduler-plugins-scheduler "the local cluster is not running (make cluster-up first)"
"$HACK_CLUSTER_DIR/build.sh" scheduler-plugins
exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
flock 8

scheduler_healthy() { curl -skf "https://127.0.0.1:$SCHEDULER_PLUGINS_SCHEDULER_PORT/healthz"; }
controller_ready() { curl -sf "http://127.0.0.1:$SCHEDULER_PLUGINS_CONTROLLER_PORT/readyz"; }

if process_alive scheduler-plugins-scheduler && process_alive scheduler-plugins-controller; then
  wait_until scheduler-plugins-scheduler 60 "GET /healthz" scheduler_healthy
  wait_until scheduler-plugins-controller 60 "GET /readyz" controller_ready
  echo running
  exit 0
fi
stop_process scheduler-plugins-scheduler
stop_process scheduler-plugins-controller
for port in "$SCHEDULER_PLUGINS_SCHEDULER_PORT" "$SCHEDULER_PLUGINS_CONTROLLER_PORT" $((SCHEDULER_PLUGINS_CONTROLLER_PORT + 1)); do
  port_in_use "$port" && die scheduler-plugins-scheduler "port 127.0.0.1:$port is already in use by another process (see versions.sh)"
done

plugins=$(module_dir sigs.k8s.io/scheduler-plugins "$SCHEDULER_PLUGINS_VERSION")
crds=(-f "$plugins/manifests/coscheduling/crd.yaml" -f "$plugins/manifests/capacityscheduling/crd.yaml")
kubectl apply --server-side --force-conflicts --field-manager=kubetrain-cluster "${crds[@]}" >/dev/null ||
  die scheduler-plugins-scheduler "kubectl apply of the PodGroup and ElasticQuota CRDs failed"
kubectl wait --for=condition=Established --timeout=60s "${crds[@]}" >/dev/null ||
  die scheduler-plugins-scheduler "the PodGroup and ElasticQuota CRDs not Established after 60s"

sed -e "s|@KUBECONFIG@|$ADMIN_KUBECONFIG|g" "$HACK_CLUSTER_DIR/config/scheduler-plugins-config.yaml.tmpl" \
  >"$CLUSTER_DIR/scheduler-plugins-config.yaml"
start=$SECONDS
start_process scheduler-plugins-scheduler "$(bin_path scheduler-plugins-scheduler "$SCHEDULER_PLUGINS_VERSION")" \
  --config="$CLUSTER_DIR/scheduler-plugins-config.yaml" \
  --authentication-kubeconfig="$ADMIN_KUBECONFIG" --authorization-kubeconfig="$ADMIN_KUBECONFIG" \
  --bind-address=127.0.0.1 --secure-port="$SCHEDULER_PLUGINS_SCHEDULER_PORT" \
  --cert-dir="$CLUSTER_DIR/scheduler-plugins-scheduler" --v=1
# The controller reads its kubeconfig through controller-runtime (KUBECONFIG).
KUBECONFIG=$ADMIN_KUBECONFIG start_process scheduler-plugins-controller \
  "$(bin_path scheduler-plugins-controller "$SCHEDULER_PLUGINS_VERSION")" \
  --probeAddr="127.0.0.1:$SCHEDULER_PLUGINS_CONTROLLER_PORT" \
  --metricsAddr="127.0.0.1:$((SCHEDULER_PLUGINS_CONTROLLER_PORT + 1))" --enableLeaderElection=false
wait_until scheduler-plugins-scheduler 90 "GET /healthz" scheduler_healthy
wait_until scheduler-plugins-controller 90 "GET /readyz" controller_ready
log "scheduler-plugins ready in $(elapsed "$start") (logs: $LOG_DIR/scheduler-plugins-scheduler.log, $LOG_DIR/scheduler-plugins-controller.log)"
echo started
