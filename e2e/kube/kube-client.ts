// SPDX-License-Identifier: Apache-2.0
// The @kubetrain/kube client of the local control plane (same kubeconfig as support/cluster.ts),
// and the namespace-per-suite setup of the e2e/kube suites.
import { KubeClient, loadKubeConfig, type TransportOptions } from '@kubetrain/kube';
import { kubeconfigPath } from '../support/cluster.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';

const clients: KubeClient[] = [];

/** A new client of the local control plane; {@link closeClients} closes every one made. */
export async function kubeClient(options: TransportOptions = {}): Promise<KubeClient> {
  const client = await KubeClient.create(loadKubeConfig({ path: kubeconfigPath() }), options);
  clients.push(client);
  return client;
}

/** Closes the connection pools of every client {@link kubeClient} made. */
export async function closeClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((client) => client.close()));
}

/** The namespace and client of one suite, set before its tests run. */
export interface KubeSuite {
  ns: string;
  client: KubeClient;
}

/**
 * Registers the suite's hooks: before all, a fresh namespace `<prefix>-<random>` and a client;
 * after all, `cleanup` (stop reflectors, electors), then the namespace is deleted and the clients
 * closed. Read `ns` and `client` inside tests and hooks, not at module level.
 */
export function kubeSuite(
  prefix: string,
  cleanup: () => Promise<unknown> = async () => undefined,
): KubeSuite {
  const suite = {} as KubeSuite;
  beforeAll(async () => {
    suite.ns = await createNamespace(prefix);
    suite.client = await kubeClient();
  });
  afterAll(async () => {
    await cleanup();
    if (suite.ns) await deleteNamespace(suite.ns);
    await closeClients();
  });
  return suite;
}
