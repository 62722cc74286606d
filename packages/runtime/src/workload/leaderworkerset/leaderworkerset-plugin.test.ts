// SPDX-License-Identifier: Apache-2.0
import { KubetrainAnnotations, FeatureGateNames } from '@kubetrain/api';
import { toYaml, trainJobObject } from '@kubetrain/testing';
import { render, status, validateAdmission } from '../../engine.js';
import { RenderError } from '../../framework/errors.js';
import { watchedKinds } from '../../framework/kinds.js';
import { defaultPlugins } from '../../plugins/registry.js';
import type { TrainJob, TrainingRuntime } from '../../types.js';
import { isWorkloadSuspended } from './index.js';
import { LeaderWorkerSetNotFoundError } from './status.js';
import { lwsPlugins, optIn, renderLws, shippedRuntime } from '../../../test/leaderworkerset.js';

function job(
  runtime: TrainingRuntime,
  spec: Partial<TrainJob['spec']> = { trainer: { numNodes: 2 } },
): TrainJob {
  return trainJobObject({
    name: 'tj',
    namespace: 'ns',
    uid: 'u',
    runtime: runtime.metadata.name ?? '',
    spec,
  });
}

const kindsOf = (objects: ReadonlyArray<{ kind: string; metadata: { name?: string } }>) =>
  objects.map((o) => `${o.kind}/${o.metadata.name ?? ''}`);

describe('the opt-in', () => {
  const runtimes = [
    'torch-distributed',
    'deepspeed-distributed',
    'torchtune-llama3.2-1b',
    'xgboost-distributed',
  ];

  it.each(runtimes)('%s: without the annotation, the gate changes no byte', (name) => {
    const runtime = shippedRuntime(name);
    const spec = { trainer: { numNodes: 2 }, initializer: { dataset: { storageUri: 'hf://x' } } };
    expect(toYaml(render(job(runtime, spec), runtime, { plugins: lwsPlugins() }).objects)).toBe(
      toYaml(render(job(runtime, spec), runtime).objects),
    );
  });

  it.each(runtimes)('%s: with the annotation but without the gate, a JobSet as today', (name) => {
    const runtime = shippedRuntime(name);
    const annotated = optIn(runtime);
    expect(toYaml(render(job(annotated), annotated).objects)).toBe(
      toYaml(render(job(runtime), runtime).objects),
    );
  });

  it('with both: a LeaderWorkerSet instead of the JobSet, other objects kept', () => {
    const runtime = optIn(shippedRuntime('deepspeed-distributed'));
    expect(kindsOf(renderLws(job(runtime), runtime).objects)).toEqual([
      'ConfigMap/tj-mpi-hostfile',
      'LeaderWorkerSet/tj',
    ]);
  });

  it('an unknown backend value renders a JobSet', () => {
    const runtime = shippedRuntime('torch-distributed');
    const odd = structuredClone(runtime);
    odd.metadata.annotations = { [KubetrainAnnotations.Workload]: 'Deployment' };
    expect(kindsOf(render(job(odd), odd, { plugins: lwsPlugins() }).objects)).toEqual(['JobSet/tj']);
  });

  it('the gate adds the LeaderWorkerSet plugin after JobSet, and its kinds to the watches', () => {
    expect(
      lwsPlugins()
        .map((p) => p.name)
        .slice(-2),
    ).toEqual(['JobSet', 'LeaderWorkerSet']);
    expect(defaultPlugins().map((p) => p.name)).not.toContain('LeaderWorkerSet');
    expect(
      defaultPlugins({ featureGates: { [FeatureGateNames.LeaderWorkerSetBackend]: false } }),
    ).toHaveLength(defaultPlugins().length);
    const added = watchedKinds(lwsPlugins()).filter(
      (k) => !watchedKinds(defaultPlugins()).some((d) => d.group === k.group && d.kind === k.kind),
    );
    expect(
      added.map((k) => `${k.group}/${k.version}/${k.resource} owned=${k.owned} watch=${k.watch}`),
    ).toEqual([
      '/v1/persistentvolumeclaims owned=true watch=true',
      '/v1/pods owned=false watch=true',
      'batch/v1/jobs owned=true watch=true',
      'leaderworkerset.x-k8s.io/v1/leaderworkersets owned=true watch=true',
    ]);
  });
});

