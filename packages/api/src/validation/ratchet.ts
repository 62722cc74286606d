// SPDX-License-Identifier: Apache-2.0
// Validation ratcheting (Kubernetes CRDValidationRatcheting, GA in 1.33): on update, errors in a part of the
// object that did not change are not reported, so that objects stored under an older, looser schema can still
// be updated elsewhere.
import { isDeepStrictEqual } from 'node:util';
import { childPath, indexPath } from './field-error.js';
import type { FieldError } from './field-error.js';
import { canonicalKey } from './list-keys.js';
import { isObject, itemSchema, mapValueSchema, propertiesOf } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

/**
 * Returns the field paths whose value equals the correlated old value. Correlation follows the API server:
 * object properties and map keys by name, `x-kubernetes-list-type: map` items by their keys; items of atomic
 * lists and sets do not correlate (the list as a whole does).
 */
export function unchangedPaths(value: unknown, old: unknown, schema: SchemaNode): Set<string> {
  const out = new Set<string>();
  walk(value, old, schema, '', out);
  return out;
}

function walk(value: unknown, old: unknown, schema: SchemaNode, path: string, out: Set<string>): void {
  if (old === undefined) return;
  if (isDeepStrictEqual(value, old)) {
    out.add(path);
    return;
  }
  if (Array.isArray(value) && Array.isArray(old)) {
    const items = itemSchema(schema);
    const keys = schema['x-kubernetes-list-map-keys'] as string[] | undefined;
    if (!items || schema['x-kubernetes-list-type'] !== 'map' || !keys) return;
    const keyOf = (v: unknown) => canonicalKey(isObject(v) ? keys.map((k) => v[k]) : undefined);
    const oldByKey = new Map<string, unknown>();
    for (const o of old) if (!oldByKey.has(keyOf(o))) oldByKey.set(keyOf(o), o);
    value.forEach((item, i) => walk(item, oldByKey.get(keyOf(item)), items, indexPath(path, i), out));
    return;
  }
  if (!isObject(value) || !isObject(old)) return;
  const props = propertiesOf(schema);
  const mapValue = mapValueSchema(schema);
  for (const [k, v] of Object.entries(value)) {
    const prop = props?.[k];
    const child = prop ?? mapValue;
    if (!child && path !== '') continue;
    walk(v, old[k], child ?? {}, childPath(path, k), out);
  }
}

/** True when `path` is `ancestor` or lies below it (`spec.trainer` covers `spec.trainer.env[0]`). */
function covers(ancestor: string, path: string): boolean {
  if (ancestor === '' || ancestor === path) return true;
  return path.startsWith(ancestor) && (path[ancestor.length] === '.' || path[ancestor.length] === '[');
}

/** True when the error's field lies in an unchanged part of the object, so that ratcheting drops it. */
export function isRatcheted(error: FieldError, unchanged: ReadonlySet<string>): boolean {
  for (const u of unchanged) if (covers(u, error.path)) return true;
  return false;
}

/** Drops the errors whose field lies in an unchanged part of the object. */
export function ratchetErrors(errors: readonly FieldError[], unchanged: ReadonlySet<string>): FieldError[] {
  return errors.filter((e) => !isRatcheted(e, unchanged));
}
