// SPDX-License-Identifier: Apache-2.0
// A kubeconfig for a ServiceAccount: the local API server and its CA, and a bound token from the
// TokenRequest API, so a process authenticates exactly as that ServiceAccount would in a pod.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { cluster } from '../support/cluster.js';

/** Writes a kubeconfig for `namespace/name` (a fresh token, valid `seconds`); returns its path. */
export async function serviceAccountKubeconfig(
  namespace: string,
  name: string,
  seconds = 3600,
): Promise<string> {
  const { kubeConfig, core } = cluster();
  const request = await core.createNamespacedServiceAccountToken({
    name,
    namespace,
    body: { spec: { audiences: [], expirationSeconds: seconds } },
  });
  const token = request.status?.token;
  if (!token) throw new Error(`no token issued for ServiceAccount ${namespace}/${name}`);
  const server = kubeConfig.getCurrentCluster();
  if (!server) throw new Error('the local kubeconfig has no current cluster');
  const clusterEntry = {
    server: server.server,
    ...(server.caFile ? { 'certificate-authority': server.caFile } : {}),
    ...(server.caData ? { 'certificate-authority-data': server.caData } : {}),
  };
  const user = `system:serviceaccount:${namespace}:${name}`;
  const text = stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'local', cluster: clusterEntry }],
    users: [{ name: user, user: { token } }],
    contexts: [{ name: 'sa', context: { cluster: 'local', user, namespace } }],
    'current-context': 'sa',
  });
  const path = join(mkdtempSync(join(tmpdir(), 'kubetrain-sa-')), 'kubeconfig');
  writeFileSync(path, text, { mode: 0o600 });
  return path;
}