describe('the rendering', () => {
  it('the PVC of volumeClaimPolicies, then initializer Jobs; the LeaderWorkerSet waits for those its step dependsOn', () => {
    const runtime = optIn(shippedRuntime('torchtune-llama3.2-1b'));
    const { desired } = renderLws(
      job(runtime, {
        trainer: { numNodes: 1 },
        initializer: { dataset: { storageUri: 'hf://d' }, model: { storageUri: 'hf://m' } },
      }),
      runtime,
    );
    expect(
      desired.map((d) => [
        `${d.key.group}/${d.key.kind}/${d.key.name}`,
        d.policy,
        d.after?.map((k) => k.name),
      ]),
    ).toEqual([
      ['/PersistentVolumeClaim/initializer-tj', 'createOnly', undefined],
      ['batch/Job/tj-dataset-initializer', 'whileAbsentOrSuspended', undefined],
      ['batch/Job/tj-model-initializer', 'whileAbsentOrSuspended', undefined],
      [
        'leaderworkerset.x-k8s.io/LeaderWorkerSet/tj',
        'whileAbsentOrSuspended',
        ['tj-dataset-initializer', 'tj-model-initializer'],
      ],
    ]);
    expect(desired[3]?.after?.[0]).toEqual({
      group: 'batch',
      kind: 'Job',
      namespace: 'ns',
      name: 'tj-dataset-initializer',
    });
  });

  it('a JobSet render has no apply order', () => {
    const runtime = shippedRuntime('torchtune-llama3.2-1b');
    expect(render(job(runtime), runtime).desired.every((d) => !('after' in d))).toBe(true);
  });

  it('suspend: replicas 0 and suspended initializer Jobs; resume: replicas 1', () => {
    const runtime = optIn(shippedRuntime('torch-distributed-with-cache'));
    const suspended = renderLws(job(runtime, { trainer: { numNodes: 2 }, suspend: true }), runtime).objects;
    const lwsOf = (objects: typeof suspended) => objects.find((o) => o.kind === 'LeaderWorkerSet');
    expect((lwsOf(suspended)?.spec as { replicas: number }).replicas).toBe(0);
    expect(
      suspended.filter((o) => o.kind === 'Job').map((o) => (o.spec as { suspend: boolean }).suspend),
    ).toEqual([true]);
    const resumed = renderLws(job(runtime, { trainer: { numNodes: 2 }, suspend: false }), runtime).objects;
    expect((lwsOf(resumed)?.spec as { replicas: number }).replicas).toBe(1);
  });

  it.each(['Complete', 'Failed'])('a %s TrainJob renders its group stopped (replicas 0)', (type) => {
    const runtime = optIn(shippedRuntime('torch-distributed'));
    const finished = job(runtime);
    finished.status = {
      conditions: [{ type, status: 'True', reason: 'r', message: 'm', lastTransitionTime: 't' }],
    };
    const lws = renderLws(finished, runtime).objects.find((o) => o.kind === 'LeaderWorkerSet');
    expect((lws?.spec as { replicas: number }).replicas).toBe(0);
  });

  it('exclusive topology: the runtime annotation, else the JobSet key of the template', () => {
    const base = shippedRuntime('torch-distributed');
    const fromJobSetKey = optIn(base);
    fromJobSetKey.spec.template.metadata = {
      annotations: { 'alpha.jobset.sigs.k8s.io/exclusive-topology': 'rack' },
    };
    const fromRuntime = optIn(fromJobSetKey, { 'leaderworkerset.sigs.k8s.io/exclusive-topology': 'nvlink' });
    const topology = (r: TrainingRuntime) =>
      renderLws(job(r), r).objects.find((o) => o.kind === 'LeaderWorkerSet')?.metadata.annotations?.[
        'leaderworkerset.sigs.k8s.io/exclusive-topology'
      ];
    expect([topology(optIn(base)), topology(fromJobSetKey), topology(fromRuntime)]).toEqual([
      undefined,
      'rack',
      'nvlink',
    ]);
  });

  it('permanent exit codes from the trainer Job podFailurePolicy FailJob rules', () => {
    const runtime = optIn(shippedRuntime('torch-distributed'));
    const rJob = runtime.spec.template.spec.replicatedJobs?.[0];
    if (rJob?.template.spec === undefined) throw new Error('no job spec');
    rJob.template.spec.podFailurePolicy = {
      rules: [
        { action: 'FailJob', onExitCodes: { operator: 'In', values: [42, 3] } },
        { action: 'Ignore', onExitCodes: { operator: 'In', values: [7] } },
      ],
    };
    const lws = renderLws(job(runtime), runtime).objects.find((o) => o.kind === 'LeaderWorkerSet');
    expect(lws?.metadata.annotations?.[KubetrainAnnotations.PermanentExitCodes]).toBe('3,42');
  });

  it.each([
    [
      'flux',
      () => optIn(shippedFluxLike()),
      'the Flux ML policy cannot run on a LeaderWorkerSet: its broker names JobSet pods',
    ],
    [
      'three steps',
      () => {
        const r = optIn(shippedRuntime('deepspeed-distributed'));
        const jobs = r.spec.template.spec.replicatedJobs ?? [];
        jobs.push({ ...structuredClone(jobs[0]!), name: 'extra' });
        return r;
      },
      'a LeaderWorkerSet has one leader and one worker template: the runtime has 3 steps besides the initializers',
    ],
  ])('refuses %s with a RenderError', (_name, runtime, message) => {
    const r = runtime();
    let thrown: unknown;
    try {
      renderLws(job(r), r);
    } catch (e) {
      thrown = e;
    }
    expect((thrown as { cause?: unknown }).cause).toEqual(new RenderError(message));
  });
});

