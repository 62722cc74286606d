#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Creates the cluster's PKI in $CLUSTER_DIR/pki (openssl): a self-signed CA; the kube-apiserver
# serving cert; an admin client cert (group system:masters); one webhook serving cert per webhook
# server (JobSet, LeaderWorkerSet, kubetrain itself) written as <dir>/tls.crt + tls.key, the layout
# controller-runtime expects; the front-proxy CA and client cert; and the service-account signing
# key pair. `pki.sh serving NAME` adds a serving cert for an optional component later (see below).
# Valid for 30 days; a new
# `cluster-up` after `cluster-down` makes fresh ones. Existing files are kept (up is idempotent).
set -euo pipefail
# shellcheck source=hack/cluster/lib.sh
source "$(dirname "$0")/lib.sh"

mkdir -p "$PKI_DIR"
cd "$PKI_DIR"

quiet() { "$@" >/dev/null 2>&1 || die pki "failed: $*"; }

# sign NAME SUBJECT EXTENSIONS
sign() {
  quiet openssl req -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "$2"
  printf '%b' "$3" >"$1.ext"
  quiet openssl x509 -req -in "$1.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 30 \
    -out "$1.crt" -extfile "$1.ext"
  rm -f "$1.csr" "$1.ext"
}
server_ext='basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n'

# `pki.sh serving NAME`: for optional components started after the cluster (kueue-up.sh): a
# serving cert for 127.0.0.1 signed by the existing CA, as NAME/tls.crt + tls.key; kept if present.
if [[ ${1:-} == serving ]]; then
  name=${2:?usage: pki.sh serving NAME}
  [[ -f ca.key ]] || die pki "no cluster CA in $PKI_DIR (make cluster-up first)"
  [[ -f $name/tls.crt ]] && exit 0
  sign "$name" "/CN=$name" "${server_ext}subjectAltName=IP:127.0.0.1,DNS:localhost\n"
  mkdir -p "$name"
  mv "$name.crt" "$name/tls.crt"
  mv "$name.key" "$name/tls.key"
  exit 0
fi

[[ -f ca.crt && -f sa.pub ]] && exit 0
quiet openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 30 \
  -subj "/CN=kubetrain-local-ca"
client_ext='basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n'
apiserver_san='subjectAltName=IP:127.0.0.1,DNS:localhost,IP:10.96.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local\n'

sign apiserver "/CN=kube-apiserver" "$server_ext$apiserver_san"
sign admin "/O=system:masters/CN=kubetrain-admin" "$client_ext"
# kubetrain-webhook is for kubetrain's own webhook server when it runs on the host (port
# KUBETRAIN_WEBHOOK_PORT); the other two are for the JobSet and LeaderWorkerSet controllers.
for webhook in jobset lws kubetrain; do
  sign "$webhook-webhook" "/CN=$webhook-webhook" "${server_ext}subjectAltName=IP:127.0.0.1,DNS:localhost\n"
  mkdir -p "$webhook-webhook"
  mv "$webhook-webhook.crt" "$webhook-webhook/tls.crt"
  mv "$webhook-webhook.key" "$webhook-webhook/tls.key"
done
# Front proxy (aggregation layer): its own CA, and the client cert kube-apiserver presents to
# aggregated API servers. Without --requestheader-client-ca-file every delegating component
# (kube-controller-manager, kube-scheduler) logs "missing content for CA bundle" at start.
quiet openssl req -x509 -newkey rsa:2048 -nodes -keyout front-proxy-ca.key -out front-proxy-ca.crt \
  -days 30 -subj "/CN=kubetrain-local-front-proxy-ca"
quiet openssl req -newkey rsa:2048 -nodes -keyout front-proxy-client.key -out front-proxy-client.csr \
  -subj "/CN=front-proxy-client"
printf '%b' "$client_ext" >front-proxy-client.ext
quiet openssl x509 -req -in front-proxy-client.csr -CA front-proxy-ca.crt -CAkey front-proxy-ca.key \
  -CAcreateserial -days 30 -out front-proxy-client.crt -extfile front-proxy-client.ext
rm -f front-proxy-client.csr front-proxy-client.ext
quiet openssl genrsa -out sa.key 2048
quiet openssl rsa -in sa.key -pubout -out sa.pub
