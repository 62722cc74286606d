// SPDX-License-Identifier: Apache-2.0
// Measures @kubetrain/kube's pooled raw-JSON client against client-node's generated CoreV1Api on
// the same API server: N GETs of one ConfigMap, one at a time and 32 at a time, in one run, and
// prints each rate as a ratio. Needs a cluster:
//   node --import tsx packages/kube/src/bench/requests.ts [kubeconfig] [N]
// (default: the local control plane's kubeconfig, N = 500).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CoreV1Api, KubeConfig as ClientNodeConfig } from '@kubernetes/client-node';
import { CoreResources, KubeClient, loadKubeConfig } from '../index.js';

const path = process.argv[2] ?? join(homedir(), '.cache', 'kubetrain', 'cluster', 'kubeconfig');
const n = Number(process.argv[3] ?? 500);
const kubeConfig = loadKubeConfig({ path });
const ours = await KubeClient.create(kubeConfig);
const theirConfig = new ClientNodeConfig();
theirConfig.loadFromFile(path);
const theirs = theirConfig.makeApiClient(CoreV1Api);
const name = 'kube-request-bench';
const namespace = 'default';
await ours.patch(
  CoreResources.ConfigMap,
  name,
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { k: 'v' } },
  { type: 'apply', namespace, fieldManager: 'bench', force: true },
);

async function rate(get: () => Promise<unknown>, concurrency: number): Promise<number> {
  let left = n;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await get();
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

const getOurs = () => ours.get(CoreResources.ConfigMap, name, { namespace });
const getTheirs = () => theirs.readNamespacedConfigMap({ name, namespace });
await rate(getOurs, 8); // warm-up: TLS handshakes, JIT
await rate(getTheirs, 8);
for (const concurrency of [1, 32]) {
  const a = await rate(getOurs, concurrency);
  const b = await rate(getTheirs, concurrency);
  console.log(
    `GET x${n}, ${concurrency} in flight: @kubetrain/kube ${a.toFixed(0)}/s, client-node CoreV1Api ${b.toFixed(0)}/s, ratio ${(a / b).toFixed(2)}`,
  );
}
await ours.delete(CoreResources.ConfigMap, name, { namespace });
await ours.close();
