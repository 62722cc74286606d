// SPDX-License-Identifier: Apache-2.0
import { parseGangSchedulerName, type GangScheduling } from './gang-flag.js';
import type { ReplicaSpecs, V1JobObject, V1Object } from './job-types.js';
import {
  delaysPodCreation,
  joinGang,
  newPodGroup,
  otherSchedulerSet,
  podGroupSpec,
  samePodGroupSpec,
} from './pod-group.js';

const volcano = parseGangSchedulerName('volcano')!;
const coscheduling = parseGangSchedulerName('scheduler-plugins-scheduler')!;

const replica = (replicas: number, requests?: Record<string, string>, limits?: Record<string, string>) => ({
  replicas,
  template: {
    spec: {
      containers: [
        {
          name: 'pytorch',
          image: 'busybox',
          ...(requests !== undefined || limits !== undefined
            ? { resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } }
            : {}),
        },
      ],
    },
  },
});

const job = (
  schedulingPolicy?: Record<string, unknown>,
  annotations?: Record<string, string>,
): V1JobObject => ({
  apiVersion: 'kubeflow.org/v1',
  kind: 'PyTorchJob',
  metadata: { name: 'j', namespace: 'ns', uid: 'u1', ...(annotations ? { annotations } : {}) },
  spec: { runPolicy: schedulingPolicy !== undefined ? { schedulingPolicy } : {} },
});

const specs: ReplicaSpecs = {
  Master: replica(1, { cpu: '500m', memory: '1Gi' }),
  Worker: replica(2, undefined, { cpu: '1', memory: '512Mi' }),
} as ReplicaSpecs;
const order = ['Master', 'Worker'];

describe('podGroupSpec', () => {
  it.each<{
    name: string;
    gang: GangScheduling;
    policy?: Record<string, unknown>;
    queue?: string;
    want: unknown;
  }>([
    {
      name: 'volcano: sum of replicas, queue default, requests else limits summed',
      gang: volcano,
      want: { minMember: 3, queue: 'default', minResources: { cpu: '2500m', memory: '2Gi' } },
    },
    {
      name: 'volcano: minAvailable counts the first pods only; queue and priority class from the policy',
      gang: volcano,
      policy: { minAvailable: 2, queue: 'q1', priorityClass: 'high' },
      want: {
        minMember: 2,
        queue: 'q1',
        priorityClassName: 'high',
        minResources: { cpu: '1500m', memory: '1536Mi' },
      },
    },
    {
      name: "volcano: an existing PodGroup's queue is kept",
      gang: volcano,
      policy: { queue: 'q1' },
      queue: 'kept',
      want: { minMember: 3, queue: 'kept', minResources: { cpu: '2500m', memory: '2Gi' } },
    },
    {
      name: 'volcano: minResources of the policy as given; scheduleTimeoutSeconds not carried',
      gang: volcano,
      policy: { minResources: { cpu: '7' }, scheduleTimeoutSeconds: 30 },
      want: { minMember: 3, queue: 'default', minResources: { cpu: '7' } },
    },
    {
      name: 'scheduler-plugins: minMember, minResources, scheduleTimeoutSeconds; no queue or priority',
      gang: coscheduling,
      policy: { minAvailable: 1, queue: 'q1', priorityClass: 'high', scheduleTimeoutSeconds: 30 },
      want: { minMember: 1, minResources: { cpu: '500m', memory: '1Gi' }, scheduleTimeoutSeconds: 30 },
    },
    {
      name: 'scheduler-plugins: defaults',
      gang: coscheduling,
      want: { minMember: 3, minResources: { cpu: '2500m', memory: '2Gi' } },
    },
  ])('$name', ({ gang, policy, queue, want }) => {
    expect(podGroupSpec(job(policy), specs, order, gang, queue)).toEqual(want);
  });
});

