// SPDX-License-Identifier: Apache-2.0
// Small helpers to walk a structural schema alongside a value.

/** A structural schema node. */
export type SchemaNode = Record<string, unknown>;

/** A JSON object value. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The `properties` of a schema node, if any. */
export function propertiesOf(schema: SchemaNode): Record<string, SchemaNode> | undefined {
  return schema.properties as Record<string, SchemaNode> | undefined;
}

/** The `additionalProperties` schema of a map node, if any. */
export function mapValueSchema(schema: SchemaNode): SchemaNode | undefined {
  const ap = schema.additionalProperties;
  return isObject(ap) ? ap : undefined;
}

/** The `items` schema of a list node, if any. */
export function itemSchema(schema: SchemaNode): SchemaNode | undefined {
  const items = schema.items;
  return isObject(items) ? items : undefined;
}

/** True when the value has the JSON type the schema declares (int-or-string accepts both). */
export function hasSchemaType(value: unknown, schema: SchemaNode): boolean {
  if (schema['x-kubernetes-int-or-string'] === true) {
    return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
  }
  switch (schema.type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}
