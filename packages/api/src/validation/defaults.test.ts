// SPDX-License-Identifier: Apache-2.0
// applyDefaults(): the CRD defaults alone, the same ones validate() applies.
import type { KindName } from '../constants/api.js';
import { withSchemaDefaults } from './defaults.js';
import { applyDefaults, validate } from './validate.js';
import type { KindObjects } from './validate.js';

type Obj = Record<string, unknown>;

interface Case {
  kind: KindName;
  object: Obj;
  /** The expected defaulted object (compared with toEqual). */
  want: Obj;
}

const meta = { name: 'x', namespace: 'default' };
const obj = (kind: KindName, spec: Obj): Obj => ({
  apiVersion: 'trainer.kubeflow.org/v1alpha1',
  kind,
  metadata: meta,
  spec,
});
const podTemplate = (pod: Obj): Obj => ({ spec: { template: { spec: pod } } });

const cases: Record<string, Case> = {
  'TrainJob: runtimeRef, suspend and managedBy': {
    kind: 'TrainJob',
    object: obj('TrainJob', { runtimeRef: { name: 'torch-distributed' } }),
    want: obj('TrainJob', {
      runtimeRef: {
        name: 'torch-distributed',
        apiGroup: 'trainer.kubeflow.org',
        kind: 'ClusterTrainingRuntime',
      },
      suspend: false,
      managedBy: 'trainer.kubeflow.org/trainjob-controller',
    }),
  },
  'TrainJob: set values are kept, unknown fields are not pruned': {
    kind: 'TrainJob',
    object: obj('TrainJob', { runtimeRef: { name: 'r', kind: 'TrainingRuntime' }, suspend: true, extra: 1 }),
    want: obj('TrainJob', {
      runtimeRef: { name: 'r', kind: 'TrainingRuntime', apiGroup: 'trainer.kubeflow.org' },
      suspend: true,
      extra: 1,
      managedBy: 'trainer.kubeflow.org/trainjob-controller',
    }),
  },
  'TrainingRuntime: MPI policy': {
    kind: 'TrainingRuntime',
    object: obj('TrainingRuntime', { mlPolicy: { mpi: { numProcPerNode: 4 } } }),
    want: obj('TrainingRuntime', {
      mlPolicy: {
        mpi: {
          numProcPerNode: 4,
          mpiImplementation: 'OpenMPI',
          sshAuthMountPath: '/root/.ssh',
          runLauncherAsNode: false,
        },
      },
    }),
  },
  'ClusterTrainingRuntime: the embedded JobSet and pod template defaults': {
    kind: 'ClusterTrainingRuntime',
    object: obj('ClusterTrainingRuntime', {
      template: {
        spec: {
          failurePolicy: {},
          replicatedJobs: [
            {
              name: 'node',
              template: podTemplate({
                initContainers: [{ name: 'init', ports: [{ containerPort: 1 }] }],
                containers: [
                  {
                    name: 'node',
                    ports: [{ containerPort: 2, protocol: 'UDP' }, { containerPort: 3 }],
                    env: [{ name: 'A', valueFrom: { secretKeyRef: { key: 'k' } } }],
                  },
                ],
              }),
            },
          ],
        },
      },
    }),
    want: obj('ClusterTrainingRuntime', {
      template: {
        spec: {
          failurePolicy: { restartStrategy: 'Recreate' },
          replicatedJobs: [
            {
              name: 'node',
              template: podTemplate({
                initContainers: [{ name: 'init', ports: [{ containerPort: 1, protocol: 'TCP' }] }],
                containers: [
                  {
                    name: 'node',
                    ports: [
                      { containerPort: 2, protocol: 'UDP' },
                      { containerPort: 3, protocol: 'TCP' },
                    ],
                    env: [{ name: 'A', valueFrom: { secretKeyRef: { key: 'k', name: '' } } }],
                  },
                ],
              }),
              groupName: 'default',
              replicas: 1,
            },
          ],
        },
      },
    }),
  },
  'ClusterTrainingRuntime: a null non-nullable field gets its default': {
    kind: 'ClusterTrainingRuntime',
    object: obj('ClusterTrainingRuntime', {
      podGroupPolicy: { coscheduling: { scheduleTimeoutSeconds: null } },
    }),
    want: obj('ClusterTrainingRuntime', { podGroupPolicy: { coscheduling: { scheduleTimeoutSeconds: 60 } } }),
  },
};

