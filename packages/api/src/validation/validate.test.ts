// SPDX-License-Identifier: Apache-2.0
// Table tests of validateSchema() (cases in validate-cases.ts), and a guard that every CEL rule has a failing case.
import type { TSchema } from '@sinclair/typebox';
import { KindDefinitions } from '../crd/definitions.js';
import { isEmbedded } from '../schema/k8s-schema.js';
import { toStructuralSchema } from '../crd/to-crd.js';
import type { JSONSchemaProps } from '../crd/to-crd.js';
import { validateCases as allCases } from './testdata/validate-cases.js';
import type { Want } from './testdata/validate-cases.js';
import { RULES_NOT_CHECKED, validateSchema } from './validate.js';

/** Sort key: errors are compared as sets, since ajv and the CEL walk report in different orders. */
const byPath = (a: Want, b: Want) => (a.path + a.message).localeCompare(b.path + b.message);

describe('validate', () => {
  for (const [name, tc] of Object.entries(allCases)) {
    it(name, () => {
      const { errors } = validateSchema(tc.kind, tc.object, tc.old);
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

describe('the validateSchema() table', () => {
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

/** The message shapes of each limit keyword, as mapSchemaErrors words them. */
const LIMIT_MESSAGES: Record<string, RegExp> = {
  maxLength: /^may not be more than \d+ bytes$/,
  minLength: / in body should be at least \d+ chars long$/,
  maxItems: /^must have at most \d+ items$/,
  minItems: / in body should have at least \d+ items$/,
  minimum: / in body should be greater than or equal to -?\d+$/,
  maximum: / in body should be less than or equal to -?\d+$/,
  minProperties: / in body should have at least \d+ properties$/,
  enum: /^supported values: /,
  pattern: / in body should match '/,
};

/** Our own (not embedded) limits of a schema, as `path keyword` with `[]` for list items. */
function ownLimits(schema: TSchema, path: string, out: Set<string>): Set<string> {
  if (isEmbedded(schema)) return out;
  for (const k of Object.keys(LIMIT_MESSAGES))
    if ((schema as Record<string, unknown>)[k] !== undefined) out.add(`${path} ${k}`);
  const props = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  for (const [name, child] of Object.entries(props)) ownLimits(child, path ? `${path}.${name}` : name, out);
  const items = (schema as { items?: TSchema }).items;
  if (items) ownLimits(items, `${path}[]`, out);
  return out;
}

describe('the validateSchema() table', () => {
  for (const def of Object.values(KindDefinitions)) {
    it(`has a failing case for every limit of our own fields of ${def.kind}`, () => {
      const tested = new Set<string>();
      for (const c of Object.values(allCases).filter((c) => c.kind === def.kind)) {
        for (const w of c.want) {
          const keyword = Object.keys(LIMIT_MESSAGES).find((k) => LIMIT_MESSAGES[k]!.test(w.message));
          if (keyword) tested.add(`${w.path.replace(/\[\d+\]/g, '[]')} ${keyword}`);
        }
      }
      const untested = [...ownLimits(def.schema, '', new Set())].filter((l) => !tested.has(l));
      expect(untested).toEqual([]);
    });
  }
});
