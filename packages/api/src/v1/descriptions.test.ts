// SPDX-License-Identifier: Apache-2.0
// Descriptions of the v1 kinds: every field of our own has one (written by us, not copied from upstream), and
// the embedded Kubernetes subtrees (pod template, metrics, label selector, resource list) have none below
// the field that embeds them, as for the v2 kinds.
import type { TSchema } from '@sinclair/typebox';
import { toStructuralSchema } from '../crd/to-crd.js';
import { isEmbedded } from '../schema/k8s-schema.js';
import { V1KindDefinitions } from './kinds.js';

type Node = { properties?: Record<string, Node>; items?: Node; additionalProperties?: Node } & Record<
  string,
  unknown
>;

/** Fields without a description on purpose: the API server wants the root `metadata` as a bare object. */
const UNDESCRIBABLE = new Set(['.metadata']);

/** The children of a schema node with their path suffixes: properties, list items, map values. */
function children(node: Node): [string, Node][] {
  const out: [string, Node][] = Object.entries(node.properties ?? {}).map(([name, child]) => [
    `.${name}`,
    child,
  ]);
  if (node.items && typeof node.items === 'object') out.push(['[]', node.items]);
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    out.push(['{}', node.additionalProperties]);
  return out;
}

/** Our own nodes below `node` (not inside an embedded subtree), and the embedded subtrees, by path. */
function walk(node: Node, path: string, own: Map<string, Node>, embedded: Map<string, Node>): void {
  for (const [suffix, child] of children(node)) {
    const p = path + suffix;
    // An embedded list item or map value is described by its list or map field, which is ours.
    if (!isEmbedded(child) || suffix.startsWith('.')) own.set(p, child);
    if (isEmbedded(child)) embedded.set(p, child);
    else walk(child, p, own, embedded);
  }
}

function descriptionPaths(node: Node, path: string, out: string[]): string[] {
  if (node.description !== undefined) out.push(path);
  for (const [suffix, child] of children(node)) descriptionPaths(child, path + suffix, out);
  return out;
}

describe('v1 descriptions', () => {
  for (const def of Object.values(V1KindDefinitions)) {
    const own = new Map<string, Node>();
    const embedded = new Map<string, Node>();
    walk(def.schema as Node, '', own, embedded);

    it(`every field of our own ${def.kind} schema has a description`, () => {
      const undescribed = [...own]
        .filter(([p, s]) => !UNDESCRIBABLE.has(p) && !String(s.description ?? '').trim())
        .map(([p]) => p);
      expect(own.size).toBeGreaterThan(25);
      expect(undescribed).toEqual([]);
    });

    it(`the embedded subtrees of ${def.kind} carry no description below the embedding field`, () => {
      const found: string[] = [];
      for (const [path, node] of embedded) {
        const lowered = toStructuralSchema(node as TSchema) as Node;
        delete lowered.description; // the embedding field's own, written by us
        descriptionPaths(lowered, path, found);
      }
      expect([...embedded.keys()].some((p) => p.endsWith('{}.template'))).toBe(true);
      expect(found).toEqual([]);
    });
  }
});
