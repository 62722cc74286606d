#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes the admin kubeconfig of the local control plane to $KUBECONFIG_PATH
# ($KUBETRAIN_CACHE_DIR/cluster/kubeconfig): cluster "kubetrain-local" at
# https://127.0.0.1:$APISERVER_PORT, user "kubetrain-admin" (client certificate, group
# system:masters), context "kubetrain-local". Paths inside are absolute.
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

mkdir -p "$(dirname "$KUBECONFIG_PATH")"
cat >"$KUBECONFIG_PATH.tmp" <<EOT
apiVersion: v1
kind: Config
clusters:
  - name: kubetrain-local
    cluster:
      server: https://127.0.0.1:$APISERVER_PORT
      certificate-authority: $PKI_DIR/ca.crt
users:
  - name: kubetrain-admin
    user:
      client-certificate: $PKI_DIR/admin.crt
      client-key: $PKI_DIR/admin.key
contexts:
  - name: kubetrain-local
    context: {cluster: kubetrain-local, user: kubetrain-admin, namespace: default}
current-context: kubetrain-local
EOT
chmod 600 "$KUBECONFIG_PATH.tmp"
mv "$KUBECONFIG_PATH.tmp" "$KUBECONFIG_PATH"
