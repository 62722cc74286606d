#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make deploy`: installs kubetrain into the cluster KUBECONFIG names, in the order the webhooks
# need: the CRDs, the manager (namespace kubeflow-system, RBAC, Configuration, Deployment, Service,
# webhook configurations), its rollout, then the shipped runtimes (they pass the validating
# webhook). IMAGE names the manager image (default kubetrain-manager:0.1.0, see the Dockerfile).
# DRY_RUN=server sends every object as a server-side dry-run and skips the waits (the e2e suite).
# FORCE_CONFLICTS=1 takes over the fields another manager applied (switching from upstream, README).
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ -n ${KUBECONFIG:-} ]] || {
  echo "make deploy: set KUBECONFIG to the cluster to install into (make run is for a local try)" >&2
  exit 2
}
KUBECTL=${KUBECTL:-$(command -v kubectl || hack/cluster/which.sh kubectl)}
IMAGE=${IMAGE:-kubetrain-manager:0.1.0}
dry=()
[[ -n ${DRY_RUN:-} ]] && dry=(--dry-run="$DRY_RUN")
force=()
[[ -n ${FORCE_CONFLICTS:-} ]] && force=(--force-conflicts)
k() { "$KUBECTL" "$@"; }
apply() { k apply --server-side --field-manager=kubetrain-deploy "${dry[@]}" "${force[@]}" "$@"; }

apply -k manifests/crds
if [[ -z ${DRY_RUN:-} ]]; then
  hack/install/wait-established.sh "$KUBECTL" crd/trainjobs.trainer.kubeflow.org \
    crd/trainingruntimes.trainer.kubeflow.org crd/clustertrainingruntimes.trainer.kubeflow.org
fi
# Namespaced objects need their namespace even in a dry-run: it is created first.
k apply --server-side --field-manager=kubetrain-deploy -f manifests/controller/namespace.yaml
k kustomize manifests/controller | sed "s#image: kubetrain-manager:0.1.0#image: $IMAGE#" | apply -f -
if [[ -z ${DRY_RUN:-} ]]; then
  k -n kubeflow-system rollout status deployment/kubeflow-trainer-controller-manager \
    --timeout="${ROLLOUT_TIMEOUT:-180s}"
fi
apply -k manifests/runtimes
echo "kubetrain is installed: kubectl get clustertrainingruntimes; kubectl -n kubeflow-system logs deploy/kubeflow-trainer-controller-manager"
