// SPDX-License-Identifier: Apache-2.0
// The cases of validate.test.ts: every CEL rule and every limit of the three kinds, each with the field path
// and message the API server reports. A module of its own so that other checks (such as a comparison with a
// real API server) can replay them.
import type { KindName } from '../../constants/api.js';
import type { FieldErrorType } from '../field-error.js';

/** A JSON object. */
export type Obj = Record<string, unknown>;

/** One expected error. */
export interface Want {
  path: string;
  message: string;
  type?: FieldErrorType;
}

/** One case: an object (and the old object on update) and the errors it must give, as a set. */
export interface Case {
  kind: KindName;
  object: Obj;
  old?: Obj;
  want: Want[];
  /**
   * A type, required, enum, format or size-bound error stops the CEL rules: the API server then also reports
   * `<nil>: Invalid value: null: some validation rules were not checked ...`.
   */
  rulesNotChecked?: true;
}

const SUBDOMAIN_MESSAGE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

const long = (n: number, c = 'a') => c.repeat(n);
const many = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const env = (n: number) => many(n, (i) => ({ name: `E${i}`, value: 'v' }));

function trainJob(spec: Obj = {}, extra: Obj = {}): Obj {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name: 'job', namespace: 'default' },
    spec: { runtimeRef: { name: 'torch-distributed' }, ...spec },
    ...extra,
  };
}

function withStatus(status: Obj): Obj {
  return trainJob({}, { status });
}

const condition = (over: Obj = {}): Obj => ({
  type: 'Suspended',
  status: 'True',
  reason: 'Suspended',
  message: 'TrainJob is suspended',
  lastTransitionTime: '2026-01-01T00:00:00Z',
  ...over,
});

const jobStatus = (over: Obj = {}): Obj => ({
  name: 'node',
  ready: 0,
  succeeded: 0,
  failed: 0,
  active: 1,
  suspended: 0,
  ...over,
});

/** A TrainJob with one runtime patch of the pod spec of replicated job `node`. */
function podPatch(podSpec: Obj, manager = 'example.com/team'): Obj {
  return trainJob({
    runtimePatches: [
      {
        manager,
        trainingRuntimeSpec: {
          template: {
            spec: { replicatedJobs: [{ name: 'node', template: { spec: { template: { spec: podSpec } } } }] },
          },
        },
      },
    ],
  });
}

const POD =
  'spec.runtimePatches[0].trainingRuntimeSpec.template.spec.replicatedJobs[0].template.spec.template.spec';

const nodeJob = (over: Obj = {}): Obj => ({
  name: 'node',
  template: {
    metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } },
    spec: { template: { spec: { containers: [{ name: 'node', image: 'pytorch/pytorch' }] } } },
  },
  ...over,
});

function runtime(spec: Obj, kind: KindName = 'TrainingRuntime'): Obj {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind,
    metadata: { name: 'rt', ...(kind === 'TrainingRuntime' ? { namespace: 'default' } : {}) },
    spec,
  };
}

const template = (jobSetSpec: Obj = {}): Obj => ({ spec: { replicatedJobs: [nodeJob()], ...jobSetSpec } });
const withPolicy = (mlPolicy: Obj): Obj => runtime({ mlPolicy, template: template() });
const target = (over: Obj = {}): Obj => ({ jobName: 'node', containerNames: ['sidecar'], ...over });
const withTargets = (targets: Obj[]): Obj => withPolicy({ torch: { envInjection: { targets } } });

const immutable = (path: string): Want => ({ path, message: 'field is immutable', type: 'Invalid' });
const jobSetImmutable = (path: string): Want => ({
  path: `spec.template.spec.${path}`,
  message: 'Value is immutable',
});
const tooLong = (path: string, n: number): Want => ({
  path,
  message: `may not be more than ${n} bytes`,
  type: 'TooLong',
});
const tooMany = (path: string, n: number): Want => ({
  path,
  message: `must have at most ${n} items`,
  type: 'TooMany',
});
/** The path kube-openapi names inside messages: the status subresource validates `status` on its own. */
const inBody = (path: string): string => (path === 'status' ? '' : path.replace(/^status\./, ''));
const tooShort = (path: string, n: number): Want => ({
  path,
  message: `${inBody(path)} in body should be at least ${n} chars long`,
});
const tooFewItems = (path: string, n: number): Want => ({
  path,
  message: `${inBody(path)} in body should have at least ${n} items`,
});
const atLeast = (path: string, n: number): Want => ({
  path,
  message: `${inBody(path)} in body should be greater than or equal to ${n}`,
});
const atMost = (path: string, n: number): Want => ({
  path,
  message: `${inBody(path)} in body should be less than or equal to ${n}`,
});
const required = (path: string): Want => ({ path, message: '', type: 'Required' });
const duplicate = (path: string): Want => ({ path, message: '', type: 'Duplicate' });

