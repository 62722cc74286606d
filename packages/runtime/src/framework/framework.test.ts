// SPDX-License-Identifier: Apache-2.0
import { render, status } from '../engine.js';
import { clusterRuntime, replicatedJob, trainJob } from '@kubetrain/testing';
import { EngineError, PluginError, RenderError, TooManyStatusPluginsError } from './errors.js';
import { StrategicMergePatchError } from '../smp/index.js';
import { JobSetNotFoundError } from '../status/trainjob-status.js';
import {
  fieldPath,
  forbidden,
  formatFieldError,
  formatFieldErrors,
  invalid,
  required,
  type JobSet,
} from '@kubetrain/api';
import { Framework } from './framework.js';
import { pluginDependencies } from './dependencies.js';
import { defaultPlugins } from '../plugins/registry.js';
import type { AnyPlugin } from './plugin.js';

describe('Framework', () => {
  it('runs the points in the fixed order, plugins in registry order within a point', () => {
    const calls: string[] = [];
    const plugin = (name: string): AnyPlugin => ({
      name,
      enforceMLPolicy: () => void calls.push(`${name}.enforceMLPolicy`),
      enforcePodGroupPolicy: () => void calls.push(`${name}.enforcePodGroupPolicy`),
      enforcePodSpec: () => void calls.push(`${name}.enforcePodSpec`),
      preBuildSync: () => void calls.push(`${name}.preBuildSync`),
      build: () => {
        calls.push(`${name}.build`);
        return [];
      },
    });
    const runtime = clusterRuntime('rt', {}, [replicatedJob('node', [{ name: 'node' }], 'trainer')]);
    expect(render(trainJob('j', 'rt'), runtime, { plugins: [plugin('a'), plugin('b')] }).objects).toEqual([]);
    expect(calls).toEqual([
      'a.enforceMLPolicy',
      'b.enforceMLPolicy',
      'a.enforcePodGroupPolicy',
      'b.enforcePodGroupPolicy',
      'a.enforcePodSpec',
      'b.enforcePodSpec',
      'a.preBuildSync',
      'b.preBuildSync',
      'a.build',
      'b.build',
    ]);
  });

  it('refuses an object of a kind its plugin does not own', () => {
    const rogue: AnyPlugin = {
      name: 'Rogue',
      build: () => [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }],
    };
    const runtime = clusterRuntime('rt', {}, [replicatedJob('node', [{ name: 'node' }], 'trainer')]);
    expect(() => render(trainJob('j', 'rt'), runtime, { plugins: [rogue] })).toThrow(
      'plugin Rogue built a /ConfigMap but does not declare that kind as owned',
    );
  });

  it("wraps a plugin's error with the plugin, the point and the TrainJob, message and cause intact", () => {
    const original = new RenderError('runtime template has 0 replicatedJobs but runtime info has 1 podSets');
    const failing: AnyPlugin = {
      name: 'Failing',
      enforcePodSpec: () => {
        throw original;
      },
    };
    const runtime = clusterRuntime('rt', {}, [replicatedJob('node', [{ name: 'node' }], 'trainer')]);
    let thrown: unknown;
    try {
      render(trainJob('j', 'rt'), runtime, { plugins: [failing] });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(PluginError);
    expect(thrown).toBeInstanceOf(EngineError);
    expect(thrown).toMatchObject({
      plugin: 'Failing',
      point: 'enforcePodSpec',
      trainJob: { namespace: 'default', name: 'j' },
      message: original.message,
      cause: original,
    });
  });

  it('every error of the engine is an EngineError', () => {
    expect(new JobSetNotFoundError()).toBeInstanceOf(EngineError);
    expect(new StrategicMergePatchError('m', 'p')).toBeInstanceOf(EngineError);
    expect(new TooManyStatusPluginsError()).toBeInstanceOf(EngineError);
  });

  it('refuses two status plugins', () => {
    const s = (name: string): AnyPlugin => ({ name, status: () => ({ status: {}, changed: false }) });
    expect(() => new Framework([s('a'), s('b')])).toThrow(new TooManyStatusPluginsError());
    expect(new TooManyStatusPluginsError().message).toBe('too many TrainJobStatus plugins are registered');
  });
});

