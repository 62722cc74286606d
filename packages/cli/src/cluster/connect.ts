// SPDX-License-Identifier: Apache-2.0
// The cluster a command talks to: kubectl's `--kubeconfig`, `--context`, `-n` and `-A`.

import { KubeClient, loadKubeConfig } from '@kubetrain/kube';
import { CliError } from '../io.js';

/** The connection flags every cluster command takes. */
export interface ClusterOptions {
  /** `--kubeconfig`: a kubeconfig file instead of `KUBECONFIG` / `~/.kube/config`. */
  readonly kubeconfig?: string | undefined;
  /** `--context`: a context other than the current one. */
  readonly context?: string | undefined;
  /** `-n`: the namespace; default the context's, else `default`. */
  readonly namespace?: string | undefined;
  /** `-A`: every namespace (list commands only). */
  readonly allNamespaces?: boolean | undefined;
}

/** A connected command: the client, the namespace it works in, the API server's URL. */
export interface Session {
  readonly client: KubeClient;
  /** The namespace of `-n`, the context's, or `default`. */
  readonly namespace: string;
  /** `undefined` with `-A`: list in every namespace. */
  readonly listNamespace: string | undefined;
  /** The API server URL (for "cannot reach" messages). */
  readonly server: string;
  /** Closes the client's connections. */
  close(): Promise<void>;
}

/** Opens a {@link Session}; a kubeconfig that names no usable cluster is a {@link CliError} (exit 2). */
export async function connect(options: ClusterOptions): Promise<Session> {
  let kubeConfig;
  try {
    kubeConfig = loadKubeConfig({ path: options.kubeconfig, context: options.context });
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    const message =
      error.code === 'ENOENT'
        ? `kubeconfig ${error.path ?? options.kubeconfig ?? ''}: no such file`
        : (error.message.split('\n')[0] ?? 'no usable kubeconfig');
    throw new CliError(
      options.context && !message.includes(`"${options.context}"`)
        ? `context "${options.context}" is not usable in the kubeconfig: ${message}`
        : message,
    );
  }
  const context = kubeConfig.getContextObject(kubeConfig.getCurrentContext());
  const namespace = options.namespace ?? context?.namespace ?? 'default';
  let client: KubeClient;
  try {
    client = await KubeClient.create(kubeConfig);
  } catch (e) {
    throw new CliError(`cannot use the kubeconfig's credentials: ${(e as Error).message.split('\n')[0]}`);
  }
  return {
    client,
    namespace,
    listNamespace: options.allNamespaces ? undefined : namespace,
    server: kubeConfig.getCurrentCluster()?.server ?? '',
    close: () => client.close(),
  };
}
