// SPDX-License-Identifier: Apache-2.0
// Clients for the local control plane that `make cluster-up` starts (hack/cluster).
// The kubeconfig is read from KUBETRAIN_KUBECONFIG when set, else from the fixed path
// $KUBETRAIN_CACHE_DIR/cluster/kubeconfig (default ~/.cache/kubetrain/cluster/kubeconfig).
// KUBECONFIG is deliberately ignored, so the suites never run against a user's real cluster.
import { existsSync } from 'node:fs';
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
