// SPDX-License-Identifier: Apache-2.0
// The tricky objects of differential.e2e.ts: metadata (names, namespaces, label and annotation keys,
// values and types), integer formats and ranges, quantities, list types, apiVersion and kind. Each is
// sent to the real API server and given to validateSchema(); the two verdicts must agree.
import type { KindName } from '@kubetrain/api';

/** A JSON object. */
export type Obj = Record<string, unknown>;

/** One tricky object. */
export interface DifferentialCase {
  kind: KindName;
  object: Obj;
}

const API_VERSION = 'trainer.kubeflow.org/v1alpha1';
const long = (n: number, c = 'a') => c.repeat(n);

/** A TrainJob with `meta` merged into its metadata and `spec` into its spec. */
function job(meta: Obj = {}, spec: Obj = {}, extra: Obj = {}): Obj {
  return {
    apiVersion: API_VERSION,
    kind: 'TrainJob',
    metadata: { name: 'tricky', ...meta },
    spec: { runtimeRef: { name: 'torch-distributed' }, ...spec },
    ...extra,
  };
}

const trainer = (t: Obj) => ({ trainer: t });
const gpu = (v: unknown) => trainer({ resourcesPerNode: { limits: { 'nvidia.com/gpu': v } } });
const cpu = (v: unknown) => trainer({ resourcesPerNode: { requests: { cpu: v } } });

/** A ClusterTrainingRuntime with `spec`. */
function clusterRuntime(meta: Obj = {}, spec: Obj = {}): Obj {
  return {
    apiVersion: API_VERSION,
    kind: 'ClusterTrainingRuntime',
    metadata: { name: 'tricky-runtime', ...meta },
    spec: { template: { spec: { replicatedJobs: [] } }, ...spec },
  };
}

const tj = (object: Obj): DifferentialCase => ({ kind: 'TrainJob', object });

/** The cases, by name. */
export const differentialCases: Record<string, DifferentialCase> = {
  // names
  'a valid name': tj(job()),
  'a name with unicode': tj(job({ name: 'jöb' })),
  'an upper-case name': tj(job({ name: 'Job' })),
  'a 254-character name': tj(job({ name: long(254) })),
  'an integer name': tj(job({ name: 123 })),
  'a generateName only': tj(job({ name: undefined, generateName: 'job-' })),
  'an invalid generateName': tj(job({ name: undefined, generateName: 'Job_' })),
  'neither name nor generateName': tj(job({ name: '' })),
  // labels
  'valid labels': tj(job({ labels: { 'example.com/team': 'a', app: 'train_1.x' } })),
  'labels as a list': tj(job({ labels: ['a', 'b'] })),
  'a label value that is a number': tj(job({ labels: { replicas: 3 } })),
  'a label key with two slashes': tj(job({ labels: { 'a/b/c': 'x' } })),
  'a label key with an empty prefix': tj(job({ labels: { '/x': 'x' } })),
  'a label key with an upper-case prefix': tj(job({ labels: { 'Example.com/x': 'x' } })),
  'a label key with an empty name': tj(job({ labels: { 'example.com/': 'x' } })),
  'a label key of 64 bytes': tj(job({ labels: { [long(64)]: 'x' } })),
  'a label value of 64 bytes': tj(job({ labels: { a: long(64) } })),
  'a label value with a space': tj(job({ labels: { a: 'a b' } })),
  'a label value with unicode': tj(job({ labels: { a: 'ö' } })),
  'a label value starting with a dash': tj(job({ labels: { a: '-a' } })),
  'an empty label value': tj(job({ labels: { a: '' } })),
  // annotations
  'valid annotations': tj(job({ annotations: { 'Example.com/Note': 'anything at all: {}' } })),
  'an annotation value that is a number': tj(job({ annotations: { a: 1 } })),
  'an annotation value that is an object': tj(job({ annotations: { a: { b: 'c' } } })),
  'an annotation key with two slashes': tj(job({ annotations: { 'a/b/c': 'x' } })),
  'annotations of 256 KiB in total': tj(job({ annotations: { a: long(256 * 1024 - 1) } })),
  'annotations of 256 KiB and one byte': tj(job({ annotations: { a: long(256 * 1024) } })),
  // other metadata fields
  'finalizers as a string': tj(job({ finalizers: 'example.com/f' })),
  'metadata as a list': tj({ ...job(), metadata: ['tricky'] }),
  // apiVersion and kind
  'no apiVersion': tj({ ...job(), apiVersion: undefined }),
  'an older apiVersion': tj({ ...job(), apiVersion: 'trainer.kubeflow.org/v1' }),
  'no spec': tj({ apiVersion: API_VERSION, kind: 'TrainJob', metadata: { name: 'tricky' } }),
  // integer formats and ranges
  'numNodes 2^31 - 1': tj(job({}, trainer({ numNodes: 2 ** 31 - 1 }))),
  'numNodes 2^31': tj(job({}, trainer({ numNodes: 2 ** 31 }))),
  'numNodes -1': tj(job({}, trainer({ numNodes: -1 }))),
  'numNodes 1.5': tj(job({}, trainer({ numNodes: 1.5 }))),
  'numNodes as a string': tj(job({}, trainer({ numNodes: '2' }))),
  'activeDeadlineSeconds 2^53': tj(job({}, { activeDeadlineSeconds: 2 ** 53 })),
  'activeDeadlineSeconds 2^63': tj(job({}, { activeDeadlineSeconds: 2 ** 63 })),
  'activeDeadlineSeconds 0': tj(job({}, { activeDeadlineSeconds: 0 })),
  'a runtime numNodes 2^31': {
    kind: 'ClusterTrainingRuntime',
    object: clusterRuntime({}, { mlPolicy: { numNodes: 2 ** 31 } }),
  },
  'a runtime with labels as a list': {
    kind: 'ClusterTrainingRuntime',
    object: clusterRuntime({ labels: ['x'] }),
  },
  // quantities
  'a quantity 1e400': tj(job({}, cpu('1e400'))),
  'a quantity -8 GPUs': tj(job({}, gpu('-8'))),
  'a quantity 1Ki': tj(job({}, cpu('1Ki'))),
  'a quantity +1.5m': tj(job({}, cpu('+1.5m'))),
  'a quantity as a number': tj(job({}, cpu(2))),
  'a quantity as a fraction': tj(job({}, cpu(0.5))),
  'a quantity lots': tj(job({}, cpu('lots'))),
  'a quantity 1.5.5': tj(job({}, cpu('1.5.5'))),
  'a quantity 0x10': tj(job({}, cpu('0x10'))),
  'an empty quantity': tj(job({}, cpu(''))),
  'a quantity true': tj(job({}, cpu(true))),
  // list types
  'env with a duplicate name': tj(
    job({}, trainer({ env: [{ name: 'A', value: '1' }, { name: 'B' }, { name: 'A', value: '2' }] })),
  ),
  'more env entries than maxItems': tj(
    job({}, trainer({ env: Array.from({ length: 129 }, (_, i) => ({ name: `E${i}` })) })),
  ),
  'more env entries than maxItems, with duplicates': tj(
    job({}, trainer({ env: Array.from({ length: 200 }, (_, i) => ({ name: `E${i % 10}` })) })),
  ),
};
