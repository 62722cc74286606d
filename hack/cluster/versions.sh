# SPDX-License-Identifier: Apache-2.0
# Pinned versions, ports and paths of the local control plane. Sourced by every hack/cluster script.
# Changing a version here makes `make cluster-up` build that component again (binaries are cached
# per component and version); the matching wrapper module under modules/ must require it too.
# shellcheck shell=bash disable=SC2034

# --- Versions (each is also required by the wrapper go.mod named in the comment) ---
K8S_VERSION=v1.36.3       # modules/kubernetes: kube-apiserver, kube-controller-manager, kube-scheduler, kubectl
ETCD_VERSION=v3.6.16      # modules/etcd: go.etcd.io/etcd/server/v3
JOBSET_VERSION=v0.12.0    # modules/controllers: sigs.k8s.io/jobset (the version Trainer v2 uses)
LWS_VERSION=v0.9.0        # modules/controllers: sigs.k8s.io/lws (v0.10.0 is not served by the module proxy)
KWOK_VERSION=v0.8.0       # modules/controllers: sigs.k8s.io/kwok
HELM_VERSION=v3.21.4      # modules/helm: helm.sh/helm/v3
KUEUE_VERSION=v0.19.2     # modules/kueue: sigs.k8s.io/kueue/cmd/kueue (optional, started by kueue-up.sh)
# Gang schedulers (optional, started by volcano-up.sh / scheduler-plugins-up.sh), built together in
# modules/gang-schedulers; their CRDs come from the same modules. Volcano v1.15.x cannot be built
# from the proxy (see NOTES.md), so v1.14.1.
VOLCANO_VERSION=v1.14.1            # volcano.sh/volcano: vc-scheduler, vc-controller-manager
SCHEDULER_PLUGINS_VERSION=v0.34.7  # sigs.k8s.io/scheduler-plugins: kube-scheduler with coscheduling, controller
# Upstream's manager, the benchmark's baseline and the takeover suite's other side (hack/baseline).
TRAINER_VERSION=v2.3.0    # hack/baseline/modules/trainer: github.com/kubeflow/trainer/v2
# Upstream's Training Operator, the v1 kinds' reference (hack/baseline, e2e/v1/operator-parity).
TRAINING_OPERATOR_VERSION=v1.9.4 # hack/baseline/modules/training-operator

# --- Ports: all bound to 127.0.0.1, in the 16xxx range to stay clear of the usual defaults ---
ETCD_CLIENT_PORT=16379
ETCD_PEER_PORT=16380
APISERVER_PORT=16443
KCM_PORT=16257
SCHEDULER_PORT=16259
KWOK_PORT=16247           # kwok's health/metrics server
JOBSET_WEBHOOK_PORT=16501
JOBSET_HEALTH_PORT=16502
LWS_WEBHOOK_PORT=16511
LWS_HEALTH_PORT=16512
KUBETRAIN_WEBHOOK_PORT=16521 # reserved for kubetrain's own webhook server (cert: pki/kubetrain-webhook/)
KUEUE_WEBHOOK_PORT=16531  # optional Kueue (kueue-up.sh)
KUEUE_HEALTH_PORT=16532
KUEUE_METRICS_PORT=16533
VOLCANO_SCHEDULER_PORT=16541           # optional Volcano (volcano-up.sh): healthz; +1 metrics
VOLCANO_CONTROLLERS_PORT=16543         # vc-controller-manager healthz; +1 metrics
SCHEDULER_PLUGINS_SCHEDULER_PORT=16551 # optional scheduler-plugins (scheduler-plugins-up.sh): secure port
SCHEDULER_PLUGINS_CONTROLLER_PORT=16552 # its PodGroup controller: health probes; +1 metrics

# --- Paths: all outside the checkout, so a fresh clone (and CI) reuses them ---
KUBETRAIN_CACHE_DIR=${KUBETRAIN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kubetrain}
BIN_ROOT=$KUBETRAIN_CACHE_DIR/bin             # BIN_ROOT/<component>/<version>/<binary>
GO_ROOT=$KUBETRAIN_CACHE_DIR/go               # GOMODCACHE=GO_ROOT/mod, GOCACHE=GO_ROOT/build
CLUSTER_DIR=$KUBETRAIN_CACHE_DIR/cluster      # state of the running cluster (removed by down)
KUBECONFIG_PATH=$CLUSTER_DIR/kubeconfig       # the fixed, documented kubeconfig path
LOG_DIR=$KUBETRAIN_CACHE_DIR/cluster-logs     # one log file per component (kept until the next up)