describe('field errors', () => {
  it('print as Kubernetes field.Error', () => {
    const path = fieldPath('spec').child('trainer', 'env').index(2);
    expect(path.toString()).toBe('spec.trainer.env[2]');
    expect(
      formatFieldError(
        invalid(fieldPath('spec', 'trainer', 'numNodes'), 3, 'must be 1 for llama3_2/1B model'),
      ),
    ).toBe('spec.trainer.numNodes: Invalid value: 3: must be 1 for llama3_2/1B model');
    expect(formatFieldError(invalid('spec.runtimeRef.name', 'x', 'bad'))).toBe(
      'spec.runtimeRef.name: Invalid value: "x": bad',
    );
    expect(formatFieldError(forbidden('spec.runtimePatches', 'no'))).toBe(
      'spec.runtimePatches: Forbidden: no',
    );
    expect(formatFieldError(required(fieldPath('spec').key('a/b'), 'r'))).toBe(
      'spec[a/b]: Required value: r',
    );
    expect(formatFieldErrors([forbidden('a', 'x'), forbidden('b', 'y')])).toBe(
      '[a: Forbidden: x, b: Forbidden: y]',
    );
  });
});

describe('status', () => {
  it('copies Completed as Complete and the replicated job counts', () => {
    const jobSet: JobSet = {
      apiVersion: 'jobset.x-k8s.io/v1alpha2',
      kind: 'JobSet',
      metadata: { name: 'j' },
      status: {
        conditions: [
          {
            type: 'Completed',
            status: 'True',
            reason: 'AllJobsCompleted',
            message: 'jobset completed successfully',
            lastTransitionTime: '2026-01-01T00:00:00Z',
          },
        ],
        replicatedJobsStatus: [{ name: 'node', ready: 0, succeeded: 2, failed: 0, active: 0, suspended: 0 }],
      },
    };
    expect(status(trainJob('j', 'rt'), { jobSet, now: '2026-02-02T00:00:00Z' }).status).toEqual({
      completionTime: '2026-01-01T00:00:00Z',
      conditions: [
        {
          type: 'Complete',
          status: 'True',
          reason: 'AllJobsCompleted',
          message: 'jobset completed successfully',
          lastTransitionTime: '2026-01-01T00:00:00Z',
        },
      ],
      jobsStatus: [{ name: 'node', ready: 0, succeeded: 2, failed: 0, active: 0, suspended: 0 }],
    });
    const missing = status(trainJob('j', 'rt'), { now: '2026-02-02T00:00:00Z' });
    expect(missing.status).toEqual({});
    expect(missing.retry).toBeInstanceOf(JobSetNotFoundError);
    expect(missing.changed).toBe(false);
  });

  it('says whether the status changed', () => {
    const job = trainJob('j', 'rt', undefined, { suspend: true });
    const first = status(job, { now: '2026-02-02T00:00:00Z' });
    expect(first.changed).toBe(true);
    const again = status({ ...job, status: first.status }, { now: '2026-02-03T00:00:00Z' });
    expect(again).toEqual({ status: first.status, changed: false, retry: again.retry });
  });

  it('fails a TrainJob past its active deadline and requeues one before it', () => {
    const job = trainJob('j', 'rt', undefined, { activeDeadlineSeconds: 60 });
    job.metadata.creationTimestamp = '2026-02-02T00:00:00Z' as unknown as Date;
    const jobSet: JobSet = {
      apiVersion: 'jobset.x-k8s.io/v1alpha2',
      kind: 'JobSet',
      metadata: { name: 'j' },
    };
    expect(status(job, { jobSet, now: '2026-02-02T00:00:30Z' }).requeueAfterMs).toBe(30_000);
    const late = status(job, { jobSet, now: '2026-02-02T00:02:00Z' });
    expect(late.deadlineExceeded).toBe(true);
    expect(late.changed).toBe(true);
    expect(late.status.conditions).toEqual([
      {
        type: 'Failed',
        status: 'True',
        lastTransitionTime: '2026-02-02T00:02:00Z',
        reason: 'DeadlineExceeded',
        message: 'TrainJob exceeded its active deadline',
      },
    ]);
    expect(late.status.startTime).toBe('2026-02-02T00:00:00Z');
    expect(late.status.completionTime).toBe('2026-02-02T00:02:00Z');
  });

  describe("the runtime's runPolicy.activeDeadlineSeconds is the default", () => {
    const cases: Record<string, { own?: number; runPolicy?: number; wantRequeueMs?: number }> = {
      'neither: no deadline': {},
      "the runtime's alone": { runPolicy: 60, wantRequeueMs: 30_000 },
      "the job's own wins, even longer": { own: 600, runPolicy: 60, wantRequeueMs: 570_000 },
      "the job's own alone": { own: 90, wantRequeueMs: 60_000 },
    };
    for (const [name, tc] of Object.entries(cases)) {
      it(name, () => {
        const job = trainJob(
          'j',
          'rt',
          undefined,
          tc.own === undefined ? {} : { activeDeadlineSeconds: tc.own },
        );
        job.metadata.creationTimestamp = '2026-02-02T00:00:00Z' as unknown as Date;
        const jobSet: JobSet = {
          apiVersion: 'jobset.x-k8s.io/v1alpha2',
          kind: 'JobSet',
          metadata: { name: 'j' },
        };
        const runPolicy =
          tc.runPolicy === undefined ? {} : { runPolicy: { activeDeadlineSeconds: tc.runPolicy } };
        const got = status(job, { jobSet, now: '2026-02-02T00:00:30Z', ...runPolicy });
        expect(got.requeueAfterMs).toBe(tc.wantRequeueMs);
        expect(got.status.startTime).toBe('2026-02-02T00:00:00Z');
      });
    }
  });
});

