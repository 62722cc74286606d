// SPDX-License-Identifier: Apache-2.0
// What validateSchema() refuses before or beside the schema, as the API server does (each message
// checked against a real kube-apiserver by e2e/api/differential.e2e.ts): bounds, apiVersion and
// kind, metadata types and syntax, integer ranges, duplicates.
import { formatFieldError } from './field-error.js';
import { validateSchema } from './validate.js';

type Obj = Record<string, unknown>;
const RULES =
  '<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';

function job(meta: Obj = {}, spec: Obj = {}, extra: Obj = {}): Obj {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name: 'job', ...meta },
    spec: { runtimeRef: { name: 'torch-distributed' }, ...spec },
    ...extra,
  };
}

const cases: Record<string, [unknown, string[]]> = {
  'not an object': [[job()], ['<nil>: Invalid value: the object must be a JSON object']],
  'no apiVersion': [job({}, {}, { apiVersion: undefined }), ['apiVersion: Required value']],
  'another kind': [
    job({}, {}, { kind: 'PyTorchJob' }),
    ['kind: Unsupported value: "PyTorchJob": supported values: "TrainJob"'],
  ],
  'labels as a list': [
    job({ labels: ['a'] }),
    [
      'metadata.labels: Invalid value: json: cannot unmarshal array into Go struct field ObjectMeta.labels of type map[string]string',
    ],
  ],
  'an annotation value that is a number': [
    job({ annotations: { a: 1 } }),
    [
      'metadata.annotations: Invalid value: json: cannot unmarshal number into Go struct field ObjectMeta.annotations of type string',
    ],
  ],
  'an integer name': [
    job({ name: 123 }),
    [
      'metadata.name: Invalid value: json: cannot unmarshal number into Go struct field ObjectMeta.name of type string',
    ],
  ],
  'metadata as a string': [
    job({}, {}, { metadata: 'job' }),
    ['metadata: Invalid value: json: cannot unmarshal string into Go value of type v1.ObjectMeta'],
  ],
  'a namespace that is not a DNS label': [
    job({ namespace: 'a_b' }),
    [
      "metadata.namespace: Invalid value: \"a_b\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ],
  ],
  'a label value of 64 bytes': [
    job({ labels: { a: 'x'.repeat(64) } }),
    [`metadata.labels: Invalid value: "${'x'.repeat(64)}": must be no more than 63 bytes`],
  ],
  'annotations over 256 KiB': [
    job({ annotations: { a: 'x'.repeat(256 * 1024) } }),
    ['metadata.annotations: Too long: may not be more than 262144 bytes', RULES],
  ],
  'numNodes 2^31': [
    job({}, { trainer: { numNodes: 2 ** 31 } }),
    [
      '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.trainer.numNodes',
    ],
  ],
  'activeDeadlineSeconds 2^63, a float64 to the API server': [
    job({}, { activeDeadlineSeconds: 2 ** 63 }),
    [
      'spec.activeDeadlineSeconds: Invalid value: "float64": spec.activeDeadlineSeconds in body must be of type int64: "float64"',
      '<nil>: Invalid value: "": Checked value must be of type integer with format int64 in spec.activeDeadlineSeconds',
      RULES,
    ],
  ],
  'activeDeadlineSeconds 2^63-1 read losslessly (a bigint) fits int64': [
    job({}, { activeDeadlineSeconds: 2n ** 63n - 1n }),
    [],
  ],
  'activeDeadlineSeconds 2^63 as a bigint, a float64 to the API server': [
    job({}, { activeDeadlineSeconds: 2n ** 63n }),
    [
      'spec.activeDeadlineSeconds: Invalid value: "float64": spec.activeDeadlineSeconds in body must be of type int64: "float64"',
      '<nil>: Invalid value: "": Checked value must be of type integer with format int64 in spec.activeDeadlineSeconds',
      RULES,
    ],
  ],
  'numNodes 2^63-1 as a bigint does not fit int32': [
    job({}, { trainer: { numNodes: 2n ** 63n - 1n } }),
    [
      '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.trainer.numNodes',
    ],
  ],
  'each duplicated env name once, past maxItems too': [
    job({}, { trainer: { env: Array.from({ length: 130 }, (_, i) => ({ name: `E${i % 2}` })) } }),
    [
      'spec.trainer.env: Too many: 130: must have at most 128 items',
      'spec.trainer.env[2]: Duplicate value: {"name":"E0"}',
      'spec.trainer.env[3]: Duplicate value: {"name":"E1"}',
      RULES,
    ],
  ],
  'nesting past the limit': [
    job({}, { trainer: { args: JSON.parse(`${'['.repeat(10001)}${']'.repeat(10001)}`) as unknown } }),
    ['<nil>: Invalid value: exceeded max depth of 10000'],
  ],
};

describe('validateSchema refusals', () => {
  for (const [name, [object, want]] of Object.entries(cases)) {
    it(name, () => expect(validateSchema('TrainJob', object).errors.map(formatFieldError)).toEqual(want));
  }

  it('returns the object with its bigints exact', () => {
    const { object } = validateSchema('TrainJob', job({}, { activeDeadlineSeconds: 2n ** 63n - 1n }));
    expect((object.spec as { activeDeadlineSeconds?: unknown }).activeDeadlineSeconds).toBe(2n ** 63n - 1n);
  });
});
