#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Waits until the CRDs named are Established: wait-established.sh KUBECTL crd/NAME...
# `kubectl wait --for=condition=Established` fails at once instead of waiting while a CRD created
# a moment ago has no status.conditions yet ("accessor error: <nil> is of the type <nil>"), so it
# is asked again, for up to 60 s in all.
set -euo pipefail
kubectl_bin=$1
shift
deadline=$((SECONDS + 60))
until out=$("$kubectl_bin" wait --for=condition=Established --timeout=60s "$@" 2>&1); do
  if ((SECONDS >= deadline)); then
    echo "$out" >&2
    exit 1
  fi
  sleep 1
done
