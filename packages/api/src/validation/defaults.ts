// SPDX-License-Identifier: Apache-2.0
// Structural defaulting as the API server does it: every `default` of a CRD schema, applied to what is missing.
import { isObject, itemSchema, mapValueSchema, propertiesOf } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

/** Per schema node: whether it or a node below it declares a `default` (so the walk can skip the rest). */
const holdsDefaults = new WeakMap<SchemaNode, boolean>();

function hasDefaults(schema: SchemaNode): boolean {
  let known = holdsDefaults.get(schema);
  if (known === undefined) {
    // Set before descending, so a schema that refers back to itself ends the recursion.
    holdsDefaults.set(schema, false);
    const props = Object.values(propertiesOf(schema) ?? {});
    const items = itemSchema(schema);
    const mapValue = mapValueSchema(schema);
    known =
      props.some((p) => p.default !== undefined || hasDefaults(p)) ||
      (items !== undefined && hasDefaults(items)) ||
      (mapValue !== undefined && hasDefaults(mapValue));
    holdsDefaults.set(schema, known);
  }
  return known;
}

/**
 * Sets, in place, each property of `value` that `schema` gives a `default` and `value` lacks (or holds `null`
 * for, where the property is not nullable) to a copy of that default, then descends into every property, map
 * value and list item; a default that is itself an object gets the defaults below it too. This is the API
 * server's structural defaulting (apiextensions-apiserver `defaulting.Default`); defaults are added in the
 * schema's property order, so the result is deterministic. Values of another type than the schema's are left
 * alone, and nothing is pruned or checked.
 */
export function applySchemaDefaults(value: unknown, schema: SchemaNode): void {
  if (!hasDefaults(schema)) return;
  if (Array.isArray(value)) {
    const items = itemSchema(schema);
    if (items !== undefined) for (const item of value) applySchemaDefaults(item, items);
    return;
  }
  if (!isObject(value)) return;
  const props = propertiesOf(schema);
  if (props !== undefined) {
    for (const [key, prop] of Object.entries(props)) {
      if (prop.default === undefined) continue;
      const current = value[key];
      if (current === undefined || (current === null && prop.nullable !== true)) {
        value[key] = typeof prop.default === 'object' ? structuredClone(prop.default) : prop.default;
      }
    }
  }
  const mapValue = mapValueSchema(schema);
  for (const [key, child] of Object.entries(value)) {
    const childSchema = props?.[key] ?? mapValue;
    if (childSchema !== undefined) applySchemaDefaults(child, childSchema);
  }
}
