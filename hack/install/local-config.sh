#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Where `make run` keeps its manager and which ports it uses; sourced by run.sh and stop.sh.
# shellcheck shell=bash disable=SC2034
KUBETRAIN_CACHE_DIR=${KUBETRAIN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kubetrain}
RUN_DIR=$KUBETRAIN_CACHE_DIR/run                  # state of the local manager
MANAGER_LOG=$RUN_DIR/manager.log
MANAGER_PID=$RUN_DIR/manager.pid
MANAGER_CONFIG=$RUN_DIR/controller_manager_config.yaml
CERT_DIR=$RUN_DIR/certs
NAMESPACE=kubeflow-system
WEBHOOK_PORT=16521   # reserved for kubetrain by hack/cluster/versions.sh
METRICS_PORT=16522
HEALTH_PORT=16523
# The TrainJob status server (gate TrainJobStatus), on loopback like the webhooks, with the same
# certificate: POST https://127.0.0.1:$STATUS_SERVER_PORT/apis/trainer.kubeflow.org/v1alpha1/
# namespaces/<ns>/trainjobs/<name>/status, CA $STATUS_SERVER_CA (docs/status-server.md).
STATUS_SERVER_PORT=16524
STATUS_SERVER_CA=$CERT_DIR/ca.crt
LOCAL_LABEL=app.kubernetes.io/managed-by=kubetrain-make-run

# manager_alive: the recorded pid still runs our manager.
manager_alive() {
  local pid
  [[ -f $MANAGER_PID ]] || return 1
  pid=$(<"$MANAGER_PID")
  [[ -r /proc/$pid/cmdline ]] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q kubetrain-manager
}
