#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the pinned binaries of the local control plane from Go modules, once per machine:
#   hack/cluster/build.sh [GROUP...]     GROUP: kubernetes etcd jobset lws kwok helm kueue volcano
#   scheduler-plugins (default: all but the optional kueue, volcano and scheduler-plugins)
# A binary lives at $KUBETRAIN_CACHE_DIR/bin/<component>/<version>/<component>; one that is already
# there is not rebuilt. Each build runs `go build` inside a committed wrapper module under modules/
# (its go.mod/go.sum pin every dependency), with the Go module and build caches under
# $KUBETRAIN_CACHE_DIR/go, and prints how long it took. Binaries are linked into a temporary
# directory and renamed into place, so an interrupted build never leaves a half-written binary.
# The machine's build lock is taken only when a binary is missing (after printing an estimate).
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

# Same -X variables as kubernetes/kubernetes: hack/lib/version.sh. Without them the binaries say
# v0.0.0-master, and clients that gate on the server version (kwokctl, kubectl version) misbehave.
k8s_ldflags() {
  local minor=${K8S_VERSION#v1.}
  minor=${minor%%.*}
  local ldf="-s -w" p
  for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ldf+=" -X $p.gitVersion=$K8S_VERSION -X $p.gitMajor=1 -X $p.gitMinor=$minor"
    ldf+=" -X $p.gitTreeState=clean -X $p.buildDate=1970-01-01T00:00:00Z"
  done
  printf '%s' "$ldf"
}

# build GROUP MODULE_DIR TAGS LDFLAGS COMPONENT=PACKAGE...: builds the missing components of one
# group in a single `go build` (they share compilation), timed.
build() {
  local group=$1 module=$2 tags=$3 ldflags=$4
  local moddir=$HACK_CLUSTER_DIR/modules/$module
  shift 4
  local missing=() pkgs=() spec component pkg version
  for spec in "$@"; do
    component=${spec%%=*} pkg=${spec#*=}
    version=$(version_of "$component")
    if [[ ! -x $(bin_path "$component" "$version") ]]; then
      missing+=("$component")
      pkgs+=("$pkg")
    fi
  done
  if [[ -n ${CHECK_ONLY:-} ]]; then
    ((${#missing[@]} == 0)) && return 0
    printf '%s\n' "$group" >>"$CHECK_ONLY"
    return 0
  fi
  if ((${#missing[@]} == 0)); then
    log "build $group: cached ($(printf '%s ' "$@" | sed 's/=[^ ]*//g'))"
    return 0
  fi
  local tmp start=$SECONDS
  tmp=$(mktemp -d "$BIN_ROOT/.build-$group.XXXXXX")
  log "build $group: ${missing[*]} (go build in modules/$module; cold builds take minutes)"
  if ! (cd "$moddir" && go_env && go build -tags "$tags" -ldflags "$ldflags" -o "$tmp/" "${pkgs[@]}") \
    >"$tmp/build.log" 2>&1; then
    mkdir -p "$LOG_DIR"
    cp "$tmp/build.log" "$LOG_DIR/build-$group.log"
    rm -rf "$tmp"
    die "build-$group" "go build failed for ${missing[*]}"
  fi
  local i out
  for i in "${!missing[@]}"; do
    component=${missing[$i]} pkg=${pkgs[$i]}
    out=$(bin_path "$component" "$(version_of "$component")")
    mkdir -p "$(dirname "$out")"
    # go build -o dir/ names a binary after its package path's last element (lws/cmd -> cmd,
    # etcd/server/v3 -> server), so take the only file for single-package builds.
    if ((${#pkgs[@]} == 1)); then
      mv "$(find "$tmp" -maxdepth 1 -type f -perm -u+x | head -n 1)" "$out"
    else
      mv "$tmp/$(basename "$pkg")" "$out"
    fi
  done
  rm -rf "$tmp"
  printf '[cluster] build time %-10s %4ss  (%s)\n' "$group" $((SECONDS - start)) "${missing[*]}"
}

version_of() {
  case $1 in
    kube-apiserver | kube-controller-manager | kube-scheduler | kubectl) echo "$K8S_VERSION" ;;
    etcd) echo "$ETCD_VERSION" ;;
    jobset) echo "$JOBSET_VERSION" ;;
    lws) echo "$LWS_VERSION" ;;
    kwok) echo "$KWOK_VERSION" ;;
    helm) echo "$HELM_VERSION" ;;
    kueue) echo "$KUEUE_VERSION" ;;
    volcano-scheduler | volcano-controller-manager) echo "$VOLCANO_VERSION" ;;
    scheduler-plugins-scheduler | scheduler-plugins-controller) echo "$SCHEDULER_PLUGINS_VERSION" ;;
    *) die build "unknown component $1" ;;
  esac
}

build_group() {
  case $1 in
    kubernetes)
      # Upstream release tags (kubernetes/kubernetes: hack/lib/golang.sh).
      build kubernetes kubernetes selinux,notest,grpcnotrace "$(k8s_ldflags)" \
        kube-apiserver=k8s.io/kubernetes/cmd/kube-apiserver \
        kube-controller-manager=k8s.io/kubernetes/cmd/kube-controller-manager \
        kube-scheduler=k8s.io/kubernetes/cmd/kube-scheduler \
        kubectl=k8s.io/kubernetes/cmd/kubectl
      ;;
    etcd) build etcd etcd "" "-s -w" etcd=go.etcd.io/etcd/server/v3 ;;
    jobset)
      build jobset controllers "" "-s -w -X sigs.k8s.io/jobset/pkg/version.GitVersion=$JOBSET_VERSION" \
        jobset=sigs.k8s.io/jobset
      ;;
    lws)
      build lws controllers "" "-s -w -X sigs.k8s.io/lws/pkg/version.GitVersion=$LWS_VERSION" \
        lws=sigs.k8s.io/lws/cmd
      ;;
    kwok) build kwok controllers "" "-s -w" kwok=sigs.k8s.io/kwok/cmd/kwok ;;
    helm)
      build helm helm "" "-s -w -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION" \
        helm=helm.sh/helm/v3/cmd/helm
      ;;
    kueue)
      build kueue kueue "" "-s -w -X sigs.k8s.io/kueue/pkg/version.GitVersion=$KUEUE_VERSION" \
        kueue=sigs.k8s.io/kueue/cmd/kueue
      ;;
    volcano)
      build volcano gang-schedulers "" "-s -w" \
        volcano-scheduler=volcano.sh/volcano/cmd/scheduler \
        volcano-controller-manager=volcano.sh/volcano/cmd/controller-manager
      ;;
    scheduler-plugins)
      build scheduler-plugins gang-schedulers "" "-s -w" \
        scheduler-plugins-scheduler=sigs.k8s.io/scheduler-plugins/cmd/scheduler \
        scheduler-plugins-controller=sigs.k8s.io/scheduler-plugins/cmd/controller
      ;;
    *) die build "unknown group $1 (kubernetes etcd jobset lws kwok helm kueue volcano scheduler-plugins)" ;;
  esac
}

