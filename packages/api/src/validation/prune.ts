// SPDX-License-Identifier: Apache-2.0
// Pruning as the API server does it before defaulting: unknown fields and nulls of non-nullable fields go.
import { childPath, indexPath } from './field-error.js';
import { isObject, itemSchema, mapValueSchema, propertiesOf } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

/**
 * Removes, in place, the fields of `value` that `schema` does not declare (unless the node has
 * `x-kubernetes-preserve-unknown-fields`) and `null` values of non-nullable properties. Returns one warning per
 * unknown field, worded as kubectl's strict field validation: `unknown field "spec.foo"`. The root's
 * `apiVersion`, `kind` and `metadata` are left to the API server, as for every kind.
 */
export function pruneUnknownFields(value: unknown, schema: SchemaNode, path = ''): string[] {
  const warnings: string[] = [];
  prune(value, schema, path, warnings, path === '');
  return warnings;
}

function prune(value: unknown, schema: SchemaNode, path: string, warnings: string[], root: boolean): void {
  if (Array.isArray(value)) {
    const items = itemSchema(schema);
    if (items) value.forEach((v, i) => prune(v, items, indexPath(path, i), warnings, false));
    return;
  }
  if (!isObject(value)) return;
  const props = propertiesOf(schema);
  const mapValue = mapValueSchema(schema);
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  for (const key of Object.keys(value)) {
    if (root && (key === 'apiVersion' || key === 'kind' || key === 'metadata')) continue;
    const child = props?.[key] ?? mapValue;
    if (!child) {
      if (!preserve) {
        warnings.push(`unknown field "${childPath(path, key)}"`);
        delete value[key];
      }
      continue;
    }
    const childName = childPath(path, key);
    if (value[key] === null && child.nullable !== true && props?.[key]) {
      delete value[key];
      continue;
    }
    prune(value[key], child, childName, warnings, false);
  }
}