describe('newPodGroup', () => {
  it.each([
    { gang: volcano, apiVersion: 'scheduling.volcano.sh/v1beta1' },
    { gang: coscheduling, apiVersion: 'scheduling.x-k8s.io/v1alpha1' },
  ])('$apiVersion: named after the job, its annotations, owned by it', ({ gang, apiVersion }) => {
    const pg = newPodGroup(job(undefined, { a: 'b' }), gang, { minMember: 3 });
    expect(pg).toEqual({
      apiVersion,
      kind: 'PodGroup',
      metadata: {
        name: 'j',
        namespace: 'ns',
        annotations: { a: 'b' },
        ownerReferences: [
          {
            apiVersion: 'kubeflow.org/v1',
            kind: 'PyTorchJob',
            name: 'j',
            uid: 'u1',
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: { minMember: 3 },
    });
  });
});

describe('samePodGroupSpec', () => {
  it.each([
    {
      name: 'equal quantities in other spellings',
      current: { minMember: 2, minResources: { cpu: '1' } },
      wanted: { minMember: 2, minResources: { cpu: '1000m' } },
      same: true,
    },
    { name: 'minMember differs', current: { minMember: 2 }, wanted: { minMember: 3 }, same: false },
    {
      name: 'a field upstream would drop',
      current: { minMember: 2, minTaskMember: { a: 1 } },
      wanted: { minMember: 2 },
      same: false,
    },
    {
      name: 'a resource more',
      current: { minResources: { cpu: '1' } },
      wanted: { minResources: { cpu: '1', memory: '1Gi' } },
      same: false,
    },
  ])('$name', ({ current, wanted, same }) => {
    expect(samePodGroupSpec(current, wanted)).toBe(same);
  });
});

describe('delaysPodCreation', () => {
  it.each([
    { gang: volcano, phase: undefined, delays: true },
    { gang: volcano, phase: 'Pending', delays: true },
    { gang: volcano, phase: 'Inqueue', delays: false },
    { gang: volcano, phase: 'Running', delays: false },
    { gang: coscheduling, phase: undefined, delays: false },
    { gang: coscheduling, phase: 'Pending', delays: false },
  ])('$gang.plugin, phase $phase', ({ gang, phase, delays }) => {
    const group = { metadata: { name: 'j' }, ...(phase !== undefined ? { status: { phase } } : {}) };
    expect(delaysPodCreation(gang, group)).toBe(delays);
  });
});

describe('joinGang', () => {
  const pod = (schedulerName?: string): V1Object =>
    ({
      metadata: { name: 'j-worker-0', labels: { l: '1' }, annotations: { a: '1' } },
      spec: { containers: [], ...(schedulerName !== undefined ? { schedulerName } : {}) },
    }) as V1Object;
  it.each([
    {
      name: 'volcano: scheduler, group-name and task-spec annotations',
      gang: volcano,
      pod: pod(),
      want: {
        schedulerName: 'volcano',
        labels: { l: '1' },
        annotations: { a: '1', 'scheduling.k8s.io/group-name': 'j', 'volcano.sh/task-spec': 'worker' },
      },
    },
    {
      name: 'scheduler-plugins: scheduler and pod-group label',
      gang: coscheduling,
      pod: pod(),
      want: {
        schedulerName: 'scheduler-plugins-scheduler',
        labels: { l: '1', 'scheduling.x-k8s.io/pod-group': 'j' },
        annotations: { a: '1' },
      },
    },
    {
      name: "a template's own scheduler is kept",
      gang: coscheduling,
      pod: pod('mine'),
      want: {
        schedulerName: 'mine',
        labels: { l: '1', 'scheduling.x-k8s.io/pod-group': 'j' },
        annotations: { a: '1' },
      },
    },
  ])('$name', ({ gang, pod: p, want }) => {
    joinGang(p, job(), gang, 'Worker');
    const spec = (p as { spec: { schedulerName?: string } }).spec;
    expect({
      schedulerName: spec.schedulerName,
      labels: p.metadata?.labels,
      annotations: p.metadata?.annotations,
    }).toEqual(want);
  });
});

describe('otherSchedulerSet', () => {
  const withScheduler = (name: string) =>
    ({
      Worker: { replicas: 1, template: { spec: { containers: [], schedulerName: name } } },
    }) as ReplicaSpecs;
  it.each([
    { specs, gang: volcano, other: false },
    { specs: withScheduler('volcano'), gang: volcano, other: false },
    { specs: withScheduler('default-scheduler'), gang: volcano, other: true },
  ])('$gang.plugin: $other', ({ specs: s, gang, other }) => {
    expect(otherSchedulerSet(s, gang)).toBe(other);
  });
});
