// SPDX-License-Identifier: Apache-2.0
// Table tests of validate() (cases in validate-cases.ts), and a guard that every CEL rule has a failing case.
import { KindDefinitions } from '../crd/definitions.js';
import { toStructuralSchema } from '../crd/to-crd.js';
import type { JSONSchemaProps } from '../crd/to-crd.js';
import { validateCases as allCases } from './validate-cases.js';
import type { Want } from './validate-cases.js';
import { RULES_NOT_CHECKED, validate } from './validate.js';

/** Sort key: errors are compared as sets, since ajv and the CEL walk report in different orders. */
const byPath = (a: Want, b: Want) => (a.path + a.message).localeCompare(b.path + b.message);

describe('validate', () => {
  for (const [name, tc] of Object.entries(allCases)) {
    it(name, () => {
      const { errors } = validate(tc.kind, tc.object, tc.old);
      const got = errors.map((e) => ({ path: e.path, message: e.message, type: e.type }));
      const wanted = tc.rulesNotChecked ? [...tc.want, RULES_NOT_CHECKED] : tc.want;
      const want = wanted.map((w) => ({
        path: w.path,
        message: w.message,
        type: w.type ?? expect.any(String),
      }));
      expect([...got].sort(byPath)).toEqual([...want].sort(byPath));
    });
  }
});

function ruleMessages(node: JSONSchemaProps, out: Set<string>): Set<string> {
  for (const r of (node['x-kubernetes-validations'] as Array<{ message: string }> | undefined) ?? [])
    out.add(r.message);
  for (const child of Object.values((node.properties as Record<string, JSONSchemaProps> | undefined) ?? {})) {
    ruleMessages(child, out);
  }
  for (const k of ['items', 'additionalProperties']) {
    if (node[k] && typeof node[k] === 'object') ruleMessages(node[k] as JSONSchemaProps, out);
  }
  return out;
}

describe('the validate() table', () => {
  for (const def of Object.values(KindDefinitions)) {
    it(`has a failing case for every CEL rule of ${def.kind}`, () => {
      const tested = new Set(
        Object.values(allCases)
          .filter((c) => c.kind === def.kind)
          .flatMap((c) => c.want.map((w) => w.message)),
      );
      const untested = [...ruleMessages(toStructuralSchema(def.schema), new Set())].filter(
        (m) => !tested.has(m),
      );
      expect(untested).toEqual([]);
    });
  }
});
