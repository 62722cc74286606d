#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a command and prints how long it took: `timed.sh "step name" cmd args...`.
set -uo pipefail
name=$1
shift
start=$(date +%s)
echo "==> $name"
"$@"
rc=$?
echo "<== $name: $(($(date +%s) - start))s (exit $rc)"
exit $rc
