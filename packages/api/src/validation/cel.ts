// SPDX-License-Identifier: Apache-2.0
// Evaluation of x-kubernetes-validations rules with @bufbuild/cel (RE2 regular expressions, as the API server).
import { celEnv, isCelError, parse, plan } from '@bufbuild/cel';
import type { CelInput } from '@bufbuild/cel';
import { generatedName } from './object-meta.js';
import { isObject, itemSchema, mapValueSchema, propertiesOf } from './schema-walk.js';
import type { SchemaNode } from './schema-walk.js';

/** The outcome of one rule: passed, failed, or could not be evaluated (with the evaluator's reason). */
export type RuleOutcome = { ok: true } | { ok: false; error?: string };

type Program = (bindings: Record<string, CelInput>) => unknown;

const env = celEnv();
const programs = new Map<string, Program>();

/** Compiles a rule once; parse errors surface as a thrown Error naming the rule. */
function compile(rule: string): Program {
  let p = programs.get(rule);
  if (!p) {
    try {
      p = plan(env, parse(rule)) as unknown as Program;
    } catch (e) {
      throw new Error(`CEL rule ${JSON.stringify(rule)} does not parse: ${(e as Error).message}`, {
        cause: e,
      });
    }
    programs.set(rule, p);
  }
  return p;
}

/** True when a rule is a transition rule: it reads `oldSelf`, so it runs only on updates with an old value. */
export function isTransitionRule(rule: string): boolean {
  return /\boldSelf\b/.test(rule);
}

/**
 * Evaluates a rule with `self` (and `oldSelf` when given) bound. Values must already be CEL-typed by
 * {@link toCelValue}. A result other than `true` is a failure; an evaluation error is reported as such.
 */
export function evaluateRule(rule: string, self: unknown, oldSelf?: unknown): RuleOutcome {
  const bindings: Record<string, CelInput> = { self: self as CelInput };
  if (oldSelf !== undefined) bindings.oldSelf = oldSelf as CelInput;
  const result = compile(rule)(bindings);
  if (isCelError(result)) return { ok: false, error: result.message };
  return result === true ? { ok: true } : { ok: false };
}

/**
 * Converts a JSON value to the CEL value the API server would bind for `schema`: integers of `type: integer`
 * (and integer int-or-string values) become CEL ints (bigint), other numbers stay doubles, objects and lists
 * are converted member by member. `rootMetadata` keeps only `name` and `generateName` of an object's
 * metadata, the only members the API server exposes to CEL; a name is made up from generateName when absent.
 */
export function toCelValue(value: unknown, schema: SchemaNode, rootMetadata = false): unknown {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') {
    const intTyped = schema.type === 'integer' || schema['x-kubernetes-int-or-string'] === true;
    return intTyped && Number.isInteger(value) ? BigInt(value) : value;
  }
  if (Array.isArray(value)) {
    const items = itemSchema(schema) ?? {};
    return value.map((v) => toCelValue(v, items));
  }
  if (isObject(value)) {
    const props = propertiesOf(schema);
    const mapValue = mapValueSchema(schema);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (rootMetadata && k === 'metadata' && isObject(v)) {
        const meta: Record<string, unknown> = {};
        if (typeof v.name === 'string') meta.name = v.name;
        if (typeof v.generateName === 'string') {
          meta.generateName = v.generateName;
          // The API server names the object before it validates it: generateName (cut to 58) + 5 characters.
          if (meta.name === undefined) meta.name = generatedName(v.generateName);
        }
        out[k] = meta;
        continue;
      }
      const child = props?.[k] ?? mapValue ?? {};
      out[k] = toCelValue(v, child);
    }
    return out;
  }
  return value;
}