function withFailurePolicy(failurePolicy: unknown): TrainingRuntime {
  const runtime = optIn(shippedRuntime('torch-distributed'));
  (runtime.spec as Record<string, unknown>).runPolicy = { failurePolicy };
  return runtime;
}

it('LeaderWorkerSet: the permanent exit codes are the failure policy FailTrainJob codes only', () => {
  const runtime = withFailurePolicy({
    maxRestarts: 2,
    rules: [
      { action: 'RestartTrainJob', onExitCodes: { operator: 'In', values: [3] } },
      { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [43, 42] } },
    ],
  });
  const objects = render(job(runtime), runtime, { plugins: lwsPlugins() }).objects;
  const lws = objects.find((o) => o.kind === 'LeaderWorkerSet');
  expect(lws?.metadata.annotations?.[KubetrainAnnotations.PermanentExitCodes]).toBe('42,43');
});

function shippedFluxLike(): TrainingRuntime {
  const runtime = structuredClone(shippedRuntime('torch-distributed'));
  runtime.spec.mlPolicy = { numNodes: 1, flux: { numProcPerNode: 1 } };
  return runtime;
}

describe('engine status on the LeaderWorkerSet backend', () => {
  const runtime = optIn(shippedRuntime('torch-distributed'));
  const rendered = () => renderLws(job(runtime), runtime).objects.find((o) => o.kind === 'LeaderWorkerSet');

  it('observed.leaderWorkerSet selects the LeaderWorkerSet status', () => {
    const object = rendered() as never;
    const pods = [0, 1].map((i) => ({
      metadata: {
        uid: i === 0 ? 'a' : `a-${i}`,
        labels: { 'leaderworkerset.sigs.k8s.io/worker-index': String(i) },
      },
      status: { containerStatuses: [{ name: 'node', state: { terminated: { exitCode: 0 } } }] },
    }));
    const out = status(
      job(runtime),
      { leaderWorkerSet: { object, pods, jobs: [] }, now: '2026-12-01T00:00:00Z' },
      { plugins: lwsPlugins() },
    );
    expect(out.status.conditions?.map((c) => `${c.type}=${c.status}/${c.reason}`)).toEqual([
      'Complete=True/AllPodsSucceeded',
    ]);
    expect(out.workloadPatch?.patch).toMatchObject({ spec: { replicas: 0 } });
  });

  it('a missing LeaderWorkerSet is retried', () => {
    const out = status(
      job(runtime),
      { leaderWorkerSet: { pods: [], jobs: [] }, now: '2026-12-01T00:00:00Z' },
      { plugins: lwsPlugins() },
    );
    expect(out.retry).toEqual(new LeaderWorkerSetNotFoundError());
  });

  it('without observed.leaderWorkerSet the JobSet status runs, as before', () => {
    const out = status(job(runtime), { now: '2026-12-01T00:00:00Z' }, { plugins: lwsPlugins() });
    expect(out.retry?.message).toBe('the TrainJob has no JobSet yet');
  });

  it('isWorkloadSuspended: replicas 0 for a LeaderWorkerSet, spec.suspend otherwise', () => {
    const lws = { apiVersion: 'leaderworkerset.x-k8s.io/v1', kind: 'LeaderWorkerSet' };
    expect([
      isWorkloadSuspended({ ...lws, spec: { replicas: 0 } }),
      isWorkloadSuspended({ ...lws, spec: { replicas: 1 } }),
      isWorkloadSuspended({ ...lws, spec: { suspend: true } }),
      isWorkloadSuspended({ apiVersion: 'batch/v1', kind: 'Job', spec: { suspend: true } }),
      isWorkloadSuspended({ apiVersion: 'jobset.x-k8s.io/v1alpha2', kind: 'JobSet', spec: {} }),
    ]).toEqual([true, false, false, true, false]);
  });
});