describe('plugin dependencies', () => {
  it('hands every factory frozen copies of the configuration and the feature gates', () => {
    const config = { flux: { image: 'x' } };
    const featureGates = { TrainJobStatus: true };
    const deps = pluginDependencies({ config, featureGates });
    expect(deps).toEqual({ config, featureGates });
    expect(Object.isFrozen(deps.config)).toBe(true);
    expect(Object.isFrozen(deps.config['flux'])).toBe(true);
    expect(Object.isFrozen(deps.featureGates)).toBe(true);
    expect(Object.isFrozen(config)).toBe(false);
    expect(pluginDependencies()).toEqual({ config: {}, featureGates: {} });
    expect(pluginDependencies({ operatorNamespace: 'ops' })).toEqual({
      config: {},
      featureGates: {},
      operatorNamespace: 'ops',
    });
  });

  it('appends the gated plugins, in their fixed order, when their gates are on', () => {
    const names = defaultPlugins({
      featureGates: { TrainJobStatus: true, LeaderWorkerSetBackend: true },
    }).map((p) => p.name);
    expect(names.slice(-3)).toEqual(['JobSet', 'LeaderWorkerSet', 'TrainJobStatus']);
  });

  it('creates the built-in plugins in the documented registry order', () => {
    expect(defaultPlugins({ featureGates: { TrainJobStatus: false } }).map((p) => p.name)).toEqual([
      'PlainML',
      'Torch',
      'MPI',
      'JAX',
      'XGBoost',
      'Flux',
      'CoScheduling',
      'Volcano',
      'KAI',
      'Kueue',
      'JobSet',
    ]);
  });
});
