#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prints a TrainJob's progress as it happens, one line per change: its state (the True conditions,
# else Running once one of its pods runs or has succeeded, else Created: read from the pods, as
# `kubetrain get` and the Python SDK do, since the manager writes the jobsStatus counters up to
# --status-coalesce-window late) and per replicated job its pods by phase.
# Returns 0 when it is Complete, 1 when it Failed, 2 after TIMEOUT seconds (default 300).
#   hack/install/progress.sh KUBECTL NAMESPACE NAME
set -euo pipefail
KUBECTL=$1 NAMESPACE=$2 NAME=$3
TIMEOUT=${TIMEOUT:-300}
conditions_path='{range .status.conditions[?(@.status=="True")]}{.type}{","}{end}'
pods_path='{range .items[*]}{.metadata.labels.jobset\.sigs\.k8s\.io/replicatedjob-name}{"="}{.status.phase}{" "}{end}'

# "node=Running node=Pending" -> "node: pending 1, running 1, succeeded 0, failed 0"
pod_counts() {
  local -A pending=() running=() succeeded=() failed=()
  local jobs=() entry job phase out=
  for entry in $1; do
    job=${entry%%=*} phase=${entry#*=}
    [[ -v "pending[$job]" ]] || {
      jobs+=("$job")
      pending[$job]=0 running[$job]=0 succeeded[$job]=0 failed[$job]=0
    }
    case $phase in
      Running) running[$job]=$((running[$job] + 1)) ;;
      Succeeded) succeeded[$job]=$((succeeded[$job] + 1)) ;;
      Failed) failed[$job]=$((failed[$job] + 1)) ;;
      *) pending[$job]=$((pending[$job] + 1)) ;;
    esac
  done
  for job in "${jobs[@]}"; do
    out+="${out:+; }$job: pending ${pending[$job]}, running ${running[$job]}, succeeded ${succeeded[$job]}, failed ${failed[$job]}"
  done
  printf '%s' "$out"
}

start=$(date +%s)
last=
while :; do
  conditions=$("$KUBECTL" get trainjob -n "$NAMESPACE" "$NAME" -o "jsonpath=$conditions_path" 2>/dev/null || true)
  pods=$("$KUBECTL" get pods -n "$NAMESPACE" -l "jobset.sigs.k8s.io/jobset-name=$NAME" \
    -o "jsonpath=$pods_path" 2>/dev/null || true)
  conditions=${conditions%,}
  steps=$(pod_counts "$pods")
  if [[ -n $conditions ]]; then
    state=$conditions
  elif [[ " $pods" =~ =(Running|Succeeded)\  ]]; then
    state=Running
  else
    state=Created
  fi
  now="$state${steps:+  [$steps]}"
  if [[ $now != "$last" ]]; then
    printf '  %s  %-10s %s\n' "$(date +%H:%M:%S)" "$state" "${steps:+[$steps]}"
    last=$now
  fi
  case ,$conditions, in
    *,Complete,*) exit 0 ;;
    *,Failed,*) exit 1 ;;
  esac
  (($(date +%s) - start < TIMEOUT)) || {
    echo "  no Complete after ${TIMEOUT}s" >&2
    exit 2
  }
  sleep 0.5
done
