// SPDX-License-Identifier: Apache-2.0
// TTL after finished through the reconciler: the stores, an in-memory client recording every request,
// a fake clock (see trainjob-reconciler.test.ts). The e2e suite (e2e/controller/ttl.e2e.ts) shows the
// garbage collector deleting what the job owned.
import type { TrainJob } from '@kubetrain/api/core';
import { ManagerResources } from '../cluster/resources.js';
import { asObject, KEY, NS, T0, job, world } from '../../test/reconciler-world.js';

const DONE_AT = '2026-01-01T00:10:00Z';
const DONE_MS = Date.parse(DONE_AT) - Date.parse(T0);

interface Case {
  /** The job's own ttlSecondsAfterFinished. */
  own?: number;
  /** The runtime's runPolicy.ttlSecondsAfterFinished. */
  runtime?: number;
  /** Milliseconds after the job finished at which it is reconciled. */
  afterMs: number;
  /** The job's status has no completionTime (finished under a manager that did not write it). */
  noCompletionTime?: boolean;
  /** The job in the cluster is another one of the same name (another uid). */
  replaced?: boolean;
  wantDelete: boolean;
  wantRequeueMs?: number;
}

describe('TTL after finished', () => {
  const cases: Record<string, Case> = {
    'no TTL: kept, no requeue': { afterMs: 3_600_000, wantDelete: false },
    "the job's own TTL, not yet: a requeue at its expiry": {
      own: 30,
      afterMs: 10_000,
      wantDelete: false,
      wantRequeueMs: 20_000,
    },
    "the job's own TTL passed: deleted (Foreground, uid precondition)": {
      own: 30,
      afterMs: 30_000,
      wantDelete: true,
    },
    "the runtime's default applies": { runtime: 5, afterMs: 5_000, wantDelete: true },
    "the job's own wins over the runtime's": {
      own: 60,
      runtime: 5,
      afterMs: 5_000,
      wantDelete: false,
      wantRequeueMs: 55_000,
    },
    '0 deletes at once': { own: 0, afterMs: 0, wantDelete: true },
    "no completionTime: from the Complete condition's transition": {
      own: 5,
      afterMs: 6_000,
      noCompletionTime: true,
      wantDelete: true,
    },
    'a TTL of 68 years: one requeue that long, not a hot loop': {
      own: 2147483647,
      afterMs: 0,
      wantDelete: false,
      wantRequeueMs: 2147483647_000,
    },
    'a same-name job created again: the uid precondition refuses (409), not an error': {
      own: 1,
      afterMs: 5_000,
      replaced: true,
      wantDelete: true,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const w = world();
      if (tc.runtime !== undefined) {
        const runtime = structuredClone(
          w.client.object(ManagerResources.ClusterTrainingRuntime, undefined, 'torch-distributed')!,
        ) as { spec: { runPolicy?: object } };
        runtime.spec.runPolicy = { ttlSecondsAfterFinished: tc.runtime };
        w.stores.clusterTrainingRuntimes.upsert(
          asObject(w.client.seed(ManagerResources.ClusterTrainingRuntime, asObject(runtime))),
        );
      }
      const done: TrainJob = (tc.own === undefined ? job() : job().ttlSecondsAfterFinished(tc.own)).obj();
      done.status = {
        startTime: T0,
        ...(tc.noCompletionTime === true ? {} : { completionTime: DONE_AT }),
        conditions: [
          {
            type: 'Complete',
            status: 'True',
            reason: 'JobSetCompleted',
            message: 'done',
            lastTransitionTime: DONE_AT,
          },
        ],
      };
      const uid = w.submit(done).metadata!.uid!;
      if (tc.replaced === true)
        w.client.seed(ManagerResources.TrainJob, { ...done, metadata: { ...done.metadata, uid: 'other' } });
      w.clock.advance(DONE_MS + tc.afterMs);
      const result = await w.reconciler.reconcile(KEY);
      const deletes = w.client.requests.filter((r) => r.verb === 'DELETE');
      expect(deletes).toEqual(
        tc.wantDelete
          ? [
              {
                verb: 'DELETE',
                resource: 'trainjobs',
                namespace: NS,
                name: 'job',
                body: { propagationPolicy: 'Foreground', preconditions: { uid } },
              },
            ]
          : [],
      );
      expect(result.requeueAfterMs).toBe(tc.wantRequeueMs);
      // A finished job is never rendered or written to: no other request.
      expect(w.client.requests.filter((r) => r.verb !== 'DELETE')).toEqual([]);
    });
  }
});
