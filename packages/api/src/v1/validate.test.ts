// SPDX-License-Identifier: Apache-2.0
// Table tests of validateV1Schema(): every upstream v1 example is accepted (and gets the CRD defaults), and
// the refusals of testdata/validate-cases.ts give the API server's paths and messages.
import { formatFieldError } from '../validation/field-error.js';
import { V1KindNames } from './kind-names.js';
import { readV1Examples } from './testdata/examples.js';
import { v1Job, v1ValidateCases } from './testdata/validate-cases.js';
import type { Obj } from './testdata/validate-cases.js';
import type { V1KindName } from './kind-names.js';
import { applyV1Defaults } from '../defaults/apply-defaults.js';
import { pruneV1Object, validateV1Schema } from './validate.js';

describe('validateV1Schema: the Training Operator v1.9.4 examples', () => {
  const examples = readV1Examples();

  it('cover every v1 kind', () => {
    expect(new Set(examples.map((e) => e.kind))).toEqual(new Set(Object.values(V1KindNames)));
  });

  for (const { file, kind, object } of examples) {
    it(`${file} (${kind}) is accepted without pruned fields, with the CRD defaults applied`, () => {
      const { errors, warnings, object: stored } = validateV1Schema(kind, object);
      expect(errors.map(formatFieldError)).toEqual([]);
      expect(warnings).toEqual([]);
      // runPolicy has no default of its own: its suspend default applies where the example sets a runPolicy.
      const given = (object.spec as { runPolicy?: object }).runPolicy;
      expect(stored.spec?.runPolicy).toEqual(given === undefined ? undefined : { suspend: false, ...given });
    });
  }
});

describe('validateV1Schema: refusals', () => {
  for (const [name, tc] of Object.entries(v1ValidateCases)) {
    it(name, () => {
      const { errors } = validateV1Schema(tc.kind, tc.object, tc.old);
      // A set: ajv and the CEL walk report in different orders.
      expect(errors.map(formatFieldError).sort()).toEqual([...tc.want].sort());
    });
  }
});

describe('validateV1Schema: type meta and pruning', () => {
  const cases: Record<string, { object: Record<string, unknown>; errors: string[]; warnings: string[] }> = {
    'a v2 apiVersion is refused': {
      object: { ...v1Job('JAXJob'), apiVersion: 'trainer.kubeflow.org/v1alpha1' },
      errors: [
        'apiVersion: Unsupported value: "trainer.kubeflow.org/v1alpha1": supported values: "kubeflow.org/v1"',
      ],
      warnings: [],
    },
    'another kind is refused': {
      object: { ...v1Job('JAXJob'), kind: 'PyTorchJob' },
      errors: ['kind: Unsupported value: "PyTorchJob": supported values: "JAXJob"'],
      warnings: [],
    },
    'an unknown spec field is pruned with a warning': {
      object: v1Job('JAXJob', { elasticPolicy: { minReplicas: 1 } }),
      errors: [],
      warnings: ['unknown field "spec.elasticPolicy"'],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const { errors, warnings } = validateV1Schema('JAXJob', tc.object);
      expect(errors.map(formatFieldError)).toEqual(tc.errors);
      expect(warnings).toEqual(tc.warnings);
    });
  }
});

describe('pruneV1Object', () => {
  /** An array nested `depth` deep. */
  const nested = (depth: number): unknown => {
    let v: unknown = [];
    for (let i = 1; i < depth; i++) v = [v];
    return v;
  };
  const cases: Record<string, { object: Obj; dropped: string[]; spec: Obj }> = {
    'a declared field is kept, without the CRD defaults': {
      object: v1Job('TFJob', { runPolicy: { backoffLimit: 3 } }),
      dropped: [],
      spec: v1Job('TFJob', { runPolicy: { backoffLimit: 3 } }).spec as Obj,
    },
    'unknown fields at every level are dropped, each named': {
      object: v1Job('PyTorchJob', {
        x: 1,
        pytorchReplicaSpecs: {
          Worker: { y: 2, template: { spec: { z: 3, containers: [{ name: 'pytorch', image: 'i', w: 4 }] } } },
        },
      }),
      dropped: [
        'spec.pytorchReplicaSpecs.Worker.template.spec.containers[0].w',
        'spec.pytorchReplicaSpecs.Worker.template.spec.z',
        'spec.pytorchReplicaSpecs.Worker.y',
        'spec.x',
      ],
      spec: {
        pytorchReplicaSpecs: {
          Worker: { template: { spec: { containers: [{ name: 'pytorch', image: 'i' }] } } },
        },
      },
    },
    'an unknown field nested 20,000 deep is dropped, and nothing overflows': {
      object: v1Job('JAXJob', { deep: nested(20000) }),
      dropped: ['spec.deep'],
      spec: v1Job('JAXJob').spec as Obj,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const kind = tc.object.kind as V1KindName;
      const before = Object.keys(tc.object.spec as Obj);
      const got = pruneV1Object(kind, tc.object);
      expect([...got.dropped].sort()).toEqual(tc.dropped);
      expect((got.object as Obj).spec).toEqual(tc.spec);
      // The input is left as it was.
      expect(Object.keys(tc.object.spec as Obj)).toEqual(before);
    });
  }
});

describe('applyV1Defaults', () => {
  it('sets the CRD defaults only where they are missing, and is idempotent', () => {
    const job = v1Job('PyTorchJob', { runPolicy: { cleanPodPolicy: 'All' } }) as never;
    const once = applyV1Defaults('PyTorchJob', job);
    expect(once.spec?.runPolicy).toEqual({ cleanPodPolicy: 'All', suspend: false });
    expect(applyV1Defaults('PyTorchJob', once)).toEqual(once);
    const suspended = v1Job('MPIJob', { runPolicy: { suspend: true } }) as never;
    expect(applyV1Defaults('MPIJob', suspended).spec?.runPolicy?.suspend).toBe(true);
  });
});
