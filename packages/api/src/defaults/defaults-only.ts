// SPDX-License-Identifier: Apache-2.0
// The part of a structural schema that structural defaulting reads: the paths to every `default`.
import { itemSchema, mapValueSchema, propertiesOf } from '../validation/schema-walk.js';
import type { SchemaNode } from '../validation/schema-walk.js';

/**
 * Returns the smallest schema that defaults a value as `schema` does (`withSchemaDefaults` gives the same
 * result with either): each `default` with its `nullable`, and the `properties`, `additionalProperties`
 * and `items` on the way to one. A node with a map value schema keeps all its properties, so that its
 * other members still go to the map value. Undefined when nothing in `schema` declares a default.
 */
export function defaultsOnly(schema: SchemaNode): SchemaNode | undefined {
  const mapValue = subtree(mapValueSchema(schema));
  const items = subtree(itemSchema(schema));
  const properties: Record<string, SchemaNode> = {};
  for (const [key, prop] of Object.entries(propertiesOf(schema) ?? {})) {
    const below = defaultsOnly(prop);
    if (below === undefined && prop.default === undefined && mapValue === undefined) continue;
    const node: SchemaNode = { ...below };
    if (prop.default !== undefined) node.default = prop.default;
    if (prop.default !== undefined && prop.nullable === true) node.nullable = true;
    properties[key] = node;
  }
  const out: SchemaNode = {};
  if (Object.keys(properties).length > 0) out.properties = properties;
  if (mapValue !== undefined) out.additionalProperties = mapValue;
  if (items !== undefined) out.items = items;
  return Object.keys(out).length > 0 ? out : undefined;
}

function subtree(schema: SchemaNode | undefined): SchemaNode | undefined {
  return schema === undefined ? undefined : defaultsOnly(schema);
}
