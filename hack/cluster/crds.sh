#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the CRDs the cluster serves, read from the projects' own Go modules (go mod download,
# through the Go module proxy; nothing is copied into the checkout):
# - JobSet and LeaderWorkerSet (their controllers run);
# - Kueue (all of config/components/crd/bases), Volcano PodGroup and Queue, scheduler-plugins
#   PodGroup: objects kubetrain renders but whose controllers we do not run;
# - kwok's Logs (the log file of a pod's containers; kwok reads them, see config/kwok-config.yaml).
# Waits until every CRD is Established.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

jobset=$(module_dir sigs.k8s.io/jobset "$JOBSET_VERSION")
lws=$(module_dir sigs.k8s.io/lws "$LWS_VERSION")
kueue=$(module_dir sigs.k8s.io/kueue "$KUEUE_VERSION")
volcano=$(module_dir volcano.sh/volcano "$VOLCANO_VERSION")
plugins=$(module_dir sigs.k8s.io/scheduler-plugins "$SCHEDULER_PLUGINS_VERSION")
kwok=$(module_dir sigs.k8s.io/kwok "$KWOK_VERSION")

files=(
  "$jobset"/config/components/crd/bases/*.yaml
  "$lws"/config/crd/bases/*.yaml
  "$kueue"/config/components/crd/bases/*.yaml
  "$volcano"/config/crd/volcano/bases/scheduling.volcano.sh_podgroups.yaml
  "$volcano"/config/crd/volcano/bases/scheduling.volcano.sh_queues.yaml
  "$plugins"/manifests/coscheduling/crd.yaml
  "$kwok"/kustomize/crd/bases/kwok.x-k8s.io_logs.yaml
)
args=()
for f in "${files[@]}"; do
  [[ -f $f ]] || die crds "missing CRD file $f"
  args+=(-f "$f")
done
kubectl apply --server-side --force-conflicts --field-manager=kubetrain-cluster "${args[@]}" >/dev/null ||
  die crds "kubectl apply of the CRDs failed"
KUBECONFIG=$ADMIN_KUBECONFIG "$(dirname "$0")/../install/wait-established.sh" "$KUBECTL" "${args[@]}" >/dev/null ||
  die crds "CRDs not Established after 60s"
