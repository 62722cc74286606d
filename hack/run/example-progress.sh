#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `make run`'s example progress: the example TrainJob's kwok pods run no code, so they cannot report
# their progress; this runner reports it ON THEIR BEHALF to the manager's status server, as a
# trainer pod would (hack/run/report-progress.ts: a TokenRequest token for the job's audience, HTTPS
# POSTs of {"trainerStatus": ...} trusting the manager's CA), so that `kubetrain wait` shows a live
# progress bar. Called by hack/run.sh:
#   example-progress.sh start NAMESPACE NAME   starts the runner in the background (log: $RUN_DIR/example-progress.log)
#   example-progress.sh finish                 waits for it (at most 30 s) and prints how it ended
# The status server is found from the manager's configuration ($MANAGER_CONFIG, statusServer.port;
# STATUS_SERVER_PORT overrides) and must answer on 127.0.0.1 with the CA of $CERT_DIR/ca.crt; when it
# does not (gate TrainJobStatus off), nothing is reported and make run goes on without progress.
# Needs KUBECTL and KUBECONFIG (exported by run.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
# shellcheck source=hack/install/local-config.sh
source hack/install/local-config.sh
REPORTER_PID=$RUN_DIR/example-progress.pid
REPORTER_LOG=$RUN_DIR/example-progress.log
say() { printf '[run] %s\n' "$*"; }

# status_port: the status server's port from the manager's configuration (upstream's default 10443
# when the block names none); nothing when the configuration has no statusServer block.
status_port() {
  if [[ -n ${STATUS_SERVER_PORT:-} ]]; then
    echo "$STATUS_SERVER_PORT"
    return
  fi
  [[ -f $MANAGER_CONFIG ]] || return 0
  awk '/^statusServer:/ { block = 1; found = 1; next }
       block && /^[^ ]/ { block = 0 }
       block && $1 == "port:" { port = $2 }
       END { if (port != "") print port; else if (found) print 10443 }' "$MANAGER_CONFIG"
}

start() {
  local namespace=$1 name=$2 port
  port=$(status_port)
  if [[ -z $port ]] ||
    ! curl -s --max-time 2 --cacert "$CERT_DIR/ca.crt" -o /dev/null "https://127.0.0.1:$port/" 2>/dev/null; then
    say "no status server answers in this make run (the manager's TrainJobStatus gate is off): the example reports no progress"
    rm -f "$REPORTER_PID"
    return 0
  fi
  say "the example's pods are kwok pods and run no code: a runner reports their progress on their behalf to the status server https://127.0.0.1:$port (log: $REPORTER_LOG)"
  node --import tsx hack/run/report-progress.ts --kubectl "$KUBECTL" --kubeconfig "$KUBECONFIG" \
    --namespace "$namespace" --name "$name" --url "https://127.0.0.1:$port" --ca "$CERT_DIR/ca.crt" \
    --seconds 5 --reports 6 </dev/null >"$REPORTER_LOG" 2>&1 &
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
