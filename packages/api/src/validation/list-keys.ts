// SPDX-License-Identifier: Apache-2.0
// Hash keys for list items, so that set and map list types are checked in linear time.

/** Text between values, pushed on the work stack of {@link canonicalKey}. */
class Punctuation {
  constructor(readonly text: string) {}
}

/**
 * A string equal for two JSON values exactly when they are deeply equal (object members in any
 * order): object keys are sorted, every string is JSON-quoted. Iterative, so any depth is safe.
 */
export function canonicalKey(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Punctuation) {
      out.push(v.text);
    } else if (Array.isArray(v)) {
      out.push('[');
      stack.push(new Punctuation(']'));
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i]);
        if (i > 0) stack.push(new Punctuation(','));
      }
    } else if (typeof v === 'object' && v !== null) {
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj).sort();
      out.push('{');
      stack.push(new Punctuation('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        stack.push(obj[k]);
        stack.push(new Punctuation(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`));
      }
    } else {
      out.push(
        v === undefined
          ? 'undefined'
          : (typeof v === 'number' && !Number.isFinite(v)) || typeof v === 'bigint'
            ? String(v)
            : JSON.stringify(v),
      );
    }
  }
  return out.join('');
}
