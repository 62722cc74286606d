#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prints the path of a pinned, built binary, for other scripts (e.g. `make run`):
#   "$(hack/cluster/which.sh kubectl)" --kubeconfig "$(hack/cluster/which.sh kubeconfig)" get nodes
# COMPONENT: etcd kube-apiserver kube-controller-manager kube-scheduler kubectl kwok jobset lws
# helm, or `kubeconfig` for the cluster's kubeconfig path. Fails when the file does not exist
# (run `make cluster-build` or `make cluster-up`).
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

case ${1:-} in
  kubeconfig) path=$KUBECONFIG_PATH ;;
  etcd) path=$(bin_path etcd "$ETCD_VERSION") ;;
  kube-apiserver | kube-controller-manager | kube-scheduler | kubectl) path=$(bin_path "$1" "$K8S_VERSION") ;;
  kwok) path=$(bin_path kwok "$KWOK_VERSION") ;;
  jobset) path=$(bin_path jobset "$JOBSET_VERSION") ;;
  lws) path=$(bin_path lws "$LWS_VERSION") ;;
  helm) path=$(bin_path helm "$HELM_VERSION") ;;
  *) die which "usage: which.sh COMPONENT|kubeconfig (got '${1:-}')" ;;
esac
[[ -e $path ]] || die which "$1 is not there yet: $path (run make cluster-up)"
printf '%s\n' "$path"