describe('admission on the LeaderWorkerSet backend', () => {
  it.each([
    ['torch: valid', () => optIn(shippedRuntime('torch-distributed')), []],
    ['deepspeed (launcher + node): valid', () => optIn(shippedRuntime('deepspeed-distributed')), []],
    [
      'flux: refused with the render message',
      () => optIn(shippedFluxLike()),
      ['spec.runtimeRef: the Flux ML policy cannot run on a LeaderWorkerSet: its broker names JobSet pods'],
    ],
    [
      'a failure policy it can express: valid',
      () =>
        withFailurePolicy({
          maxRestarts: 2,
          rules: [
            { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [42] } },
            { action: 'RestartTrainJob', onExitCodes: { operator: 'In', values: [3] } },
          ],
        }),
      [],
    ],
    [
      'failure-policy rules it cannot express: refused, naming the rule',
      () =>
        withFailurePolicy({
          rules: [
            { action: 'RestartTrainJob', onPodConditions: [{ type: 'DisruptionTarget' }] },
            { action: 'FailTrainJob', onExitCodes: { operator: 'NotIn', values: [3] } },
          ],
        }),
      [
        'spec.runtimeRef: spec.runPolicy.failurePolicy.rules[0]: onPodConditions: the LeaderWorkerSet backend supports FailTrainJob and RestartTrainJob rules on exit codes (operator In, any container) only',
        'spec.runtimeRef: spec.runPolicy.failurePolicy.rules[1]: operator NotIn: the LeaderWorkerSet backend supports FailTrainJob and RestartTrainJob rules on exit codes (operator In, any container) only',
      ],
    ],
  ])('%s', (_name, runtime, want) => {
    const r = runtime();
    const { errors } = validateAdmission(undefined, job(r), r, { plugins: lwsPlugins() });
    expect(errors.map((e) => `${e.path}: ${e.message}`)).toEqual(want);
  });

  it('the same Flux runtime without the gate is not refused by this rule', () => {
    const r = optIn(shippedFluxLike());
    const { errors } = validateAdmission(undefined, job(r), r);
    expect(errors.map((e) => e.message)).not.toContain(
      'the Flux ML policy cannot run on a LeaderWorkerSet: its broker names JobSet pods',
    );
  });
});
