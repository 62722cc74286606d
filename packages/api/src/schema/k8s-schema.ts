// SPDX-License-Identifier: Apache-2.0
// Kubernetes-legal schema constructors: the only way the API schemas are built, so that every schema can be
// emitted as a structural apiextensions.k8s.io/v1 schema (no $ref, no const, no patternProperties).
import { Type } from '@sinclair/typebox';
import type {
  SchemaOptions,
  TArray,
  TBoolean,
  TInteger,
  TObject,
  TProperties,
  TSchema,
  TString,
  TUnsafe,
} from '@sinclair/typebox';

/** The `x-kubernetes-*` extensions a structural schema node may carry (apiextensions.k8s.io/v1 `JSONSchemaProps`). */
export const KUBERNETES_EXTENSIONS = [
  'x-kubernetes-validations',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
] as const;

/** One `x-kubernetes-validations` entry: a CEL rule and the message the API server reports. */
export interface CelRule {
  rule: string;
  message: string;
  reason?: string;
  fieldPath?: string;
}

/** Options every constructor accepts: a description, a default, and CEL rules. */
interface K8sOptions {
  description?: string;
  default?: unknown;
  rules?: readonly CelRule[];
}

/** Options of string schemas. */
interface StrOptions extends K8sOptions {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: 'date-time';
}

/** Options of integer schemas. */
interface IntOptions extends K8sOptions {
  minimum?: number;
  maximum?: number;
}

/** Options of list schemas. */
export interface ListOptions extends K8sOptions {
  minItems?: number;
  maxItems?: number;
}

/** Options of object schemas. */
export interface ObjOptions extends K8sOptions {
  minProperties?: number;
  mapType?: 'atomic' | 'granular';
}

/** Lowers constructor options to schema keywords: `rules` and `mapType` become their x-kubernetes-* keys. */
function opts(o: K8sOptions & { mapType?: string; format?: string } = {}): SchemaOptions {
  const { rules, mapType, ...rest } = o;
  const out: SchemaOptions = { ...rest };
  if (rules && rules.length > 0) out['x-kubernetes-validations'] = rules.map((r) => ({ ...r }));
  if (mapType) out['x-kubernetes-map-type'] = mapType;
  return out;
}

/** A string. */
export function Str(o?: StrOptions): TString {
  return Type.String(opts(o));
}

/** An RFC 3339 timestamp (metav1.Time), carried as a string. */
export function Time(o?: K8sOptions): TString {
  return Type.String(opts({ ...o, format: 'date-time' }));
}

/** A boolean. */
export function Bool(o?: K8sOptions): TBoolean {
  return Type.Boolean(opts(o));
}

/** A 32-bit integer (`format: int32`). */
export function Int32(o?: IntOptions): TInteger {
  return Type.Integer(opts({ ...o, format: 'int32' }));
}

/** A 64-bit integer (`format: int64`). */
export function Int64(o?: IntOptions): TInteger {
  return Type.Integer(opts({ ...o, format: 'int64' }));
}

/** An integer without a format (Go `int`). */
export function Int(o?: IntOptions): TInteger {
  return Type.Integer(opts(o));
}

/** A string enum: emits `enum`, never `const`/`anyOf`, which structural schemas forbid. */
export function Enum<const T extends readonly string[]>(values: T, o?: StrOptions): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({
    type: 'string',
    enum: [...values],
    ...opts(o),
  });
}

/** An object with the given properties; required members are those not wrapped in `Type.Optional`. */
export function Obj<P extends TProperties>(properties: P, o?: ObjOptions): TObject<P> {
  return Type.Object(properties, opts(o));
}

/** A `map[string]string`. */
export function StringMap(o?: K8sOptions): TUnsafe<Record<string, string>> {
  return Type.Unsafe<Record<string, string>>({
    type: 'object',
    additionalProperties: { type: 'string' },
    ...opts(o),
  });
}

/** A list merged by key (`x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys`). */
export function ListMap<T extends TSchema>(item: T, keys: readonly string[], o?: ListOptions): TArray<T> {
  return Type.Array(item, {
    ...opts(o),
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': [...keys],
  });
}

/** A list replaced as a whole (`x-kubernetes-list-type: atomic`). */
export function Atomic<T extends TSchema>(item: T, o?: ListOptions): TArray<T> {
  return Type.Array(item, {
    ...opts(o),
    'x-kubernetes-list-type': 'atomic',
  });
}

/** A list of unique scalars (`x-kubernetes-list-type: set`). */
export function ListSet<T extends TSchema>(item: T, o?: ListOptions): TArray<T> {
  return Type.Array(item, {
    ...opts(o),
    'x-kubernetes-list-type': 'set',
  });
}

/** An object schema without properties, typed as `T` (used for `metadata` and empty policy sources). */
export function OpaqueObject<T>(o?: K8sOptions): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'object', ...opts(o) });
}

/** Marks schemas made by {@link Embedded}, so that tests can tell our own fields from embedded foreign ones. */
const EMBEDDED: unique symbol = Symbol('kubetrain.embedded');

/** True for a schema made by {@link Embedded} (a core/v1 or JobSet fragment). */
export function isEmbedded(schema: object): boolean {
  return (schema as { [EMBEDDED]?: boolean })[EMBEDDED] === true;
}

/**
 * A foreign schema fragment (a core or JobSet type) embedded as is and typed as `T`. The fragment is copied;
 * `o` adds a description, a default or rules at the embedding site.
 */
export function Embedded<T>(
  fragment: Readonly<Record<string, unknown>>,
  o?: ObjOptions & ListOptions,
): TUnsafe<T> {
  const copy = structuredClone(fragment) as Record<string, unknown>;
  const extra = opts(o);
  if (extra['x-kubernetes-validations']) {
    const own = (copy['x-kubernetes-validations'] as unknown[] | undefined) ?? [];
    extra['x-kubernetes-validations'] = [...own, ...(extra['x-kubernetes-validations'] as unknown[])];
  }
  const schema = Type.Unsafe<T>({ ...copy, ...extra });
  // Enumerable, so that Type.Optional (which spreads the schema) keeps it; JSON and ajv ignore symbol keys.
  Object.defineProperty(schema, EMBEDDED, { value: true, enumerable: true });
  return schema;
}

/** The CEL transition rule upstream puts on immutable fields. */
export const IMMUTABLE: CelRule = { rule: 'self == oldSelf', message: 'field is immutable' };
