// SPDX-License-Identifier: Apache-2.0
// The v1 failure and lifecycle paths against the real API server, kwok pods and kubetrain's manager
// (in-process, --enable-v1-kinds=all), with PyTorchJobs: restartPolicy Never (a failed worker fails the
// job), ExitCode (a retryable code recreates the pod by name, a permanent one fails the job), backoffLimit
// (the second failure past a limit of 1 fails the job, then cleanPodPolicy All deletes the pods),
// activeDeadlineSeconds (with cleanPodPolicy Running), suspend and resume, and ttlSecondsAfterFinished.
import { randomBytes } from 'node:crypto';
import { apiStatus } from '../support/api-errors.js';
import { failAfter, keepRunning, succeedAfter } from '../support/kwok.js';
import { waitFor } from '../support/wait.js';
import { eventsOf, waitForEvent } from '../controller/harness.js';
import {
  createJob,
  patchJobSpec,
  podsOf,
  readJob,
  servicesOf,
  waitForJobCondition,
  useV1Suite,
  pytorchJob,
} from './v1-harness.js';

const KIND = 'PyTorchJob';

describe('Training Operator v1 run policies on kubetrain (PyTorchJob, kwok pods)', () => {
  const suffix = randomBytes(2).toString('hex');
  const suite = useV1Suite('e2e-v1run');
  let namespace: string;

  beforeAll(async () => {
    namespace = suite.namespace;
  });
  const submit = (...args: Parameters<typeof pytorchJob>) => createJob(KIND, namespace, pytorchJob(...args));

  it('restartPolicy Never: a failed worker fails the job, and no pod is recreated', async () => {
    const name = `never-${suffix}`;
    await submit(
      name,
      { annotations: keepRunning() },
      { annotations: failAfter('1s', 1), restartPolicy: 'Never' },
    );
    const job = await waitForJobCondition(KIND, namespace, name, 'Failed', 'PyTorchJobFailed');
    expect(job.status!.conditions!.at(-1)!.message).toBe(
      `PyTorchJob ${name} is failed because 1 Worker replica(s) failed.`,
    );
    // Zero counts are omitted, as v1.9.4 writes them.
    expect(job.status!.replicaStatuses!['Worker']).toMatchObject({ failed: 1 });
    expect(job.status!.replicaStatuses!['Worker']).not.toHaveProperty('active');
    expect(job.status!.completionTime).toBeDefined();
    const pods = await podsOf(namespace, name);
    // cleanPodPolicy None (the default): the running master stays, the failed worker is kept.
    expect(pods.get(`${name}-master-0`)!.status!.phase).toBe('Running');
    expect(pods.get(`${name}-worker-0`)!.status!.phase).toBe('Failed');
    expect(pods.get(`${name}-worker-0`)!.spec!.restartPolicy).toBe('Never');
  });

  it('ExitCode: a permanent exit code (1) fails the job without a restart', async () => {
    const name = `exit-perm-${suffix}`;
    await submit(
      name,
      { annotations: keepRunning() },
      { annotations: failAfter('1s', 1), restartPolicy: 'ExitCode' },
    );
    await waitForJobCondition(KIND, namespace, name, 'Failed', 'PyTorchJobFailed');
    const pods = await podsOf(namespace, name);
    expect(pods.get(`${name}-worker-0`)!.status!.phase).toBe('Failed');
    // ExitCode maps to pod restartPolicy Never: the controller, not the kubelet, restarts.
    expect(pods.get(`${name}-worker-0`)!.spec!.restartPolicy).toBe('Never');
    const events = await eventsOf(namespace, name);
    expect(events.map((e) => e.reason)).toContain('ExitedWithCode');
  });

  it('ExitCode 137 recreates the pod by name; backoffLimit 1 fails the job at the second failure; cleanPodPolicy All cleans up', async () => {
    const name = `exit-retry-${suffix}`;
    await submit(
      name,
      { annotations: keepRunning() },
      { annotations: failAfter('5s', 137), restartPolicy: 'ExitCode' },
      { backoffLimit: 1, cleanPodPolicy: 'All' },
    );
    const first = await waitFor(
      `first worker pod of ${name}`,
      async () => (await podsOf(namespace, name)).get(`${name}-worker-0`)?.metadata?.uid,
    );
    // Restarting is True until the recreated pod runs (Running replaces it): its event stays.
    await waitForEvent(namespace, name, 'PyTorchJobRestarting');
    const second = await waitFor(`recreated worker pod of ${name}`, async () => {
      const uid = (await podsOf(namespace, name)).get(`${name}-worker-0`)?.metadata?.uid;
      return uid !== undefined && uid !== first ? uid : undefined;
    });
    expect(second).not.toBe(first);
    const job = await waitForJobCondition(KIND, namespace, name, 'Failed', 'PyTorchJobFailed');
    expect(job.status!.conditions!.at(-1)!.message).toBe(
      `Job ${name} has failed because it has reached the specified backoff limit`,
    );
    await waitFor(`pods and Services of ${name} deleted`, async () =>
      (await podsOf(namespace, name)).size === 0 && (await servicesOf(namespace, name)).size === 0
        ? true
        : undefined,
    );
  });

  it('activeDeadlineSeconds fails a job that runs too long; cleanPodPolicy Running deletes its running pods', async () => {
    const name = `deadline-${suffix}`;
    await submit(
      name,
      { annotations: keepRunning() },
      { annotations: keepRunning() },
      { activeDeadlineSeconds: 3, cleanPodPolicy: 'Running' },
    );
    const job = await waitForJobCondition(KIND, namespace, name, 'Failed', 'PyTorchJobFailed');
    expect(job.status!.conditions!.at(-1)!.message).toBe(
      `Job ${name} has failed because it was active longer than specified deadline`,
    );
    await waitFor(`running pods of ${name} deleted`, async () =>
      (await podsOf(namespace, name)).size === 0 ? true : undefined,
    );
  });

  it('suspend creates no pods; resume creates them and the job runs to Succeeded', async () => {
    const name = `suspend-${suffix}`;
    await submit(
      name,
      { annotations: succeedAfter('2s') },
      { annotations: succeedAfter('2s') },
      { suspend: true },
    );
    await waitForJobCondition(KIND, namespace, name, 'Suspended', 'PyTorchJobSuspended');
    expect((await podsOf(namespace, name)).size).toBe(0);
    await patchJobSpec(KIND, namespace, name, { runPolicy: { suspend: false } });
    const done = await waitForJobCondition(KIND, namespace, name, 'Succeeded', 'PyTorchJobSucceeded');
    const suspended = done.status!.conditions!.find((c) => c.type === 'Suspended')!;
    expect(suspended).toMatchObject({ status: 'False', reason: 'PyTorchJobResumed' });
    expect((await podsOf(namespace, name)).size).toBe(2);
  });

  it('ttlSecondsAfterFinished deletes the finished job (and its pods with it)', async () => {
    const name = `ttl-${suffix}`;
    await submit(
      name,
      { annotations: succeedAfter('1s') },
      { annotations: succeedAfter('1s') },
      { ttlSecondsAfterFinished: 2 },
    );
    // The job may be gone before a poll sees it Succeeded: its events stay.
    await waitFor(`${name} deleted`, async () =>
      readJob(KIND, namespace, name).then(
        () => undefined,
        (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
      ),
    );
    const reasons = (await eventsOf(namespace, name)).map((e) => e.reason);
    expect(reasons).toContain('PyTorchJobSucceeded');
    // The garbage collector of kube-controller-manager removes the owned pods.
    await waitFor(`pods of ${name} collected`, async () =>
      (await podsOf(namespace, name)).size === 0 ? true : undefined,
    );
  });

  it('refuses an invalid job with a FailedValidation condition naming the field', async () => {
    const name = `invalid-${suffix}`;
    const body = pytorchJob(
      name,
      { annotations: keepRunning(), replicas: 2 },
      { annotations: keepRunning() },
    );
    await createJob(KIND, namespace, body);
    const job = await waitForJobCondition(KIND, namespace, name, 'Failed', 'PyTorchJobFailedValidation');
    expect(job.status!.conditions!.at(-1)!.message).toBe(
      'spec.pytorchReplicaSpecs[Master].replicas: Forbidden: must be 1',
    );
    expect((await podsOf(namespace, name)).size).toBe(0);
  });
});
