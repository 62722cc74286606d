// SPDX-License-Identifier: Apache-2.0
// Delays longer than one Node timer holds (2^31-1 ms, about 24.8 days) on the real control plane: a
// TrainJob and a PyTorchJob with a 30-day activeDeadlineSeconds, and a finished PyTorchJob with a
// 1-year ttlSecondsAfterFinished, and two finished TrainJobs with a 1-year TTL (their own
// ttlSecondsAfterFinished; their TrainingRuntime's runPolicy.ttlSecondsAfterFinished). A plain setTimeout fires such a requeue after 1 ms, so the manager
// reconciled them in a hot loop (hundreds a second); now each is reconciled a handful of times in a
// minute (its own status writes and the pods' changes), and none of them ends early.
import { randomBytes } from 'node:crypto';
import { makeTrainJob } from '@kubetrain/testing';
import { applyObject } from '../support/apply.js';
import { readJobSet } from '../support/jobset.js';
import { keepRunning, succeedAfter } from '../support/kwok.js';
import { waitFor } from '../support/wait.js';
import { createJob, pytorchJob, readJob, waitForJobCondition, useV1Suite } from '../v1/v1-harness.js';
import {
  createTrainJob,
  podAnnotations,
  readTrainJob,
  reconcileTotals,
  trainingRuntimeFrom,
} from './harness.js';

const KWOK_PATCH_MANAGER = 'e2e.kubetrain.dev/kwok';
const DAY_SECONDS = 86_400;
/** How long the reconciles are counted. */
const WINDOW_MS = 60_000;
/** "A handful": the most reconciles of one job's controller in the window. */
const MOST_RECONCILES = 10;

describe('timers longer than a Node timer holds: no hot loop', () => {
  const suffix = randomBytes(2).toString('hex');
  const suite = useV1Suite('e2e-timers', { runtimes: true });

  it('30-day deadlines and 1-year TTLs: a handful of reconciles a minute, and nothing ends early', async () => {
    const trainJob = `deadline-${suffix}`;
    const finishedTrainJob = `ttl-${suffix}`;
    const runtimeTtlTrainJob = `ttl-runtime-${suffix}`;
    const ttlRuntime = `ttl-year-${suffix}`;
    const running = `deadline-v1-${suffix}`;
    const finished = `ttl-v1-${suffix}`;
    await createTrainJob(
      makeTrainJob(suite.namespace, trainJob)
        .numNodes(1)
        .activeDeadlineSeconds(30 * DAY_SECONDS)
        .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', keepRunning()))
        .obj(),
    );
    await createTrainJob(
      makeTrainJob(suite.namespace, finishedTrainJob)
        .numNodes(1)
        .ttlSecondsAfterFinished(365 * DAY_SECONDS)
        .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', succeedAfter('1s')))
        .obj(),
    );
    const rt = (await trainingRuntimeFrom(suite.namespace, ttlRuntime, 'torch-distributed')) as {
      spec: { runPolicy?: { ttlSecondsAfterFinished?: number } };
    };
    rt.spec.runPolicy = { ttlSecondsAfterFinished: 365 * DAY_SECONDS };
    await applyObject(rt as never, KWOK_PATCH_MANAGER);
    await createTrainJob(
      makeTrainJob(suite.namespace, runtimeTtlTrainJob)
        .runtimeRef(ttlRuntime, 'TrainingRuntime')
        .numNodes(1)
        .runtimePatch(KWOK_PATCH_MANAGER, podAnnotations('node', succeedAfter('1s')))
        .obj(),
    );
    await createJob(
      'PyTorchJob',
      suite.namespace,
      pytorchJob(running, { annotations: keepRunning() }, undefined, {
        activeDeadlineSeconds: 30 * DAY_SECONDS,
      }),
    );
    await createJob(
      'PyTorchJob',
      suite.namespace,
      pytorchJob(finished, { annotations: succeedAfter('1s') }, undefined, {
        ttlSecondsAfterFinished: 365 * DAY_SECONDS,
      }),
    );
    await waitFor(`JobSet ${trainJob}`, () => readJobSet(suite.namespace, trainJob));
    await waitForJobCondition('PyTorchJob', suite.namespace, running, 'Running');
    await waitForJobCondition('PyTorchJob', suite.namespace, finished, 'Succeeded');
    for (const name of [finishedTrainJob, runtimeTtlTrainJob]) {
      await waitFor(`TrainJob ${name} Complete`, async () => {
        const tj = await readTrainJob(suite.namespace, name);
        return tj.status?.conditions?.some((c) => c.type === 'Complete' && c.status === 'True')
          ? tj
          : undefined;
      });
    }

    const before = await reconcileTotals(suite.test);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const after = await reconcileTotals(suite.test);
    const delta = (controller: string) => (after.get(controller) ?? 0) - (before.get(controller) ?? 0);
    const pytorch = [...after.keys()].find((c) => c.startsWith('pytorchjob'));
    expect(pytorch).toBeDefined();
    // Three TrainJobs share the TrainJob controller.
    expect(delta('trainjob_controller')).toBeLessThanOrEqual(3 * MOST_RECONCILES);
    // Two PyTorchJobs share the v1 controller.
    expect(delta(pytorch!)).toBeLessThanOrEqual(2 * MOST_RECONCILES);

    // Nothing fired early: the deadlines have not failed the jobs, the TTLs have not deleted one.
    const tj = await readTrainJob(suite.namespace, trainJob);
    expect((tj.status?.conditions ?? []).some((c) => c.type === 'Failed' && c.status === 'True')).toBe(false);
    const v1 = await readJob('PyTorchJob', suite.namespace, running);
    expect((v1.status?.conditions ?? []).some((c) => c.type === 'Failed' && c.status === 'True')).toBe(false);
    expect((await readJob('PyTorchJob', suite.namespace, finished)).metadata.name).toBe(finished);
    for (const name of [finishedTrainJob, runtimeTtlTrainJob]) {
      const done = await readTrainJob(suite.namespace, name);
      expect([done.metadata?.name, done.metadata?.deletionTimestamp]).toEqual([name, undefined]);
    }
  });
});
