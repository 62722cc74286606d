#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Prints a TrainJob's progress as it happens, one line per change: its state (the True conditions,
# else Running once a count of jobsStatus is not zero, else Created) and per replicated job the
# counts of status.jobsStatus.
# Returns 0 when it is Complete, 1 when it Failed, 2 after TIMEOUT seconds (default 300).
#   hack/install/progress.sh KUBECTL NAMESPACE NAME
set -euo pipefail
KUBECTL=$1 NAMESPACE=$2 NAME=$3
TIMEOUT=${TIMEOUT:-300}
jsonpath='{range .status.conditions[?(@.status=="True")]}{.type}{","}{end}|{range .status.jobsStatus[*]}{.name}{": active "}{.active}{", ready "}{.ready}{", succeeded "}{.succeeded}{", failed "}{.failed}{"; "}{end}'
start=$(date +%s)
last=
while :; do
  line=$("$KUBECTL" get trainjob -n "$NAMESPACE" "$NAME" -o "jsonpath=$jsonpath" 2>/dev/null || echo "|")
  conditions=${line%%|*} steps=${line#*|}
  conditions=${conditions%,}
  steps=${steps%; }
  if [[ -n $conditions ]]; then
    state=$conditions
  elif [[ $steps =~ (active|ready|succeeded|failed)\ [1-9] ]]; then
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
