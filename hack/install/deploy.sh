#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make deploy`: installs kubetrain into the cluster KUBECONFIG names, in the order the webhooks
# need: the CRDs, the manager (namespace kubeflow-system, RBAC, Configuration, Deployment, Service,
# webhook configurations), its rollout, then the shipped runtimes (they pass the validating
# webhook). The image is IMAGE (default kubetrain-manager:0.1.0, see the Dockerfile).
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ -n ${KUBECONFIG:-} ]] || {
  echo "make deploy: set KUBECONFIG to the cluster to install into (make run is for a local try)" >&2
  exit 2
}
KUBECTL=${KUBECTL:-$(command -v kubectl || hack/cluster/which.sh kubectl)}
IMAGE=${IMAGE:-kubetrain-manager:0.1.0}
k() { "$KUBECTL" "$@"; }
k apply --server-side -k manifests/crds
k wait --for=condition=Established --timeout=60s crd/trainjobs.trainer.kubeflow.org \
  crd/trainingruntimes.trainer.kubeflow.org crd/clustertrainingruntimes.trainer.kubeflow.org
k kustomize manifests/controller | sed "s#image: kubetrain-manager:0.1.0#image: $IMAGE#" |
  k apply --server-side -f -
k -n kubeflow-system rollout status deployment/kubeflow-trainer-controller-manager --timeout=${ROLLOUT_TIMEOUT:-180s}
k apply --server-side -k manifests/runtimes
echo "kubetrain is installed: kubectl get clustertrainingruntimes; kubectl -n kubeflow-system logs deploy/kubeflow-trainer-controller-manager"
