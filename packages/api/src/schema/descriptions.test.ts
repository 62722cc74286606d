// SPDX-License-Identifier: Apache-2.0
// Descriptions: every field of our own kinds has one, and the embedded core/v1 and JobSet subtrees have none
// below the field that embeds them (as controller-gen's `crd:maxDescLen=0` emits foreign types).
import type { TSchema } from '@sinclair/typebox';
import { KindDefinitions } from '../crd/definitions.js';
import { toStructuralSchema } from '../crd/to-crd.js';
import type { JSONSchemaProps } from '../crd/to-crd.js';
import { isEmbedded } from './k8s-schema.js';

type Node = { properties?: Record<string, Node>; items?: Node; description?: string } & Record<
  string,
  unknown
>;

/**
 * Fields that carry no description on purpose: the API server rejects a CRD whose root `metadata` schema holds
 * anything but its type ("must not specify anything other than name and generateName").
 */
const UNDESCRIBABLE = new Set(['.metadata']);

/** Our own fields (not below an embedded subtree) of a schema, as `path` to the field's schema. */
function ownFields(schema: Node, path: string, out: Map<string, Node>): Map<string, Node> {
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    out.set(`${path}.${name}`, child);
    if (!isEmbedded(child)) ownFields(child, `${path}.${name}`, out);
  }
  if (schema.items && !isEmbedded(schema.items)) ownFields(schema.items, `${path}[]`, out);
  return out;
}

/** Paths of the `description` keywords in and below a structural schema node (not properties so named). */
function descriptionPaths(node: JSONSchemaProps, path: string, out: string[]): string[] {
  if (node.description !== undefined) out.push(path || '.');
  for (const [name, child] of Object.entries((node.properties as Record<string, JSONSchemaProps>) ?? {}))
    descriptionPaths(child, `${path}.${name}`, out);
  for (const [key, suffix] of [
    ['items', '[]'],
    ['additionalProperties', '{}'],
  ] as const) {
    const child = node[key];
    if (child && typeof child === 'object') descriptionPaths(child as JSONSchemaProps, path + suffix, out);
  }
  return out;
}

/** The embedded subtrees of a schema, as `path` to their schema (the embedding field's own node). */
function embeddedSubtrees(schema: Node, path: string, out: Map<string, Node>): Map<string, Node> {
  if (isEmbedded(schema)) return out.set(path, schema);
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    embeddedSubtrees(child, `${path}.${name}`, out);
  if (schema.items) embeddedSubtrees(schema.items, `${path}[]`, out);
  return out;
}

describe('descriptions', () => {
  for (const def of Object.values(KindDefinitions)) {
    const schema = def.schema as Node;

    it(`every field of our own ${def.kind} schema has a description`, () => {
      const fields = ownFields(schema, '', new Map());
      const undescribed = [...fields]
        .filter(([p, s]) => !UNDESCRIBABLE.has(p) && !s.description?.trim())
        .map(([p]) => p);
      expect(fields.size).toBeGreaterThan(20);
      expect(undescribed).toEqual([]);
    });

    it(`the root metadata of ${def.kind} is a bare object, as the API server requires`, () => {
      const metadata = toStructuralSchema(schema.properties!.metadata as TSchema);
      expect(metadata).toEqual({ type: 'object' });
    });

    it(`the embedded subtrees of ${def.kind} carry no description below the embedding field`, () => {
      const subtrees = embeddedSubtrees(schema, '', new Map());
      const found: string[] = [];
      for (const [path, node] of subtrees) {
        const lowered = toStructuralSchema(node as TSchema);
        delete lowered.description; // the embedding field's own, written by us
        descriptionPaths(lowered, path, found);
      }
      expect(subtrees.size).toBeGreaterThan(0);
      expect(found).toEqual([]);
    });
  }
});
