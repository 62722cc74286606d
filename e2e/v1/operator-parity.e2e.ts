// SPDX-License-Identifier: Apache-2.0
// kubetrain's v1 kinds against the live Training Operator v1.9.4: the upstream operator (built from
// the Go module proxy by hack/baseline/build-training-operator.sh, run out of cluster by
// hack/baseline/run-training-operator.ts, its cache scoped to one namespace) and kubetrain's manager
// (in-process, --enable-v1-kinds=all, scoped to another namespace) run the same jobs side by side on
// kwok pods: the 8 reference examples and 3 PyTorchJob failure cases (operator-parity.ts). Once a
// job has ended and stopped changing, kubetrain's status (conditions' type, status, reason and
// message; replicaStatuses; which times are set), pods, Services and an MPIJob's ConfigMap and
// launcher RBAC must equal the operator's, after normalising what differs legitimately.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { kubeconfigPath } from '../../hack/bench/lib/kube-client.js';
import type { ManagerHandle } from '../../hack/bench/lib/manager.js';
import { startTrainingOperator } from '../../hack/baseline/run-training-operator.js';
import type { TestManager } from '../controller/harness.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import {
  hasEnded,
  parityCases,
  podsSettled,
  snapshot,
  type ParityCase,
  type ParitySnapshot,
} from './operator-parity.js';
import { createJob, installV1Crds, startV1Manager } from './v1-harness.js';

/** A cold build of the operator takes minutes on 2 cores; the background prebuild may still run. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const CASE_TIMEOUT_MS = 5 * 60_000;
/** How long a snapshot must stay the same to count as final. */
const SETTLE_MS = 3_000;

/** The case's snapshot once the job has ended, its pods are no longer being deleted and it stopped changing. */
async function finalSnapshot(c: ParityCase, namespace: string, who: string): Promise<ParitySnapshot> {
  await waitFor(
    `${who}: ${c.title} ${c.ends}`,
    async () => ((await hasEnded(c, namespace)) ? true : undefined),
    async () => JSON.stringify((await snapshot(c, namespace)).status),
    { timeoutMs: CASE_TIMEOUT_MS - 60_000 },
  );
  let last = await snapshot(c, namespace);
  return waitFor(`${who}: ${c.title} settled`, async () => {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const next = await snapshot(c, namespace);
    const same = isDeepStrictEqual(next, last) && (await podsSettled(c, namespace));
    last = next;
    return same ? next : undefined;
  });
}

describe('v1 kinds: kubetrain equals the live Training Operator v1.9.4', () => {
  const cases = parityCases();
  const state: {
    upstreamNs?: string;
    kubetrainNs?: string;
    operator?: ManagerHandle;
    manager?: TestManager;
  } = {};

  beforeAll(async () => {
    await installV1Crds('kubetrain-e2e');
    state.upstreamNs = await createNamespace('e2e-v1op-up');
    state.kubetrainNs = await createNamespace('e2e-v1op-kt');
    state.operator = await startTrainingOperator({
      kubeconfig: kubeconfigPath(),
      workDir: mkdtempSync(join(tmpdir(), 'kubetrain-v1-parity-')),
      namespace: state.upstreamNs,
    });
    state.manager = await startV1Manager(state.kubetrainNs);
    for (const c of cases) {
      await createJob(c.kind, state.upstreamNs, structuredClone(c.body));
      await createJob(c.kind, state.kubetrainNs, structuredClone(c.body));
    }
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await state.operator?.stop();
    await state.manager?.manager.stop();
    if (state.upstreamNs) await deleteNamespace(state.upstreamNs);
    if (state.kubetrainNs) await deleteNamespace(state.kubetrainNs);
  });

  it('runs the 8 reference examples (and the MPI one keeping its workers) and 3 PyTorchJob failure cases', () => {
    expect(cases.filter((c) => c.ends === 'Succeeded')).toHaveLength(9);
    expect(cases.filter((c) => c.ends === 'Failed').map((c) => c.kind)).toEqual([
      'PyTorchJob',
      'PyTorchJob',
      'PyTorchJob',
    ]);
  });

  it.each(cases.map((c) => [c.title, c] as const))(
    '%s: status, pods, Services (and MPI ConfigMap) equal v1.9.4',
    async (_title, c) => {
      const [upstream, kubetrain] = await Promise.all([
        finalSnapshot(c, state.upstreamNs!, 'training-operator v1.9.4'),
        finalSnapshot(c, state.kubetrainNs!, 'kubetrain'),
      ]).catch((error: unknown) => {
        const log = state.operator ? readFileSync(state.operator.logPath, 'utf8').slice(-4000) : '';
        throw new Error(`${String(error)}\n--- training-operator log (end) ---\n${log}`);
      });
      expect(kubetrain).toEqual(upstream);
      // What the comparison covers, seen on upstream's side: v1.9.4 omits zero counts (omitempty), and
      // an MPIJob's discover_hosts.sh keeps the workers that ran.
      const counts = Object.values(
        (upstream.status as { replicaStatuses?: Record<string, Record<string, unknown>> }).replicaStatuses ??
          {},
      ).flatMap((rs) => [rs['active'], rs['succeeded'], rs['failed']]);
      expect(counts).not.toContain(0);
      if (c.kind === 'MPIJob') {
        const name = c.body.metadata.name;
        const data = (upstream.mpi!['configMap'] as { data: Record<string, string> }).data;
        expect(data['discover_hosts.sh']).toBe(`#!/bin/sh\necho ${name}-worker-0:1\necho ${name}-worker-1:1`);
      }
    },
    CASE_TIMEOUT_MS,
  );
});
