// SPDX-License-Identifier: Apache-2.0
import {
  runtimePatchesChanged,
  validateRuntimePatchesUpdate,
  validateRuntimePatchTargets,
} from './validate-runtime-patches.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../../test/engine.js';
import type { JobSet, RuntimePatch } from '@kubetrain/api';
import type { TrainJob } from '../../types.js';

const runtime = runtimeOf([
  rjob('dataset-initializer', { ancestor: 'dataset-initializer' }),
  rjob('node', {
    ancestor: 'trainer',
    containers: [{ name: 'node' }, { name: 'sidecar' }],
    initContainers: [{ name: 'setup' }],
  }),
]);

function podPatch(job: string, spec: Record<string, unknown>, manager = 'acme.io/platform'): RuntimePatch {
  return {
    manager,
    trainingRuntimeSpec: {
      template: { spec: { replicatedJobs: [{ name: job, template: { spec: { template: { spec } } } }] } },
    },
  };
}

describe('validateRuntimePatchTargets', () => {
  interface Case {
    patches: RuntimePatch[];
    want: Array<Record<string, unknown>>;
  }
  const invalidPatches = (message: string) => ({ path: 'spec.runtimePatches', type: 'Invalid', message });
  const cases: Record<string, Case> = {
    'no patches': { patches: [], want: [] },
    'metadata-only patch with a valid manager': {
      patches: [
        {
          manager: 'example.io/platform-team',
          trainingRuntimeSpec: { template: { metadata: { labels: { team: 'a' } } } },
        },
      ],
      want: [],
    },
    'two managers patching node (upstream integration case)': {
      patches: [
        podPatch('node', { serviceAccountName: 'sa' }, 'acme.io/manager-one'),
        podPatch('node', { serviceAccountName: 'sa' }, 'acme.io/manager-two'),
      ],
      want: [],
    },
    'invalid manager (upstream integration case kueue.k8s.io/)': {
      patches: [{ manager: 'kueue.k8s.io/' }],
      want: [
        {
          path: 'spec.runtimePatches.manager',
          type: 'Invalid',
          message: 'must be a domain-prefixed path (such as "acme.io/foo")',
        },
      ],
    },
    'empty manager: Required': {
      patches: [{ manager: '' }],
      want: [{ path: 'spec.runtimePatches.manager', type: 'Required', message: '' }],
    },
    'unknown replicatedJob': {
      patches: [podPatch('invalid', {})],
      want: [invalidPatches("must not have replicated job that doesn't exist in the runtime job template")],
    },
    'unknown init container': {
      patches: [podPatch('node', { initContainers: [{ name: 'invalid' }] })],
      want: [invalidPatches("must not have initContainer that doesn't exist in the runtime job node")],
    },
    'unknown container': {
      patches: [podPatch('node', { containers: [{ name: 'invalid' }] })],
      want: [invalidPatches("must not have container that doesn't exist in the runtime job node")],
    },
    'a container patch may name an init container (one name set, as upstream)': {
      patches: [
        podPatch('node', { containers: [{ name: 'setup', volumeMounts: [{ name: 'v', mountPath: '/v' }] }] }),
      ],
      want: [],
    },
    'env on the node container': {
      patches: [
        podPatch('node', { containers: [{ name: 'node', env: [{ name: 'ENV_NAME', value: 'OVERRIDE' }] }] }),
      ],
      want: [
        invalidPatches('must not have envs for the dataset-initializer, model-initializer, node containers'),
      ],
    },
    'env on the dataset-initializer container': {
      patches: [
        podPatch('dataset-initializer', {
          containers: [{ name: 'dataset-initializer', env: [{ name: 'A', value: 'b' }] }],
        }),
      ],
      want: [
        invalidPatches('must not have envs for the dataset-initializer, model-initializer, node containers'),
      ],
    },
    'env on another container is allowed': {
      patches: [podPatch('node', { containers: [{ name: 'sidecar', env: [{ name: 'A', value: 'b' }] }] })],
      want: [],
    },
    "Kueue's admission patch": {
      patches: [
        podPatch(
          'node',
          {
            nodeSelector: { pool: 'a' },
            tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists' }],
            schedulingGates: [{ name: 'kueue.x-k8s.io/topology' }],
          },
          'kueue.x-k8s.io/manager',
        ),
      ],
      want: [],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const job = trainJobOf('job', { runtimePatches: tc.patches });
      const errors = validateRuntimePatchTargets(ruleInput(runtime, job));
      expect(summarize(errors)).toEqual(tc.want);
      for (const e of errors) if (e.path === 'spec.runtimePatches') expect(e.value).toEqual(tc.patches);
    });
  }
});

