// SPDX-License-Identifier: Apache-2.0
// JSON without losing integers: Kubernetes int64 fields hold values up to 2^63-1, past the doubles that
// JSON.parse gives exactly (2^53). An integer literal outside the safe range is read as a bigint, and a
// bigint is written back digit for digit. Reading uses the built-in parser (no recursion in our code, so
// the nesting depth cannot exhaust the stack); a text with no long digit run takes the plain path.

import { randomUUID } from 'node:crypto';

/** A JSON value as read by {@link parseJsonLossless}: numbers past 2^53 are bigints. */
export type LosslessJson = unknown;

// Sixteen digits or more: every integer literal that is not a safe integer has at least sixteen.
const LONG_DIGIT_RUN = /\d{16}/;

interface Marked {
  readonly text: string;
  readonly literals: readonly string[];
  readonly prefix: string;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Replaces every integer literal outside the safe range by a marker string (`"<prefix><index>"`); strings
 * are skipped. The prefix holds a random UUID, so that no string of the input can be taken for a marker.
 */
function markLongIntegers(text: string): Marked {
  const prefix = `int64:${randomUUID()}:`;
  const literals: string[] = [];
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 34 /* " */) {
      i++;
      while (i < text.length && text.charCodeAt(i) !== 34) i += text.charCodeAt(i) === 92 /* \ */ ? 2 : 1;
      i++;
      continue;
    }
    if (code !== 45 /* - */ && !isDigit(code)) {
      i++;
      continue;
    }
    const start = i;
    if (code === 45) i++;
    while (i < text.length && isDigit(text.charCodeAt(i))) i++;
    const next = text[i];
    if (next === '.' || next === 'e' || next === 'E') {
      while (i < text.length && /[0-9.eE+-]/.test(text[i] as string)) i++;
      continue;
    }
    const literal = text.slice(start, i);
    if (!/^-?\d+$/.test(literal) || Number.isSafeInteger(Number(literal))) continue;
    out += `${text.slice(copied, start)}"${prefix}${literals.length}"`;
    literals.push(literal);
    copied = i;
  }
  return { text: out + text.slice(copied), literals, prefix };
}

/**
 * Replaces every leaf (non-object value) of parsed JSON `root` by `fix(leaf)`, in place and without
 * recursion (deep documents); returns the root, itself fixed when it is a leaf.
 */
export function mapJsonLeaves(root: unknown, fix: (leaf: unknown) => unknown): unknown {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value !== null && typeof value === 'object') stack.push(value);
      else record[key] = fix(value);
    }
  }
  return fix(root);
}

/** Puts the bigints back where the markers are. */
function restoreLongIntegers(root: unknown, marked: Marked): unknown {
  return mapJsonLeaves(root, (v) =>
    typeof v === 'string' && v.startsWith(marked.prefix)
      ? BigInt(marked.literals[Number(v.slice(marked.prefix.length))] as string)
      : v,
  );
}

/**
 * Parses JSON `text` as JSON.parse does, except that an integer outside ±(2^53-1) becomes a bigint holding
 * its exact value. Syntax errors are JSON.parse's own, with positions in `text`.
 */
export function parseJsonLossless(text: string): LosslessJson {
  if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text) as unknown;
  const marked = markLongIntegers(text);
  if (marked.literals.length === 0) return JSON.parse(text) as unknown;
  let parsed: unknown;
  try {
    parsed = JSON.parse(marked.text) as unknown;
  } catch {
    return JSON.parse(text) as unknown; // throws the error of the text as given
  }
  return restoreLongIntegers(parsed, marked);
}

/** JSON.rawJSON (ES2025, Node >= 21), which TypeScript's lib does not declare yet. */
const { rawJSON } = JSON as JSON & { rawJSON(text: string): unknown };

/** JSON.stringify (with `indent` when given) that writes a bigint as its exact integer literal. */
export function stringifyJson(value: unknown, indent?: number | string): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === 'bigint' ? rawJSON(v.toString()) : v),
    indent,
  );
}
