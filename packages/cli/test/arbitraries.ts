// SPDX-License-Identifier: Apache-2.0
// fast-check generators for the fuzz suite: hostile JSON values, TrainJobs and runtimes mutated at
// random paths, and YAML texts built to break parsers (aliases, tags, markers, deep nesting).

import fc from 'fast-check';
import { stringify } from 'yaml';

/** A JSON object. */
export type Obj = Record<string, unknown>;

/** Scalars that have broken validators before: range edges, non-finite numbers, odd strings. */
const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    1e308,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    '',
    ' ',
    '-8',
    '1e400',
    '0x1F',
    'yes',
    '__proto__',
    'constructor',
    'a'.repeat(64),
    'a'.repeat(300),
    'ünï-cödé',
    '\u0000',
    'x/y/z',
    true,
    false,
    null,
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Keys: the schema's own names, the dangerous ones, and anything. */
const key: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'name',
    'numNodes',
    'env',
    'value',
    'image',
    'resourcesPerNode',
    'limits',
    'requests',
    'nvidia.com/gpu',
    'cpu',
    'labels',
    'annotations',
    'namespace',
    'runtimeRef',
    'trainer',
    'initializer',
    'runtimePatches',
    'suspend',
    '__proto__',
    'constructor',
    'toString',
  ),
  fc.string({ maxLength: 12 }),
);

/** Any JSON-ish value, hostile scalars at the leaves, up to a few levels deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** One edit of an object: set, delete or retype the value at a path (of existing keys, mostly). */
export interface Mutation {
  readonly path: readonly (string | number)[];
  readonly op: 'set' | 'delete' | 'wrap' | 'repeat';
  readonly value: unknown;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  path: fc.array(fc.oneof(fc.nat({ max: 4 }), key), { minLength: 1, maxLength: 8 }),
  op: fc.constantFrom('set', 'delete', 'wrap', 'repeat'),
  value: hostileValue,
});

/** Walks `path` through `root` following existing keys where the path's key is a number index. */
function parentOf(
  root: Obj,
  path: readonly (string | number)[],
): [Record<string | number, unknown>, string | number] {
  let node: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    const step = path[i] as string | number;
    const container = node as Record<string | number, unknown>;
    // Not container.map: a mutation may have set an array's own `constructor`, which map would call.
    const keys = Array.isArray(container)
      ? Array.from({ length: container.length }, (_, j) => j)
      : Object.keys(container);
    // A number picks among the existing children, so that mutations reach deep into real objects.
    const chosen =
      typeof step === 'number' && keys.length > 0 ? (keys[step % keys.length] as string | number) : step;
    // Own members only: `__proto__` must name a key, never reach Object.prototype.
    const next = Object.hasOwn(container, chosen) ? container[chosen] : undefined;
    if (typeof next !== 'object' || next === null) return [container, chosen];
    node = next;
  }
  return [node as Record<string | number, unknown>, path[path.length - 1] as string | number];
}

/** Applies mutations to a copy of `base`. */
export function mutate(base: Obj, mutations: readonly Mutation[]): Obj {
  const root = structuredClone(base);
  for (const m of mutations) {
    const [parent, last] = parentOf(root, m.path);
    const existing = Object.keys(parent);
    const target =
      typeof last === 'number' && existing.length > 0 ? (existing[last % existing.length] as string) : last;
    const current = Object.hasOwn(parent, target) ? parent[target] : undefined;
    const set = (value: unknown) =>
      Object.defineProperty(parent, target, { value, enumerable: true, writable: true, configurable: true });
    if (m.op === 'delete') delete parent[target];
    else if (m.op === 'wrap') set([current]);
    else if (m.op === 'repeat' && Array.isArray(current)) {
      set(
        Array.from(
          { length: 200 },
          (_, i) => (current as unknown[])[i % Math.max(1, current.length)] ?? m.value,
        ),
      );
    } else
      Object.defineProperty(parent, target, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return root;
}

/** Objects made from the bases by up to `maxEdits` random edits. */
export function mutated(bases: readonly Obj[], maxEdits = 4): fc.Arbitrary<Obj> {
  return fc
    .tuple(fc.constantFrom(...bases), fc.array(mutation, { maxLength: maxEdits }))
    .map(([base, mutations]) => mutate(base, mutations));
}

/** Text edits that break YAML in the ways attackers and typos do. */
const yamlEdit: fc.Arbitrary<(text: string) => string> = fc.oneof(
  fc.constant((t: string) => `${t}---\n${t}`),
  fc.constant((t: string) => t.replace(/: /, ': &a ').replace(/\n(\s*\w+): [^\n]*$/, '\n$1: *a')),
  fc.constant(
    (t: string) =>
      `a: &x [x, x, x, x, x, x, x, x]\nb: &y [*x, *x, *x, *x, *x, *x, *x, *x]\nc: [*y, *y, *y, *y, *y, *y, *y, *y, *y]\n${t}`,
  ),
  fc.constant((t: string) => `x: &z 1\n---\n${t.replace(/name: \S+/, 'name: *z')}`),
  fc.constant((t: string) => t.replace(/: (\S+)/, ': !!binary $1')),
  fc.constant((t: string) => t.replace(/: (\S+)/, ': !!set {$1}')),
  fc.constant((t: string) => t.replace(/: (\S+)\n/, ': .inf\n')),
  fc.constant((t: string) => t.replace(/: (\S+)\n/, ': 2001-12-14\n')),
  fc.constant((t: string) => t.replace(/: (\S+)\n/, ': yes\n')),
  fc.constant((t: string) => `${t}deep: ${'['.repeat(2000)}${']'.repeat(2000)}\n`),
  fc.constant((t: string) => `${t}${t.split('\n')[1] ?? ''}\n`),
  fc.constant((t: string) => t.replace(/\n {2}/g, '\n\t')),
  fc.constant((t: string) => `%YAML 1.1\n---\n${t}`),
  fc.constant((t: string) => t.slice(0, Math.floor(t.length / 2))),
  fc
    .string({ maxLength: 20 })
    .map((s) => (t: string) => `${t.slice(0, t.length >> 1)}${s}${t.slice(t.length >> 1)}`),
  fc.uint8Array({ maxLength: 64 }).map((b) => (t: string) => t + Buffer.from(b).toString('latin1')),
);

/** YAML (and JSON) texts: the bases written out, mutated, then edited as text. */
export function documents(bases: readonly Obj[]): fc.Arbitrary<string> {
  return fc
    .tuple(mutated(bases), fc.array(yamlEdit, { maxLength: 3 }), fc.boolean())
    .map(([obj, edits, json]) => {
      let text: string;
      try {
        text = json ? JSON.stringify(obj) : stringify(obj, { version: '1.1' });
      } catch {
        text = String(obj);
      }
      return edits.reduce((t, edit) => edit(t), text ?? '');
    });
}
