// SPDX-License-Identifier: Apache-2.0
// Clients for the local control plane that `make cluster-up` starts (hack/cluster).
// The kubeconfig is read from KUBETRAIN_KUBECONFIG when set, else from the fixed path
// $KUBETRAIN_CACHE_DIR/cluster/kubeconfig (default ~/.cache/kubetrain/cluster/kubeconfig).
// KUBECONFIG is deliberately ignored, so the suites never run against a user's real cluster.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CoreV1Api, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';

export function kubeconfigPath(): string {
  const explicit = process.env['KUBETRAIN_KUBECONFIG'];
  if (explicit) return explicit;
  const xdg = process.env['XDG_CACHE_HOME'];
  const cacheDir =
    process.env['KUBETRAIN_CACHE_DIR'] ?? join(xdg ? xdg : join(homedir(), '.cache'), 'kubetrain');
  return join(cacheDir, 'cluster', 'kubeconfig');
}

export interface Cluster {
  kubeConfig: KubeConfig;
  core: CoreV1Api;
  objects: KubernetesObjectApi;
}

let cached: Cluster | undefined;

/** The clients of the local control plane; throws a clear error when it is not running. */
export function cluster(): Cluster {
  if (cached) return cached;
  const path = kubeconfigPath();
  if (!existsSync(path)) {
    throw new Error(`no kubeconfig at ${path}: start the local control plane with \`make cluster-up\``);
  }
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(path);
  cached = {
    kubeConfig,
    core: kubeConfig.makeApiClient(CoreV1Api),
    objects: KubernetesObjectApi.makeApiClient(kubeConfig),
  };
  return cached;
}

/** etcd's client port, from hack/cluster/versions.sh (the one place it is set). */
function etcdClientPort(): number {
  const versions = readFileSync(new URL('../../hack/cluster/versions.sh', import.meta.url), 'utf8');
  const match = /^ETCD_CLIENT_PORT=(\d+)/m.exec(versions);
  if (!match) throw new Error('hack/cluster/versions.sh sets no ETCD_CLIENT_PORT');
  return Number(match[1]);
}

/**
 * Compacts etcd's history up to its current revision, through etcd's own HTTP gateway, and returns
 * that revision. A watch the kube-apiserver serves from etcd (not from its watch cache, e.g. core
 * Events) from an older resourceVersion then answers 410 Expired, whatever the cluster's age.
 */
export async function compactEtcd(): Promise<number> {
  const base = `http://127.0.0.1:${etcdClientPort()}/v3/kv`;
  const post = async (path: string, body: object): Promise<{ header: { revision: string } }> => {
    const response = await fetch(`${base}/${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`etcd ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as { header: { revision: string } };
  };
  // A range read of a key that does not exist returns the current revision in its header.
  const revision = (await post('range', { key: Buffer.from('/kubetrain-e2e-none').toString('base64') }))
    .header.revision;
  await post('compaction', { revision, physical: true });
  return Number(revision);
}
