// SPDX-License-Identifier: Apache-2.0
// The manager survives an outage of the kube-apiserver it talks to: the API server is stopped and
// started again (hack/cluster/restart.sh) under a running, in-process manager. With no process
// restart, its reflectors re-establish their watches by themselves; a TrainJob whose pods finish
// while the manager was cut off still reaches Complete (no final state missed), a TrainJob created
// after the outage gets its JobSet, and each has exactly one JobSet.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { makeTrainJob } from '@kubetrain/testing';
import { REPO_ROOT } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { succeedAfter } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import {
  installCrdsAndShippedRuntimes,
  createTrainJob,
  custom,
  podAnnotations,
  startTestManager,
  waitForCondition,
  type TestManager,
} from './harness.js';

const run = promisify(execFile);
const FIELD_MANAGER = 'kubetrain-e2e';

/** The names of the JobSets in `namespace`. */
async function jobSetNames(namespace: string): Promise<string[]> {
  const list = (await custom().listNamespacedCustomObject({
    group: 'jobset.x-k8s.io',
    version: 'v1alpha2',
    plural: 'jobsets',
    namespace,
  })) as { items: Array<{ metadata: { name: string } }> };
  return list.items.map((j) => j.metadata.name).sort();
}

/** The sum of a counter family over all its label sets, from the manager's /metrics. */
async function counterTotal(t: TestManager, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${t.manager.metricsPort}/metrics`)).text();
  let total = 0;
  for (const m of text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?)$`, 'gm')))
    total += Number(m[1]);
  return total;
}

describe('kubetrain-manager across a kube-apiserver restart', () => {
  const suffix = randomBytes(2).toString('hex');
  let namespace: string;
  let t: TestManager | undefined;

  beforeAll(async () => {
    namespace = await createNamespace('e2e-outage');
    // The shipped runtimes stay installed, as the other controller suites leave them.
    await installCrdsAndShippedRuntimes(FIELD_MANAGER);
  });

  afterAll(async () => {
    await t?.manager.stop().catch(() => undefined);
    if (namespace) await deleteNamespace(namespace);
  });

  it('recovers by itself and misses no final state', async () => {
    t = await startTestManager(namespace);
    const before = `before-${suffix}`;
    // Pods that run past the outage: their completion reaches the API server only after it is back.
    await createTrainJob(
      makeTrainJob(namespace, before)
        .numNodes(2)
        .runtimePatch('e2e.kubetrain.dev/kwok', podAnnotations('node', succeedAfter('20s')))
        .obj(),
    );
    await waitFor('the first JobSet', async () =>
      (await jobSetNames(namespace)).includes(before) ? true : undefined,
    );
    const restartsBefore = await counterTotal(t, 'kubetrain_reflector_watch_restarts_total');

    await run('bash', [`${REPO_ROOT}hack/cluster/restart.sh`, 'kube-apiserver', '5'], { timeout: 180_000 });

    const after = `after-${suffix}`;
    // The suites' own client may hold sockets to the old process; a fresh request reconnects.
    await waitFor('the API server answers again', async () =>
      (await cluster().core.listNamespacedPod({ namespace })) ? true : undefined,
    );
    await createTrainJob(makeTrainJob(namespace, after).numNodes(1).obj());

    await waitForCondition(namespace, before, 'Complete');
    await waitForCondition(namespace, after, 'Complete');
    expect(await jobSetNames(namespace)).toEqual([after, before].sort());
    // The watches were cut and re-established by the reflectors, not by a new process.
    expect(await counterTotal(t, 'kubetrain_reflector_watch_restarts_total')).toBeGreaterThan(restartsBefore);
    expect(t.manager.synced()).toBe(true);
  });
});
