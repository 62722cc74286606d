// SPDX-License-Identifier: Apache-2.0
// The @kubetrain/kube client of the local control plane (same kubeconfig as support/cluster.ts).
import { KubeClient, loadKubeConfig, type TransportOptions } from '@kubetrain/kube';
import { kubeconfigPath } from '../support/cluster.js';

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
