// SPDX-License-Identifier: Apache-2.0
// The schemas ajv checks objects against: each kind's structural schema reduced to what ajv checks, with
// the subschemas the kinds share (the pod template, containers, volumes...) defined once. The same set
// is compiled at run time (compile-validator.ts) and ahead of time into the CLI bundle
// (standalone-validators.ts), so both check exactly the same schemas.
import type { KindDefinition } from '../crd/definitions.js';
import { isObject } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

/** The `$id` of the schema that holds the shared definitions. */
export const SHARED_SCHEMA_ID = 'shared';

/** Keywords ajv does not check: documentation, defaults (defaults.ts applies them) and Kubernetes extensions. */
function checksNothing(keyword: string): boolean {
  return (
    keyword === 'description' ||
    keyword === 'default' ||
    keyword === 'example' ||
    keyword === 'title' ||
    keyword.startsWith('x-kubernetes-')
  );
}

/** A subschema whose JSON is at least this long is shared when it occurs twice; smaller ones stay inline. */
const SHARE_MIN_CHARS = 400;

/** Keywords whose value is one subschema (or a boolean, for additionalProperties). */
const SCHEMA_KEYWORDS = new Set(['additionalProperties', 'items', 'not']);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['anyOf', 'allOf', 'oneOf']);

/** Applies `f` to each direct subschema of `node`, returning the node with the results in their places. */
function mapSubschemas(node: SchemaNode, f: (child: SchemaNode) => SchemaNode): SchemaNode {
  const out: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'properties' && isObject(value)) {
      out[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, f(child as SchemaNode)]),
      );
    } else if (SCHEMA_KEYWORDS.has(keyword) && isObject(value)) {
      out[keyword] = f(value);
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) {
      out[keyword] = value.map((child) => f(child as SchemaNode));
    } else {
      out[keyword] = value;
    }
  }
  return out;
}

/** `node` without the keywords that check nothing, at every level. */
function checkedKeywordsOnly(node: SchemaNode): SchemaNode {
  const kept: SchemaNode = {};
  for (const [keyword, value] of Object.entries(node)) if (!checksNothing(keyword)) kept[keyword] = value;
  return mapSubschemas(kept, checkedKeywordsOnly);
}

/** One distinct subschema: its children replaced by placeholders of their own entries. */
interface Entry {
  /** The subschema with each direct subschema replaced by `{[PLACEHOLDER]: index of its entry}`. */
  template: SchemaNode;
  /** The length of the subschema's JSON (about; children counted in full). */
  size: number;
  /** How many times the subschema occurs in all the kinds. */
  count: number;
}

const PLACEHOLDER = '$entry';

/**
 * Interns `node` and its subschemas in `entries` (one entry per distinct subschema, `index` finding
 * it by its template's JSON), counting every occurrence; returns the index of `node`'s entry.
 */
function intern(node: SchemaNode, entries: Entry[], index: Map<string, number>): number {
  let size = 0;
  const template = mapSubschemas(node, (child) => {
    const i = intern(child, entries, index);
    size += (entries[i] as Entry).size;
    return { [PLACEHOLDER]: i };
  });
  const key = JSON.stringify(template);
  let i = index.get(key);
  if (i === undefined) {
    i = entries.length;
    index.set(key, i);
    entries.push({ template, size: size + key.length, count: 0 });
  }
  (entries[i] as Entry).count++;
  return i;
}

/** The compiled form's input: the shared definitions and one schema per kind. */
export interface ValidatorSchemas {
  /** `{$id: SHARED_SCHEMA_ID, definitions}`: the subschemas several places share, each once. */
  shared: SchemaNode;
  /** Each kind's schema (its `$id`: {@link validatorSchemaId}), in the order of the definitions given. */
  kinds: { def: KindDefinition<string>; schema: SchemaNode }[];
}

/** The `$id` of a kind's schema in {@link ValidatorSchemas}, unique among the kinds of both APIs. */
export function validatorSchemaId(def: KindDefinition<string>): string {
  return `${def.kind}.${def.version}.${def.group}`;
}

/**
 * The schemas ajv checks `defs` against, given each kind's structural schema: the keywords ajv does not
 * check removed, and every subschema of at least {@link SHARE_MIN_CHARS} characters that occurs more than
 * once (in one kind or across kinds) replaced by a `$ref` to one shared definition. The result depends
 * only on the schemas and their order (definitions are named `d0`, `d1`, ... as they are first met).
 */
export function validatorSchemas(
  defs: readonly KindDefinition<string>[],
  structural: (def: KindDefinition<string>) => SchemaNode,
): ValidatorSchemas {
  const entries: Entry[] = [];
  const index = new Map<string, number>();
  const roots = defs.map((def) => intern(checkedKeywordsOnly(structural(def)), entries, index));
  const definitions: Record<string, SchemaNode> = {};
  const names = new Map<number, string>();
  // Depth-first, so that a shared subschema refers to the shared subschemas inside it.
  const expand = (i: number): SchemaNode =>
    mapSubschemas((entries[i] as Entry).template, (placeholder) => {
      const child = placeholder[PLACEHOLDER] as number;
      const entry = entries[child] as Entry;
      if (entry.size < SHARE_MIN_CHARS || entry.count < 2) return expand(child);
      let name = names.get(child);
      if (name === undefined) {
        name = `d${names.size}`;
        names.set(child, name);
        definitions[name] = expand(child);
      }
      return { $ref: `${SHARED_SCHEMA_ID}#/definitions/${name}` };
    });
  return {
    shared: { $id: SHARED_SCHEMA_ID, definitions },
    kinds: defs.map((def, i) => ({
      def,
      schema: { ...expand(roots[i] as number), $id: validatorSchemaId(def) },
    })),
  };
}
