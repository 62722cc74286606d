// SPDX-License-Identifier: Apache-2.0
// Structural defaulting as the API server does it: every `default` of a CRD schema, applied to what is missing.
import { cloneJson } from './json-clone.js';
import { isObject, itemSchema, mapValueSchema, propertiesOf } from './schema-walk.js';
import type { JsonObject, SchemaNode } from './schema-walk.js';

/** A property that declares a default. */
interface DefaultedProperty {
  key: string;
  schema: SchemaNode;
  nullable: boolean;
}

/** What defaulting does at one schema node; built once per node. */
interface Plan {
  /** The properties that declare a default, in the schema's order. */
  defaults: DefaultedProperty[];
  /** The property schemas (each one, also those without defaults below). */
  properties: Record<string, SchemaNode>;
  /** The map value schema, when defaults lie below it. */
  mapValue?: SchemaNode;
  /** The list item schema, when defaults lie below it. */
  items?: SchemaNode;
}

/** Per schema node: its plan, or null when neither it nor any node below it declares a default. */
const plans = new WeakMap<SchemaNode, Plan | null>();

function planOf(schema: SchemaNode): Plan | null {
  let plan = plans.get(schema);
  if (plan === undefined) {
    // Set before descending, so a schema that refers back to itself ends the recursion.
    plans.set(schema, null);
    plan = buildPlan(schema);
    plans.set(schema, plan);
  }
  return plan;
}

function buildPlan(schema: SchemaNode): Plan | null {
  const props = propertiesOf(schema) ?? {};
  const plan: Plan = { defaults: [], properties: props };
  let below = false;
  for (const [key, prop] of Object.entries(props)) {
    if (prop.default !== undefined)
      plan.defaults.push({ key, schema: prop, nullable: prop.nullable === true });
    if (planOf(prop) !== null) below = true;
  }
  const mapValue = mapValueSchema(schema);
  if (mapValue !== undefined && planOf(mapValue) !== null) plan.mapValue = mapValue;
  const items = itemSchema(schema);
  if (items !== undefined && planOf(items) !== null) plan.items = items;
  const none =
    !below && plan.defaults.length === 0 && plan.mapValue === undefined && plan.items === undefined;
  return none ? null : plan;
}

/** Sets `out[key]` as an own property, also for `__proto__`. */
function setOwn(out: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    out[key] = value;
  }
}

/**
 * True for a JSON object: an object that is no Date, Map or other built-in (tested by its tag, so objects of
 * another realm, such as a VM context's, count too).
 */
function isPlainObject(value: unknown): value is JsonObject {
  return isObject(value) && Object.prototype.toString.call(value) === '[object Object]';
}

/** A deep copy of a JSON value, made without recursion (any depth is safe). */
const copyJson = cloneJson;

/**
 * Returns a deep copy of the JSON value `value` in which each property that `schema` gives a `default` and
 * `value` lacks (or holds `null` for, where the property is not nullable) is set to that default, at every
 * depth: properties, map values, list items, and the members of a default that is itself an object. This is
 * the API server's structural defaulting (apiextensions-apiserver `defaulting.Default`). Defaults follow the
 * members the value has, in the schema's property order, so the result is deterministic. Values of another
 * type than the schema's are copied as they are; nothing is pruned or checked, and `value` is not changed.
 */
export function withSchemaDefaults(value: unknown, schema: SchemaNode): unknown {
  const plan = planOf(schema);
  if (plan === null) return copyJson(value);
  if (Array.isArray(value)) {
    const items = plan.items;
    return items === undefined ? copyJson(value) : value.map((item) => withSchemaDefaults(item, items));
  }
  if (!isPlainObject(value)) return copyJson(value);
  const props = plan.properties;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) {
    const child = Object.hasOwn(props, key) ? props[key] : plan.mapValue;
    setOwn(out, key, child === undefined ? copyJson(value[key]) : withSchemaDefaults(value[key], child));
  }
  for (const d of plan.defaults) {
    const current = out[d.key];
    if (current === undefined || (current === null && !d.nullable)) {
      out[d.key] = withSchemaDefaults(d.schema.default, d.schema);
    }
  }
  return out;
}
