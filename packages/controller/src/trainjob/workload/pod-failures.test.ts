// SPDX-License-Identifier: Apache-2.0
import {
  JobSetPodFailures,
  jobSetPodProjection,
  podFailureOf,
  preferredFailure,
  type PodFailure,
} from './pod-failures.js';
import { createLogger } from '@kubetrain/log';
import { InMemoryClient } from '@kubetrain/testing';
import { Store, type KubeObject } from '../../cluster/kube.js';
import { createStores } from '../../cluster/stores.js';
import { jobSetWorkload } from './jobset-workload.js';

interface PodSpec {
  attempt?: string;
  exitCode?: number;
  deleting?: boolean;
  disrupted?: string;
}

function pod(name: string, spec: PodSpec): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'ns',
      uid: `uid-${name}`,
      resourceVersion: '7',
      labels: {
        'jobset.sigs.k8s.io/jobset-name': 'tj',
        ...(spec.attempt !== undefined ? { 'jobset.sigs.k8s.io/restart-attempt': spec.attempt } : {}),
        app: 'dropped',
      },
      annotations: { big: 'x'.repeat(1000) },
      ...(spec.deleting ? { deletionTimestamp: '2026-01-01T00:00:05Z' } : {}),
    },
    spec: { containers: [{ name: 'node', image: 'img' }] },
    status: {
      phase: spec.exitCode === undefined ? 'Running' : 'Failed',
      conditions: [
        { type: 'Ready', status: 'False' },
        ...(spec.disrupted !== undefined
          ? [
              {
                type: 'DisruptionTarget',
                status: 'True',
                reason: spec.disrupted,
                message: 'Eviction API: evicting',
              },
            ]
          : []),
      ],
      containerStatuses: [
        { name: 'sidecar', state: { running: {} } },
        {
          name: 'node',
          state:
            spec.exitCode === undefined
              ? { running: {} }
              : { terminated: { exitCode: spec.exitCode, reason: spec.exitCode ? 'Error' : 'Completed' } },
        },
      ],
    },
  } as KubeObject;
}

describe('podFailureOf (of the projection the watch keeps)', () => {
  const cases: Record<string, { pod: KubeObject; want: PodFailure | undefined }> = {
    'a running pod: none': { pod: pod('a', { attempt: '0' }), want: undefined },
    'a succeeded pod: none': { pod: pod('a', { attempt: '0', exitCode: 0 }), want: undefined },
    'a failed container: pod, container, exit code, reason': {
      pod: pod('tj-node-0-1', { attempt: '2', exitCode: 3 }),
      want: {
        attempt: 2,
        pod: 'tj-node-0-1',
        primary: true,
        text: 'pod tj-node-0-1 container node exited with code 3 (Error)',
      },
    },
    'killed by the deletion of its attempt: not primary': {
      pod: pod('tj-node-0-0', { attempt: '0', exitCode: 143, deleting: true }),
      want: {
        attempt: 0,
        pod: 'tj-node-0-0',
        primary: false,
        text: 'pod tj-node-0-0 container node exited with code 143 (Error)',
      },
    },
    'evicted, not yet ended: the condition': {
      pod: pod('e', { attempt: '0', deleting: true, disrupted: 'EvictionByEvictionAPI' }),
      want: {
        attempt: 0,
        pod: 'e',
        primary: true,
        text: 'pod e condition DisruptionTarget (EvictionByEvictionAPI): Eviction API: evicting',
      },
    },
    'evicted and ended: container and condition': {
      pod: pod('e', { attempt: '1', exitCode: 137, deleting: true, disrupted: 'EvictionByEvictionAPI' }),
      want: {
        attempt: 1,
        pod: 'e',
        primary: true,
        text: 'pod e container node exited with code 137 (Error), condition DisruptionTarget (EvictionByEvictionAPI): Eviction API: evicting',
      },
    },
    'no restart-attempt label: attempt 0': {
      pod: pod('n', { exitCode: 1 }),
      want: { attempt: 0, pod: 'n', primary: true, text: 'pod n container node exited with code 1 (Error)' },
    },
    'a malformed restart-attempt label: attempt 0': {
      pod: pod('n', { attempt: 'x', exitCode: 1 }),
      want: { attempt: 0, pod: 'n', primary: true, text: 'pod n container node exited with code 1 (Error)' },
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(podFailureOf(jobSetPodProjection(tc.pod))).toEqual(tc.want));
  }

  it('the projection keeps only what is read', () => {
    const kept = jobSetPodProjection(pod('p', { attempt: '1', exitCode: 3 })) as Record<string, unknown>;
    expect(kept).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'p',
        namespace: 'ns',
        uid: 'uid-p',
        resourceVersion: '7',
        labels: { 'jobset.sigs.k8s.io/jobset-name': 'tj', 'jobset.sigs.k8s.io/restart-attempt': '1' },
      },
      status: {
        conditions: [],
        containerStatuses: [{ name: 'node', state: { terminated: { exitCode: 3, reason: 'Error' } } }],
        initContainerStatuses: [],
      },
    });
  });
});

