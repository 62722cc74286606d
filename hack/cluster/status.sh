#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Shows the local control plane's state (`make cluster-status`): each component's process, the API
# server's readiness, the nodes, and where the kubeconfig and logs are. Exits 0 when every
# component runs and the API server is ready, 1 otherwise.
set -uo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

rc=0
for c in "${COMPONENTS[@]}"; do
  if process_alive "$c"; then
    read -r pid _ <"$PID_DIR/$c.pid"
    printf '  %-24s running (pid %s)\n' "$c" "$pid"
  else
    printf '  %-24s stopped\n' "$c"
    rc=1
  fi
done
if curl -sf --max-time 5 --cacert "$PKI_DIR/ca.crt" "https://127.0.0.1:$APISERVER_PORT/readyz" >/dev/null 2>&1; then
  printf '  %-24s ready at https://127.0.0.1:%s\n' "api server" "$APISERVER_PORT"
  kubectl get nodes -L nvidia.com/gpu.product 2>&1 | sed 's/^/    /'
else
  printf '  %-24s not ready\n' "api server"
  rc=1
fi
printf '  kubeconfig: %s\n  logs:       %s\n' "$KUBECONFIG_PATH" "$LOG_DIR"
exit $rc
