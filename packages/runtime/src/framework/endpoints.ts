// SPDX-License-Identifier: Apache-2.0
// Pod DNS names of a pod set (upstream's `iter.Seq[string]`), lazy, with their count and total length
// known without making them: a render lists them only where a plugin needs every name (the MPI
// hostfile), and the output limits are computed from `count` and `length` before that.

import { indexedNamesLength } from '../util/decimal-digits.js';

/** The DNS names of a pod set's pods: re-iterable; each iteration makes the names anew. */
export interface Endpoints extends Iterable<string> {
  /** How many names. */
  readonly count: number;
  /** The names' total length in characters (DNS names are ASCII: also their bytes). */
  readonly length: number;
}

/** No pods. */
export const noEndpoints: Endpoints = { count: 0, length: 0, *[Symbol.iterator]() {} };

/** One fixed name. */
export function singleEndpoint(name: string): Endpoints {
  return {
    count: 1,
    length: name.length,
    *[Symbol.iterator]() {
      yield name;
    },
  };
}

/** `<prefix><i><suffix>` for i = `from` ... `to` - 1. */
export function indexedEndpoints(prefix: string, suffix: string, from: number, to: number): Endpoints {
  const count = Math.max(to - from, 0);
  return {
    count,
    length: indexedNamesLength(prefix, suffix, to) - indexedNamesLength(prefix, suffix, from),
    *[Symbol.iterator]() {
      for (let i = from; i < to; i++) yield `${prefix}${i}${suffix}`;
    },
  };
}

/** The names of each of `parts`, one after the other. */
export function concatEndpoints(parts: readonly Endpoints[]): Endpoints {
  return {
    count: parts.reduce((n, p) => n + p.count, 0),
    length: parts.reduce((n, p) => n + p.length, 0),
    *[Symbol.iterator]() {
      for (const part of parts) yield* part;
    },
  };
}
