// SPDX-License-Identifier: Apache-2.0
/**
 * Loading the kubeconfig, once, in `main`: an explicit file, else `KUBECONFIG`, else the
 * in-cluster ServiceAccount, else `~/.kube/config` (client-node's own order for the last three).
 */
import { KubeConfig } from '@kubernetes/client-node';

/** Where {@link loadKubeConfig} reads from. */
export interface KubeConfigSource {
  /** A kubeconfig file; wins over everything else (the manager's `--kubeconfig`). */
  path?: string | undefined;
  /** A context other than the file's current one. */
  context?: string | undefined;
}

/**
 * Loads a kubeconfig from `source.path` when given, else by client-node's defaults (the
 * `KUBECONFIG` list, the in-cluster ServiceAccount when `KUBERNETES_SERVICE_HOST` is set,
 * `~/.kube/config`). Throws when no cluster is configured, rather than falling back to
 * `http://localhost:8080` as client-node does.
 */
export function loadKubeConfig(source: KubeConfigSource = {}): KubeConfig {
  const config = new KubeConfig();
  if (source.path) config.loadFromFile(source.path);
  else config.loadFromDefault();
  if (source.context) config.setCurrentContext(source.context);
  const cluster = config.getCurrentCluster();
  if (!cluster || (cluster.name === 'cluster' && cluster.server === 'http://localhost:8080')) {
    throw new Error(
      'no Kubernetes cluster configured: pass a kubeconfig, set KUBECONFIG, or run in a cluster',
    );
  }
  return config;
}
