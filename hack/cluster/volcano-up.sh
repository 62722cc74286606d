#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts the optional Volcano gang scheduler (volcano.sh/volcano $VOLCANO_VERSION) against the
# running local cluster, out of cluster, for the suites that need it (e2e/schedulers/gangs.e2e.ts)
# and for `make cluster-up GANGS=1`: vc-scheduler (schedulerName `volcano`, config
# config/volcano-scheduler.yaml) and vc-controller-manager with only the two controllers PodGroups
# need: pg-controller (a PodGroup for `volcano` pods that name none, e.g. initializer steps outside
# the gang) and queue-controller (the Queue's status.state Open, which the proportion plugin
# requires). No admission webhooks (Volcano's webhook-manager is not run). Contract:
# - the cluster must be running (make cluster-up); builds the binaries first when missing (waits
#   for a background build through build.sh's lock);
# - installs the CRDs the two watch (PodGroup, Queue, HyperNode, Numatopology, Command) from the
#   Volcano module (an informer whose CRD is missing never syncs, and the scheduler never starts);
# - both listen on 127.0.0.1 only (VOLCANO_SCHEDULER_PORT/+1, VOLCANO_CONTROLLERS_PORT/+1);
# - returns when the scheduler is healthy and the default Queue is Open; prints `started` on
#   stdout, or `running` when both already ran;
# - undone by volcano-down.sh; down.sh stops them too.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

[[ -f $PID_DIR/kube-apiserver.pid ]] && process_alive kube-apiserver ||
  die volcano-scheduler "the local cluster is not running (make cluster-up first)"
# Before taking the cluster lock: a build may take minutes and must not block other cluster scripts.
"$HACK_CLUSTER_DIR/build.sh" volcano
exec 8>"$KUBETRAIN_CACHE_DIR/cluster.lock"
flock 8

default_queue_open() {
  [[ $(kubectl get queues.scheduling.volcano.sh default -o 'jsonpath={.status.state}') == Open ]]
}
scheduler_healthy() { curl -sf "http://127.0.0.1:$VOLCANO_SCHEDULER_PORT/healthz"; }

if process_alive volcano-scheduler && process_alive volcano-controller-manager; then
  wait_until volcano-scheduler 60 "GET /healthz" scheduler_healthy
  wait_until volcano-controller-manager 60 "Queue default Open" default_queue_open
  echo running
  exit 0
fi
stop_process volcano-scheduler
stop_process volcano-controller-manager
for port in "$VOLCANO_SCHEDULER_PORT" $((VOLCANO_SCHEDULER_PORT + 1)) "$VOLCANO_CONTROLLERS_PORT" $((VOLCANO_CONTROLLERS_PORT + 1)); do
  port_in_use "$port" && die volcano-scheduler "port 127.0.0.1:$port is already in use by another process (see versions.sh)"
done

volcano=$(module_dir volcano.sh/volcano "$VOLCANO_VERSION")
crds=()
for crd in scheduling.volcano.sh_podgroups scheduling.volcano.sh_queues topology.volcano.sh_hypernodes \
  nodeinfo.volcano.sh_numatopologies bus.volcano.sh_commands; do
  crds+=(-f "$volcano/config/crd/volcano/bases/$crd.yaml")
done
kubectl apply --server-side --force-conflicts --field-manager=kubetrain-cluster "${crds[@]}" >/dev/null ||
  die volcano-scheduler "kubectl apply of Volcano's CRDs failed"
kubectl wait --for=condition=Established --timeout=60s "${crds[@]}" >/dev/null ||
  die volcano-scheduler "Volcano's CRDs not Established after 60s"

start=$SECONDS
# --cache-dumper=false: it would write the scheduler's cache to /tmp on SIGUSR2.
start_process volcano-scheduler "$(bin_path volcano-scheduler "$VOLCANO_VERSION")" \
  --kubeconfig="$ADMIN_KUBECONFIG" --scheduler-name=volcano --default-queue=default \
  --scheduler-conf="$HACK_CLUSTER_DIR/config/volcano-scheduler.yaml" \
  --leader-elect=false --cache-dumper=false \
  --enable-healthz --healthz-address="127.0.0.1:$VOLCANO_SCHEDULER_PORT" \
  --listen-address="127.0.0.1:$((VOLCANO_SCHEDULER_PORT + 1))" --v=2
start_process volcano-controller-manager "$(bin_path volcano-controller-manager "$VOLCANO_VERSION")" \
  --kubeconfig="$ADMIN_KUBECONFIG" --scheduler-name=volcano \
  --controllers=pg-controller,queue-controller --leader-elect=false \
  --enable-healthz --healthz-address="127.0.0.1:$VOLCANO_CONTROLLERS_PORT" \
  --listen-address="127.0.0.1:$((VOLCANO_CONTROLLERS_PORT + 1))" --v=2
wait_until volcano-scheduler 90 "GET /healthz" scheduler_healthy
wait_until volcano-controller-manager 90 "Queue default Open" default_queue_open
log "volcano ready in $(elapsed "$start") (logs: $LOG_DIR/volcano-scheduler.log, $LOG_DIR/volcano-controller-manager.log)"
echo started
