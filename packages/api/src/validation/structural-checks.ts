// SPDX-License-Identifier: Apache-2.0
// The checks ajv cannot do: list-type uniqueness and x-kubernetes-validations (CEL), with oldSelf correlation.
import type { CelRule } from '../schema/k8s-schema.js';
import { evaluateRule, isTransitionRule, toCelValue } from './cel.js';
import { FieldErrorType, childPath, indexPath } from './field-error.js';
import { canonicalKey } from './list-keys.js';
import type { FieldError } from './field-error.js';
import { hasSchemaType, isObject, itemSchema, mapValueSchema, propertiesOf } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

/**
 * Walks `value` (already pruned and defaulted) with its schema and returns the errors of list-type rules and
 * CEL rules. `old` is the previous object on update and `undefined` on create: transition rules (those that
 * read `oldSelf`) run only where an old value correlates, i.e. through object properties, map keys and
 * `x-kubernetes-list-type: map` keys, never through atomic lists or sets, as in the API server.
 * With `runRules` false only the list types are checked (the API server skips CEL when the schema fails).
 */
export function checkStructural(
  value: unknown,
  old: unknown,
  schema: SchemaNode,
  runRules = true,
): FieldError[] {
  const walk: Walk = { errors: [], rulesOn: runRules };
  walkValue(walk, value, old, schema, '', true);
  return walk.errors;
}

/** What one walk collects, and whether it evaluates the CEL rules. */
interface Walk {
  errors: FieldError[];
  rulesOn: boolean;
}

function walkValue(
  walk: Walk,
  value: unknown,
  old: unknown,
  schema: SchemaNode,
  path: string,
  root: boolean,
) {
  if (value === undefined || value === null || !hasSchemaType(value, schema)) return;
  const rules = schema['x-kubernetes-validations'] as CelRule[] | undefined;
  if (rules && walk.rulesOn) runRules(rules, value, old, schema, path, root, walk.errors);
  if (Array.isArray(value)) {
    walkList(walk, value, Array.isArray(old) ? old : undefined, schema, path);
    return;
  }
  if (!isObject(value)) return;
  const props = propertiesOf(schema);
  const mapValue = mapValueSchema(schema);
  const oldObj = isObject(old) ? old : undefined;
  for (const [k, v] of Object.entries(value)) {
    if (root && k === 'metadata') continue;
    const prop = props?.[k];
    const child = prop ?? mapValue;
    if (!child) continue;
    walkValue(walk, v, oldObj?.[k], child, childPath(path, k), false);
  }
}

function runRules(
  rules: readonly CelRule[],
  value: unknown,
  old: unknown,
  schema: SchemaNode,
  path: string,
  root: boolean,
  errors: FieldError[],
) {
  const self = toCelValue(value, schema, root);
  const oldSelf = old === undefined || old === null ? undefined : toCelValue(old, schema, root);
  for (const r of rules) {
    if (isTransitionRule(r.rule) && oldSelf === undefined) continue;
    const outcome = evaluateRule(r.rule, self, oldSelf);
    if (outcome.ok) continue;
    const fieldPath = r.fieldPath ? `${path}${r.fieldPath}` : path;
    const message = outcome.error
      ? `rule evaluation error: ${outcome.error}`
      : (r.message ?? `failed rule: ${r.rule}`);
    // The API server prints scalar values and omits objects and lists.
    const scalar = value === null || typeof value !== 'object';
    errors.push({ path: fieldPath, type: FieldErrorType.Invalid, message, ...(scalar ? { value } : {}) });
  }
}

/** The error of a list item whose key (or value, in a set) an earlier item has. */
function duplicateError(path: string, index: number, value: unknown): FieldError {
  return { path: indexPath(path, index), type: FieldErrorType.Duplicate, value, message: '' };
}

/** The keys seen in a list: the API server reports each duplicated key once, at its first repeat. */
class Duplicates {
  private readonly seen = new Set<string>();
  private readonly reported = new Set<string>();

  /** Records `hash`; true when it was seen before and not yet reported. */
  isFirstRepeat(hash: string): boolean {
    if (!this.seen.has(hash)) {
      this.seen.add(hash);
      return false;
    }
    if (this.reported.has(hash)) return false;
    this.reported.add(hash);
    return true;
  }
}

/** True when the list is longer than its schema's maxItems: the schema check reports it, nothing below is walked. */
function exceedsMaxItems(value: readonly unknown[], schema: SchemaNode): boolean {
  const max = schema.maxItems;
  return typeof max === 'number' && value.length > max;
}

function walkList(
  walk: Walk,
  value: unknown[],
  old: unknown[] | undefined,
  schema: SchemaNode,
  path: string,
) {
  const items = itemSchema(schema);
  if (!items) return;
  // Past maxItems the rules do not run (the schema error stops them): only uniqueness is checked.
  const walkItems = !exceedsMaxItems(value, schema);
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'map') {
    const keys = (schema['x-kubernetes-list-map-keys'] as string[] | undefined) ?? [];
    const keyOf = (item: unknown) =>
      isObject(item)
        ? Object.fromEntries(keys.filter((k) => item[k] !== undefined).map((k) => [k, item[k]]))
        : item;
    const oldByKey = new Map<string, unknown>();
    for (const o of old ?? []) {
      const k = canonicalKey(keyOf(o));
      if (!oldByKey.has(k)) oldByKey.set(k, o);
    }
    const duplicates = new Duplicates();
    value.forEach((item, i) => {
      const key = keyOf(item);
      const hash = canonicalKey(key);
      if (duplicates.isFirstRepeat(hash)) walk.errors.push(duplicateError(path, i, key));
      if (walkItems) walkValue(walk, item, oldByKey.get(hash), items, indexPath(path, i), false);
    });
    return;
  }
  if (listType === 'set') {
    const duplicates = new Duplicates();
    value.forEach((item, i) => {
      if (duplicates.isFirstRepeat(canonicalKey(item))) walk.errors.push(duplicateError(path, i, item));
    });
  }
  if (walkItems)
    value.forEach((item, i) => walkValue(walk, item, undefined, items, indexPath(path, i), false));
}