describe('preferredFailure', () => {
  const f = (attempt: number, pod: string, primary: boolean): PodFailure => ({
    attempt,
    pod,
    primary,
    text: `${pod}@${attempt}${primary ? '' : ' (killed)'}`,
  });
  const cases: Record<string, { kept: PodFailure | undefined; seen: PodFailure; want: PodFailure }> = {
    'the first failure': { kept: undefined, seen: f(0, 'a', true), want: f(0, 'a', true) },
    'a later attempt replaces an earlier one': {
      kept: f(0, 'a', true),
      seen: f(1, 'b', false),
      want: f(1, 'b', false),
    },
    'an earlier attempt (a late event) does not': {
      kept: f(1, 'b', true),
      seen: f(0, 'a', true),
      want: f(1, 'b', true),
    },
    'a pod killed by the attempt deletion does not replace the one that failed': {
      kept: f(0, 'worker', true),
      seen: f(0, 'master', false),
      want: f(0, 'worker', true),
    },
    'a pod that failed on its own replaces one killed': {
      kept: f(0, 'master', false),
      seen: f(0, 'worker', true),
      want: f(0, 'worker', true),
    },
    'a second pod failing in the same attempt does not replace the first': {
      kept: f(0, 'a', true),
      seen: f(0, 'b', true),
      want: f(0, 'a', true),
    },
    'a newer state of the same pod replaces its older one': {
      kept: { ...f(0, 'e', true), text: 'condition only' },
      seen: { ...f(0, 'e', true), text: 'container and condition' },
      want: { ...f(0, 'e', true), text: 'container and condition' },
    },
    'the same pod, later killed by the deletion: the failure stays': {
      kept: f(0, 'a', true),
      seen: f(0, 'a', false),
      want: f(0, 'a', true),
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(preferredFailure(tc.kept, tc.seen)).toEqual(tc.want));
  }
});

describe('JobSetPodFailures', () => {
  it('keeps one failure per TrainJob, names it for a later restart only, forgets it', () => {
    const failures = new JobSetPodFailures();
    failures.observe('tj', jobSetPodProjection(pod('tj-node-0-1', { attempt: '0', exitCode: 3 })));
    failures.observe(
      'tj',
      jobSetPodProjection(pod('tj-node-0-0', { attempt: '0', exitCode: 143, deleting: true })),
    );
    failures.observe('tj', jobSetPodProjection(pod('tj-node-0-0', { attempt: '0' })));
    failures.observe('other', jobSetPodProjection(pod('running', { attempt: '0' })));
    expect(failures.size).toBe(1);
    expect(failures.causeOf('tj', 1)).toBe('pod tj-node-0-1 container node exited with code 3 (Error)');
    // Restart 0 (none yet) cannot have been caused by attempt 0.
    expect(failures.causeOf('tj', 0)).toBeUndefined();
    expect(failures.causeOf('other', 1)).toBeUndefined();
    failures.forget('tj');
    expect([failures.size, failures.causeOf('tj', 1)]).toEqual([0, undefined]);
  });
});

const logger = createLogger({ level: 'error', write: () => undefined });

function trainJob(name: string, uid: string, finished = false): KubeObject {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name, namespace: 'ns', uid, resourceVersion: '1' },
    ...(finished ? { status: { conditions: [{ type: 'Complete', status: 'True' }] } } : {}),
  } as KubeObject;
}

describe('JobSetPodFailures.connect (the pod and TrainJob stores)', () => {
  const cases: Record<string, { trainJobs: KubeObject[]; deleteTrainJob?: boolean; want: number }> = {
    "a live TrainJob's pod failure is kept": { trainJobs: [trainJob('tj', 'u1')], want: 1 },
    'no TrainJob of that name: nothing kept': { trainJobs: [trainJob('other', 'u2')], want: 0 },
    'a finished TrainJob: nothing kept': { trainJobs: [trainJob('tj', 'u1', true)], want: 0 },
    'the TrainJob deleted: forgotten': { trainJobs: [trainJob('tj', 'u1')], deleteTrainJob: true, want: 0 },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const pods = new Store({ logger });
      const trainJobs = new Store({ logger });
      const failures = new JobSetPodFailures();
      failures.connect(pods, trainJobs);
      for (const tj of tc.trainJobs) trainJobs.upsert(tj);
      const failing = jobSetPodProjection(pod('tj-node-0-1', { attempt: '0', exitCode: 3 }));
      pods.upsert(jobSetPodProjection(pod('tj-node-0-1', { attempt: '0' })));
      pods.upsert({ ...failing, metadata: { ...failing.metadata, resourceVersion: '8' } });
      if (tc.deleteTrainJob) trainJobs.remove(tc.trainJobs[0]!);
      expect(failures.size).toBe(tc.want);
    });
  }
});

describe('the JobSet port names the pod failure as the restart cause', () => {
  const cases: Record<string, { seen: boolean; restarts: number; want: string | undefined }> = {
    'the failure the pod watch saw': {
      seen: true,
      restarts: 1,
      want: 'pod tj-node-0-1 container node exited with code 3 (Error)',
    },
    'none seen, the failed Job gone: unknown': { seen: false, restarts: 1, want: undefined },
    'seen in the attempt the restart started: not its cause': { seen: true, restarts: 0, want: undefined },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const failures = new JobSetPodFailures();
      if (tc.seen)
        failures.observe('u1', jobSetPodProjection(pod('tj-node-0-1', { attempt: '0', exitCode: 3 })));
      const port = jobSetWorkload(
        { client: new InMemoryClient(), stores: createStores(logger), jobSetPodFailures: failures },
        trainJob('tj', 'u1') as never,
      );
      expect(await port.restartCause(trainJob('tj', 'u1') as never, tc.restarts)).toBe(tc.want);
    });
  }
});