# estimate GROUP: "LOW HIGH", the minutes a cold build of GROUP took on this project's 2-core
# machines (the builds logged in hack/cluster/NOTES.md, the README and the CI logs, from a quiet
# machine to one shared with other work); more cores are faster.
estimate() {
  case $1 in
    kubernetes) echo "5 22" ;;
    etcd | jobset | lws) echo "1 2" ;;
    kwok | helm) echo "2 3" ;;
    kueue) echo "3 9" ;;
    volcano) echo "4 8" ;;
    scheduler-plugins) echo "2 4" ;;
    *) echo "1 5" ;;
  esac
}

mkdir -p "$BIN_ROOT"
groups=("$@")
# Helm is last: nothing in the cluster needs it, so its build never delays the rest.
((${#groups[@]})) || groups=(etcd kubernetes kwok jobset lws helm)

# Which groups must be built, found without the lock: a checkout whose binaries exist never waits
# behind another checkout's build (of anything, however long).
todo=$(mktemp)
for g in "${groups[@]}"; do CHECK_ONLY=$todo build_group "$g"; done
mapfile -t cold <"$todo"
rm -f "$todo"
if ((${#cold[@]} > 0)); then
  command -v go >/dev/null || die build "go is not on PATH (Go >= 1.26 is needed to build the control plane)"
  low=0 high=0
  for g in "${cold[@]}"; do
    read -r l h < <(estimate "$g")
    low=$((low + l)) high=$((high + h))
  done
  log "to build first: ${cold[*]}: about $low-$high minutes on 2 cores (once per machine; cached in $BIN_ROOT)"
  # One Go build at a time per machine (two checkouts may need the same binaries; 2 cores cannot
  # run two builds faster than one after the other). Taken only when something must be built.
  exec 9>"$BIN_ROOT/.build.lock"
  if ! flock -n 9; then
    log "waiting for another build on this machine to finish (lock $BIN_ROOT/.build.lock)"
    flock 9
  fi
fi
for g in "${groups[@]}"; do build_group "$g"; done
