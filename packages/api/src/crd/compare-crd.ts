// SPDX-License-Identifier: Apache-2.0
// Compares a generated CRD with a reference (upstream) CRD, property path by property path.
import { isDeepStrictEqual } from 'node:util';
import { KUBERNETES_EXTENSIONS } from '../schema/k8s-schema.js';
import type { JSONSchemaProps } from './to-crd.js';

/** One difference between the reference CRD and ours. */
interface CrdDifference {
  /** Property path, such as `.spec.trainer.numNodes`, `[]` for list items and `{}` for map values. */
  path: string;
  /** What differs: `missing`, a keyword name, `rule`, or a CRD-level field such as `scope`. */
  what: string;
  expected: unknown;
  actual: unknown;
}

/**
 * Keywords compared exactly at every path present in the reference: every Kubernetes extension but the CEL
 * rules, which are compared rule by rule.
 */
const EXACT_KEYWORDS = [
  'type',
  'format',
  'default',
  'enum',
  ...KUBERNETES_EXTENSIONS.filter((k) => k !== 'x-kubernetes-validations'),
  'nullable',
] as const;

/** Limits compared when the reference sets them. */
const LIMIT_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'pattern',
] as const;

interface Rule {
  rule: string;
  message?: string;
}

/**
 * Compares every property path of `expected` with the same path of `actual`: existence, the exact keywords
 * above, the required set, the limits the reference sets, and every CEL rule (expression and message).
 * Paths that exist only in `actual` are reported as `extra`.
 */
export function compareSchemas(
  expected: JSONSchemaProps,
  actual: JSONSchemaProps,
  path = '',
): CrdDifference[] {
  const diffs: CrdDifference[] = [];
  const push = (what: string, e: unknown, a: unknown) =>
    diffs.push({ path: path || '.', what, expected: e, actual: a });
  for (const k of EXACT_KEYWORDS)
    if (!isDeepStrictEqual(expected[k], actual[k])) push(k, expected[k], actual[k]);
  for (const k of LIMIT_KEYWORDS)
    if (expected[k] !== undefined && expected[k] !== actual[k]) push(k, expected[k], actual[k]);
  const er = [...((expected.required as string[] | undefined) ?? [])].sort();
  const ar = [...((actual.required as string[] | undefined) ?? [])].sort();
  if (!isDeepStrictEqual(er, ar)) push('required', er, ar);
  const actualRules = (actual['x-kubernetes-validations'] as Rule[] | undefined) ?? [];
  for (const r of (expected['x-kubernetes-validations'] as Rule[] | undefined) ?? []) {
    if (!actualRules.some((a) => a.rule === r.rule && a.message === r.message)) push('rule', r, undefined);
  }
  const ep = (expected.properties as Record<string, JSONSchemaProps> | undefined) ?? {};
  const ap = (actual.properties as Record<string, JSONSchemaProps> | undefined) ?? {};
  for (const [k, v] of Object.entries(ep)) {
    if (ap[k]) diffs.push(...compareSchemas(v, ap[k], `${path}.${k}`));
    else diffs.push({ path: `${path}.${k}`, what: 'missing', expected: 'present', actual: undefined });
  }
  for (const k of Object.keys(ap)) {
    if (!ep[k]) diffs.push({ path: `${path}.${k}`, what: 'extra', expected: undefined, actual: 'present' });
  }
  const child = (key: 'items' | 'additionalProperties', suffix: string) => {
    const e = expected[key];
    const a = actual[key];
    if (e && typeof e === 'object') {
      if (a && typeof a === 'object')
        diffs.push(...compareSchemas(e as JSONSchemaProps, a as JSONSchemaProps, path + suffix));
      else diffs.push({ path: path + suffix, what: 'missing', expected: 'present', actual: undefined });
    } else if (a && typeof a === 'object') {
      diffs.push({ path: path + suffix, what: 'extra', expected: undefined, actual: 'present' });
    }
  };
  child('items', '[]');
  child('additionalProperties', '{}');
  return diffs;
}

function versionOf(crd: JSONSchemaProps): JSONSchemaProps {
  const versions = (crd.spec as JSONSchemaProps).versions as JSONSchemaProps[];
  return versions[0] ?? {};
}

/**
 * Compares two CRDs: group, names, scope, the version's served/storage flags, subresources and printer
 * columns, then the whole openAPIV3Schema with {@link compareSchemas}.
 */
export function compareCrds(expected: JSONSchemaProps, actual: JSONSchemaProps): CrdDifference[] {
  const diffs: CrdDifference[] = [];
  const es = expected.spec as JSONSchemaProps;
  const as = actual.spec as JSONSchemaProps;
  for (const k of ['group', 'names', 'scope']) {
    if (!isDeepStrictEqual(es[k], as[k]))
      diffs.push({ path: 'spec', what: k, expected: es[k], actual: as[k] });
  }
  const ev = versionOf(expected);
  const av = versionOf(actual);
  for (const k of ['name', 'served', 'storage', 'subresources', 'additionalPrinterColumns']) {
    if (!isDeepStrictEqual(ev[k], av[k]))
      diffs.push({ path: 'spec.versions[0]', what: k, expected: ev[k], actual: av[k] });
  }
  const schema = (v: JSONSchemaProps) => (v.schema as JSONSchemaProps).openAPIV3Schema as JSONSchemaProps;
  diffs.push(...compareSchemas(schema(ev), schema(av)));
  return diffs;
}
