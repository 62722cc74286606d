// SPDX-License-Identifier: Apache-2.0
import {
  JobSetPodFailures,
  jobSetPodProjection,
  podFailureOf,
  preferredFailure,
  type PodFailure,
} from './pod-failures.js';
import type { KubeObject } from '../../cluster/kube.js';

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
