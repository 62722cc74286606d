// SPDX-License-Identifier: Apache-2.0
// validateSchema() returns the object as the API server would store it: pruned and defaulted; applyDefaults() applies
// the same defaults and nothing else.
import type { KindName } from '../constants/api.js';
import { applyDefaults } from '../defaults/apply-defaults.js';
import { validateSchema } from './validate.js';
import type { KindObjects } from './validate.js';

type Obj = Record<string, unknown>;

interface Case {
  kind: KindName;
  object: Obj;
  /** The expected stored object (compared with toEqual). */
  want: Obj;
  warnings?: string[];
}

const meta = { name: 'x', namespace: 'default' };
const job = (spec: Obj): Obj => ({
  apiVersion: 'trainer.kubeflow.org/v1alpha1',
  kind: 'TrainJob',
  metadata: meta,
  spec,
});
const rt = (kind: KindName, spec: Obj): Obj => ({
  apiVersion: 'trainer.kubeflow.org/v1alpha1',
  kind,
  metadata: meta,
  spec,
});
const node = { name: 'node', template: { spec: { template: { spec: { containers: [{ name: 'node' }] } } } } };

const cases: Record<string, Case> = {
  'TrainJob: runtimeRef, suspend and managedBy get their CRD defaults': {
    kind: 'TrainJob',
    object: job({ runtimeRef: { name: 'torch-distributed' } }),
    want: job({
      runtimeRef: {
        name: 'torch-distributed',
        apiGroup: 'trainer.kubeflow.org',
        kind: 'ClusterTrainingRuntime',
      },
      suspend: false,
      managedBy: 'trainer.kubeflow.org/trainjob-controller',
    }),
  },
  'TrainJob: set values are kept': {
    kind: 'TrainJob',
    object: job({
      runtimeRef: { name: 'r', kind: 'TrainingRuntime' },
      suspend: true,
      managedBy: 'kueue.x-k8s.io/multikueue',
    }),
    want: job({
      runtimeRef: { name: 'r', apiGroup: 'trainer.kubeflow.org', kind: 'TrainingRuntime' },
      suspend: true,
      managedBy: 'kueue.x-k8s.io/multikueue',
    }),
  },
  'TrainJob: unknown fields are pruned with a warning; null optional fields are dropped': {
    kind: 'TrainJob',
    object: job({
      runtimeRef: { name: 'r' },
      trainer: { numNodes: 1, gpus: 2 },
      labels: { a: 'b' },
      initializer: null,
    }),
    want: job({
      runtimeRef: { name: 'r', apiGroup: 'trainer.kubeflow.org', kind: 'ClusterTrainingRuntime' },
      trainer: { numNodes: 1 },
      suspend: false,
      managedBy: 'trainer.kubeflow.org/trainjob-controller',
    }),
    warnings: ['unknown field "spec.labels"', 'unknown field "spec.trainer.gpus"'],
  },
  'TrainingRuntime: MPI policy defaults': {
    kind: 'TrainingRuntime',
    object: rt('TrainingRuntime', { mlPolicy: { mpi: {} }, template: { spec: { replicatedJobs: [] } } }),
    want: rt('TrainingRuntime', {
      mlPolicy: {
        mpi: {
          numProcPerNode: 1,
          mpiImplementation: 'OpenMPI',
          sshAuthMountPath: '/root/.ssh',
          runLauncherAsNode: false,
        },
      },
      template: { spec: { replicatedJobs: [] } },
    }),
  },
  'ClusterTrainingRuntime: flux, coscheduling and volcano defaults': {
    kind: 'ClusterTrainingRuntime',
    object: rt('ClusterTrainingRuntime', {
      mlPolicy: { flux: {} },
      podGroupPolicy: { coscheduling: {}, volcano: { networkTopology: {} } },
      template: { metadata: { labels: { a: 'b' } } },
    }),
    want: rt('ClusterTrainingRuntime', {
      mlPolicy: { flux: { numProcPerNode: 1 } },
      podGroupPolicy: {
        coscheduling: { scheduleTimeoutSeconds: 60 },
        volcano: { networkTopology: { mode: 'hard', highestTierAllowed: 1 } },
      },
      template: { metadata: { labels: { a: 'b' } } },
    }),
  },
  'ClusterTrainingRuntime: JobSet defaults inside the template (replicas, groupName, restartStrategy)': {
    kind: 'ClusterTrainingRuntime',
    object: rt('ClusterTrainingRuntime', {
      template: { spec: { replicatedJobs: [node], failurePolicy: {} } },
    }),
    want: rt('ClusterTrainingRuntime', {
      template: {
        spec: {
          replicatedJobs: [{ ...node, replicas: 1, groupName: 'default' }],
          failurePolicy: { restartStrategy: 'Recreate' },
        },
      },
    }),
  },
  'ClusterTrainingRuntime: template metadata keeps only the embedded ObjectMeta fields': {
    kind: 'ClusterTrainingRuntime',
    object: rt('ClusterTrainingRuntime', { template: { metadata: { labels: { a: 'b' }, uid: '1' } } }),
    want: rt('ClusterTrainingRuntime', { template: { metadata: { labels: { a: 'b' } } } }),
    warnings: ['unknown field "spec.template.metadata.uid"'],
  },
};