describe('applyDefaults', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const input = structuredClone(tc.object);
      const out = applyDefaults(tc.kind, input as KindObjects[typeof tc.kind]);
      expect(out).toEqual(tc.want);
      expect(input).toEqual(tc.object);
      expect(applyDefaults(tc.kind, out)).toEqual(out);
    });
  }

  it('gives the object validate() stores, for an object with nothing to prune', () => {
    for (const tc of Object.values(cases)) {
      const clean = structuredClone(tc.want);
      delete (clean.spec as Obj).extra;
      const input = structuredClone(tc.object);
      delete (input.spec as Obj).extra;
      const stored = validate(tc.kind, input).object;
      expect(applyDefaults(tc.kind, input as KindObjects[typeof tc.kind])).toEqual(stored);
      expect(stored).toEqual(clean);
    }
  });

  it('adds defaults in the order the schema declares them', () => {
    const out = applyDefaults('TrainingRuntime', obj('TrainingRuntime', { mlPolicy: { mpi: {} } }));
    expect(Object.keys(out.spec?.mlPolicy?.mpi ?? {})).toEqual([
      'numProcPerNode',
      'mpiImplementation',
      'sshAuthMountPath',
      'runLauncherAsNode',
    ]);
  });
});

describe('withSchemaDefaults', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'string', default: 'x' },
      b: { type: 'string', nullable: true, default: 'y' },
      o: { type: 'object', default: {}, properties: { c: { type: 'integer', default: 1 } } },
      m: {
        type: 'object',
        additionalProperties: { type: 'object', properties: { d: { type: 'boolean', default: false } } },
      },
      l: { type: 'array', items: { type: 'object', properties: { e: { type: 'string', default: 'z' } } } },
      none: { type: 'object', properties: { f: { type: 'string' } } },
    },
  };

  it('defaults missing fields, keeps a nullable null, defaults inside a default, map values and list items', () => {
    const value: Obj = { b: null, m: { k: {} }, l: [{}, { e: 'set' }], none: { g: [1] } };
    const before = structuredClone(value);
    expect(withSchemaDefaults(value, schema)).toEqual({
      b: null,
      m: { k: { d: false } },
      l: [{ e: 'z' }, { e: 'set' }],
      none: { g: [1] },
      a: 'x',
      o: { c: 1 },
    });
    expect(value).toEqual(before);
  });

  it('copies values of another type than the schema says as they are', () => {
    const when = new Date(0);
    const out = withSchemaDefaults({ o: 'not an object', m: [], a: when }, schema) as Obj;
    expect(out).toEqual({ o: 'not an object', m: [], a: when, b: 'y' });
    expect(out.a).not.toBe(when);
  });

  it('copies everything, so the result shares no object with the input or the schema', () => {
    const input: Obj = { none: { g: { h: 1 } }, l: [] };
    const one = withSchemaDefaults(input, schema) as Obj;
    const two = withSchemaDefaults(input, schema) as Obj;
    expect(one.o).not.toBe(two.o);
    expect(one.none).not.toBe(input.none);
    expect((one.none as Obj).g).not.toBe((input.none as Obj).g);
    expect(one.l).not.toBe(input.l);
    expect(schema.properties.o.default).toEqual({});
  });

  it('keeps a __proto__ key as a member', () => {
    const input = JSON.parse('{"m": {"__proto__": {}}}') as Obj;
    const out = withSchemaDefaults(input, schema) as Obj;
    expect(Object.keys(out.m as Obj)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(out.m)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out.m, '__proto__')?.value).toEqual({ d: false });
  });
});
