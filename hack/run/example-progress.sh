#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make run`'s example progress: the example TrainJob's kwok pods run no code, so they cannot report
# their progress; this runner reports it ON THEIR BEHALF to the manager's status server, as a
# trainer pod would (hack/run/report-progress.ts: a TokenRequest token for the job's audience, HTTPS
# POSTs of {"trainerStatus": ...} trusting the manager's CA), so that `kubetrain wait` shows a live
# progress bar. It reports once a second for 9 s, so that its 100% is written (the status server
# writes a job's status at most every 5 s) before the example's pods end (15 s of running). Called by
# hack/run.sh:
#   example-progress.sh start NAMESPACE NAME   starts the runner in the background (log: $RUN_DIR/example-progress.log)
#   example-progress.sh finish                 waits for it (at most 30 s) and prints how it ended
# The status server is make run's (hack/install/local-config.sh: https://127.0.0.1:$STATUS_SERVER_PORT,
# CA $STATUS_SERVER_CA); when it does not answer (a manager started without the gate TrainJobStatus),
# nothing is reported and make run goes on without progress.
# Needs KUBECTL and KUBECONFIG (exported by run.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
# shellcheck source=hack/install/local-config.sh
source hack/install/local-config.sh
REPORTER_PID=$RUN_DIR/example-progress.pid
REPORTER_LOG=$RUN_DIR/example-progress.log
say() { printf '[run] %s\n' "$*"; }

start() {
  local namespace=$1 name=$2 port=$STATUS_SERVER_PORT
  if ! curl -s --max-time 2 --cacert "$STATUS_SERVER_CA" -o /dev/null "https://127.0.0.1:$port/" 2>/dev/null; then
    say "no status server answers in this make run (the manager's TrainJobStatus gate is off): the example reports no progress"
    rm -f "$REPORTER_PID"
    return 0
  fi
  say "the example's pods are kwok pods and run no code: a runner reports their progress on their behalf to the status server https://127.0.0.1:$port (log: $REPORTER_LOG)"
  node --import tsx hack/run/report-progress.ts --kubectl "$KUBECTL" --kubeconfig "$KUBECONFIG" \
    --namespace "$namespace" --name "$name" --url "https://127.0.0.1:$port" --ca "$STATUS_SERVER_CA" \
    --seconds 9 --reports 10 </dev/null >"$REPORTER_LOG" 2>&1 &
  echo $! >"$REPORTER_PID"
}

finish() {
  [[ -f $REPORTER_PID ]] || return 0
  local pid
  pid=$(<"$REPORTER_PID")
  rm -f "$REPORTER_PID"
  for ((i = 0; i < 120; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  kill -0 "$pid" 2>/dev/null && kill -TERM "$pid"
  say "progress runner (on behalf of the kwok pods): $(tail -1 "$REPORTER_LOG" 2>/dev/null)"
}

case ${1:-} in
  start) start "${2:?namespace}" "${3:?name}" ;;
  finish) finish ;;
  *)
    echo "usage: $0 start NAMESPACE NAME | finish" >&2
    exit 2
    ;;
esac