describe('validateSchema() defaulting and pruning', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const input = structuredClone(tc.object);
      const { object, errors, warnings } = validateSchema(tc.kind, input);
      expect(errors).toEqual([]);
      expect(object).toEqual(tc.want);
      expect([...warnings].sort()).toEqual(tc.warnings ?? []);
      expect(input).toEqual(tc.object);
    });
  }
});

const defaultOf = (tc: { kind: KindName; object: Obj }) =>
  applyDefaults(tc.kind, structuredClone(tc.object) as KindObjects[KindName]);

describe('applyDefaults', () => {
  for (const [name, tc] of Object.entries(cases)) {
    if (tc.warnings !== undefined) continue;
    it(`gives what validateSchema() stores when nothing is pruned: ${name}`, () => {
      const input = structuredClone(tc.object);
      const out = applyDefaults(tc.kind, input as KindObjects[typeof tc.kind]);
      expect(out).toEqual(tc.want);
      expect(input).toEqual(tc.object);
      expect(applyDefaults(tc.kind, out)).toEqual(out);
    });
  }

  it('keeps unknown fields: it neither prunes nor checks', () => {
    const object = job({ runtimeRef: { name: 'r' }, extra: 1, suspend: 'yes' });
    expect(defaultOf({ kind: 'TrainJob', object })).toEqual(
      job({
        runtimeRef: { name: 'r', apiGroup: 'trainer.kubeflow.org', kind: 'ClusterTrainingRuntime' },
        extra: 1,
        suspend: 'yes',
        managedBy: 'trainer.kubeflow.org/trainjob-controller',
      }),
    );
  });

  it('defaults the embedded pod template (container ports, env references) and keeps set values', () => {
    const pod = (container: Obj): Obj => ({
      name: 'node',
      template: { spec: { template: { spec: { containers: [container] } } } },
    });
    const container = {
      name: 'node',
      ports: [{ containerPort: 2, protocol: 'UDP' }, { containerPort: 3 }],
      env: [{ name: 'A', valueFrom: { secretKeyRef: { key: 'k' } } }],
    };
    const object = rt('ClusterTrainingRuntime', { template: { spec: { replicatedJobs: [pod(container)] } } });
    const want = rt('ClusterTrainingRuntime', {
      template: {
        spec: {
          replicatedJobs: [
            {
              ...pod({
                ...container,
                ports: [
                  { containerPort: 2, protocol: 'UDP' },
                  { containerPort: 3, protocol: 'TCP' },
                ],
                env: [{ name: 'A', valueFrom: { secretKeyRef: { key: 'k', name: '' } } }],
              }),
              groupName: 'default',
              replicas: 1,
            },
          ],
        },
      },
    });
    expect(defaultOf({ kind: 'ClusterTrainingRuntime', object })).toEqual(want);
    expect(validateSchema('ClusterTrainingRuntime', object).object).toEqual(want);
  });

  it('gives a null non-nullable field its default', () => {
    const object = rt('TrainingRuntime', {
      podGroupPolicy: { coscheduling: { scheduleTimeoutSeconds: null } },
    });
    expect(defaultOf({ kind: 'TrainingRuntime', object })).toEqual(
      rt('TrainingRuntime', { podGroupPolicy: { coscheduling: { scheduleTimeoutSeconds: 60 } } }),
    );
  });

  it('adds defaults in the order the schema declares them', () => {
    const out = applyDefaults('TrainingRuntime', rt('TrainingRuntime', { mlPolicy: { mpi: {} } }));
    expect(Object.keys(out.spec?.mlPolicy?.mpi ?? {})).toEqual([
      'numProcPerNode',
      'mpiImplementation',
      'sshAuthMountPath',
      'runLauncherAsNode',
    ]);
  });
});