const cases: Record<string, Case> = {
  // ---- TrainJob: valid objects ----
  'TrainJob: a minimal job is valid': { kind: 'TrainJob', object: trainJob(), want: [] },
  'TrainJob: a job with every spec field is valid': {
    kind: 'TrainJob',
    object: trainJob({
      runtimeRef: {
        name: 'torch-distributed',
        apiGroup: 'trainer.kubeflow.org',
        kind: 'ClusterTrainingRuntime',
      },
      initializer: {
        dataset: { storageUri: 'hf://org/data', env: env(2), secretRef: { name: 's' } },
        model: { storageUri: 's3://bucket/model', env: env(1) },
      },
      trainer: {
        image: 'pytorch/pytorch',
        command: ['torchrun', 'train.py'],
        args: ['--epochs', '1'],
        env: env(3),
        numNodes: 2,
        numProcPerNode: 4,
        resourcesPerNode: { limits: { 'nvidia.com/gpu': 1, cpu: '500m', memory: '1Gi' } },
      },
      runtimePatches: [
        {
          manager: 'example.com/team',
          time: '2026-01-01T00:00:00Z',
          trainingRuntimeSpec: { template: { metadata: { labels: { a: 'b' } } } },
        },
      ],
      suspend: true,
      activeDeadlineSeconds: 3600,
      managedBy: 'kueue.x-k8s.io/multikueue',
    }),
    want: [],
  },
  'TrainJob: numNodes 0 is accepted (Minimum 0)': {
    kind: 'TrainJob',
    object: trainJob({ trainer: { numNodes: 0 } }),
    want: [],
  },
  'TrainJob: numProcPerNode 1 is accepted': {
    kind: 'TrainJob',
    object: trainJob({ trainer: { numProcPerNode: 1 } }),
    want: [],
  },
  'TrainJob: an empty storageUri is accepted': {
    kind: 'TrainJob',
    object: trainJob({ initializer: { dataset: { storageUri: '' } } }),
    want: [],
  },
  'TrainJob: a 63-character name is accepted': {
    kind: 'TrainJob',
    object: { ...trainJob(), metadata: { name: long(63) } },
    want: [],
  },

  // ---- TrainJob: object-level CEL ----
  'TrainJob: a name that is not an RFC 1035 label is rejected': {
    kind: 'TrainJob',
    object: { ...trainJob(), metadata: { name: '1job' } },
    want: [{ path: '', message: 'metadata.name must match RFC 1035 DNS label format', type: 'Invalid' }],
  },
  'TrainJob: a name longer than 63 characters is rejected': {
    kind: 'TrainJob',
    object: { ...trainJob(), metadata: { name: long(64) } },
    want: [{ path: '', message: 'metadata.name must be no more than 63 characters' }],
  },

  'TrainJob: a generateName stands in for the name in the name rules': {
    kind: 'TrainJob',
    object: { ...trainJob(), metadata: { generateName: 'job-' } },
    want: [],
  },
  'TrainJob: a generateName that makes an invalid name is rejected': {
    kind: 'TrainJob',
    object: { ...trainJob(), metadata: { generateName: 'Job-' } },
    want: [
      { path: '', message: 'metadata.name must match RFC 1035 DNS label format' },
      { path: 'metadata.generateName', message: SUBDOMAIN_MESSAGE },
      { path: 'metadata.name', message: SUBDOMAIN_MESSAGE },
    ],
  },
  'TrainJob: a name that is not a DNS-1123 subdomain is rejected by the ObjectMeta checks too': {
    kind: 'TrainJob',
    object: { ...trainJob(), metadata: { name: 'Job' } },
    want: [
      { path: '', message: 'metadata.name must match RFC 1035 DNS label format' },
      { path: 'metadata.name', message: SUBDOMAIN_MESSAGE, type: 'Invalid' },
    ],
  },
  'TrainJob: a name or generateName is required': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: { ...trainJob(), metadata: { namespace: 'default' } },
    want: [required('metadata.name')].map((w) => ({ ...w, message: 'name or generateName is required' })),
  },
  'TrainingRuntime: a name or generateName is required': {
    rulesNotChecked: true,
    kind: 'TrainingRuntime',
    object: { ...runtime({ template: template() }), metadata: {} },
    want: [{ path: 'metadata.name', message: 'name or generateName is required', type: 'Required' }],
  },

  // ---- TrainJob: runtimeRef ----
  'TrainJob: runtimeRef is required': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: { ...trainJob(), spec: { suspend: false } },
    want: [required('spec.runtimeRef')],
  },
  'TrainJob: runtimeRef.name is required': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ runtimeRef: { kind: 'TrainingRuntime' } }),
    want: [required('spec.runtimeRef.name')],
  },
  'TrainJob: an empty runtimeRef.name is rejected': {
    kind: 'TrainJob',
    object: trainJob({ runtimeRef: { name: '' } }),
    want: [tooShort('spec.runtimeRef.name', 1)],
  },
  'TrainJob: runtimeRef.name over 253 bytes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ runtimeRef: { name: long(254) } }),
    want: [tooLong('spec.runtimeRef.name', 253)],
  },
  'TrainJob: runtimeRef.apiGroup over 253 bytes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ runtimeRef: { name: 'x', apiGroup: long(254) } }),
    want: [tooLong('spec.runtimeRef.apiGroup', 253)],
  },
  'TrainJob: runtimeRef.kind over 253 bytes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ runtimeRef: { name: 'x', kind: long(254) } }),
    want: [tooLong('spec.runtimeRef.kind', 253)],
  },
  'TrainJob: runtimeRef is immutable': {
    kind: 'TrainJob',
    old: trainJob(),
    object: trainJob({ runtimeRef: { name: 'other' } }),
    want: [immutable('spec.runtimeRef')],
  },
  'TrainJob: an update that keeps runtimeRef is accepted even if the old object was not defaulted': {
    kind: 'TrainJob',
    old: trainJob(),
    object: trainJob({
      runtimeRef: { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' },
      suspend: true,
    }),
    want: [],
  },

  // ---- TrainJob: initializer ----
  'TrainJob: initializer is immutable': {
    kind: 'TrainJob',
    old: trainJob({ initializer: { dataset: { storageUri: 'hf://a' } } }),
    object: trainJob({ initializer: { dataset: { storageUri: 'hf://b' } } }),
    want: [immutable('spec.initializer')],
  },
  'TrainJob: adding an initializer on update is not blocked by the transition rule': {
    kind: 'TrainJob',
    old: trainJob(),
    object: trainJob({ initializer: { dataset: { storageUri: 'hf://b' } } }),
    want: [],
  },
  'TrainJob: a dataset storageUri without a scheme is rejected': {
    kind: 'TrainJob',
    object: trainJob({ initializer: { dataset: { storageUri: 'org/data' } } }),
    want: [
      {
        path: 'spec.initializer.dataset.storageUri',
        message: 'storageUri may be empty, or it must be a valid URI (scheme://...)',
      },
    ],
  },
  'TrainJob: a model storageUri without a scheme is rejected': {
    kind: 'TrainJob',
    object: trainJob({ initializer: { model: { storageUri: '://model' } } }),
    want: [
      {
        path: 'spec.initializer.model.storageUri',
        message: 'storageUri may be empty, or it must be a valid URI (scheme://...)',
      },
    ],
  },
  'TrainJob: a storageUri over 2048 bytes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({
      initializer: {
        dataset: { storageUri: `hf://${long(2044)}` },
        model: { storageUri: `hf://${long(2044)}` },
      },
    }),
    want: [
      tooLong('spec.initializer.dataset.storageUri', 2048),
      tooLong('spec.initializer.model.storageUri', 2048),
    ],
  },
  'TrainJob: more than 128 initializer env vars are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ initializer: { dataset: { env: env(129) }, model: { env: env(129) } } }),
    want: [tooMany('spec.initializer.dataset.env', 128), tooMany('spec.initializer.model.env', 128)],
  },
  'TrainJob: an initializer env var needs a name': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ initializer: { dataset: { env: [{ value: 'x' }] } } }),
    want: [required('spec.initializer.dataset.env[0].name')],
  },

  // ---- TrainJob: trainer ----
  'TrainJob: trainer is immutable': {
    kind: 'TrainJob',
    old: trainJob({ trainer: { numNodes: 1 } }),
    object: trainJob({ trainer: { numNodes: 2 } }),
    want: [immutable('spec.trainer')],
  },
  'TrainJob: trainer.image over 500 bytes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ trainer: { image: long(501) } }),
    want: [tooLong('spec.trainer.image', 500)],
  },
  'TrainJob: more than 128 command items are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ trainer: { command: many(129, () => 'x') } }),
    want: [tooMany('spec.trainer.command', 128)],
  },
  'TrainJob: a command item over 1 MiB is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ trainer: { command: ['ok', long(1048577)] } }),
    want: [tooLong('spec.trainer.command[1]', 1048576)],
  },
  'TrainJob: more than 128 args are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ trainer: { args: many(129, () => 'x') } }),
    want: [tooMany('spec.trainer.args', 128)],
  },
  'TrainJob: an args item over 1 MiB is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ trainer: { args: [long(1048577)] } }),
    want: [tooLong('spec.trainer.args[0]', 1048576)],
  },
  'TrainJob: more than 128 trainer env vars are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ trainer: { env: env(129) } }),
    want: [tooMany('spec.trainer.env', 128)],
  },
  'TrainJob: duplicate trainer env names are rejected (list map key name)': {
    kind: 'TrainJob',
    object: trainJob({
      trainer: {
        env: [
          { name: 'A', value: '1' },
          { name: 'A', value: '2' },
        ],
      },
    }),
    want: [duplicate('spec.trainer.env[1]')],
  },
  'TrainJob: a negative numNodes is rejected': {
    kind: 'TrainJob',
    object: trainJob({ trainer: { numNodes: -1 } }),
    want: [atLeast('spec.trainer.numNodes', 0)],
  },
  'TrainJob: a string numNodes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ trainer: { numNodes: '2' } }),
    want: [
      {
        path: 'spec.trainer.numNodes',
        message: 'spec.trainer.numNodes in body must be of type integer: "string"',
      },
    ],
  },
  'TrainJob: numProcPerNode 0 is rejected': {
    kind: 'TrainJob',
    object: trainJob({ trainer: { numProcPerNode: 0 } }),
    want: [
      { path: 'spec.trainer.numProcPerNode', message: 'numProcPerNode must be greater than or equal to 1' },
    ],
  },
  'TrainJob: a malformed resource quantity is rejected': {
    kind: 'TrainJob',
    object: trainJob({ trainer: { resourcesPerNode: { limits: { cpu: 'lots' } } } }),
    want: [
      {
        path: 'spec.trainer.resourcesPerNode.limits.cpu',
        message:
          "spec.trainer.resourcesPerNode.limits.cpu in body should match '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$'",
      },
    ],
  },

  // ---- TrainJob: runtimePatches ----
  'TrainJob: more than 16 runtime patches are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ runtimePatches: many(17, (i) => ({ manager: `example.com/m${i}` })) }),
    want: [tooMany('spec.runtimePatches', 16)],
  },
  'TrainJob: two patches of one manager are rejected (list map key manager)': {
    kind: 'TrainJob',
    object: trainJob({ runtimePatches: [{ manager: 'example.com/a' }, { manager: 'example.com/a' }] }),
    want: [duplicate('spec.runtimePatches[1]')],
  },
  'TrainJob: an empty manager is rejected': {
    kind: 'TrainJob',
    object: trainJob({ runtimePatches: [{ manager: '' }] }),
    want: [tooShort('spec.runtimePatches[0].manager', 1)],
  },
  'TrainJob: a manager over 253 bytes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ runtimePatches: [{ manager: long(254) }] }),
    want: [tooLong('spec.runtimePatches[0].manager', 253)],
  },
  'TrainJob: a patch without manager is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ runtimePatches: [{ time: '2026-01-01T00:00:00Z' }] }),
    want: [required('spec.runtimePatches[0].manager')],
  },
  'TrainJob: replacing a patch by one of another manager is accepted (manager is the map key)': {
    kind: 'TrainJob',
    old: trainJob({ runtimePatches: [{ manager: 'example.com/a' }] }),
    object: trainJob({ runtimePatches: [{ manager: 'example.com/b' }] }),
    want: [],
  },
  'TrainJob: a patch time that is not RFC 3339 is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ runtimePatches: [{ manager: 'example.com/a', time: 'yesterday' }] }),
    want: [
      {
        path: 'spec.runtimePatches[0].time',
        message: 'spec.runtimePatches[0].time in body must be of type date-time: "yesterday"',
      },
    ],
  },
  'TrainJob: more than 100 replicated job patches are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({
      runtimePatches: [
        {
          manager: 'example.com/a',
          trainingRuntimeSpec: {
            template: { spec: { replicatedJobs: many(101, (i) => ({ name: `j${i}` })) } },
          },
        },
      ],
    }),
    want: [tooMany('spec.runtimePatches[0].trainingRuntimeSpec.template.spec.replicatedJobs', 100)],
  },
  'TrainJob: replicated job patches need a unique, non-empty name of at most 253 bytes': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({
      runtimePatches: [
        {
          manager: 'example.com/a',
          trainingRuntimeSpec: {
            template: {
              spec: { replicatedJobs: [{ name: '' }, { name: long(254) }, { name: 'n' }, { name: 'n' }] },
            },
          },
        },
      ],
    }),
    want: [
      tooShort('spec.runtimePatches[0].trainingRuntimeSpec.template.spec.replicatedJobs[0].name', 1),
      tooLong('spec.runtimePatches[0].trainingRuntimeSpec.template.spec.replicatedJobs[1].name', 253),
      duplicate('spec.runtimePatches[0].trainingRuntimeSpec.template.spec.replicatedJobs[3]'),
    ],
  },
  'TrainJob: pod patch serviceAccountName over 253 bytes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: podPatch({ serviceAccountName: long(254) }),
    want: [tooLong(`${POD}.serviceAccountName`, 253)],
  },
  'TrainJob: pod patch list limits (volumes 128, init containers 64, containers 64, pull secrets 64, tolerations 128, gates 16)':
    {
      rulesNotChecked: true,
      kind: 'TrainJob',
      object: podPatch({
        volumes: many(129, (i) => ({ name: `v${i}`, emptyDir: {} })),
        initContainers: many(65, (i) => ({ name: `i${i}` })),
        containers: many(65, (i) => ({ name: `c${i}` })),
        imagePullSecrets: many(65, (i) => ({ name: `s${i}` })),
        tolerations: many(129, () => ({ operator: 'Exists' })),
        schedulingGates: many(17, (i) => ({ name: `g${i}` })),
      }),
      want: [
        tooMany(`${POD}.containers`, 64),
        tooMany(`${POD}.imagePullSecrets`, 64),
        tooMany(`${POD}.initContainers`, 64),
        tooMany(`${POD}.schedulingGates`, 16),
        tooMany(`${POD}.tolerations`, 128),
        tooMany(`${POD}.volumes`, 128),
      ],
    },
  'TrainJob: container patches need a name of 1 to 253 bytes, at most 128 env vars and volume mounts': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: podPatch({
      containers: [
        { name: '' },
        { name: long(254) },
        {
          name: 'c',
          env: env(129),
          volumeMounts: many(129, (i) => ({ name: `m${i}`, mountPath: `/m${i}` })),
        },
      ],
      initContainers: [
        { name: '' },
        { name: long(254) },
        {
          name: 'i',
          env: env(129),
          volumeMounts: many(129, (i) => ({ name: `m${i}`, mountPath: `/m${i}` })),
        },
      ],
    }),
    want: [
      tooShort(`${POD}.containers[0].name`, 1),
      tooLong(`${POD}.containers[1].name`, 253),
      tooMany(`${POD}.containers[2].env`, 128),
      tooMany(`${POD}.containers[2].volumeMounts`, 128),
      tooShort(`${POD}.initContainers[0].name`, 1),
      tooLong(`${POD}.initContainers[1].name`, 253),
      tooMany(`${POD}.initContainers[2].env`, 128),
      tooMany(`${POD}.initContainers[2].volumeMounts`, 128),
    ],
  },
  'TrainJob: a negative terminationGracePeriodSeconds is rejected': {
    kind: 'TrainJob',
    object: podPatch({ terminationGracePeriodSeconds: -1 }),
    want: [atLeast(`${POD}.terminationGracePeriodSeconds`, 0)],
  },
  'TrainJob: the identity fields of a pod patch are immutable within a manager and job': {
    kind: 'TrainJob',
    old: podPatch({
      serviceAccountName: 'a',
      volumes: [{ name: 'v', emptyDir: {} }],
      initContainers: [{ name: 'i' }],
      containers: [{ name: 'c' }],
      imagePullSecrets: [{ name: 's' }],
      securityContext: { runAsUser: 1 },
      terminationGracePeriodSeconds: 1,
    }),
    object: podPatch({
      serviceAccountName: 'b',
      volumes: [{ name: 'w', emptyDir: {} }],
      initContainers: [{ name: 'j' }],
      containers: [{ name: 'd' }],
      imagePullSecrets: [{ name: 't' }],
      securityContext: { runAsUser: 2 },
      terminationGracePeriodSeconds: 2,
    }),
    want: [
      immutable(`${POD}.containers`),
      immutable(`${POD}.imagePullSecrets`),
      immutable(`${POD}.initContainers`),
      immutable(`${POD}.securityContext`),
      immutable(`${POD}.serviceAccountName`),
      immutable(`${POD}.terminationGracePeriodSeconds`),
      immutable(`${POD}.volumes`),
    ],
  },
  'TrainJob: the scheduling fields of a pod patch stay mutable': {
    kind: 'TrainJob',
    old: podPatch({
      nodeSelector: { a: '1' },
      tolerations: [{ key: 'a', operator: 'Exists' }],
      schedulingGates: [{ name: 'g' }],
      affinity: {},
    }),
    object: podPatch({
      nodeSelector: { a: '2' },
      tolerations: [{ key: 'b', operator: 'Exists' }],
      schedulingGates: [{ name: 'h' }],
      affinity: { nodeAffinity: {} },
    }),
    want: [],
  },
  'TrainJob: a patch of another manager may change the same job freely': {
    kind: 'TrainJob',
    old: podPatch({ serviceAccountName: 'a' }, 'example.com/a'),
    object: podPatch({ serviceAccountName: 'b' }, 'example.com/b'),
    want: [],
  },

  // ---- TrainJob: managedBy, activeDeadlineSeconds ----
  'TrainJob: an unknown managedBy is rejected': {
    kind: 'TrainJob',
    object: trainJob({ managedBy: 'example.com/controller' }),
    want: [
      {
        path: 'spec.managedBy',
        message:
          'ManagedBy must be trainer.kubeflow.org/trainjob-controller or kueue.x-k8s.io/multikueue if set',
      },
    ],
  },
  'TrainJob: managedBy over 253 bytes is rejected before its CEL rule runs': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ managedBy: long(254) }),
    // The size error stops the CEL rules, so the managedBy rule is not reported.
    want: [tooLong('spec.managedBy', 253)],
  },
  'TrainJob: managedBy is immutable': {
    kind: 'TrainJob',
    old: trainJob({ managedBy: 'kueue.x-k8s.io/multikueue' }),
    object: trainJob({ managedBy: 'trainer.kubeflow.org/trainjob-controller' }),
    want: [immutable('spec.managedBy')],
  },
  'TrainJob: activeDeadlineSeconds 0 is rejected': {
    kind: 'TrainJob',
    object: trainJob({ activeDeadlineSeconds: 0 }),
    want: [atLeast('spec.activeDeadlineSeconds', 1)],
  },
  'TrainJob: activeDeadlineSeconds is immutable': {
    kind: 'TrainJob',
    old: trainJob({ activeDeadlineSeconds: 60 }),
    object: trainJob({ activeDeadlineSeconds: 120 }),
    want: [immutable('spec.activeDeadlineSeconds')],
  },
  // ---- run policy (KEP-2899; kubetrain additions, docs/run-policy.md) ----
  'TrainJob: ttlSecondsAfterFinished 0 is accepted (delete at once)': {
    kind: 'TrainJob',
    object: trainJob({ ttlSecondsAfterFinished: 0 }),
    want: [],
  },
  'TrainJob: a negative ttlSecondsAfterFinished is rejected': {
    kind: 'TrainJob',
    object: trainJob({ ttlSecondsAfterFinished: -1 }),
    want: [atLeast('spec.ttlSecondsAfterFinished', 0)],
  },
  'TrainJob: ttlSecondsAfterFinished is mutable': {
    kind: 'TrainJob',
    old: trainJob({ ttlSecondsAfterFinished: 60 }),
    object: trainJob({ ttlSecondsAfterFinished: 3600 }),
    want: [],
  },
  'TrainingRuntime: a run policy is accepted': {
    kind: 'TrainingRuntime',
    object: runtime({ template: template(), runPolicy: { activeDeadlineSeconds: 1, ttlSecondsAfterFinished: 0 } }),
    want: [],
  },
  'TrainingRuntime: runPolicy.activeDeadlineSeconds 0 is rejected': {
    kind: 'TrainingRuntime',
    object: runtime({ template: template(), runPolicy: { activeDeadlineSeconds: 0 } }),
    want: [atLeast('spec.runPolicy.activeDeadlineSeconds', 1)],
  },
  'TrainingRuntime: a negative runPolicy.ttlSecondsAfterFinished is rejected': {
    kind: 'TrainingRuntime',
    object: runtime({ template: template(), runPolicy: { ttlSecondsAfterFinished: -1 } }),
    want: [atLeast('spec.runPolicy.ttlSecondsAfterFinished', 0)],
  },
  'ClusterTrainingRuntime: runPolicy.activeDeadlineSeconds 0 is rejected': {
    kind: 'ClusterTrainingRuntime',
    object: runtime({ template: template(), runPolicy: { activeDeadlineSeconds: 0 } }, 'ClusterTrainingRuntime'),
    want: [atLeast('spec.runPolicy.activeDeadlineSeconds', 1)],
  },
  'ClusterTrainingRuntime: a negative runPolicy.ttlSecondsAfterFinished is rejected': {
    kind: 'ClusterTrainingRuntime',
    object: runtime({ template: template(), runPolicy: { ttlSecondsAfterFinished: -1 } }, 'ClusterTrainingRuntime'),
    want: [atLeast('spec.runPolicy.ttlSecondsAfterFinished', 0)],
  },
  // ---- runtime: runPolicy.failurePolicy (KEP-4162; docs/failure-policy.md) ----
  'TrainingRuntime: a failure policy with every action is accepted': {
    kind: 'TrainingRuntime',
    object: runtime({
      template: template(),
      runPolicy: {
        failurePolicy: {
          maxRestarts: 3,
          rules: [
            { action: 'FailTrainJob', onExitCodes: { containerName: 'node', operator: 'In', values: [42] } },
            { action: 'RestartTrainJob', onExitCodes: { operator: 'NotIn', values: [0, 42] } },
            { action: 'RestartTrainJobAndIgnoreMaxRestarts', onPodConditions: [{ type: 'DisruptionTarget' }] },
          ],
        },
      },
    }),
    want: [],
  },
  'TrainingRuntime: an unknown failurePolicy action is not supported': {
    kind: 'TrainingRuntime',
    rulesNotChecked: true,
    object: runtime({
      template: template(),
      runPolicy: { failurePolicy: { rules: [{ action: 'RestartJobSet', onExitCodes: { operator: 'In', values: [1] } }] } },
    }),
    want: [
      {
        path: 'spec.runPolicy.failurePolicy.rules[0].action',
        message: 'supported values: "FailTrainJob", "RestartTrainJob", "RestartTrainJobAndIgnoreMaxRestarts"',
        type: 'NotSupported',
      },
    ],
  },
  'ClusterTrainingRuntime: failurePolicy ranges (maxRestarts, exit codes) are checked': {
    kind: 'ClusterTrainingRuntime',
    object: runtime(
      {
        template: template(),
        runPolicy: {
          failurePolicy: {
            maxRestarts: -1,
            rules: [{ action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [-1, 256] } }],
          },
        },
      },
      'ClusterTrainingRuntime',
    ),
    want: [
      atLeast('spec.runPolicy.failurePolicy.maxRestarts', 0),
      atLeast('spec.runPolicy.failurePolicy.rules[0].onExitCodes.values[0]', 0),
      atMost('spec.runPolicy.failurePolicy.rules[0].onExitCodes.values[1]', 255),
    ],
  },
  'TrainingRuntime: a failurePolicy rule needs exactly one of onExitCodes and onPodConditions, and In may not list 0': {
    kind: 'TrainingRuntime',
    object: runtime({
      template: template(),
      runPolicy: {
        failurePolicy: {
          rules: [
            { action: 'FailTrainJob' },
            {
              action: 'FailTrainJob',
              onExitCodes: { operator: 'In', values: [0] },
              onPodConditions: [{ type: 'DisruptionTarget' }],
            },
          ],
        },
      },
    }),
    want: [
      {
        path: 'spec.runPolicy.failurePolicy.rules[0]',
        message: 'specifying one of OnExitCodes and OnPodConditions is required',
      },
      {
        path: 'spec.runPolicy.failurePolicy.rules[1]',
        message: 'specifying one of OnExitCodes and OnPodConditions is required',
      },
      {
        path: 'spec.runPolicy.failurePolicy.rules[1].onExitCodes',
        message: 'must not be 0 for the In operator',
      },
    ],
  },
  'TrainingRuntime: failurePolicy list and string limits are checked': {
    kind: 'TrainingRuntime',
    rulesNotChecked: true,
    object: runtime({
      template: template(),
      runPolicy: {
        failurePolicy: {
          rules: [
            {
              action: 'FailTrainJob',
              onExitCodes: { containerName: long(64), operator: 'Within', values: many(256, (i) => i) },
            },
            { action: 'FailTrainJob', onExitCodes: { operator: 'In', values: [] } },
            { action: 'FailTrainJob', onPodConditions: [] },
            { action: 'FailTrainJob', onPodConditions: many(21, (i) => ({ type: `T${i}` })) },
            { action: 'FailTrainJob', onPodConditions: [{ type: '', status: 'Maybe' }, { type: long(317) }] },
            ...many(16, (i) => ({ action: 'FailTrainJob', onPodConditions: [{ type: `C${i}` }] })),
          ],
        },
      },
    }),
    want: [
      tooMany('spec.runPolicy.failurePolicy.rules', 20),
      tooLong('spec.runPolicy.failurePolicy.rules[0].onExitCodes.containerName', 63),
      {
        path: 'spec.runPolicy.failurePolicy.rules[0].onExitCodes.operator',
        message: 'supported values: "In", "NotIn"',
        type: 'NotSupported',
      },
      tooMany('spec.runPolicy.failurePolicy.rules[0].onExitCodes.values', 255),
      tooFewItems('spec.runPolicy.failurePolicy.rules[1].onExitCodes.values', 1),
      tooFewItems('spec.runPolicy.failurePolicy.rules[2].onPodConditions', 1),
      tooMany('spec.runPolicy.failurePolicy.rules[3].onPodConditions', 20),
      {
        path: 'spec.runPolicy.failurePolicy.rules[4].onPodConditions[0].status',
        message: 'supported values: "True", "False", "Unknown"',
        type: 'NotSupported',
      },
      tooShort('spec.runPolicy.failurePolicy.rules[4].onPodConditions[0].type', 1),
      tooLong('spec.runPolicy.failurePolicy.rules[4].onPodConditions[1].type', 316),
    ],
  },
  // ---- TrainJob: failurePolicy (KEP-4162) and its status counters ----
  'TrainJob: failurePolicy.maxRestarts 0 and the int32 maximum are accepted': {
    kind: 'TrainJob',
    object: trainJob({ failurePolicy: { maxRestarts: 2147483647 } }),
    want: [],
  },
  'TrainJob: a negative failurePolicy.maxRestarts is rejected': {
    kind: 'TrainJob',
    object: trainJob({ failurePolicy: { maxRestarts: -1 } }),
    want: [atLeast('spec.failurePolicy.maxRestarts', 0)],
  },
  'TrainJob: failurePolicy.maxRestarts over the int32 maximum is rejected': {
    kind: 'TrainJob',
    object: trainJob({ failurePolicy: { maxRestarts: 2147483648 } }),
    want: [
      {
        path: '',
        message: 'Checked value must be of type integer with format int32 in spec.failurePolicy.maxRestarts',
      },
    ],
  },
  'TrainJob: restart counters and a full restartHistory are accepted': {
    kind: 'TrainJob',
    object: withStatus({
      restarts: 6,
      restartsCountTowardsMax: 2,
      restartHistory: many(5, () => ({
        time: '2026-01-01T00:00:00Z',
        reason: 'RestartTrainJob',
        message: 'pod p container node exited with code 3',
        countsTowardsMax: true,
      })),
    }),
    want: [],
  },
  'TrainJob: negative restart counters are rejected': {
    kind: 'TrainJob',
    object: withStatus({ restarts: -1, restartsCountTowardsMax: -1 }),
    want: [atLeast('status.restarts', 0), atLeast('status.restartsCountTowardsMax', 0)],
  },
  'TrainJob: restartHistory keeps at most 5 restarts, with bounded reason and message': {
    kind: 'TrainJob',
    rulesNotChecked: true,
    object: withStatus({
      restartHistory: many(6, () => ({ reason: long(317), message: long(32769) })),
    }),
    want: [
      tooMany('status.restartHistory', 5),
      ...many(6, (i) => tooLong(`status.restartHistory[${i}].reason`, 316)),
      ...many(6, (i) => tooLong(`status.restartHistory[${i}].message`, 32768)),
    ],
  },
  'TrainJob: suspend must be a boolean': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: trainJob({ suspend: 'yes' }),
    want: [{ path: 'spec.suspend', message: 'spec.suspend in body must be of type boolean: "string"' }],
  },

  // ---- TrainJob: status ----
  'TrainJob: a complete status is valid': {
    kind: 'TrainJob',
    object: withStatus({
      conditions: [
        condition(),
        condition({ type: 'Complete', reason: 'AllJobsCompleted', message: 'jobset completed successfully' }),
      ],
      jobsStatus: [jobStatus()],
      trainerStatus: {
        progressPercentage: 50,
        estimatedRemainingSeconds: 10,
        metrics: [{ name: 'loss', value: '0.1' }],
        lastUpdatedTime: '2026-01-01T00:00:00Z',
      },
    }),
    want: [],
  },
  'TrainJob: an empty status is rejected (MinProperties 1)': {
    kind: 'TrainJob',
    object: withStatus({}),
    want: [{ path: 'status', message: ' in body should have at least 1 properties' }],
  },
  'TrainJob: more than 8 conditions are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: withStatus({ conditions: many(9, (i) => condition({ type: `T${i}` })) }),
    want: [tooMany('status.conditions', 8)],
  },
  'TrainJob: two conditions of one type are rejected': {
    kind: 'TrainJob',
    object: withStatus({ conditions: [condition(), condition()] }),
    want: [duplicate('status.conditions[1]')],
  },
  'TrainJob: condition fields are required': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: withStatus({ conditions: [{ type: 'Suspended' }] }),
    want: ['lastTransitionTime', 'message', 'reason', 'status'].map((f) =>
      required(`status.conditions[0].${f}`),
    ),
  },
  'TrainJob: condition limits (status enum, reason pattern and length, type pattern and length, message length, observedGeneration)':
    {
      rulesNotChecked: true,
      kind: 'TrainJob',
      object: withStatus({
        conditions: [
          condition({
            status: 'Maybe',
            reason: '1bad',
            type: '-x',
            message: long(32769),
            observedGeneration: -1,
          }),
          condition({ type: long(317, 'b'), reason: '' }),
          condition({ type: 'Ok', reason: long(1025) }),
        ],
      }),
      want: [
        { path: 'status.conditions[0].message', message: 'may not be more than 32768 bytes' },
        atLeast('status.conditions[0].observedGeneration', 0),
        {
          path: 'status.conditions[0].reason',
          message: "conditions[0].reason in body should match '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$'",
        },
        {
          path: 'status.conditions[0].status',
          message: 'supported values: "True", "False", "Unknown"',
          type: 'NotSupported',
        },
        {
          path: 'status.conditions[0].type',
          message:
            "conditions[0].type in body should match '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$'",
        },
        // kube-openapi stops at the first failing string check: no pattern error after minLength.
        tooShort('status.conditions[1].reason', 1),
        tooLong('status.conditions[1].type', 316),
        tooLong('status.conditions[2].reason', 1024),
      ],
    },
  'TrainJob: jobsStatus limits (100 items, unique non-empty names of at most 253 bytes, counts >= 0, all required)':
    {
      rulesNotChecked: true,
      kind: 'TrainJob',
      object: withStatus({
        jobsStatus: [
          jobStatus({ name: '', ready: -1, succeeded: -1, failed: -1, active: -1, suspended: -1 }),
          jobStatus({ name: long(254) }),
          { name: 'x' },
          jobStatus({ name: 'x' }),
        ],
      }),
      want: [
        tooShort('status.jobsStatus[0].name', 1),
        atLeast('status.jobsStatus[0].ready', 0),
        atLeast('status.jobsStatus[0].succeeded', 0),
        atLeast('status.jobsStatus[0].failed', 0),
        atLeast('status.jobsStatus[0].active', 0),
        atLeast('status.jobsStatus[0].suspended', 0),
        tooLong('status.jobsStatus[1].name', 253),
        ...['active', 'failed', 'ready', 'succeeded', 'suspended'].map((f) =>
          required(`status.jobsStatus[2].${f}`),
        ),
        duplicate('status.jobsStatus[3]'),
      ],
    },
  'TrainJob: more than 100 jobsStatus entries are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: withStatus({ jobsStatus: many(101, (i) => jobStatus({ name: `j${i}` })) }),
    want: [tooMany('status.jobsStatus', 100)],
  },
  'TrainJob: trainerStatus without lastUpdatedTime is rejected': {
    kind: 'TrainJob',
    object: withStatus({ trainerStatus: { progressPercentage: 10 } }),
    want: [
      { path: 'status.trainerStatus', message: 'lastUpdatedTime is required when trainerStatus is present' },
    ],
  },
  'TrainJob: trainerStatus limits (progress 0..100, remaining >= 0, 256 metrics of 1..64 bytes)': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: withStatus({
      trainerStatus: {
        lastUpdatedTime: '2026-01-01T00:00:00Z',
        progressPercentage: 101,
        estimatedRemainingSeconds: -1,
        metrics: [
          { name: '', value: '' },
          { name: long(65), value: long(65) },
        ],
      },
    }),
    want: [
      atMost('status.trainerStatus.progressPercentage', 100),
      atLeast('status.trainerStatus.estimatedRemainingSeconds', 0),
      tooShort('status.trainerStatus.metrics[0].name', 1),
      tooShort('status.trainerStatus.metrics[0].value', 1),
      tooLong('status.trainerStatus.metrics[1].name', 64),
      tooLong('status.trainerStatus.metrics[1].value', 64),
    ],
  },
  'TrainJob: a negative progressPercentage and more than 256 metrics are rejected': {
    rulesNotChecked: true,
    kind: 'TrainJob',
    object: withStatus({
      trainerStatus: {
        lastUpdatedTime: '2026-01-01T00:00:00Z',
        progressPercentage: -1,
        metrics: many(257, (i) => ({ name: `m${i}`, value: '1' })),
      },
    }),
    want: [
      atLeast('status.trainerStatus.progressPercentage', 0),
      tooMany('status.trainerStatus.metrics', 256),
    ],
  },

  // ---- Validation ratcheting on update ----
  'TrainJob: an update keeps a stored value that a newer rule rejects (numNodes -1 from v2.3.0)': {
    kind: 'TrainJob',
    old: trainJob({ trainer: { numNodes: -1 } }),
    object: trainJob({ trainer: { numNodes: -1 }, suspend: true }),
    want: [],
  },
  'TrainJob: an update that changes the invalid value is rejected': {
    kind: 'TrainJob',
    old: trainJob({ trainer: { numNodes: -1 } }),
    object: trainJob({ trainer: { numNodes: -2 } }),
    want: [atLeast('spec.trainer.numNodes', 0), immutable('spec.trainer')],
  },
  'TrainJob: an update keeps a stored numProcPerNode that a newer CEL rule rejects (0 from v2.3.0)': {
    kind: 'TrainJob',
    old: trainJob({ trainer: { numProcPerNode: 0 } }),
    object: trainJob({ trainer: { numProcPerNode: 0 }, suspend: true }),
    want: [],
  },
  'TrainingRuntime: an update keeps a stored mpi numProcPerNode that a newer CEL rule rejects (0 from v2.3.0)':
    {
      kind: 'TrainingRuntime',
      old: withPolicy({ mpi: { numProcPerNode: 0 } }),
      object: runtime({
        mlPolicy: { mpi: { numProcPerNode: 0 } },
        template: { metadata: { labels: { a: 'b' } }, ...template() },
      }),
      want: [],
    },

  // ---- TrainingRuntime / ClusterTrainingRuntime ----
  'TrainingRuntime: a minimal runtime is valid': {
    kind: 'TrainingRuntime',
    object: runtime({ template: template() }),
    want: [],
  },
  'ClusterTrainingRuntime: a runtime with every policy field is valid': {
    kind: 'ClusterTrainingRuntime',
    object: runtime(
      {
        mlPolicy: {
          numNodes: 2,
          mpi: {
            numProcPerNode: 2,
            mpiImplementation: 'OpenMPI',
            sshAuthMountPath: '/home/.ssh',
            runLauncherAsNode: true,
          },
        },
        podGroupPolicy: { volcano: { networkTopology: { mode: 'soft', highestTierAllowed: 2 } } },
        template: { metadata: { labels: { a: 'b' } }, ...template() },
      },
      'ClusterTrainingRuntime',
    ),
    want: [],
  },
  'TrainingRuntime: an empty spec is rejected (MinProperties 1)': {
    kind: 'TrainingRuntime',
    object: runtime({}),
    want: [{ path: 'spec', message: 'spec in body should have at least 1 properties' }],
  },
  'ClusterTrainingRuntime: an empty template is rejected (MinProperties 1)': {
    kind: 'ClusterTrainingRuntime',
    object: runtime({ template: {} }, 'ClusterTrainingRuntime'),
    want: [{ path: 'spec.template', message: 'spec.template in body should have at least 1 properties' }],
  },
  'TrainingRuntime: two ML policies are rejected': {
    kind: 'TrainingRuntime',
    object: withPolicy({ torch: {}, mpi: {} }),
    want: [{ path: 'spec.mlPolicy', message: 'Only one of the policy can be configured' }],
  },
  'ClusterTrainingRuntime: jax and xgboost together are rejected': {
    kind: 'ClusterTrainingRuntime',
    object: runtime(
      { mlPolicy: { jax: {}, xgboost: {}, flux: {} }, template: template() },
      'ClusterTrainingRuntime',
    ),
    want: [{ path: 'spec.mlPolicy', message: 'Only one of the policy can be configured' }],
  },
  'TrainingRuntime: mpi numProcPerNode 0 is rejected': {
    kind: 'TrainingRuntime',
    object: withPolicy({ mpi: { numProcPerNode: 0 } }),
    want: [{ path: 'spec.mlPolicy.mpi.numProcPerNode', message: 'NumProcPerNode in mpiPolicy must be >= 1' }],
  },
  'TrainingRuntime: flux numProcPerNode 0 is rejected': {
    kind: 'TrainingRuntime',
    object: withPolicy({ flux: { numProcPerNode: 0 } }),
    want: [
      { path: 'spec.mlPolicy.flux.numProcPerNode', message: 'NumProcPerNode in fluxPolicy must be >= 1' },
    ],
  },
  'TrainingRuntime: an MPI implementation outside the enum is rejected': {
    rulesNotChecked: true,
    kind: 'TrainingRuntime',
    object: withPolicy({ mpi: { mpiImplementation: 'Intel' } }),
    want: [
      {
        path: 'spec.mlPolicy.mpi.mpiImplementation',
        message: 'supported values: "OpenMPI", ""',
        type: 'NotSupported',
      },
    ],
  },
  'TrainingRuntime: an sshAuthMountPath over 4096 bytes is rejected': {
    rulesNotChecked: true,
    kind: 'TrainingRuntime',
    object: withPolicy({ mpi: { sshAuthMountPath: `/${long(4096)}` } }),
    want: [tooLong('spec.mlPolicy.mpi.sshAuthMountPath', 4096)],
  },
  'TrainingRuntime: more than 16 envInjection targets are rejected': {
    rulesNotChecked: true,
    kind: 'TrainingRuntime',
    object: withTargets(many(17, (i) => target({ jobName: `j${i}` }))),
    want: [tooMany('spec.mlPolicy.torch.envInjection.targets', 16)],
  },
  'TrainingRuntime: envInjection targets need a unique jobName of 1 to 253 bytes': {
    rulesNotChecked: true,
    kind: 'TrainingRuntime',
    object: withTargets([target({ jobName: '' }), target({ jobName: long(254) }), target(), target()]),
    want: [
      tooShort('spec.mlPolicy.torch.envInjection.targets[0].jobName', 1),
      tooLong('spec.mlPolicy.torch.envInjection.targets[1].jobName', 253),
      duplicate('spec.mlPolicy.torch.envInjection.targets[3]'),
    ],
  },
  'TrainingRuntime: envInjection containerNames must not include node': {
    kind: 'TrainingRuntime',
    object: withTargets([target({ containerNames: ['sidecar', 'node'] })]),
    want: [
      {
        path: 'spec.mlPolicy.torch.envInjection.targets[0].containerNames',
        message:
          'containerNames must not include the main node container because PET_* envs are always injected into it',
      },
    ],
  },
  'TrainingRuntime: envInjection containerNames hold 1 to 8 unique names of at most 63 bytes': {
    rulesNotChecked: true,
    kind: 'TrainingRuntime',
    object: withTargets([
      target({ jobName: 'a', containerNames: [] }),
      target({ jobName: 'b', containerNames: many(9, (i) => `c${i}`) }),
      target({ jobName: 'c', containerNames: [long(64), 'x', 'x'] }),
      { jobName: 'd' },
    ]),
    want: [
      {
        path: 'spec.mlPolicy.torch.envInjection.targets[0].containerNames',
        message:
          'spec.mlPolicy.torch.envInjection.targets[0].containerNames in body should have at least 1 items',
      },
      tooMany('spec.mlPolicy.torch.envInjection.targets[1].containerNames', 8),
      tooLong('spec.mlPolicy.torch.envInjection.targets[2].containerNames[0]', 63),
      required('spec.mlPolicy.torch.envInjection.targets[3].containerNames'),
      duplicate('spec.mlPolicy.torch.envInjection.targets[2].containerNames[2]'),
    ],
  },
  'TrainingRuntime: a volcano network topology mode outside the enum is rejected': {
    rulesNotChecked: true,
    kind: 'TrainingRuntime',
    object: runtime({
      podGroupPolicy: { volcano: { networkTopology: { mode: 'strict' } } },
      template: template(),
    }),
    want: [
      {
        path: 'spec.podGroupPolicy.volcano.networkTopology.mode',
        message: 'supported values: "hard", "soft"',
      },
    ],
  },
  'TrainingRuntime: a runtime may change its policies on update (no immutability)': {
    kind: 'TrainingRuntime',
    old: withPolicy({ torch: {} }),
    object: withPolicy({ mpi: {} }),
    want: [],
  },

  // ---- Runtimes: rules inherited from the JobSet schema ----
  'TrainingRuntime: startupPolicy InOrder with dependsOn is rejected': {
    kind: 'TrainingRuntime',
    object: runtime({
      template: template({
        startupPolicy: { startupPolicyOrder: 'InOrder' },
        replicatedJobs: [
          nodeJob({ name: 'init' }),
          nodeJob({ dependsOn: [{ name: 'init', status: 'Complete' }] }),
        ],
      }),
    }),
    want: [
      { path: 'spec.template.spec', message: 'StartupPolicy and DependsOn APIs are mutually exclusive' },
    ],
  },
  'ClusterTrainingRuntime: a namespace in volumeClaimPolicies templates is rejected': {
    kind: 'ClusterTrainingRuntime',
    object: runtime(
      {
        template: template({
          volumeClaimPolicies: [
            { templates: [{ metadata: { name: 'initializer', namespace: 'x' }, spec: {} }] },
          ],
        }),
      },
      'ClusterTrainingRuntime',
    ),
    want: [
      {
        path: 'spec.template.spec.volumeClaimPolicies[0]',
        message: 'namespace cannot be set for VolumeClaimPolicies templates',
      },
    ],
  },
  'ClusterTrainingRuntime: the JobSet fields JobSet makes immutable stay immutable in the runtime template': {
    kind: 'ClusterTrainingRuntime',
    old: runtime(
      {
        template: template({
          failurePolicy: { maxRestarts: 1 },
          network: { enableDNSHostnames: true },
          startupPolicy: { startupPolicyOrder: 'AnyOrder' },
          successPolicy: { operator: 'All' },
          volumeClaimPolicies: [],
          replicatedJobs: [nodeJob({ name: 'a' }), nodeJob({ dependsOn: [{ name: 'a', status: 'Ready' }] })],
        }),
      },
      'ClusterTrainingRuntime',
    ),
    object: runtime(
      {
        template: template({
          failurePolicy: { maxRestarts: 2 },
          network: { enableDNSHostnames: false },
          startupPolicy: { startupPolicyOrder: 'InOrder' },
          successPolicy: { operator: 'Any' },
          volumeClaimPolicies: [{ templates: [] }],
          replicatedJobs: [
            nodeJob({ name: 'a' }),
            nodeJob({ dependsOn: [{ name: 'a', status: 'Complete' }] }),
          ],
        }),
      },
      'ClusterTrainingRuntime',
    ),
    want: [
      jobSetImmutable('failurePolicy'),
      jobSetImmutable('network'),
      jobSetImmutable('replicatedJobs[1].dependsOn'),
      jobSetImmutable('startupPolicy'),
      jobSetImmutable('successPolicy'),
      jobSetImmutable('volumeClaimPolicies'),
      { path: 'spec.template.spec', message: 'StartupPolicy and DependsOn APIs are mutually exclusive' },
    ],
  },
};

/** The same case for the other runtime kind: both kinds share the spec schema, so both must behave alike. */
function twin(tc: Case): Case {
  const other: KindName = tc.kind === 'TrainingRuntime' ? 'ClusterTrainingRuntime' : 'TrainingRuntime';
  const convert = (o: Obj): Obj => {
    const { namespace: _ns, ...metadata } = (o.metadata ?? {}) as Obj;
    return {
      ...o,
      kind: other,
      metadata: other === 'TrainingRuntime' ? { ...metadata, namespace: 'default' } : metadata,
    };
  };
  return { ...tc, kind: other, object: convert(tc.object), ...(tc.old ? { old: convert(tc.old) } : {}) };
}

/** Every case, the runtime ones for both runtime kinds. */
export const validateCases: Record<string, Case> = { ...cases };
for (const [name, tc] of Object.entries(cases)) {
  if (tc.kind === 'TrainJob') continue;
  const t = twin(tc);
  validateCases[`${name} [as ${t.kind}]`] = t;
}