describe('validateRuntimePatchesUpdate', () => {
  const before = [podPatch('node', { serviceAccountName: 'service-account' })];
  const after = [podPatch('node', { serviceAccountName: 'service-account-updated' })];
  /** Status entries (TrainJob `jobsStatus`, JobSet `replicatedJobsStatus`) with these active counts. */
  const statusOf = (active: Record<string, number>) =>
    Object.entries(active).map(([name, n]) => ({
      name,
      active: n,
      ready: 0,
      succeeded: 0,
      failed: 0,
      suspended: 0,
    }));
  const withStatus = (job: TrainJob, active: Record<string, number>): TrainJob => ({
    ...job,
    status: { jobsStatus: statusOf(active) },
  });
  const jobSet = (active: Record<string, number>): JobSet => ({
    apiVersion: 'jobset.x-k8s.io/v1alpha2',
    kind: 'JobSet',
    metadata: { name: 'job', namespace: 'default' },
    status: { replicatedJobsStatus: statusOf(active) },
  });
  const notSuspended = {
    path: 'spec.runtimePatches',
    type: 'Forbidden',
    message: 'RuntimePatches can only be modified when the TrainJob is suspended before or after the update',
  };
  const active = (name: string) => ({
    path: 'spec.runtimePatches',
    type: 'Forbidden',
    message: `RuntimePatches cannot be modified when the JobSet's ReplicatedJob ${name} is still active`,
  });
  interface Case {
    oldJob?: TrainJob;
    newJob: TrainJob;
    getJobSet?: () => JobSet | undefined;
    want: Array<Record<string, unknown>>;
  }
  const cases: Record<string, Case> = {
    'create: allowed': { newJob: trainJobOf('job', { runtimePatches: after }), want: [] },
    'update without patch changes: allowed': {
      oldJob: trainJobOf('job', { runtimePatches: before }),
      newJob: trainJobOf('job', { runtimePatches: before, suspend: false }),
      want: [],
    },
    'changed while running before and after: forbidden': {
      oldJob: trainJobOf('job', { suspend: false, runtimePatches: before }),
      newJob: trainJobOf('job', { suspend: false, runtimePatches: after }),
      want: [notSuspended],
    },
    'changed while suspended, JobSet absent: allowed': {
      oldJob: trainJobOf('job', { suspend: true, runtimePatches: before }),
      newJob: trainJobOf('job', { suspend: true, runtimePatches: after }),
      getJobSet: () => undefined,
      want: [],
    },
    'patch and unsuspend in one request (Kueue): allowed': {
      oldJob: trainJobOf('job', { suspend: true, runtimePatches: before }),
      newJob: trainJobOf('job', { suspend: false, runtimePatches: after }),
      getJobSet: () => jobSet({ node: 0 }),
      want: [],
    },
    'patch and suspend in one request: allowed': {
      oldJob: trainJobOf('job', { suspend: false, runtimePatches: before }),
      newJob: trainJobOf('job', { suspend: true, runtimePatches: after }),
      getJobSet: () => jobSet({ node: 0 }),
      want: [],
    },
    'added patch while running: forbidden': {
      oldJob: trainJobOf('job', {}),
      newJob: trainJobOf('job', { runtimePatches: after }),
      want: [notSuspended],
    },
    'suspended but the JobSet still has active jobs: one error per job': {
      oldJob: trainJobOf('job', { suspend: false, runtimePatches: before }),
      newJob: trainJobOf('job', { suspend: true, runtimePatches: after }),
      getJobSet: () => jobSet({ 'dataset-initializer': 1, node: 2, launcher: 0 }),
      want: [active('dataset-initializer'), active('node')],
    },
    'no cluster reader: the stored status.jobsStatus stands in for the JobSet': {
      oldJob: withStatus(trainJobOf('job', { suspend: true, runtimePatches: before }), { node: 3 }),
      newJob: trainJobOf('job', { suspend: true, runtimePatches: after }),
      want: [active('node')],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const cluster = tc.getJobSet !== undefined ? { getJobSet: tc.getJobSet } : {};
      const input = ruleInput(runtime, tc.newJob, {
        ...(tc.oldJob !== undefined ? { oldJob: tc.oldJob } : {}),
        cluster,
      });
      expect(summarize(validateRuntimePatchesUpdate(input))).toEqual(tc.want);
    });
  }

  it('the JobSet is looked up by the TrainJob namespace and name', () => {
    const seen: string[] = [];
    const input = ruleInput(runtime, trainJobOf('job', { suspend: true, runtimePatches: after }), {
      oldJob: trainJobOf('job', { suspend: true, runtimePatches: before }),
      cluster: { getJobSet: (ns, n) => (seen.push(`${ns}/${n}`), undefined) },
    });
    validateRuntimePatchesUpdate(input);
    expect(seen).toEqual(['default/job']);
  });

  it('runtimePatchesChanged: key order and absent lists do not count', () => {
    const a = trainJobOf('job', { runtimePatches: [{ manager: 'a.io/x', time: 't' }] });
    const b = trainJobOf('job', { runtimePatches: [{ time: 't', manager: 'a.io/x' }] });
    expect(runtimePatchesChanged(a, b)).toBe(false);
    expect(runtimePatchesChanged(trainJobOf('job'), trainJobOf('job', { runtimePatches: [] }))).toBe(false);
    expect(
      runtimePatchesChanged(a, trainJobOf('job', { runtimePatches: [{ manager: 'a.io/x', time: 'u' }] })),
    ).toBe(true);
  });
});
